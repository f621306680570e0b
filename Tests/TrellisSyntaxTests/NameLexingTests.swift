import TrellisTestSupport
import XCTest

@testable import TrellisSyntax

/// Names lex as a person reads them: a hyphen followed by a letter or a digit goes on with
/// the name (`card-1`, `a-é`), and no token ever ends inside a character.
final class NameLexingTests: XCTestCase {
    func tokens(_ text: String) -> [(TokenKind, String)] {
        let bytes = Array(text.utf8)
        return Lexer.tokenize(bytes).tokens.filter { !$0.kind.isTrivia && $0.kind != .eof }
            .map { ($0.kind, String(decoding: bytes[$0.range], as: UTF8.self)) }
    }

    func testHyphenatedNamesWithDigitsAndUnicode() {
        for name in ["card-1", "a-é", "rows-example-1", "首页-2", "top-borderline", "card-1b", "x_1-2-3"] {
            let found = tokens("layout \(name) rows fill")
            XCTAssertEqual(found.count, 4, name)
            XCTAssertEqual(found.dropFirst().first?.0, .identifier, name)
            XCTAssertEqual(found.dropFirst().first?.1, name)
            XCTAssertEqual(Lexer.tokenize(Array("layout \(name) rows fill".utf8)).diagnostics, [], name)
        }
    }

    func testASizeAfterANameNeedsASpace() {
        XCTAssertEqual(tokens("card -1").map(\.0), [.identifier, .number])
        XCTAssertEqual(tokens("card-1").map(\.0), [.identifier])
        XCTAssertEqual(tokens("a- b").first?.1, "a", "a trailing hyphen is not part of the name")
        XCTAssertEqual(tokens("a--b").first?.1, "a")
        // After a keyword or a borderline field a hyphen and a digit start a number, as before.
        XCTAssertEqual(tokens("rows-50% | fill").map(\.0), [.kwRows, .percent, .pipe, .kwFill])
        XCTAssertEqual(tokens("cols-1/2").map(\.0), [.kwCols, .ratio])
        XCTAssertEqual(tokens("fill-1").map(\.0), [.kwFill, .number])
        XCTAssertEqual(tokens("offset-2 thick-1").map(\.1), ["offset", "-2", "thick", "-1"])
        XCTAssertEqual(tokens("rows-a").map(\.0), [.identifier], "a hyphen and a letter go on with any name")
    }

    /// Every token boundary of random text built from names, hyphens, digits and multibyte
    /// characters falls on a character boundary.
    func testTokensNeverSplitACharacter() {
        var random = SeededRandom(seed: 2026_11_25)
        let pieces = ["a", "-", "é", "1", "首", "😀", " ", "_", "x-", "-é", "页-"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 1...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "a" }.joined()
            let bytes = Array(text.utf8)
            for token in Lexer.tokenize(bytes).tokens {
                for offset in [token.start, token.end] where offset < bytes.count {
                    XCTAssertNotEqual(bytes[offset] & 0xC0, 0x80, "\(text): a token edge at \(offset) inside a character")
                }
            }
        }
    }
}
