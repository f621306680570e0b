/// A syntax tree's tokens, nodes and source bytes as buffers, for the passes that read every
/// node of a large file (the formatter's check): no reference counting per read, as there
/// can be when a tree stored in a value is read. Every read is checked against the bounds.
package struct TreeBuffers {
    package let tokens: UnsafeBufferPointer<Token>
    package let nodes: UnsafeBufferPointer<SyntaxTree.Node>
    package let bytes: UnsafeBufferPointer<UInt8>

    /// Calls `body` with the buffers of `tree`, valid only inside it.
    package static func with<Result>(_ tree: SyntaxTree, _ body: (TreeBuffers) -> Result) -> Result {
        // SAFETY: the buffers are valid inside these closures only, and every `body` (the formatter's, `SameMeaning`'s) drops them there.
        tree.tokens.withUnsafeBufferPointer { tokens in
            tree.nodes.withUnsafeBufferPointer { nodes in
                tree.source.bytes.withUnsafeBufferPointer { bytes in
                    body(TreeBuffers(tokens: tokens, nodes: nodes, bytes: bytes))
                }
            }
        }
    }

    package func node(_ index: Int) -> SyntaxTree.Node {
        precondition(index >= 0 && index < nodes.count, "node index out of range")
        return nodes[index]
    }

    package func token(_ index: Int) -> Token {
        precondition(index >= 0 && index < tokens.count, "token index out of range")
        return tokens[index]
    }

    /// A token's text.
    package func text(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let range = token(index).range
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "token range out of the source")
        // SAFETY: the precondition above keeps `range` inside `bytes`.
        return UnsafeBufferPointer(rebasing: bytes[range])
    }

    /// Whether a token is neither trivia nor the end of the file.
    package func isSignificant(_ index: Int) -> Bool {
        let kind = token(index).kind
        return !kind.isTrivia && kind != .eof
    }

    /// Calls `body` with the index of each child of `node`, in order.
    package func forEachChild(of node: Int, _ body: (Int) -> Void) {
        var child = node + 1
        let end = self.node(node).subtreeEnd
        while child < end {
            body(child)
            child = self.node(child).subtreeEnd
        }
    }

    /// The first child of `node` with `kind`.
    package func child(of node: Int, _ kind: SyntaxKind) -> Int? {
        var child = node + 1
        let end = self.node(node).subtreeEnd
        while child < end {
            if self.node(child).kind == kind { return child }
            child = self.node(child).subtreeEnd
        }
        return nil
    }

    /// The first significant token of `node`, or nil.
    package func firstToken(of node: Int) -> Int? {
        significantTokens(of: node).first
    }

    /// Byte range from the first to the last significant token of `node` (empty where it has
    /// none), as ``SyntaxTree/range(of:)``.
    package func range(of node: Int) -> Range<Int> {
        let bounds = self.node(node)
        var first = bounds.tokenStart
        while first < bounds.tokenEnd, token(first).kind.isTrivia { first += 1 }
        var last = bounds.tokenEnd - 1
        while last >= first, !isSignificant(last) { last -= 1 }
        if first > last {
            let offset = bounds.tokenStart < tokens.count ? token(bounds.tokenStart).start : bytes.count
            return offset..<offset
        }
        return token(first).start..<token(last).end
    }

    /// The significant token of `node` at `position` (0: the first), or nil.
    package func significantToken(_ position: Int, of node: Int) -> Int? {
        var tokens = significantTokens(of: node)
        for _ in 0..<position where tokens.next() == nil { return nil }
        return tokens.next()
    }

    /// The significant tokens of `node` in an array.
    package func significantTokenArray(of node: Int) -> [Int] { Array(significantTokens(of: node)) }

    /// The significant tokens of `node`, in order.
    package func significantTokens(of node: Int) -> SignificantTokens {
        let node = self.node(node)
        return SignificantTokens(buffers: self, range: node.tokenStart..<node.tokenEnd)
    }

    /// The significant token indices in a range, without an array.
    package struct SignificantTokens: Sequence, IteratorProtocol {
        let buffers: TreeBuffers
        var range: Range<Int>

        package mutating func next() -> Int? {
            while let index = range.first {
                range = (index + 1)..<range.upperBound
                if buffers.isSignificant(index) { return index }
            }
            return nil
        }

        /// The first token, without consuming.
        package var first: Int? {
            var copy = self
            return copy.next()
        }
    }
}
