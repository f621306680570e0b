import Foundation
import TrellisTestSupport
import XCTest

/// The two `trellis build` flags the SwiftPM build plugin runs it with: diagnostics one line
/// each in the compilers' format, and the check that a file holds the one layout its JSON is
/// named after. (examples/swiftpm/test.sh runs the plugin itself in a real package build.)
final class BuildPluginFlagsTests: XCTestCase {
    func build(_ arguments: [String], stdin: String) throws -> TrellisRun {
        try TrellisRun.run(["build", "-"] + arguments, stdin: stdin)
    }

    func testCompilerStyleDiagnosticsSortedWithNotes() throws {
        let run = try build(["--diagnostic-style", "compiler"], stdin: "rows {\n  10 padding(1 2 3)\n  20\n  \"x\"\n")
        XCTAssertEqual(run.status, 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines.first, "<stdin>:2:6: error: `padding` takes 1, 2 or 4 numbers in the runtime's order: top left bottom right; found 3 [M005]", run.stderr)
        XCTAssertTrue(lines.contains("<stdin>:4:3: error: expected a cell or `}`, found `\"x\"` [S004]"), run.stderr)
        XCTAssertTrue(lines.contains { $0.hasPrefix("<stdin>:1:6: note: ") }, "the S003 label points at the opening brace: \(run.stderr)")
        XCTAssertTrue(lines.allSatisfy { $0.range(of: #"^<stdin>:\d+:\d+: (error|warning|remark|note): "#, options: .regularExpression) != nil }, run.stderr)
        XCTAssertEqual(run.stdout, "", "nothing is written when the input has errors")
    }

    func testColumnsCountUTF8BytesAsCompilersDo() throws {
        let run = try build(["--diagnostic-style", "compiler"], stdin: "// 注释 😀\nrows 10 tag(0) | fill\n")
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stderr.hasPrefix("<stdin>:2:13: warning: "), run.stderr)
    }

    func testExpectLayoutAcceptsTheFilesOneLayout() throws {
        XCTAssertEqual(try build(["--expect-layout", "stdin"], stdin: "rows 10 | fill").status, 0)
        XCTAssertEqual(try build(["--expect-layout", "card"], stdin: "layout card rows 10 | fill").status, 0)
    }

    func testExpectLayoutRefusesOtherNamesAndSeveralLayouts() throws {
        let renamed = try build(["--expect-layout", "card"], stdin: "layout banner rows 10 | fill")
        XCTAssertEqual(renamed.status, 1)
        XCTAssertTrue(
            renamed.stderr.contains("<stdin>:1:1: error: the layout is named `banner`, but the build plugin names its JSON after the file (card.json)"),
            renamed.stderr)
        let two = try build(
            ["--expect-layout", "card", "--out-dir", NSTemporaryDirectory() + "trellis-plugin-flags"],
            stdin: "layout card rows 10 | fill\nlayout other cols 5 | fill\n")
        XCTAssertEqual(two.status, 1)
        XCTAssertTrue(two.stderr.contains("error: the file defines 2 layouts (card, other); the build plugin compiles one layout per file"), two.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: NSTemporaryDirectory() + "trellis-plugin-flags/card.json"), "nothing is written")
    }

    func testUnknownDiagnosticStyleIsAUsageError() throws {
        let run = try build(["--diagnostic-style", "xml"], stdin: "rows fill")
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("--diagnostic-style takes human or compiler, not 'xml'"), run.stderr)
    }
}
