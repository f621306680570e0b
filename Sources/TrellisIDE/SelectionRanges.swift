import TrellisModel
import TrellisSyntax

/// Selection ranges ("expand selection"): from the token at an offset out through every
/// enclosing node to the whole document, each range strictly larger than the one inside it.
public enum SelectionRanges {
    /// Innermost first.
    public static func ranges(_ analysis: Analysis, at offset: Int) -> [Range<Int>] {
        var candidates: [Range<Int>] = [0..<analysis.source.bytes.count]
        if let tree = analysis.tree {
            guard let index = tree.significantTokenIndex(at: offset) ?? tree.tokenIndex(containing: offset) else { return [] }
            let token = tree.tokens[index]
            if !token.kind.isTrivia, token.kind != .eof { candidates.append(token.range) }
            var node = tree.deepestNode(containingToken: index)
            while node >= 0 {
                candidates.append(tree.range(of: node))
                node = tree.nodes[node].parent
            }
        } else if let root = analysis.file.jsonRoot {
            for node in JSONQueries.chain(in: root, at: offset) {
                candidates.append(node.range)
                if let member = JSONQueries.member(of: node, at: offset) {
                    if member.keyRange.contains(offset) { candidates.append(member.keyRange) }
                    candidates.append(member.keyRange.lowerBound..<member.value.range.upperBound)
                }
            }
        }
        return nested(candidates.filter { !$0.isEmpty && ($0.contains(offset) || $0.upperBound == offset) })
    }

    /// The candidates smallest first, each kept only when it strictly contains the last kept.
    static func nested(_ candidates: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in candidates.sorted(by: { $0.count < $1.count }) {
            if let last = result.last, !(range.lowerBound <= last.lowerBound && range.upperBound >= last.upperBound && range != last) { continue }
            result.append(range)
        }
        return result
    }
}
