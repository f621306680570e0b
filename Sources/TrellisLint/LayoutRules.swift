import TrellisLayout
import TrellisModel
import TrellisSyntax

/// Rules that need computed frames — overflowing children, cells that get no length, layouts
/// that never settle or move when laid out again — at each viewport, on the frames the screen
/// shows (reported once per grid, naming the first viewport that shows it).
struct LayoutRules {
    let spans: Spans
    var diagnostics: [Diagnostic] = []
    /// What was reported: a code, for a grid or (`grid` nil) for the whole layout.
    struct Reported: Hashable {
        var code: DiagnosticCode
        var grid: Int?
    }
    var reported: Set<Reported> = []
    /// The screens computed, by viewport, when asked to keep them: the settled screen, then
    /// the screen after one more layout when the first settled (what the editor shows without
    /// computing them again).
    var screens: [[LayoutResult]] = []
    let keepsScreens: Bool

    init(spans: Spans, keepsScreens: Bool = false) {
        self.spans = spans
        self.keepsScreens = keepsScreens
    }

    mutating func lint(_ tree: LayoutTree, viewports: [Viewport]) {
        for viewport in viewports {
            let screens = LayoutEngine.screens(tree, viewport: viewport, relayouts: 1)
            if keepsScreens { self.screens.append(screens) }
            guard let result = screens.first, result.grids.count == tree.count else { continue }
            if let last = screens.last, !last.settled {
                neverSettles(last, tree: tree)
            } else if screens.count == 2 {
                movesOnRelayout(result, screens[1], tree: tree)
            }
            for grid in 0..<tree.count where tree.childCount[grid] > 0 {
                lint(tree, grid, result: result, viewport: viewport)
            }
            if viewport.rtl { misplacedBorderlines(tree, result, viewport: viewport) }
        }
    }

    /// L004: under RTL MyLayout mirrors a sub-grid's borderline layers within the grid's own
    /// width (`layoutSize.width − x − width`, where `x` already includes the grid's origin),
    /// not across the layout view, so every line of a grid narrower than the layout lands
    /// away from the grid's edge, often off the screen. Reported once per layout, at the
    /// first such grid, with where the line is painted.
    mutating func misplacedBorderlines(_ tree: LayoutTree, _ result: LayoutResult, viewport: Viewport) {
        var first: (grid: Int, line: BorderlineFrame)?
        var count = 0
        for grid in result.borderlines.gridIndices {
            guard let line = result.borderlines.lines(of: grid).first(where: { $0.state != .never && abs($0.painted.x - $0.intended.x) > 0.001 }) else {
                continue
            }
            if first == nil { first = (grid, line) }
            count += 1
        }
        guard let (grid, line) = first, reported.insert(Reported(code: .borderlinesAwayUnderRTL)).inserted else { return }
        let painted = line.painted
        let offScreen = painted.x + painted.width <= 0 || painted.x >= result.width ? ", off the screen" : ""
        var message =
            "at \(viewport.description) the \(line.edge.rawValue) borderline of this grid (\(result.path(of: grid))) is painted at x \(n(painted.x))\(offScreen), not at the grid's edge (x \(n(line.intended.x)))"
        if count > 1 { message += "; so are the borderlines of \(count - 1) more grid\(count == 2 ? "" : "s")" }
        diagnostics.append(
            Diagnostic(
                code: .borderlinesAwayUnderRTL, range: spans.span(of: .borderline(line.edge), grid: grid, in: tree), message: message,
                notes: [
                    "Under RTL MyLayout mirrors a grid's borderlines within the grid's own width, not across the layout (MyLayoutDelegate.m, -layoutSublayersOfLayer:): only a grid as wide as the layout keeps them at its edges."
                ]))
    }

    func length(_ frame: Rect, along axis: Axis) -> Double {
        axis == .cols ? frame.width : frame.height
    }

    /// L001 and L002 for a grid with children.
    mutating func lint(_ tree: LayoutTree, _ grid: Int, result: LayoutResult, viewport: Viewport) {
        guard tree.childCount[grid] > 0 else { return }
        let axis: Axis = tree.axis[grid] == LayoutTree.rows ? .rows : .cols
        let available = length(result.grids.rect(grid), along: axis)
        let inset = tree.insets[grid]
        let padding = axis == .cols ? inset.left + inset.right : inset.top + inset.bottom
        let spacing = inset.spacing * Double(tree.childCount[grid] - 1)
        var fixed = 0.0
        for child in tree.children(of: grid) where tree.measure[child] >= 0 || tree.measure[child] == RuntimeReading.wrap {
            fixed += length(result.grids.rect(child), along: axis)
        }
        let needed = fixed + padding + spacing
        if needed > available + 0.001, available > 0, reported.insert(Reported(code: .childrenOverflow, grid: grid)).inserted {
            let parts = "\(n(fixed)) (fixed, ratio and wrap \(axis.rawValue)) + \(n(padding)) (padding) + \(n(spacing)) (spacing)"
            diagnostics.append(
                Diagnostic(
                    code: .childrenOverflow, range: spans.span(of: .split, grid: grid, in: tree),
                    message: "at \(viewport.description) the \(axis.rawValue) need \(n(needed)) points but the grid has \(n(available)): \(parts)",
                    notes: ["The runtime clamps nothing: the children overflow the grid."]))
        }
        for child in tree.children(of: grid) {
            let measure = tree.measure[child]
            guard measure == RuntimeReading.fill || (measure < 0 && measure > -1) else { continue }
            let got = length(result.grids.rect(child), along: axis)
            if got <= 0, reported.insert(Reported(code: .cellGetsNoLength, grid: child)).inserted {
                let kind = measure == RuntimeReading.fill ? "fill" : "remaining-ratio"
                let wrapsAlongAxis = tree.measure[grid] == RuntimeReading.wrap || (grid == 0 && viewport.height == nil && axis == .rows)
                let note =
                    wrapsAlongAxis
                    ? "The parent's length comes from its content (wrap), so a \(kind) cell in it shares what its fixed, ratio and wrap cells leave of the length they make: nothing. Give the cell a fixed size, or the parent one."
                    : "The parent is \(n(available)) long; its fixed, ratio and wrap children, padding and spacing take \(n(needed))."
                diagnostics.append(
                    Diagnostic(
                        code: .cellGetsNoLength, range: spans.span(of: .size, grid: child, in: tree),
                        message: "at \(viewport.description) this \(kind) cell gets \(n(got)) points: nothing remains after its fixed and ratio siblings",
                        notes: [note]))
            }
        }
    }

    func n(_ value: Double) -> String { JSONWriter.formatNumber((value * 100).rounded() / 100) }
}
