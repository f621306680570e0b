import TrellisLayout
import TrellisModel
import TrellisSyntax

/// A layout's grids in pre-order with what the pass rules need to name a cause: each grid's
/// parent and subtree size.
struct TreeShape {
    let grids: [RuntimeGrid]
    let parents: [Int]

    init(grids: [RuntimeGrid], sizes: [Int]) {
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

    /// Why a grid's frame can depend on the previous pass (spec §10, §12), or nil. The
    /// runtime reads rectangles the last pass left in exactly these places.
    func passDependence(_ index: Int, wrapHeight: Bool) -> String? {
        let grid = grids[index]
        let parent = parents[index]
        if index == 0 {
            guard wrapHeight, grid.axis == .cols, !grid.children.isEmpty else { return nil }
            return "the root's height wraps columns: it takes each column's height from that column's first sub-grid as the previous pass left it"
        }
        guard parent >= 0 else { return nil }
        let parentAxis = grids[parent].axis
        if grid.measure == RuntimeReading.wrap, !grid.children.isEmpty, grid.axis != parentAxis {
            let cross = grid.axis == .cols ? "height" : "width"
            return "the wrap grid \(path(index)) splits the other way from its parent: it takes each child's \(cross) from that child's first sub-grid (a leaf keeps its old one) as the previous pass left it"
        }
        if grid.anchor, grid.measure == 0, !grid.children.isEmpty {
            return "the overlap grid \(path(index)) has sub-grids: it measures them from the rectangle the previous pass left"
        }
        return nil
    }

    /// The cause nearest to `index`: its own grid or an ancestor, else the first in the tree.
    func cause(of index: Int, wrapHeight: Bool) -> (grid: Int, reason: String)? {
        var current = index
        while current >= 0 {
            if let reason = passDependence(current, wrapHeight: wrapHeight) { return (current, reason) }
            current = parents[current]
        }
        for candidate in grids.indices {
            if let reason = passDependence(candidate, wrapHeight: wrapHeight) { return (candidate, reason) }
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
        if let (grid, reason) = shape.cause(of: 0, wrapHeight: true) {
            notes.append("Likely cause: " + reason + ".")
            labels.append(DiagnosticLabel(range: causeSpan(grid, shape), message: "this grid reads the previous pass"))
        }
        diagnostics.append(Diagnostic(
            code: "L005", severity: .warning, range: spans.span(of: root.axis?.rawValue ?? "rows", on: root),
            message: "at \(at) this layout's height never settles: \(walk) after \(result.passes) passes",
            labels: labels, notes: notes + ["To fix: give that wrap grid a fixed size, or split it the same way as its parent; `trellis frames` shows the 10th pass."]))
    }

    /// L006: frames that change when the settled layout is laid out again.
    mutating func movesOnRelayout(_ first: LayoutResult, _ second: LayoutResult, shape: TreeShape) {
        guard first.grids.count == second.grids.count, first.grids.count == shape.grids.count else { return }
        guard let moved = first.grids.indices.first(where: { !same(first.grids[$0], second.grids[$0]) }) else { return }
        guard reported.insert("L006").inserted else { return }
        let before = first.grids[moved], after = second.grids[moved]
        let count = first.grids.indices.filter { !same(first.grids[$0], second.grids[$0]) }.count
        let name = before.path.isEmpty ? "(root)" : before.path
        var message = "at \(first.viewport.description) the frames change when the layout is laid out again: grid \(name) moves from \(describe(before.frame)) to \(describe(after.frame))"
        if before.frame == after.frame, let a = before.viewFrame, let b = after.viewFrame { message = "at \(first.viewport.description) the frames change when the layout is laid out again: the view in grid \(name) moves from \(describe(a)) to \(describe(b))" }
        if count > 1 { message += " (and \(count - 1) more grid\(count == 2 ? "" : "s"))" }
        var labels: [DiagnosticLabel] = []
        var notes = ["The runtime keeps rectangles between passes and reads some of them before this pass sets them (spec §10): a rotation and back, or `setNeedsLayout`, shows different frames from the first layout."]
        if let (grid, reason) = shape.cause(of: moved, wrapHeight: first.viewport.height == nil) {
            notes.append("Cause: " + reason + ".")
            if grid != moved { labels.append(DiagnosticLabel(range: causeSpan(grid, shape), message: "reads the previous pass")) }
        }
        notes.append("To fix: give that grid a fixed size or ratio instead of wrap; `trellis frames --relayout 1` shows the second layout.")
        diagnostics.append(Diagnostic(
            code: "L006", severity: .warning, range: spans.span(of: "size", on: shape.grids[moved]), message: message,
            labels: labels, notes: notes))
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

    func describe(_ rect: Rect) -> String {
        "x \(n(rect.x)) y \(n(rect.y)) \(n(rect.width))×\(n(rect.height))"
    }
}
