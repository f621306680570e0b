import TrellisModel
import TrellisSyntax

/// A foldable region: byte range, the lines of its first and last bytes, and whether it is a
/// run of comments.
public struct FoldingRegion: Sendable, Equatable {
    public var range: Range<Int>
    public var lines: ClosedRange<Int>
    public var isComment: Bool
}

/// Folding: templates, layouts, blocks and multi-line argument lists, runs of two or more
/// comment lines (Trellis); objects and arrays (JSON). Regions on one line are left out.
public enum Folding {
    public static func regions(_ analysis: Analysis) -> [FoldingRegion] {
        let source = analysis.source
        var regions: [FoldingRegion] = []
        // The line table taken once, not once per region (it is made under a lock).
        let positions = source.positions
        func add(_ range: Range<Int>, comment: Bool = false) {
            guard !range.isEmpty else { return }
            let first = positions.utf8Position(of: range.lowerBound).line
            let last = positions.utf8Position(of: range.upperBound - 1).line
            guard first < last else { return }
            regions.append(FoldingRegion(range: range, lines: first...last, isComment: comment))
        }
        if let tree = analysis.tree {
            for (index, node) in tree.nodes.enumerated() {
                switch node.kind {
                case .templateDecl, .layoutDecl, .block, .attributeArgs: add(tree.range(of: index))
                default: break
                }
            }
            var run: Range<Int>?
            var lastLine = -2
            for token in tree.tokens where token.kind == .comment {
                let line = source.lineIndex(of: token.start)
                if let current = run, line == lastLine + 1 {
                    run = current.lowerBound..<token.end
                } else {
                    if let current = run { add(current, comment: true) }
                    run = token.range
                }
                lastLine = line
            }
            if let run { add(run, comment: true) }
        } else if let root = analysis.file.jsonRoot {
            root.forEachContainer { add($0) }
        }
        return regions.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
