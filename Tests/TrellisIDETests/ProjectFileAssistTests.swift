import TrellisIDE
import TrellisLint
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// Hovers and completion in `trellis.toml`: what each place offers, and any bytes at any
/// offset answered without a trap.
final class ProjectFileAssistTests: XCTestCase {
    static let text = """
        [project]
        target = 2
        previews = ["375x667@2x"]

        [lint]
        disable = ["M112"]
        error = ["M1
        """

    func offset(of marker: String, in text: String, plus: Int = 0) throws -> Int {
        let range = try XCTUnwrap(text.range(of: marker))
        return text.utf8.distance(from: text.startIndex, to: range.lowerBound) + plus
    }

    func testHoversOnTablesKeysAndCodes() throws {
        let source = SourceFile(name: "trellis.toml", text: Self.text)
        let table = try XCTUnwrap(ProjectFileAssist.hover(source, at: 1))
        XCTAssertTrue(table.markdown.hasPrefix("**`[project]`**"), table.markdown)
        XCTAssertEqual(table.range, 0..<9)
        let key = try XCTUnwrap(ProjectFileAssist.hover(source, at: offset(of: "previews", in: Self.text, plus: 3)))
        XCTAssertTrue(key.markdown.hasPrefix("**`project.previews`**: array of devices"), key.markdown)
        let code = try XCTUnwrap(ProjectFileAssist.hover(source, at: offset(of: "M112", in: Self.text)))
        XCTAssertEqual(code.markdown, "**M112** Tag 0 (warning by default)\n\ndocs/diagnostics.md#m112")
        XCTAssertNil(ProjectFileAssist.hover(source, at: try offset(of: "2\n", in: Self.text)), "a target's value has no hover")
    }

    func testCompletionOffersWhatFitsTheCursor() throws {
        func labels(_ text: String, at offset: Int) -> [String] {
            ProjectFileAssist.completion(SourceFile(name: "trellis.toml", text: text), at: offset).map(\.label)
        }
        let text = Self.text
        let codes = labels(text, at: text.utf8.count)
        XCTAssertTrue(codes.contains("M105") && !codes.contains("M112"), "codes not yet in a list of [lint]: \(codes)")
        XCTAssertEqual(labels("[project]\ntarget = ", at: 19), ["1", "2", "any"])
        let any = ProjectFileAssist.completion(SourceFile(name: "trellis.toml", text: "[project]\ntarget = "), at: 19)
        XCTAssertEqual(any.last?.insertText, "\"any\"", "a string value is quoted")
        XCTAssertEqual(labels("[project]\ntarget = 2\nta", at: 22), ["previews", "include", "exclude", "out-dir"], "keys not yet given")
        XCTAssertEqual(labels("[project]\n\n", at: 11), ["target", "previews", "include", "exclude", "out-dir", "[lint]", "[[lint.per-path]]"])
        XCTAssertEqual(labels("[project]\n[", at: 11), ["[lint]", "[[lint.per-path]]"])
        XCTAssertEqual(labels("[lint]\nwarn = [\"", at: 15).contains("M104"), false, "an error of its own is never offered for warn")
        XCTAssertEqual(labels("[lint]\n# disable = ", at: 19), [], "nothing in a comment")
    }

    func testAnyBytesAtAnyOffsetAreAnswered() {
        var random = SeededRandom(seed: 32)
        let pieces = ["[", "]", "[[", "lint", "project", ".", "per-path", "=", " ", "\"", "M1", "\n", "#", "[\"M112\", ", "target", "中文", "😀", "\r\n", "\u{0}"]
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                if Int.random(in: 0..<8, using: &random) == 0 {
                    bytes.append(UInt8.random(in: 0...255, using: &random))
                } else {
                    bytes += Array(pieces[Int.random(in: 0..<pieces.count, using: &random)].utf8)
                }
            }
            let source = SourceFile(name: "trellis.toml", bytes: bytes)
            for offset in -1...(bytes.count + 1) {
                for item in ProjectFileAssist.completion(source, at: offset) {
                    XCTAssertTrue(item.replacing.lowerBound >= 0 && item.replacing.upperBound <= bytes.count, "\(bytes) \(offset)")
                }
                if let hover = ProjectFileAssist.hover(source, at: offset) {
                    XCTAssertTrue(hover.range.upperBound <= bytes.count)
                }
            }
        }
    }
}
