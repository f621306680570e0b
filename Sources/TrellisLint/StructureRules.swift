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
        var stack: [(RuntimeGrid, Bool)] = [(root, true)]
        while let (grid, isRoot) = stack.popLast() {
            lint(grid, isRoot: isRoot)
            for child in grid.children.reversed() { stack.append((child, false)) }
        }
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
