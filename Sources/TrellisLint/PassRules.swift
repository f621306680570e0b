import TrellisLayout
import TrellisModel
import TrellisSyntax

/// A construct that reads the rectangles the previous pass left: which grid, why, the fix.
struct PassDependence {
    var grid: Int
    var reason: String
    var fix: String
}

/// A layout's grids in pre-order with what the pass rules need to name a cause: each grid's
/// parent and subtree size.
struct TreeShape {
    let grids: [RuntimeGrid]
    let parents: [Int]

    /// Built only when a pass rule reports: it copies every grid.
    init(root: RuntimeGrid, sizes: [Int]) {
        var grids: [RuntimeGrid] = []
        grids.reserveCapacity(sizes.count)
        var stack = [root]
        while let grid = stack.popLast() {
            grids.append(grid)
            stack.append(contentsOf: grid.children.reversed())
        }
        self.grids = grids
        var parents = [Int](repeating: -1, count: grids.count)
        for index in grids.indices {
            var child = index + 1
            for _ in grids[index].children where child < grids.count {
                parents[child] = index
                child += sizes[child]
            }
        }
        self.parents = parents
    }

    /// Why a grid's frame can depend on the previous pass (spec §10, §12), and what to do
    /// about it, or nil. The runtime reads rectangles the last pass left in exactly these places.
    func passDependence(_ index: Int, wrapHeight: Bool) -> PassDependence? {
        let grid = grids[index]
        let parent = parents[index]
        if index == 0 {
            guard wrapHeight, grid.axis == .cols, !grid.children.isEmpty else { return nil }
            return PassDependence(
                grid: 0,
                reason: "the root's height wraps columns: it takes each column's height from that column's first sub-grid as the previous pass left it",
                fix: "lay the view out at a fixed height, or give the first sub-grid of each column a fixed size")
        }
        guard parent >= 0 else { return nil }
        if grid.measure == RuntimeReading.wrap, !grid.children.isEmpty, grid.axis != grids[parent].axis {
            let cross = grid.axis == .cols ? "height" : "width"
            return PassDependence(
                grid: index,
                reason: "the wrap grid \(path(index)) splits the other way from its parent: it takes each child's \(cross) from that child's first sub-grid (a leaf keeps its old one) as the previous pass left it",
                fix: "give the wrap grid \(path(index)) a fixed size or a ratio, or split it the same way as its parent")
        }
        if grid.anchor, grid.measure == 0, !grid.children.isEmpty {
            return PassDependence(
                grid: index,
                reason: "the overlap grid \(path(index)) has sub-grids: it measures them from the rectangle the previous pass left",
                fix: "move the sub-grids out of the overlap grid \(path(index)), or give it no sub-grids")
        }
        return nil
    }

    /// The cause nearest to `index`: its own grid or an ancestor, else the first in the tree.
    func cause(of index: Int, wrapHeight: Bool) -> PassDependence? {
        var current = index
        while current >= 0 {
            if let found = passDependence(current, wrapHeight: wrapHeight) { return found }
            current = parents[current]
        }
        for candidate in grids.indices {
            if let found = passDependence(candidate, wrapHeight: wrapHeight) { return found }
        }
        return nil
    }

    /// The dotted path of a grid, as `trellis frames` prints it.
    func path(_ index: Int) -> String {
        var parts: [Int] = []
        var current = index
        while current > 0, parents[current] >= 0 {
            let parent = parents[current]
            var ordinal = 1
            var child = parent + 1
            while child < current, child < grids.count {
                ordinal += 1
                child = nextSibling(child)
            }
            parts.append(ordinal)
            current = parent
        }
        return parts.isEmpty ? "(root)" : parts.reversed().map(String.init).joined(separator: ".")
    }

    private func nextSibling(_ index: Int) -> Int {
        var next = index + 1
        while next < grids.count, isDescendant(next, of: index) { next += 1 }
        return next
    }

    private func isDescendant(_ index: Int, of ancestor: Int) -> Bool {
        var current = parents[index]
        while current >= 0 {
            if current == ancestor { return true }
            current = parents[current]
        }
        return false
    }
}

