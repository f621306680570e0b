import TrellisLayout
import TrellisModel
import TrellisSyntax

/// A construct that reads the rectangles the previous pass left: which grid, why, the fix.
struct PassDependence {
    var grid: Int
    var reason: String
    var fix: String
}

/// What the pass rules ask of a layout's tree: why a grid's frame can depend on the previous
/// pass, and the nearest such cause.
extension LayoutTree {
    /// Why a grid's frame can depend on the previous pass (spec §10, §12), and what to do
    /// about it, or nil. The runtime reads rectangles the last pass left in exactly these places.
    func passDependence(_ index: Int, wrapHeight: Bool) -> PassDependence? {
        guard readsPreviousPass(index, wrapHeight: wrapHeight) else { return nil }
        if index == 0 {
            return PassDependence(
                grid: 0,
                reason: "the root's height wraps columns: it takes each column's height from that column's first sub-grid as the previous pass left it",
                fix: "lay the view out at a fixed height, or give the first sub-grid of each column a fixed size")
        }
        if measure[index] == RuntimeReading.wrap {
            let cross = axis[index] == Self.cols ? "height" : "width"
            return PassDependence(
                grid: index,
                reason:
                    "the wrap grid \(name(index)) splits the other way from its parent: it takes each child's \(cross) from that child's first sub-grid (a leaf keeps its old one) as the previous pass left it",
                fix: "give the wrap grid \(name(index)) a fixed size or a ratio, or split it the same way as its parent")
        }
        return PassDependence(
            grid: index,
            reason: "the overlap grid \(name(index)) has sub-grids: it measures them from the rectangle the previous pass left",
            fix: "move the sub-grids out of the overlap grid \(name(index)), or give it no sub-grids")
    }

    /// The cause nearest to `index`: its own grid or an ancestor, else the first in the tree.
    func cause(of index: Int, wrapHeight: Bool) -> PassDependence? {
        var current = index
        while current >= 0 {
            if let found = passDependence(current, wrapHeight: wrapHeight) { return found }
            current = Int(parent[current])
        }
        for candidate in 0..<count {
            if let found = passDependence(candidate, wrapHeight: wrapHeight) { return found }
        }
        return nil
    }

    /// The dotted path of a grid, as `trellis frames` prints it; `(root)` for the root.
    func name(_ index: Int) -> String {
        index == 0 ? "(root)" : path(of: index)
    }
}

extension LayoutRules {
    /// L005: a wrap-height layout whose height changes on every pass.
    mutating func neverSettles(_ result: LayoutResult, tree shape: LayoutTree) {
        guard reported.insert(Reported(code: .heightNeverSettles)).inserted, shape.count > 0 else { return }
        let at = result.viewport.description
        let heights = result.heights.map(n)
        let walk = heights.count > 5 ? heights.prefix(3).joined(separator: " → ") + " → … → " + (heights.last ?? "") : heights.joined(separator: " → ")
        var labels: [DiagnosticLabel] = []
        var notes = [
            "Each pass changes the view's height, so UIKit lays it out again: the app re-lays this layout out on every frame. Trellis stops after \(LayoutEngine.maximumPasses) passes and shows the last."
        ]
        var fix = "To fix: give the grid whose size comes from its content a fixed size."
        if let cause = shape.cause(of: 0, wrapHeight: true) {
            notes.append("Likely cause: " + cause.reason + ".")
            labels.append(DiagnosticLabel(range: causeSpan(cause.grid, shape), message: "this grid reads the previous pass"))
            fix = "To fix: " + cause.fix + "."
        }
        diagnostics.append(
            Diagnostic(
                code: .heightNeverSettles, range: spans.span(of: .split, grid: 0, in: shape),
                message: "at \(at) this layout's height never settles: \(walk) after \(result.passes) passes",
                labels: labels, notes: notes + [fix]))
    }

