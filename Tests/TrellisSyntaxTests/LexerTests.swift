import TrellisSyntax
import TrellisTestSupport
import XCTest

final class LexerTests: XCTestCase {
    func kinds(_ text: String) -> [TokenKind] {
        Lexer.tokenize(Array(text.utf8)).tokens.map(\.kind).filter { !$0.isTrivia }
    }

    func testSizesAndKeywords() {
        XCTAssertEqual(kinds("rows 120 33% -50% 1/3 -1/3 12.5 fill wrap _ 0"),
                       [.kwRows, .number, .percent, .percent, .ratio, .ratio, .number, .kwFill, .kwWrap, .underscore, .number, .eof])
    }

    /// Every keyword, and words one byte away from one (same length and first byte, or a
    /// keyword's first byte at another length), which stay identifiers.
    func testEveryKeywordAndItsNearMissesAreLexedApart() {
        let keywords: [(String, TokenKind)] = [("rows", .kwRows), ("cols", .kwCols), ("fill", .kwFill), ("wrap", .kwWrap), ("rtl", .kwRtl),
                                               ("target", .kwTarget), ("layout", .kwLayout), ("preview", .kwPreview), ("template", .kwTemplate)]
        for (word, kind) in keywords {
            XCTAssertEqual(kinds(word), [kind, .eof], word)
            XCTAssertEqual(kinds(String(word.dropLast()) + "x"), [.identifier, .eof], word)
            XCTAssertEqual(kinds(word + "s"), [.identifier, .eof], word)
            XCTAssertEqual(kinds(word.uppercased()), [.identifier, .eof], word)
        }
        XCTAssertEqual(kinds("_ __ padding tag"), [.underscore, .identifier, .identifier, .identifier, .eof])
    }

    func testDimensionsColorsAndHyphenatedNames() {
        XCTAssertEqual(kinds("preview 375x667@2x 375xwrap@3x 80x20 #EEEEEE action-data top-borderline"),
                       [.kwPreview, .dimension, .dimension, .dimension, .color, .identifier, .identifier, .eof])
    }

    func testCommentsAreTriviaAndKeepTheirText() {
        let output = Lexer.tokenize(Array("fill // 注释 😀\nwrap".utf8))
        XCTAssertEqual(output.tokens.map(\.kind), [.kwFill, .whitespace, .comment, .newline, .kwWrap, .eof])
        XCTAssertTrue(output.diagnostics.isEmpty)
    }

    func testFullWidthPunctuationIsOneDiagnosticWithAFix() {
        let output = Lexer.tokenize(Array("fill，wrap".utf8))
        XCTAssertEqual(output.diagnostics.count, 1)
        XCTAssertEqual(output.diagnostics[0].code, "S001")
        XCTAssertEqual(output.diagnostics[0].fixIts.first?.edits.first?.replacement, ",")
    }

    func testUnterminatedStringStopsAtTheLineEnd() {
        let output = Lexer.tokenize(Array("action(\"abc\nfill".utf8))
        XCTAssertEqual(output.diagnostics.map(\.code), ["S002"])
        XCTAssertTrue(output.tokens.contains { $0.kind == .kwFill })
    }

    func testTokensCoverEveryByte() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0...80, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let tokens = Lexer.tokenize(bytes).tokens
            var position = 0
            for token in tokens {
                XCTAssertEqual(token.start, position)
                XCTAssertLessThanOrEqual(token.start, token.end)
                position = token.end
            }
            XCTAssertEqual(position, bytes.count)
        }
    }
}

