import TrellisSyntax
import XCTest

/// Path patterns of a project file: what they match, what is no pattern, and long inputs.
final class GlobTests: XCTestCase {
    func glob(_ pattern: String) throws -> Glob { try Glob.parse(pattern).get() }

    func testWhatPatternsMatch() throws {
        let cases: [(String, String, Bool)] = [
            ("layouts/**/*.trellis", "layouts/home.trellis", true),
            ("layouts/**/*.trellis", "layouts/a/b/home.trellis", true),
            ("layouts/**/*.trellis", "layouts/home.json", false),
            ("layouts/**/*.trellis", "other/home.trellis", false),
            ("**/fixtures/**", "a/fixtures/b/c.json", true),
            ("**/fixtures/**", "fixtures/c.json", true),
            ("**/fixtures/**", "a/fixture/c.json", false),
            ("*.trellis", "home.trellis", true),
            ("*.trellis", "a/home.trellis", false),
            ("legacy/**", "legacy/x/y.trellis", true),
            ("legacy/**", "legacy", false),
            ("h?me.[tj]*", "home.trellis", true),
            ("h?me.[!tj]*", "home.trellis", false),
            ("[a-c]x", "bx", true),
            ("[a-c]x", "dx", false),
            ("首页/*.trellis", "首页/卡片.trellis", true),
            ("**", "anything/at/all", true),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(try glob(pattern).matches(path), expected, "\(pattern) ~ \(path)")
        }
    }

    func testWhatIsNoPattern() {
        for (pattern, message) in [
            ("", "an empty pattern matches nothing"),
            ("/abs/*.trellis", "a pattern is relative to the project's root: remove the leading `/`"),
            ("a\\b", "write `/` between folders, not `\\`"),
            ("a//b", "`//` leaves a folder name empty"),
            ("a**b/c", "`**` stands for folders only as a whole name, as in `a/**/b`"),
            ("[abc", "`[` opens a set of characters that no `]` closes"),
            ("legacy/", "a pattern names files: remove the trailing `/` (`legacy/**` for every file in a folder)"),
            ("./legacy/**", "a pattern is relative to the project's root and stays inside it: no `.` or `..` folders"),
            ("../x", "a pattern is relative to the project's root and stays inside it: no `.` or `..` folders"),
        ] {
            XCTAssertEqual(Glob.parse(pattern).failureMessage, message, pattern)
        }
    }

    /// Many stars against a long name that almost matches: answered by the table, not by
    /// trying every split.
    func testStarsAgainstALongNameAnswer() throws {
        let pattern = try glob(String(repeating: "*a", count: 40) + "b")
        XCTAssertFalse(pattern.matches(String(repeating: "a", count: 2_000)))
        let folders = try glob(String(repeating: "**/", count: 30) + "x")
        XCTAssertFalse(folders.matches(String(repeating: "a/", count: 500) + "y"))
        XCTAssertTrue(folders.matches(String(repeating: "a/", count: 500) + "x"))
    }
}

extension Result where Failure == GlobError {
    var failureMessage: String? {
        if case .failure(let error) = self { return error.message }
        return nil
    }
}
