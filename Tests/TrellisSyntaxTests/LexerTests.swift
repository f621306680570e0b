import TrellisTestSupport
import XCTest

@testable import TrellisSyntax

final class LexerTests: XCTestCase {
    func kinds(_ text: String) -> [TokenKind] {
        Lexer.tokenize(Array(text.utf8)).tokens.map(\.kind).filter { !$0.isTrivia }
    }

    /// Tokens and nodes are compact (32-bit offsets), and a file too large for them is one
    /// S009 and no tokens, never offsets cut short.
    func testCompactTokensAndTheirLimit() {
        XCTAssertEqual(MemoryLayout<Token>.stride, 12)
        XCTAssertEqual(MemoryLayout<SyntaxTree.Node>.stride, 20)
        var token = Token(kind: .number, start: 4_000_000_000, end: 4_000_000_003)
        XCTAssertEqual(token.range, 4_000_000_000..<4_000_000_003)
        token.start -= 1
        XCTAssertEqual(token.start, 3_999_999_999)
        var node = SyntaxTree.Node(kind: .file, tokenStart: 0, tokenEnd: 7, subtreeEnd: 3, parent: -1)
        XCTAssertEqual(node.parent, -1)
        node.parent = 2
        XCTAssertEqual([node.tokenStart, node.tokenEnd, node.subtreeEnd, node.parent], [0, 7, 3, 2])

        // A file with fewer tokens than estimated keeps no spare room for its lifetime.
        let comment = Lexer.tokenize(Array(("// " + String(repeating: "注释", count: 400) + "\n").utf8)).tokens
        XCTAssertEqual(comment.map(\.kind), [.comment, .newline, .eof])
        XCTAssertLessThanOrEqual(comment.capacity, 16)

        let bytes = Array("rows 20 | fill\n".utf8)
        XCTAssertEqual(Lexer.tokenize(bytes, maximumBytes: bytes.count).tokens.count, Lexer.tokenize(bytes).tokens.count)
        let refused = Lexer.tokenize(bytes, maximumBytes: bytes.count - 1)
        XCTAssertEqual(refused.tokens.map(\.kind), [.eof])
        XCTAssertEqual(refused.diagnostics.map(\.code.id), ["S009"])
        XCTAssertEqual(refused.diagnostics.first?.message, "the file holds 15 bytes; Trellis reads files of at most 14 bytes")
    }

    func testSizesAndKeywords() {
        XCTAssertEqual(
            kinds("rows 120 33% -50% 1/3 -1/3 12.5 fill wrap _ 0"),
            [.kwRows, .number, .percent, .percent, .ratio, .ratio, .number, .kwFill, .kwWrap, .underscore, .number, .eof])
    }

    /// Every keyword, and words one byte away from one (same length and first byte, or a
    /// keyword's first byte at another length), which stay identifiers.
    func testEveryKeywordAndItsNearMissesAreLexedApart() {
        let keywords: [(String, TokenKind)] = [
            ("rows", .kwRows), ("cols", .kwCols), ("fill", .kwFill), ("wrap", .kwWrap), ("rtl", .kwRtl),
            ("target", .kwTarget), ("layout", .kwLayout), ("preview", .kwPreview), ("template", .kwTemplate),
        ]
        for (word, kind) in keywords {
            XCTAssertEqual(kinds(word), [kind, .eof], word)
            XCTAssertEqual(kinds(String(word.dropLast()) + "x"), [.identifier, .eof], word)
            XCTAssertEqual(kinds(word + "s"), [.identifier, .eof], word)
            XCTAssertEqual(kinds(word.uppercased()), [.identifier, .eof], word)
        }
        XCTAssertEqual(kinds("_ __ padding tag"), [.underscore, .identifier, .identifier, .identifier, .eof])
    }

    func testDimensionsColorsAndHyphenatedNames() {
        XCTAssertEqual(
            kinds("preview 375x667@2x 375xwrap@3x 80x20 #EEEEEE action-data top-borderline"),
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
        XCTAssertEqual(output.diagnostics[0].code.id, "S001")
        XCTAssertEqual(output.diagnostics[0].fixIts.first?.edits.first?.replacement, ",")
    }

    func testUnterminatedStringStopsAtTheLineEnd() {
        let output = Lexer.tokenize(Array("action(\"abc\nfill".utf8))
        XCTAssertEqual(output.diagnostics.map(\.code.id), ["S002"])
        XCTAssertTrue(output.tokens.contains { $0.kind == .kwFill })
    }

    /// Tokens are written into room estimated at one per two bytes; a file with more (here one
    /// a byte) moves them to larger room and goes on, at every length around the boundaries.
    func testMoreTokensThanEstimated() {
        for length in 0..<300 {
            for prefix in ["", "\u{FEFF}"] {
                let text = prefix + String(repeating: "(", count: length)
                let tokens = Lexer.tokenize(Array(text.utf8)).tokens
                XCTAssertEqual(
                    tokens.map(\.kind), (prefix.isEmpty ? [] : [.byteOrderMark]) + Array(repeating: .lParen, count: length) + [.eof], "length \(length)")
                XCTAssertEqual(
                    tokens.map(\.range),
                    (prefix.isEmpty ? [] : [0..<3]) + (0..<length).map { (prefix.utf8.count + $0)..<(prefix.utf8.count + $0 + 1) } + [
                        text.utf8.count..<text.utf8.count
                    ])
            }
        }
        let mixed = String(repeating: "(){}[]|;,:*@=", count: 1_000)
        let tokens = Lexer.tokenize(Array(mixed.utf8)).tokens
        XCTAssertEqual(tokens.count, mixed.utf8.count + 1)
        XCTAssertEqual(tokens.last?.kind, .eof)
        XCTAssertEqual(tokens.dropLast().map(\.range.count), Array(repeating: 1, count: mixed.utf8.count))
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