extension LayoutRules {
    /// L005: a wrap-height layout whose height changes on every pass.
    mutating func neverSettles(_ result: LayoutResult, shape: TreeShape) {
        guard reported.insert("L005").inserted, let root = shape.grids.first else { return }
        let at = result.viewport.description
        let heights = result.heights.map(n)
        let walk = heights.count > 5 ? heights.prefix(3).joined(separator: " → ") + " → … → " + (heights.last ?? "") : heights.joined(separator: " → ")
        var labels: [DiagnosticLabel] = []
        var notes = ["Each pass changes the view's height, so UIKit lays it out again: the app re-lays this layout out on every frame. Trellis stops after \(LayoutEngine.maximumPasses) passes and shows the last."]
        var fix = "To fix: give the grid whose size comes from its content a fixed size."
        if let cause = shape.cause(of: 0, wrapHeight: true) {
            notes.append("Likely cause: " + cause.reason + ".")
            labels.append(DiagnosticLabel(range: causeSpan(cause.grid, shape), message: "this grid reads the previous pass"))
            fix = "To fix: " + cause.fix + "."
        }
        diagnostics.append(Diagnostic(
            code: "L005", severity: .warning, range: spans.span(of: root.axis?.rawValue ?? "rows", on: root),
            message: "at \(at) this layout's height never settles: \(walk) after \(result.passes) passes",
            labels: labels, notes: notes + [fix]))
    }

    /// L006: frames that change when the settled layout is laid out again. A warning when a
    /// view or a borderline moves (what a person sees), naming the first; information when
    /// only grid rectangles that show nothing change.
    mutating func movesOnRelayout(_ first: LayoutResult, _ second: LayoutResult, root: RuntimeGrid, sizes: [Int]) {
        guard first.grids.count == second.grids.count, first.grids.count == sizes.count else { return }
        let moved = first.grids.indices.filter { !same(first.grids[$0], second.grids[$0]) }
        guard let firstMoved = moved.first, reported.insert("L006").inserted else { return }
        let shape = TreeShape(root: root, sizes: sizes)
        let visible = moved.filter { index in
            let a = first.grids[index], b = second.grids[index]
            if let view = a.viewFrame, let other = b.viewFrame { return !close(view, other) }
            return (a.slot != nil || !shape.grids[index].borderlines.isEmpty) && !close(a.frame, b.frame)
        }
        let at = first.viewport.description
        let viewMoves = visible.first { first.grids[$0].viewFrame != nil && second.grids[$0].viewFrame != nil }
        let shown = viewMoves ?? visible.first ?? firstMoved
        let before = first.grids[shown], after = second.grids[shown]
        let name = before.path.isEmpty ? "(root)" : before.path
        let others = moved.count > 1 ? " (\(moved.count) grids move in all)" : ""
        var message: String
        if let a = before.viewFrame, let b = after.viewFrame, !close(a, b) {
            message = "at \(at) the views move when the layout is laid out again: view #\(before.slot ?? 0) in grid \(name) goes from \(describe(a)) to \(describe(b))\(others)"
        } else if !visible.isEmpty {
            message = "at \(at) the frames change when the layout is laid out again: grid \(name) goes from \(describe(before.frame)) to \(describe(after.frame))\(others)"
        } else {
            message = "at \(at) the grid rectangles change when the layout is laid out again, though no view or borderline moves: grid \(name) goes from \(describe(before.frame)) to \(describe(after.frame))\(others)"
        }
        var labels: [DiagnosticLabel] = []
        var notes = ["The runtime keeps rectangles between passes and reads some of them before the pass sets them (spec §10): after a rotation and back, or `setNeedsLayout`, the screen differs from the first layout."]
        var fix = "To fix: give the grids whose size comes from their content fixed sizes; `trellis frames --relayout 1` shows the second layout."
        if let cause = shape.cause(of: shown, wrapHeight: first.viewport.height == nil) {
            notes.append("Cause: " + cause.reason + ".")
            if cause.grid != shown { labels.append(DiagnosticLabel(range: causeSpan(cause.grid, shape), message: "reads the previous pass")) }
            fix = "To fix: " + cause.fix + "; `trellis frames --relayout 1` shows the second layout."
        }
        diagnostics.append(Diagnostic(
            code: "L006", severity: visible.isEmpty ? .info : .warning, range: spans.span(of: "size", on: shape.grids[shown]), message: message,
            labels: labels, notes: notes + [fix]))
    }

    /// The size of the grid that causes it; the root has none, so its split.
    func causeSpan(_ grid: Int, _ shape: TreeShape) -> Range<Int> {
        let runtime = shape.grids[grid]
        return spans.span(of: grid == 0 ? runtime.axis?.rawValue ?? "rows" : "size", on: runtime)
    }

    func same(_ a: GridFrame, _ b: GridFrame) -> Bool {
        close(a.frame, b.frame) && (a.viewFrame == nil) == (b.viewFrame == nil) && (a.viewFrame.map { view in b.viewFrame.map { close(view, $0) } ?? false } ?? true)
    }

    func close(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) <= 0.001 && abs(a.y - b.y) <= 0.001 && abs(a.width - b.width) <= 0.001 && abs(a.height - b.height) <= 0.001
    }

    /// `(x, y) width × height`.
    func describe(_ rect: Rect) -> String {
        "(\(n(rect.x)), \(n(rect.y))) \(n(rect.width)) × \(n(rect.height))"
    }
}
