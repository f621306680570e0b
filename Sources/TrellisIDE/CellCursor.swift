import TrellisSyntax

/// Walks a syntax tree's cells in pre-order to find the cell written at each of a sequence
/// of ranges given by start (a longer range first at the same start, as ``WrittenGrids``
/// orders them), without searching the tree for each. Items and cells that end before the
/// range asked for are stepped over whole. The cell found is the one
/// `enclosing(.cell, from: coveringNode(range))` gives; a range met out of order, or empty,
/// is not found, and the caller searches.
struct CellCursor {
    let tree: SyntaxTree
    private var next = 0
    private var current: (node: Int, range: Range<Int>)?

    init(_ tree: SyntaxTree) { self.tree = tree }

    mutating func cell(writtenAt range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        while true {
            if current == nil { current = nextCell(reaching: range.lowerBound) }
            guard let (node, written) = current else { return nil }
            if written.lowerBound < range.lowerBound || (written.lowerBound == range.lowerBound && written.upperBound > range.upperBound) {
                current = nil
                continue
            }
            guard written == range else { return nil }
            return tree.enclosing(.cell, from: deepest(holding: range, from: node))
        }
    }

    /// The cell written at `range`: ``cell(writtenAt:)``, or else searched from the root.
    mutating func cellOrSearch(writtenAt range: Range<Int>) -> Int? {
        cell(writtenAt: range) ?? tree.enclosing(.cell, from: tree.coveringNode(range))
    }

    /// Where cell `node`'s size (or else the template's name it uses) ends: the place of its
    /// length hint.
    func sizeOrTemplateEnd(of node: Int) -> Int? { CellSyntax.sizeOrTemplateEnd(of: node, in: tree) }

    /// The next cell in pre-order that does not end before `offset`.
    private mutating func nextCell(reaching offset: Int) -> (node: Int, range: Range<Int>)? {
        let nodes = tree.nodes
        let tokens = tree.tokens
        while next < nodes.count {
            let node = next
            // Its descendants lie inside it: when even its last token (trivia included) ends
            // before `offset`, none can be written at a range starting at or after it.
            let lastToken = nodes[node].tokenEnd - 1
            if node > 0, lastToken < nodes[node].tokenStart || tokens[lastToken].end < offset {
                next = nodes[node].subtreeEnd
                continue
            }
            next += 1
            if nodes[node].kind == .cell { return (node, tree.range(of: node)) }
        }
        return nil
    }

    /// The deepest node at or under `node` whose range holds `range` (`node`'s own, here):
    /// what `coveringNode` finds from the range's first token. Only a node's first child with
    /// a range of its own can hold it: any later one starts after that child does.
    private func deepest(holding range: Range<Int>, from node: Int) -> Int {
        var found = node
        var descended = true
        while descended {
            descended = false
            var child = found + 1
            let end = tree.nodes[found].subtreeEnd
            while child < end {
                let childRange = tree.range(of: child)
                if !childRange.isEmpty {
                    if childRange.contains(range) {
                        found = child
                        descended = true
                    }
                    break
                }
                child = tree.nodes[child].subtreeEnd
            }
        }
        return found
    }
}
