import TrellisSyntax
import XCTest

/// Carets land under the right character after wide text: CJK, emoji, and emoji sequences
/// joined with ZWJ, skin tones and variation selectors (one grapheme, two columns).
final class CaretWidthTests: XCTestCase {
    func caretLine(_ text: String, at needle: String) -> String {
        let source = SourceFile(name: "t", text: text)
        let start = text.utf8.count - (text.range(of: needle).map { text[$0.lowerBound...].utf8.count } ?? 0)
        let diagnostic = Diagnostic(code: .unexpectedCharacter, severity: .error, range: start..<(start + needle.utf8.count), message: "m")
        let lines = DiagnosticRenderer.terminal(diagnostic, in: source, color: false).split(separator: "\n")
        return String(lines.first { $0.contains("^") } ?? "")
    }

    func testCaretsAfterWideText() {
        XCTAssertEqual(caretLine("// 首页\nrows x", at: "x"), "  |      ^")
        XCTAssertEqual(caretLine("👨‍👩‍👧 x", at: "x"), "  |    ^")
        XCTAssertEqual(caretLine("👍🏽 x", at: "x"), "  |    ^")
        XCTAssertEqual(caretLine("❤️ x", at: "x"), "  |    ^")
        XCTAssertEqual(caretLine("首页 x", at: "x"), "  |      ^")
    }
}
