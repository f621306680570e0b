import TrellisSyntax
import XCTest

/// Messages quote what a reader can see: invisible characters as code points, the rest as is.
final class VisibleTextTests: XCTestCase {
    func testInvisibleCharactersAreWrittenAsCodePoints() {
        XCTAssertEqual(VisibleText.of("\u{01}"), "U+0001")
        XCTAssertEqual(VisibleText.of("a\u{200B}b"), "aU+200Bb")
        XCTAssertEqual(VisibleText.of("\u{FEFF}"), "U+FEFF")
        XCTAssertEqual(VisibleText.of("\u{2028}"), "U+2028")
        XCTAssertEqual(VisibleText.of("\u{10FFFD}"), "U+10FFFD")
    }

    func testVisibleTextIsKept() {
        for text in ["rows", "首页", "😀", "👩‍👩‍👧", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "，", "é", "#FF0000"] { XCTAssertEqual(VisibleText.of(text), text) }
    }

    func testTheLexerAndTheParserQuoteAControlCharacterByItsCodePoint() {
        let parsed = Parser.parse(SourceFile(name: "t.trellis", text: "layout a rows 20 | \u{01}"))
        XCTAssertTrue(parsed.diagnostics.contains { $0.message == "unexpected character `U+0001`" }, "\(parsed.diagnostics.map(\.message))")
        XCTAssertFalse(parsed.diagnostics.contains { $0.message.unicodeScalars.contains("\u{01}") })
    }
}
