import Foundation
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisIDE
@testable import TrellisLSP

/// The one-pass walks that make large results linear give exactly what the per-item searches
/// they replace give: positions (`PositionCursor`), the deepest node of a token
/// (`DeepestNodes`), and the semantic tokens the server writes (`SemanticTokensData`).
final class LinearPassesTests: XCTestCase {
    typealias S = InProcessServer

    /// Rising offsets, often inside characters and sometimes going back, on text with CJK,
    /// emoji, the three line breaks and lines long enough to have checkpoints.
    func testTheCursorGivesTheSourcesPositions() {
        var random = SeededRandom(seed: 41)
        let pieces = ["a", " ", "首", "😀", "é", "\n", "\r\n", "\r", "👍🏽", String(repeating: "x", count: 300), String(repeating: "页😀", count: 90)]
        for _ in 0..<60 {
            let text = (0..<Int.random(in: 0...80, using: &random)).map { _ in random.pick(pieces) }.joined()
            let source = SourceFile(name: "t", text: text)
            for encoding in [PositionEncoding.utf8, .utf16] {
                var cursor = PositionCursor(source, encoding: encoding)
                var offset = 0
                for _ in 0..<200 {
                    offset =
                        random.chance(5)
                        ? Int.random(in: 0...(source.bytes.count + 2), using: &random)
                        : offset + Int.random(in: 0...(random.chance(10) ? 400 : 6), using: &random)
                    XCTAssertEqual(
                        cursor.position(of: offset), source.position(of: offset, encoding: encoding), "\(encoding) at \(offset) of \(text.debugDescription)")
                }
            }
        }
    }

    func testDeepestNodesWalkToWhatTheSearchFinds() {
        var programs = ProgramGenerator(seed: 77)
        var random = SeededRandom(seed: 78)
        for _ in 0..<150 {
            let tree = Parser.parse(SourceFile(name: "t", text: programs.program())).tree
            let first = Int.random(in: 0..<tree.tokens.count, using: &random)
            var nodes = DeepestNodes(tree, from: first)
            for token in first..<tree.tokens.count where random.chance(60) {
                XCTAssertEqual(nodes.node(containing: token), tree.deepestNode(containingToken: token))
            }
        }
    }

    /// The server's `data` for random programs (with CJK and emoji) in both encodings: the
    /// tokens of `SemanticTokens.tokens` with each position converted on its own.
    func testTheServersTokensAreTheTokensEncoded() {
        var programs = ProgramGenerator(seed: 2027)
        for encoding in [PositionEncoding.utf8, .utf16] {
            let server = S(encodings: [encoding.rawValue])
            for number in 0..<40 {
                // Some with CR LF or CR line breaks, which the cursor steps over as the source does.
                let breaks = ["\n", "\r\n", "\r"][number % 3]
                let text = ("layout 首页 rows 20 | fill // 😀\n" + programs.program()).replacingOccurrences(of: "\n", with: breaks)
                let uri = "file:///t/\(number).trellis"
                server.open(uri, text)
                let reply = server.request("textDocument/semanticTokens/full", S.object([("textDocument", S.object([("uri", .string(uri))]))]))
                let analysis = Analysis(SourceFile(name: uri, text: text), kind: .trellis)
                var expected: [JSONValue] = []
                var last = Position(line: 0, character: 0)
                for token in SemanticTokens.tokens(analysis) {
                    let start = analysis.source.position(of: token.range.lowerBound, encoding: encoding)
                    let end = analysis.source.position(of: token.range.upperBound, encoding: encoding)
                    guard start.line == end.line, end.character > start.character else { continue }
                    let deltaStart = start.line == last.line ? start.character - last.character : start.character
                    expected += [start.line - last.line, deltaStart, end.character - start.character, token.type.rawValue, token.isDeclaration ? 1 : 0].map(
                        S.number)
                    last = start
                }
                XCTAssertEqual(reply?["result"]?["data"], .array(expected), "\(encoding): \(text)")
            }
        }
    }
}
