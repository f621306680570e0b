import TrellisLayout
import TrellisModel
import TrellisSyntax

/// Rules over the grid tree as the runtime holds it, for `.trellis` and `.json` inputs alike:
/// ratio siblings, gravity the runtime ignores, flags that have no effect.
struct StructureRules {
    let spans: Spans
    /// Under the cap as they are made: a generated file can hold a finding in every grid.
    var findings = CappedDiagnostics()

    init(spans: Spans) { self.spans = spans }

    /// A finding of `code`, at the code's severity.
    mutating func add(_ code: DiagnosticCode, _ message: @autoclosure () -> String, _ range: Range<Int>, notes: @autoclosure () -> [String] = []) {
        findings.add(code, at: range) { Diagnostic(code: code, severity: code.severity, range: range, message: message(), notes: notes()) }
    }

    mutating func lint(_ tree: LayoutTree) {
        var unknownViews: [Int] = []
        var unknownCount = 0
        for grid in 0..<tree.count {
            lint(tree, grid)
            guard grid > 0, sizeComesFromView(tree, grid) else { continue }
            if unknownViews.count < 13 { unknownViews.append(grid) }
            unknownCount += 1
        }
        reportUnknownViews(tree, unknownViews, count: unknownCount)
    }

    /// A wrap leaf or an overlap cell (an anchor of size 0) takes its length from its view.
    func sizeComesFromView(_ tree: LayoutTree, _ grid: Int) -> Bool {
        guard tree.content[grid] == nil, !tree.placeholder[grid] else { return false }
        return (tree.measure[grid] == RuntimeReading.wrap && tree.childCount[grid] == 0) || (tree.measure[grid] == 0 && tree.anchor[grid])
    }

    /// L003, once per layout: the cells whose size comes from a view a static tool cannot
    /// measure; frames assume 0 × 0 unless a preview size is given.
    mutating func reportUnknownViews(_ tree: LayoutTree, _ cells: [Int], count: Int) {
        guard let grid = cells.first else { return }
        let path = tree.path(of: grid)
        let axis: Axis = tree.axis[Int(tree.parent[grid])] == LayoutTree.rows ? .rows : .cols
        let wrap = tree.measure[grid] == RuntimeReading.wrap
        var message =
            wrap
            ? "the \(axis == .rows ? "height" : "width") of this wrap cell (\(path)) comes from its view, which Trellis cannot measure: frames assume a 0 × 0 view"
            : "this overlap cell (\(path)) lets its view size itself, and Trellis cannot measure the view: frames assume 0 × 0"
        if count > 1 { message += "; so do \(count - 1) more cell\(count == 2 ? "" : "s") of this layout" }
        var notes = ["In Trellis, give a view's size for previews with `content(WxH)`, e.g. `wrap content(120x20)`; it never reaches the JSON."]
        if count > 1 {
            let others = cells.dropFirst().prefix(12).map { tree.path(of: $0) }.joined(separator: ", ")
            notes.append("The others: \(others)\(count > 13 ? ", …" : "").")
        }
        add(.sizeDependsOnUnknownView, message, spans.span(of: wrap ? .size : .overlap, at: tree.sources[grid]), notes: notes)
    }

    mutating func lint(_ tree: LayoutTree, _ grid: Int) {
        let isRoot = grid == 0
        let source = tree.sources[grid]
        let split: Axis? = tree.axis[grid] == 0 ? nil : (tree.axis[grid] == LayoutTree.rows ? .rows : .cols)
        let key = split?.gridKey ?? .rows
        let gravity = Gravity(rawValue: tree.gravity[grid])
        if let axis = split {
            var ratioCount = 0
            var total = 0.0
            for child in tree.children(of: grid) where tree.measure[child] > 0 && tree.measure[child] < 1 {
                ratioCount += 1
                total += tree.measure[child]
            }
            if ratioCount > 1, total > 1.000_001 {
                add(
                    .ratiosOver100Percent,
                    "the ratio \(axis.rawValue) of this grid add up to \(JSONWriter.formatNumber((total * 10_000).rounded() / 100))% of the free length",
                    spans.span(of: key, at: source),
                    notes: [
                        "Ratios share the same free length (length − padding − spacing); over 100% the children overflow and fill siblings get negative lengths."
                    ])
            }
            let ignored = axis == .cols ? gravity.vertical : gravity.horizontal
            if ignored != 0 {
                let which = axis == .cols ? "vertical" : "horizontal"
                add(
                    .gravityOnIgnoredAxis,
                    "the \(which) part of this gravity is ignored: a `\(axis.rawValue)` grid only aligns its children along its split",
                    spans.span(of: .gravity, at: source),
                    notes: ["On a non-leaf, MyGridLayout uses only the gravity of its split axis (centerX/right/trailing for cols, centerY/bottom for rows)."])
            }
            if tree.placeholder[grid] {
                add(
                    .placeholderOnNonLeaf, "`placeholder` on a grid with children: it takes no view, and it disables `anchor`",
                    spans.span(of: .placeholder, at: source),
                    notes: ["Its children still take views. To keep an area empty, make a placeholder leaf."])
            }
        } else if !isRoot {
            if tree.viewSizeIsUnset(grid) {
                let axes = [gravity.alignsHorizontally ? "width" : nil, gravity.alignsVertically ? "height" : nil].compactMap { $0 }.joined(separator: " and ")
                add(
                    .viewAlignedByUnsetSize,
                    "gravity aligns this cell's view by the \(axes) the view sets itself: MyLayout does not measure it here, and a view that sets none is `CGFLOAT_MAX` long: it covers the screen or leaves it",
                    spans.span(of: .gravity, at: source),
                    notes: [
                        "Without gravity the view fills the cell. A `wrap` cell (or an overlap cell) measures its view instead (`sizeThatFits:`).",
                        "In Trellis, `content(WxH)` states the size the view sets (`myWidth`, `myHeight`); previews place the view by it, and it never reaches the JSON.",
                    ])
            }
            if tree.anchor[grid], tree.measure[grid] != 0 {
                add(
                    .anchorOnLeaf, "`anchor` on a leaf has no effect: a leaf already takes a view",
                    spans.span(of: .anchor, at: source),
                    notes: ["anchor matters on a grid with children (its view goes behind them) or with size 0 (the view sizes itself)."])
            }
        }
    }
}
