import TrellisLayout
import TrellisModel
import TrellisSyntax

/// Rules that need computed frames — overflowing children, cells that get no length, layouts
/// that never settle or move when laid out again — at each viewport, on the frames the screen
/// shows (reported once per grid, naming the first viewport that shows it).
struct LayoutRules {
    let spans: Spans
    var diagnostics: [Diagnostic] = []
    var reported: Set<String> = []

    init(spans: Spans) { self.spans = spans }

    mutating func lint(root: RuntimeGrid, viewports: [Viewport]) {
        var grids: [RuntimeGrid] = []
        var stack = [root]
        while let grid = stack.popLast() {
            grids.append(grid)
            stack.append(contentsOf: grid.children.reversed())
        }
        // Subtree sizes in pre-order: a grid's children start at index + 1, each after the
        // previous child's subtree.
        var sizes = [Int](repeating: 1, count: grids.count)
        var completed: [Int] = []
        for index in grids.indices.reversed() {
            var size = 1
            for _ in grids[index].children { size += completed.popLast() ?? 0 }
            sizes[index] = size
            completed.append(size)
        }
        let shape = TreeShape(grids: grids, sizes: sizes)
        for viewport in viewports {
            let screens = LayoutEngine.screens(root, viewport: viewport, relayouts: 1)
            guard let result = screens.first, result.grids.count == grids.count else { continue }
            if let last = screens.last, !last.settled {
                neverSettles(last, shape: shape)
            } else if screens.count == 2 {
                movesOnRelayout(result, screens[1], shape: shape)
            }
            if viewport.rtl { misplacedBorderlines(grids, result, viewport: viewport) }
            for index in grids.indices where !grids[index].children.isEmpty {
                var childIndices: [Int] = []
                var child = index + 1
                for _ in grids[index].children {
                    childIndices.append(child)
                    child += sizes[child]
                }
                lint(grids[index], frame: result.grids[index], children: childIndices.map { result.grids[$0] }, viewport: viewport)
            }
        }
    }

    /// L004: under RTL MyGridLayout mirrors the views but draws borderlines from the grids'
    /// unmirrored rectangles, so a borderline of a grid that is not centred lands on the other
    /// side. Reported once per layout, at the first such grid.
    mutating func misplacedBorderlines(_ grids: [RuntimeGrid], _ result: LayoutResult, viewport: Viewport) {
        var misplaced: [(RuntimeGrid, GridFrame)] = []
        for (grid, frame) in zip(grids, result.grids) where !grid.borderlines.isEmpty && frame.depth > 0 {
            let unmirroredX = result.width - frame.frame.x - frame.frame.width
            if abs(unmirroredX - frame.frame.x) > 0.001 { misplaced.append((grid, frame)) }
        }
        guard let (grid, frame) = misplaced.first, reported.insert("L004").inserted else { return }
        let key = grid.borderlines.first.map { "\($0.edge.rawValue)-borderline" } ?? "rows"
        let unmirroredX = result.width - frame.frame.x - frame.frame.width
        var message = "at \(viewport.description) the borderlines of this grid (\(frame.path)) are drawn at x \(n(unmirroredX)), not where the grid appears (x \(n(frame.frame.x)))"
        if misplaced.count > 1 { message += "; so are those of \(misplaced.count - 1) more grid\(misplaced.count == 2 ? "" : "s")" }
        diagnostics.append(Diagnostic(
            code: "L004", severity: .warning, range: spans.span(of: key, on: grid), message: message,
            notes: ["Under RTL MyGridLayout mirrors the views but draws borderlines from the unmirrored grid rectangles (a runtime bug)."]))
    }

    func length(_ frame: GridFrame, along axis: Axis) -> Double {
        axis == .cols ? frame.frame.width : frame.frame.height
    }

    mutating func lint(_ grid: RuntimeGrid, frame: GridFrame, children childFrames: [GridFrame], viewport: Viewport) {
        guard let axis = grid.axis, !grid.children.isEmpty, childFrames.count == grid.children.count else { return }
        let at = viewport.description
        let available = length(frame, along: axis)
        let padding = axis == .cols ? grid.padding.left + grid.padding.right : grid.padding.top + grid.padding.bottom
        let spacing = grid.spacing * Double(grid.children.count - 1)
        var fixed = 0.0
        for (child, childFrame) in zip(grid.children, childFrames) where child.measure >= 0 || child.measure == RuntimeReading.wrap {
            fixed += length(childFrame, along: axis)
        }
        let needed = fixed + padding + spacing
        if needed > available + 0.001, available > 0, reported.insert("L001 \(frame.path)").inserted {
            let parts = "\(n(fixed)) (fixed, ratio and wrap \(axis.rawValue)) + \(n(padding)) (padding) + \(n(spacing)) (spacing)"
            diagnostics.append(Diagnostic(
                code: "L001", severity: .warning, range: spans.span(of: axis.rawValue, on: grid),
                message: "at \(at) the \(axis.rawValue) need \(n(needed)) points but the grid has \(n(available)): \(parts)",
                notes: ["The runtime clamps nothing: the children overflow the grid."]))
        }
        for (child, childFrame) in zip(grid.children, childFrames) where child.measure == RuntimeReading.fill || (child.measure < 0 && child.measure > -1) {
            let got = length(childFrame, along: axis)
            if got <= 0, reported.insert("L002 \(childFrame.path)").inserted {
                let kind = child.measure == RuntimeReading.fill ? "fill" : "remaining-ratio"
                let wrapsAlongAxis = grid.measure == RuntimeReading.wrap || (frame.depth == 0 && viewport.height == nil && axis == .rows)
                let note = wrapsAlongAxis
                    ? "The parent's length comes from its content (wrap), so a \(kind) cell in it shares what its fixed, ratio and wrap cells leave of the length they make: nothing. Give the cell a fixed size, or the parent one."
                    : "The parent is \(n(available)) long; its fixed, ratio and wrap children, padding and spacing take \(n(needed))."
                diagnostics.append(Diagnostic(
                    code: "L002", severity: .warning, range: spans.span(of: "size", on: child),
                    message: "at \(at) this \(kind) cell gets \(n(got)) points: nothing remains after its fixed and ratio siblings",
                    notes: [note]))
            }
        }
    }

    func n(_ value: Double) -> String { JSONWriter.formatNumber((value * 100).rounded() / 100) }
}