    /// L006: frames that change when the settled layout is laid out again. A warning when a
    /// view or a borderline moves (what a person sees), naming the first; information when
    /// only grid rectangles that show nothing change.
    mutating func movesOnRelayout(_ first: LayoutResult, _ second: LayoutResult, tree shape: LayoutTree) {
        guard first.grids.count == second.grids.count, first.grids.count == shape.count,
            !first.grids.isIdentical(toResultOfTheSameTree: second.grids)
        else { return }
        let moved = first.grids.indices.filter { !same(first.grids[$0], second.grids[$0]) }
        guard let firstMoved = moved.first, reported.insert(Reported(code: .framesChangeOnRelayout)).inserted else { return }
        let visible = moved.filter { index in
            let a = first.grids[index], b = second.grids[index]
            if let view = a.viewFrame, let other = b.viewFrame { return !close(view, other) }
            return (a.slot != nil || shape.firstBorderline[index] != nil) && !close(a.frame, b.frame)
        }
        let at = first.viewport.description
        let viewMoves = visible.first { first.grids[$0].viewFrame != nil && second.grids[$0].viewFrame != nil }
        let shown = viewMoves ?? visible.first ?? firstMoved
        let before = first.grids[shown], after = second.grids[shown]
        let path = first.path(of: shown)
        let name = path.isEmpty ? "(root)" : path
        let others = moved.count > 1 ? " (\(moved.count) grids move in all)" : ""
        var message: String
        if let a = before.viewFrame, let b = after.viewFrame, !close(a, b) {
            message =
                "at \(at) the views move when the layout is laid out again: view #\(before.slot ?? 0) in grid \(name) goes from \(describe(a)) to \(describe(b))\(others)"
        } else if !visible.isEmpty {
            message =
                "at \(at) the frames change when the layout is laid out again: grid \(name) goes from \(describe(before.frame)) to \(describe(after.frame))\(others)"
        } else {
            message =
                "at \(at) the grid rectangles change when the layout is laid out again, though no view or borderline moves: grid \(name) goes from \(describe(before.frame)) to \(describe(after.frame))\(others)"
        }
        var labels: [DiagnosticLabel] = []
        var notes = [
            "The runtime keeps rectangles between passes and reads some of them before the pass sets them (spec §10): after a rotation and back, or `setNeedsLayout`, the screen differs from the first layout."
        ]
        var fix = "To fix: give the grids whose size comes from their content fixed sizes; `trellis frames --relayout 1` shows the second layout."
        if let cause = shape.cause(of: shown, wrapHeight: first.viewport.height == nil) {
            notes.append("Cause: " + cause.reason + ".")
            if cause.grid != shown { labels.append(DiagnosticLabel(range: causeSpan(cause.grid, shape), message: "reads the previous pass")) }
            fix = "To fix: " + cause.fix + "; `trellis frames --relayout 1` shows the second layout."
        }
        diagnostics.append(
            Diagnostic(
                code: .framesChangeOnRelayout, severity: visible.isEmpty ? .info : .warning, range: spans.span(of: .size, grid: shown, in: shape),
                message: message,
                labels: labels, notes: notes + [fix]))
    }

    /// The size of the grid that causes it; the root has none, so its split.
    func causeSpan(_ grid: Int, _ shape: LayoutTree) -> Range<Int> {
        spans.span(of: grid == 0 ? .split : .size, grid: grid, in: shape)
    }

    func same(_ a: GridFrame, _ b: GridFrame) -> Bool {
        close(a.frame, b.frame) && (a.viewFrame == nil) == (b.viewFrame == nil)
            && (a.viewFrame.map { view in b.viewFrame.map { close(view, $0) } ?? false } ?? true)
    }

    /// Within 0.001, or the same value beyond any screen (a view `CGFLOAT_MAX` long, or a
    /// position that overflowed to −∞ when rounded to pixels, stays where it was).
    func close(_ a: Rect, _ b: Rect) -> Bool {
        func near(_ a: Double, _ b: Double) -> Bool { a == b || abs(a - b) <= 0.001 }
        return near(a.x, b.x) && near(a.y, b.y) && near(a.width, b.width) && near(a.height, b.height)
    }

    /// `(x, y) width × height`.
    func describe(_ rect: Rect) -> String {
        "(\(FramesReport.number(rect.x)), \(FramesReport.number(rect.y))) \(FramesReport.number(rect.width)) × \(FramesReport.number(rect.height))"
    }
}
