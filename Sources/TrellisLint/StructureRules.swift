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
        var unknownViews: [(RuntimeGrid, String, Axis)] = []
        var stack: [(RuntimeGrid, String, Axis?)] = [(root, "", nil)]
        while let (grid, path, parentAxis) = stack.popLast() {
            lint(grid, isRoot: path.isEmpty)
            if let parentAxis, sizeComesFromView(grid) { unknownViews.append((grid, path, parentAxis)) }
            for (index, child) in grid.children.enumerated().reversed() {
                stack.append((child, path.isEmpty ? "\(index + 1)" : "\(path).\(index + 1)", grid.axis))
            }
        }
        reportUnknownViews(unknownViews)
    }

    /// A wrap leaf or an overlap cell (an anchor of size 0) takes its length from its view.
    func sizeComesFromView(_ grid: RuntimeGrid) -> Bool {
        guard grid.contentSize == nil, !grid.placeholder else { return false }
        return (grid.measure == RuntimeReading.wrap && grid.children.isEmpty) || (grid.measure == 0 && grid.anchor)
    }

    /// L003, once per layout: the cells whose size comes from a view a static tool cannot
    /// measure; frames assume 0 × 0 unless a preview size is given.
    mutating func reportUnknownViews(_ cells: [(RuntimeGrid, String, Axis)]) {
        guard let (grid, path, axis) = cells.first else { return }
        let wrap = grid.measure == RuntimeReading.wrap
        var message = wrap
            ? "the \(axis == .rows ? "height" : "width") of this wrap cell (\(path)) comes from its view, which Trellis cannot measure: frames assume a 0 × 0 view"
            : "this overlap cell (\(path)) lets its view size itself, and Trellis cannot measure the view: frames assume 0 × 0"
        if cells.count > 1 { message += "; so do \(cells.count - 1) more cell\(cells.count == 2 ? "" : "s") of this layout" }
        var notes = ["In Trellis, give a view's size for previews with `content(WxH)`, e.g. `wrap content(120x20)`; it never reaches the JSON."]
        if cells.count > 1 {
            let others = cells.dropFirst().prefix(12).map(\.1).joined(separator: ", ")
            notes.append("The others: \(others)\(cells.count > 13 ? ", …" : "").")
        }
        add("L003", .info, message, spans.span(of: wrap ? "size" : "overlap", on: grid), notes: notes)
    }

    mutating func lint(_ grid: RuntimeGrid, isRoot: Bool) {
        let key = grid.axis?.rawValue ?? "rows"
        if let axis = grid.axis {
            let ratios = grid.children.map(\.measure).filter { $0 > 0 && $0 < 1 }
            let total = ratios.reduce(0, +)
            if ratios.count > 1, total > 1.000_001 {
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
