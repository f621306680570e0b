import TrellisModel
import TrellisSyntax

/// Rules over the grid tree as the runtime holds it, for `.trellis` and `.json` inputs alike:
/// ratio siblings, gravity the runtime ignores, flags that have no effect.
struct StructureRules {
    let spans: Spans
    var diagnostics: [Diagnostic] = []

    init(spans: Spans) { self.spans = spans }

    mutating func add(_ code: String, _ severity: Severity, _ message: String, _ range: Range<Int>, notes: [String] = []) {
        diagnostics.append(Diagnostic(code: code, severity: severity, range: range, message: message, notes: notes))
    }

    mutating func lint(root: RuntimeGrid) {
        var unknownViews = UnknownViews()
        var path: [Int] = []
        walk(root, parentAxis: nil, path: &path, unknownViews: &unknownViews)
        reportUnknownViews(unknownViews)
    }

    /// The cells whose size comes from their view: the first one's grid, and up to 13 paths.
    struct UnknownViews {
        var first: (grid: RuntimeGrid, axis: Axis)?
        var paths: [String] = []
        var count = 0
    }

    /// Pre-order, borrowing each grid; `path` holds the 0-based indices down to `grid`.
    mutating func walk(_ grid: borrowing RuntimeGrid, parentAxis: Axis?, path: inout [Int], unknownViews: inout UnknownViews) {
        lint(grid, isRoot: path.isEmpty)
        if let parentAxis, sizeComesFromView(grid) {
            if unknownViews.first == nil { unknownViews.first = (copy grid, parentAxis) }
            if unknownViews.count < 13 { unknownViews.paths.append(path.map { String($0 + 1) }.joined(separator: ".")) }
            unknownViews.count += 1
        }
        for index in grid.children.indices {
            path.append(index)
            walk(grid.children[index], parentAxis: grid.axis, path: &path, unknownViews: &unknownViews)
            path.removeLast()
        }
    }

    /// A wrap leaf or an overlap cell (an anchor of size 0) takes its length from its view.
    func sizeComesFromView(_ grid: RuntimeGrid) -> Bool {
        guard grid.contentSize == nil, !grid.placeholder else { return false }
        return (grid.measure == RuntimeReading.wrap && grid.children.isEmpty) || (grid.measure == 0 && grid.anchor)
    }

    /// L003, once per layout: the cells whose size comes from a view a static tool cannot
    /// measure; frames assume 0 × 0 unless a preview size is given.
    mutating func reportUnknownViews(_ cells: UnknownViews) {
        guard let (grid, axis) = cells.first, let path = cells.paths.first else { return }
        let wrap = grid.measure == RuntimeReading.wrap
        var message = wrap
            ? "the \(axis == .rows ? "height" : "width") of this wrap cell (\(path)) comes from its view, which Trellis cannot measure: frames assume a 0 × 0 view"
            : "this overlap cell (\(path)) lets its view size itself, and Trellis cannot measure the view: frames assume 0 × 0"
        if cells.count > 1 { message += "; so do \(cells.count - 1) more cell\(cells.count == 2 ? "" : "s") of this layout" }
        var notes = ["In Trellis, give a view's size for previews with `content(WxH)`, e.g. `wrap content(120x20)`; it never reaches the JSON."]
        if cells.count > 1 {
            let others = cells.paths.dropFirst().prefix(12).joined(separator: ", ")
            notes.append("The others: \(others)\(cells.count > 13 ? ", …" : "").")
        }
        add("L003", .info, message, spans.span(of: wrap ? "size" : "overlap", on: grid), notes: notes)
    }

    mutating func lint(_ grid: borrowing RuntimeGrid, isRoot: Bool) {
        let key = grid.axis?.rawValue ?? "rows"
        if let axis = grid.axis {
            var ratioCount = 0
            var total = 0.0
            for index in grid.children.indices where grid.children[index].measure > 0 && grid.children[index].measure < 1 {
                ratioCount += 1
                total += grid.children[index].measure
            }
            if ratioCount > 1, total > 1.000_001 {
                add("M106", .warning, "the ratio \(axis.rawValue) of this grid add up to \(JSONWriter.formatNumber((total * 10_000).rounded() / 100))% of the free length",
                    spans.span(of: key, on: grid),
                    notes: ["Ratios share the same free length (length − padding − spacing); over 100% the children overflow and fill siblings get negative lengths."])
            }
            let ignored = axis == .cols ? grid.gravity.vertical : grid.gravity.horizontal
            if ignored != 0 {
                let which = axis == .cols ? "vertical" : "horizontal"
                add("M107", .warning, "the \(which) part of this gravity is ignored: a `\(axis.rawValue)` grid only aligns its children along its split",
                    spans.span(of: "gravity", on: grid),
                    notes: ["On a non-leaf, MyGridLayout uses only the gravity of its split axis (centerX/right/trailing for cols, centerY/bottom for rows)."])
            }
            if grid.placeholder {
                add("M109", .warning, "`placeholder` on a grid with children: it takes no view, and it disables `anchor`",
                    spans.span(of: "placeholder", on: grid),
                    notes: ["Its children still take views. To keep an area empty, make a placeholder leaf."])
            }
        } else if !isRoot {
            if !grid.gravity.isNone, !(grid.anchor && grid.measure == 0) {
                add("M108", .info, "gravity on a leaf aligns its view inside the cell: the view must then have its own size",
                    spans.span(of: "gravity", on: grid),
                    notes: ["Without gravity the view fills the cell; with it, a view without a width or height of its own gets 0."])
            }
            if grid.anchor, grid.measure != 0 {
                add("M110", .info, "`anchor` on a leaf has no effect: a leaf already takes a view",
                    spans.span(of: "anchor", on: grid),
                    notes: ["anchor matters on a grid with children (its view goes behind them) or with size 0 (the view sizes itself)."])
            }
        }
    }
}
