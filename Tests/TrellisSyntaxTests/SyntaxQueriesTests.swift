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
            if round % 3 == 0, !text.isEmpty {
                text = String(decoding: Array(text.utf8).prefix(Int.random(in: 0..<text.utf8.count, using: &generator.random)), as: UTF8.self)
            }
            let tree = Parser.parse(SourceFile(name: "t", text: text)).tree
            for token in tree.tokens.indices {
                XCTAssertEqual(tree.deepestNode(containingToken: token), descending(tree, to: token), "round \(round), token \(token) of \(text)")
            }
        }
    }
}
