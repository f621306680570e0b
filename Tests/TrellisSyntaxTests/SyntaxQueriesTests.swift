import TrellisSyntax
import TrellisTestSupport
import XCTest

/// The tree queries' binary searches agree with walking down from the root.
final class SyntaxQueriesTests: XCTestCase {
    /// The deepest node holding a token, found by descending from the file node into the
    /// child whose tokens include it.
    func descending(_ tree: SyntaxTree, to token: Int) -> Int {
        var node = 0
        descend: while true {
            var child = node + 1
            while child < tree.nodes[node].subtreeEnd {
                if tree.nodes[child].tokenStart <= token, token < tree.nodes[child].tokenEnd {
                    node = child
                    continue descend
                }
                child = tree.nodes[child].subtreeEnd
            }
            return node
        }
    }

    func testDeepestNodeAgreesWithDescendingOnRandomPrograms() {
        var generator = ProgramGenerator(seed: 5)
        for round in 0..<600 {
            var text = generator.program()
            // Broken programs too: cut at a random byte.
            if round % 3 == 0, !text.isEmpty { text = String(decoding: Array(text.utf8).prefix(Int.random(in: 0..<text.utf8.count, using: &generator.random)), as: UTF8.self) }
            let tree = Parser.parse(SourceFile(name: "t", text: text)).tree
            for token in tree.tokens.indices {
                XCTAssertEqual(tree.deepestNode(containingToken: token), descending(tree, to: token), "round \(round), token \(token) of \(text)")
            }
        }
    }
}

/// The byte prefilter finds a word exactly where a plain search does.
final class ByteSearchTests: XCTestCase {
    func testAgreesWithAPlainSearch() {
        var random = SeededRandom(seed: 3)
        let alphabet: [UInt8] = Array("tjson-ignore //注😀\n".utf8) + [0x80, 0xFF, 0x00]
        for round in 0..<3_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in random.pick(alphabet) }
            let needle = (0..<Int.random(in: 1...3, using: &random)).map { _ in random.pick(alphabet) }
            let lower = Int.random(in: 0...bytes.count, using: &random)
            let upper = Int.random(in: lower...bytes.count, using: &random)
            let plain = upper - lower >= needle.count && (lower...(upper - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
            XCTAssertEqual(ByteSearch.contains(needle, in: bytes, range: lower..<upper), plain, "round \(round): \(needle) in \(bytes)[\(lower)..<\(upper)]")
        }
        XCTAssertTrue(ByteSearch.contains(Array("trellis-ignore".utf8), in: Array("// 注释 trellis-ignore L001".utf8)))
        XCTAssertFalse(ByteSearch.contains(Array("json".utf8), in: Array("jso".utf8)))
    }
}
