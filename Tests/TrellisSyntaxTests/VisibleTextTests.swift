import TrellisSyntax
import XCTest

/// Messages quote what a reader can see: invisible characters as code points, the rest as is.
final class VisibleTextTests: XCTestCase {
    func testInvisibleCharactersAreWrittenAsCodePoints() {
        XCTAssertEqual(VisibleText.of("\u{01}"), #"\u{1}"#)
        XCTAssertEqual(VisibleText.of("a\u{200B}b"), #"a\u{200B}b"#)
        XCTAssertEqual(VisibleText.of("\u{FEFF}"), #"\u{FEFF}"#)
        XCTAssertEqual(VisibleText.of("\u{2028}"), #"\u{2028}"#)
        XCTAssertEqual(VisibleText.of("\u{10FFFD}"), #"\u{10FFFD}"#)
        XCTAssertEqual(VisibleText.of("\u{A0}"), #"\u{A0}"#)
        XCTAssertEqual(VisibleText.of("\u{3000}"), #"\u{3000}"#)
        // A keycap's marks without their digit, and a combining accent alone.
        XCTAssertEqual(VisibleText.of("\u{FE0F}\u{20E3}"), #"\u{FE0F}\u{20E3}"#)
        XCTAssertEqual(VisibleText.of("\u{301}"), #"\u{301}"#)
    }

    func testVisibleTextIsKept() {
        for text in ["rows", "a b", "首页", "😀", "👩‍👩‍👧", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "1️⃣", "，", "é", "e\u{301}", "#FF0000"] { XCTAssertEqual(VisibleText.of(text), text) }
    }

    func testTheLexerAndTheParserQuoteAControlCharacterByItsCodePoint() {
        let parsed = Parser.parse(SourceFile(name: "t.trellis", text: "layout a rows 20 | \u{01}"))
        XCTAssertTrue(parsed.diagnostics.contains { $0.message == #"unexpected character `\u{1}`"# }, "\(parsed.diagnostics.map(\.message))")
        XCTAssertFalse(parsed.diagnostics.contains { $0.message.unicodeScalars.contains("\u{01}") })
    }
}
