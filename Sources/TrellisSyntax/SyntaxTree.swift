/// Kinds of syntax node. The grammar (grammar/trellis.ebnf) names the same productions.
public enum SyntaxKind: UInt8, Sendable {
    case file
    case targetDirective, previewDirective, useDirective, templateDecl, layoutDecl
    case cell, size, templateRef, attribute, attributeArgs, split, block, inlineList, repeatClause
    case error
}

/// A lossless, flat syntax tree: every token of the input (trivia included) lies inside
/// the root's token range, so printing the tokens in order gives back the input exactly.
///
/// Nodes are stored in pre-order. A node covers the token range `tokenStart..<tokenEnd`
/// and its descendants are the nodes `index+1 ..< subtreeEnd`. In that order `tokenStart`
/// never decreases, a node's tokens lie within its parent's, and a node that is not another's
/// descendant starts at or after its end (the token queries' binary searches rely on it).
public struct SyntaxTree: Sendable {
    /// One node in 20 bytes: indices are 32-bit (a file of at most ``Parser/maximumBytes``
    /// has fewer tokens and nodes than that).
    public struct Node: Equatable, Sendable {
        @usableFromInline var storedTokenStart: UInt32
        @usableFromInline var storedTokenEnd: UInt32
        @usableFromInline var storedSubtreeEnd: UInt32
        /// `UInt32.max` for the root.
        @usableFromInline var storedParent: UInt32
        public var kind: SyntaxKind
        /// An attribute's name when Trellis knows it (the parser looks it up once; nil on
        /// other nodes). It fits in the node's padding: a node stays 20 bytes.
        public var attributeName: AttributeName?

        @inlinable
        public init(kind: SyntaxKind, tokenStart: Int, tokenEnd: Int, subtreeEnd: Int, parent: Int, attributeName: AttributeName? = nil) {
            self.kind = kind
            self.attributeName = attributeName
            storedTokenStart = UInt32(tokenStart)
            storedTokenEnd = UInt32(tokenEnd)
            storedSubtreeEnd = UInt32(subtreeEnd)
            storedParent = parent < 0 ? .max : UInt32(parent)
        }

        @inlinable
        public var tokenStart: Int {
            get { Int(storedTokenStart) }
            set { storedTokenStart = UInt32(newValue) }
        }

        @inlinable
        public var tokenEnd: Int {
            get { Int(storedTokenEnd) }
            set { storedTokenEnd = UInt32(newValue) }
        }

        @inlinable
        public var subtreeEnd: Int {
            get { Int(storedSubtreeEnd) }
            set { storedSubtreeEnd = UInt32(newValue) }
        }

        /// The parent node's index, -1 for the root.
        @inlinable
        public var parent: Int {
            get { storedParent == .max ? -1 : Int(storedParent) }
            set { storedParent = newValue < 0 ? .max : UInt32(newValue) }
        }
    }

    public let source: SourceFile
    public let tokens: [Token]
    public let nodes: [Node]
    /// Tokens the grammar required that the input lacks, in source order.
    public let missing: [MissingToken]

    public init(source: SourceFile, tokens: [Token], nodes: [Node], missing: [MissingToken] = []) {
        self.source = source
        self.tokens = tokens
        self.nodes = nodes
        self.missing = missing
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

        /// Byte range from the first to the last non-trivia token (empty at the node's
        /// position when it has none).
        public var range: Range<Int> { tree.range(of: index) }

        public var text: String { tree.source.text(in: range) }
    }

    public var root: NodeRef { NodeRef(tree: self, index: 0) }

    /// A handle on the node at `index`.
    public func node(_ index: Int) -> NodeRef { NodeRef(tree: self, index: index) }

    // MARK: index-based navigation (no allocation; for hot paths)

    /// The first child of `node` with `kind`, as a node index.
    @inlinable @inline(__always)
    public func child(of node: Int, _ kind: SyntaxKind) -> Int? {
        var child = node + 1
        let end = nodes[node].subtreeEnd
        while child < end {
            if nodes[child].kind == kind { return child }
            child = nodes[child].subtreeEnd
        }
        return nil
    }

