/// Kinds of syntax node. The grammar (grammar/trellis.ebnf) names the same productions.
public enum SyntaxKind: UInt8, Sendable {
    case file
    case targetDirective, previewDirective, templateDecl, layoutDecl
    case cell, size, templateRef, attribute, attributeArgs, split, block, inlineList, repeatClause
    case error
}

/// A lossless, flat syntax tree: every token of the input (trivia included) lies inside
/// the root's token range, so printing the tokens in order gives back the input exactly.
///
/// Nodes are stored in pre-order. A node covers the token range `tokenStart..<tokenEnd`
/// and its descendants are the nodes `index+1 ..< subtreeEnd`.
public struct SyntaxTree: Sendable {
    public struct Node: Sendable {
        public var kind: SyntaxKind
        public var tokenStart: Int
        public var tokenEnd: Int
        public var subtreeEnd: Int
        public var parent: Int
    }

    public let source: SourceFile
    public let tokens: [Token]
    public let nodes: [Node]

    public init(source: SourceFile, tokens: [Token], nodes: [Node]) {
        self.source = source
        self.tokens = tokens
        self.nodes = nodes
    }

    /// A cheap handle on one node of a tree.
    public struct NodeRef: Sendable {
        public let tree: SyntaxTree
        public let index: Int

        public var kind: SyntaxKind { tree.nodes[index].kind }
        var node: Node { tree.nodes[index] }

        /// Child nodes, in order.
        public var children: [NodeRef] {
            var result: [NodeRef] = []
            var child = index + 1
            let end = node.subtreeEnd
            while child < end {
                result.append(NodeRef(tree: tree, index: child))
                child = tree.nodes[child].subtreeEnd
            }
            return result
        }

        public func children(_ kind: SyntaxKind) -> [NodeRef] { children.filter { $0.kind == kind } }
        public func child(_ kind: SyntaxKind) -> NodeRef? { children.first { $0.kind == kind } }

        /// Tokens directly in this node (not inside a child node), trivia excluded.
        public var ownTokens: [Token] {
            var result: [Token] = []
            var position = node.tokenStart
            var child = index + 1
            let end = node.subtreeEnd
            while position < node.tokenEnd {
                if child < end, tree.nodes[child].tokenStart <= position, tree.nodes[child].tokenEnd > position {
                    position = tree.nodes[child].tokenEnd
                    child = tree.nodes[child].subtreeEnd
                    continue
                }
                if child < end, tree.nodes[child].tokenEnd <= position {
                    child = tree.nodes[child].subtreeEnd
                    continue
                }
                let token = tree.tokens[position]
                if !token.kind.isTrivia, token.kind != .eof { result.append(token) }
                position += 1
            }
            return result
        }

        /// All non-trivia tokens in the subtree.
        public var allTokens: [Token] {
            tree.tokens[node.tokenStart..<node.tokenEnd].filter { !$0.kind.isTrivia && $0.kind != .eof }
        }

        /// Byte range from the first to the last non-trivia token (empty at the node's
        /// position when it has none).
        public var range: Range<Int> {
            let tokens = tree.tokens
            var first = node.tokenStart
            while first < node.tokenEnd, tokens[first].kind.isTrivia { first += 1 }
            var last = node.tokenEnd - 1
            while last >= first, tokens[last].kind.isTrivia || tokens[last].kind == .eof { last -= 1 }
            if first > last {
                let offset = node.tokenStart < tokens.count ? tokens[node.tokenStart].start : tree.source.bytes.count
                return offset..<offset
            }
            return tokens[first].start..<tokens[last].end
        }

        public var text: String { tree.source.text(in: range) }
    }

    public var root: NodeRef { NodeRef(tree: self, index: 0) }

    /// The text of a token.
    public func text(_ token: Token) -> String { source.text(in: token.range) }

    /// Concatenation of every token: equals the source text for any input.
    public var reconstructedBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.bytes.count)
        for token in tokens { bytes.append(contentsOf: source.bytes[token.start..<token.end]) }
        return bytes
    }

    /// An indented dump of the tree, for tests and debugging.
    public var debugDescription: String {
        var lines: [String] = []
        func visit(_ index: Int, depth: Int) {
            let node = nodes[index]
            lines.append(String(repeating: "  ", count: depth) + "\(node.kind)")
            var position = node.tokenStart
            var child = index + 1
            while position < node.tokenEnd || child < node.subtreeEnd {
                if child < node.subtreeEnd, nodes[child].tokenStart <= position {
                    visit(child, depth: depth + 1)
                    position = max(position, nodes[child].tokenEnd)
                    child = nodes[child].subtreeEnd
                    continue
                }
                guard position < node.tokenEnd else { break }
                let token = tokens[position]
                if !token.kind.isTrivia && token.kind != .eof {
                    lines.append(String(repeating: "  ", count: depth + 1) + "\(token.kind) \(text(token).debugDescription)")
                }
                position += 1
            }
        }
        if !nodes.isEmpty { visit(0, depth: 0) }
        return lines.joined(separator: "\n")
    }
}
