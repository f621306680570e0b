/// Queries on a syntax tree for editor features: the token at an offset, the node covering a
/// range, a node's ancestors, and the tokens the parser found missing. Every query is a
/// binary search or a walk down one path, never a scan of the whole tree.
extension SyntaxTree {
    /// A token the grammar required but the input lacks (`)`, `}`, a name…): its kind, the
    /// offset it would be inserted at, and the node it belongs to.
    public struct MissingToken: Sendable, Equatable {
        public var kind: TokenKind
        public var offset: Int
        public var node: Int
    }

    /// The index of the token whose bytes hold `offset` (at the end of input, the end-of-file
    /// token), by binary search.
    public func tokenIndex(containing offset: Int) -> Int? {
        guard !tokens.isEmpty else { return nil }
        var low = 0
        var high = tokens.count - 1
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].end <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The significant (non-trivia) token at `offset`, preferring the one that ends exactly
    /// there when the offset sits between a token and trivia (a cursor right after `fill`).
    public func significantTokenIndex(at offset: Int) -> Int? {
        guard let index = tokenIndex(containing: offset) else { return nil }
        let kind = tokens[index].kind
        if !kind.isTrivia, kind != .eof, tokens[index].start < offset || index == 0 || tokens[index - 1].kind.isTrivia {
            return index
        }
        if index > 0, tokens[index - 1].end == offset, !tokens[index - 1].kind.isTrivia { return index - 1 }
        return kind.isTrivia || kind == .eof ? nil : index
    }

    /// The significant token just before `offset` (skipping trivia), for completion.
    public func previousSignificantTokenIndex(before offset: Int) -> Int? {
        guard var index = tokenIndex(containing: offset) else { return nil }
        if tokens[index].start >= offset || tokens[index].kind.isTrivia || tokens[index].kind == .eof { index -= 1 }
        while index >= 0, tokens[index].kind.isTrivia || tokens[index].kind == .eof { index -= 1 }
        return index >= 0 ? index : nil
    }

    /// The deepest node whose tokens include token `token`.
    public func deepestNode(containingToken token: Int) -> Int {
        // Nodes are in pre-order, so their first tokens never decrease: the last node starting
        // at or before `token` is the deepest one holding it, or a descendant of it that ends
        // before it (then its nearest ancestor holding the token is the answer).
        var low = 0
        var high = nodes.count
        while low < high {
            let middle = (low + high) / 2
            if nodes[middle].tokenStart <= token { low = middle + 1 } else { high = middle }
        }
        var node = max(0, low - 1)
        while node > 0, !(nodes[node].tokenStart <= token && token < nodes[node].tokenEnd) { node = nodes[node].parent }
        return max(0, node)
    }

    /// The deepest node whose significant range covers `range`.
    public func coveringNode(_ range: Range<Int>) -> Int {
        guard let first = tokenIndex(containing: range.lowerBound) else { return 0 }
        var node = deepestNode(containingToken: first)
        while node > 0, !self.range(of: node).contains(range) { node = nodes[node].parent }
        return node
    }

    /// `node`'s ancestors, innermost first (the file node last).
    public func ancestors(of node: Int) -> [Int] {
        var result: [Int] = []
        var current = nodes[node].parent
        while current >= 0 {
            result.append(current)
            current = nodes[current].parent
        }
        return result
    }

    /// The innermost node of `kind` at or above `node`.
    public func enclosing(_ kind: SyntaxKind, from node: Int) -> Int? {
        var current = node
        while current >= 0 {
            if nodes[current].kind == kind { return current }
            current = nodes[current].parent
        }
        return nil
    }

    /// The nodes of `kind` anywhere under `node`, in source order.
    public func descendants(of node: Int, _ kind: SyntaxKind) -> [Int] {
        var result: [Int] = []
        var index = node + 1
        while index < nodes[node].subtreeEnd {
            if nodes[index].kind == kind { result.append(index) }
            index += 1
        }
        return result
    }

    /// The significant tokens directly in `node` (not inside a child node), as indices.
    public func ownTokenIndices(of node: Int) -> [Int] {
        var result: [Int] = []
        var position = nodes[node].tokenStart
        var child = node + 1
        let end = nodes[node].subtreeEnd
        while position < nodes[node].tokenEnd {
            if child < end, nodes[child].tokenStart <= position {
                position = max(position, nodes[child].tokenEnd)
                child = nodes[child].subtreeEnd
                continue
            }
            if !tokens[position].kind.isTrivia, tokens[position].kind != .eof { result.append(position) }
            position += 1
        }
        return result
    }
}
