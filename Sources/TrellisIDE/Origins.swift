import TrellisLayout
import TrellisModel
import TrellisSyntax

/// Where a runtime grid came from: its layout, its position in pre-order (the index of its
/// frame in a `LayoutResult`), its parent's, and the source it was written at (a cell, or a
/// JSON object).
public struct GridOrigin: Sendable, Equatable {
    public var layout: Int
    public var index: Int
    public var parent: Int?
    public var sourceRange: Range<Int>?

    /// The grid's dotted path (`""` for the root), named when asked.
    public func path(in analysis: Analysis) -> String {
        analysis.trees.indices.contains(layout) && index < analysis.trees[layout].count ? analysis.trees[layout].path(of: index) : ""
    }
}

/// Maps runtime grids to the syntax they came from and back. A cell inside a template body
/// has one grid per use of the template; `instance(of:)` names the use.
public enum Origins {
    /// Every grid of every layout, in pre-order (computed once per analysis).
    public static func all(_ analysis: Analysis) -> [GridOrigin] {
        analysis.cache.origins.value {
            var result: [GridOrigin] = []
            for (layout, tree) in analysis.trees.enumerated() {
                for index in 0..<tree.count {
                    let parent = Int(tree.parent[index])
                    result.append(
                        GridOrigin(
                            layout: layout, index: index, parent: parent < 0 ? nil : parent,
                            sourceRange: tree.sources[index]))
                }
            }
            return result
        }
    }

    /// The grids written exactly at `range` (a cell's or a JSON object's range).
    public static func grids(_ analysis: Analysis, writtenAt range: Range<Int>) -> [GridOrigin] {
        all(analysis).filter { $0.sourceRange == range }
    }

    /// The grids of the innermost cell (Trellis) or grid object (JSON) holding `offset`. A
    /// template's own cell has no grid of its own: it stands for the grids of its uses.
    public static func innermost(_ analysis: Analysis, containing offset: Int) -> [GridOrigin] {
        guard let tree = analysis.tree else {
            var best: Range<Int>?
            for origin in all(analysis) {
                guard let range = origin.sourceRange, range.contains(offset) || range.upperBound == offset else { continue }
                if best == nil || range.count < (best?.count ?? Int.max) { best = range }
            }
            return best.map { grids(analysis, writtenAt: $0) } ?? []
        }
        return innermostGrids(analysis, tree, containing: offset) { name in cellsUsingTemplates(named: [name], in: tree)[name] ?? [] }
            .map { origin(of: $0, in: analysis) }
    }

    /// The ranges of the cells that use each template of `names`, in the text's order (one
    /// pass over the tree for them all).
    static func cellsUsingTemplates(named names: Set<String>, in tree: SyntaxTree) -> [String: [Range<Int>]] {
        var uses: [String: [Range<Int>]] = [:]
        guard !names.isEmpty else { return uses }
        for node in tree.nodes.indices where tree.nodes[node].kind == .templateRef {
            guard let token = tree.firstToken(of: node), case let name = tree.text(tree.tokens[token]), names.contains(name),
                let cell = tree.enclosing(.cell, from: node)
            else { continue }
            uses[name, default: []].append(tree.range(of: cell))
        }
        return uses
    }

    /// ``innermost(_:containing:)`` in a Trellis file, as grids by where they were written.
    /// `uses(name)`: the ranges of the cells that use template `name`, in the text's order.
    static func innermostGrids(
        _ analysis: Analysis, _ tree: SyntaxTree, containing offset: Int, uses: (String) -> [Range<Int>]
    ) -> [WrittenGrids.Entry] {
        let written = analysis.writtenGrids
        var cell = tree.enclosing(.cell, from: tree.coveringNode(offset..<offset))
        while let current = cell {
            let found = written.positions(writtenAt: tree.range(of: current))
            if !found.isEmpty { return Array(written.entries[found]) }
            let parent = tree.nodes[current].parent
            if parent >= 0, let template = TemplateDecl(tree, parent), let name = template.name {
                // The template's cell: the grids of every cell that uses it.
                return uses(tree.text(name)).flatMap { written.entries[written.positions(writtenAt: $0)] }
            }
            cell = parent >= 0 ? tree.enclosing(.cell, from: parent) : nil
        }
        return []
    }

    /// The origin of a grid taken by where it was written.
    static func origin(of grid: WrittenGrids.Entry, in analysis: Analysis) -> GridOrigin {
        let (layout, index) = grid.origin
        let parent = analysis.trees.indices.contains(layout) && index < analysis.trees[layout].count ? Int(analysis.trees[layout].parent[index]) : -1
        return GridOrigin(layout: layout, index: index, parent: parent < 0 ? nil : parent, sourceRange: grid.range)
    }

    /// For a grid written inside a template, the source range of the cell that used the
    /// template (the nearest ancestor written outside it); nil otherwise.
    public static func instance(of origin: GridOrigin, in analysis: Analysis) -> Range<Int>? {
        guard let tree = analysis.tree, let range = origin.sourceRange else { return nil }
        let node = tree.coveringNode(range)
        guard let template = tree.enclosing(.templateDecl, from: node) else { return nil }
        let body = tree.range(of: template)
        let origins = all(analysis)
        var current = origin.parent
        while let index = current {
            let ancestor = origins[firstIndex(of: origin.layout, in: origins) + index]
            if let written = ancestor.sourceRange, !body.contains(written.lowerBound) { return written }
            current = ancestor.parent
        }
        return nil
    }

    /// Where layout `layout`'s grids start in `all`.
    static func firstIndex(of layout: Int, in origins: [GridOrigin]) -> Int {
        var low = 0
        var high = origins.count
        while low < high {
            let middle = (low + high) / 2
            if origins[middle].layout < layout { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