    /// Calls `body` with the index of each child of `node`, in order.
    @inlinable
    public func forEachChild(of node: Int, _ body: (Int) -> Void) {
        var child = node + 1
        let end = nodes[node].subtreeEnd
        while child < end {
            body(child)
            child = nodes[child].subtreeEnd
        }
    }

    /// Index of the first non-trivia token inside `node`, or nil.
    @inlinable @inline(__always)
    public func firstToken(of node: Int) -> Int? {
        var index = nodes[node].tokenStart
        let end = nodes[node].tokenEnd
        while index < end {
            let kind = tokens[index].kind
            if !kind.isTrivia && kind != .eof { return index }
            index += 1
        }
        return nil
    }

    /// Indices of the non-trivia tokens inside `node`.
    public func tokenIndices(of node: Int) -> [Int] {
        var result: [Int] = []
        var index = nodes[node].tokenStart
        let end = nodes[node].tokenEnd
        while index < end {
            let kind = tokens[index].kind
            if !kind.isTrivia && kind != .eof { result.append(index) }
            index += 1
        }
        return result
    }

    /// Byte range from the first to the last non-trivia token of `node`.
    @inlinable @inline(__always)
    public func range(of node: Int) -> Range<Int> {
        var first = nodes[node].tokenStart
        let end = nodes[node].tokenEnd
        while first < end, tokens[first].kind.isTrivia { first += 1 }
        var last = end - 1
        while last >= first, tokens[last].kind.isTrivia || tokens[last].kind == .eof { last -= 1 }
        if first > last {
            let offset = nodes[node].tokenStart < tokens.count ? tokens[nodes[node].tokenStart].start : source.bytes.count
            return offset..<offset
        }
        return tokens[first].start..<tokens[last].end
    }

    /// The bytes between an attribute's parentheses (`json({…})` → `{…}`), or nil when it
    /// has no argument list.
    public func argumentRange(of attribute: Int) -> Range<Int>? {
        guard let args = child(of: attribute, .attributeArgs) else { return nil }
        let indices = tokenIndices(of: args)
        guard let openIndex = indices.first, tokens[openIndex].kind == .lParen else { return nil }
        let open = tokens[openIndex]
        let end = indices.last.map { tokens[$0].kind == .rParen ? tokens[$0].start : tokens[$0].end } ?? open.end
        return open.end..<max(open.end, end)
    }

    /// The text of a token.
    public func text(_ token: Token) -> String { source.text(in: token.range) }

    /// Whether a token's text is `text`, compared on bytes (no string is made).
    public func token(_ token: Token, is text: StaticString) -> Bool {
        // SAFETY: the literal's static bytes are iterated; the source is sliced as an array (checked).
        token.end - token.start == text.utf8CodeUnitCount
            && text.withUTF8Buffer { source.bytes[token.start..<token.end].elementsEqual($0) }
    }

    /// Concatenation of every token: equals the source text for any input.
    public var reconstructedBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.bytes.count)
        for token in tokens { bytes.append(contentsOf: source.bytes[token.start..<token.end]) }
        return bytes
    }

    /// An indented dump of the tree, for tests and debugging.
    public var debugDescription: String { dump(ranges: false) }

    /// An indented dump of the tree: each node's kind, each token's kind and text, and with
    /// `ranges` the byte range of each (`cell@0..22`), as snapshot tests keep it.
    public func dump(ranges: Bool) -> String {
        var lines: [String] = []
        func at(_ range: Range<Int>) -> String { ranges ? "@\(range.lowerBound)..\(range.upperBound)" : "" }
        func visit(_ index: Int, depth: Int) {
            let node = nodes[index]
            lines.append(String(repeating: "  ", count: depth) + "\(node.kind)" + at(range(of: index)))
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
                    lines.append(String(repeating: "  ", count: depth + 1) + "\(token.kind)\(at(token.range)) \(text(token).debugDescription)")
                }
                position += 1
            }
        }
        if !nodes.isEmpty { visit(0, depth: 0) }
        return lines.joined(separator: "\n")
    }
}
