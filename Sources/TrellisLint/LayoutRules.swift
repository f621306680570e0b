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
        // Subtree sizes in pre-order: a grid's children start at index + 1, each after the
        // previous child's subtree.
        var sizes: [Int] = []
        _ = Self.subtreeSizes(root, into: &sizes)
        for viewport in viewports {
            let screens = LayoutEngine.screens(root, viewport: viewport, relayouts: 1)
            guard let result = screens.first, result.grids.count == sizes.count else { continue }
            if let last = screens.last, !last.settled {
                neverSettles(last, shape: TreeShape(root: root, sizes: sizes))
            } else if screens.count == 2 {
                movesOnRelayout(result, screens[1], root: root, sizes: sizes)
            }
            var misplaced = MisplacedBorderlines()
            var index = 0
            walk(root, index: &index, result: result, sizes: sizes, viewport: viewport, misplaced: &misplaced)
            if viewport.rtl { report(misplaced, result, viewport: viewport) }
        }
    }

    static func subtreeSizes(_ grid: borrowing RuntimeGrid, into sizes: inout [Int]) -> Int {
        let index = sizes.count
        sizes.append(1)
        var total = 1
        for child in grid.children.indices { total += subtreeSizes(grid.children[child], into: &sizes) }
        sizes[index] = total
        return total
    }

    /// Pre-order beside the frames, borrowing each grid: the per-grid rules, and under RTL
    /// the grids whose borderlines land elsewhere.
    mutating func walk(_ grid: borrowing RuntimeGrid, index: inout Int, result: LayoutResult, sizes: [Int],
                       viewport: Viewport, misplaced: inout MisplacedBorderlines) {
        let own = index
        let frame = result.grids[own]
        if viewport.rtl, !grid.borderlines.isEmpty, frame.depth > 0 {
            let unmirroredX = result.width - frame.frame.x - frame.frame.width
            if abs(unmirroredX - frame.frame.x) > 0.001 {
                if misplaced.first == nil { misplaced.first = (copy grid, frame) }
                misplaced.count += 1
            }
        }
        if !grid.children.isEmpty { lint(grid, index: own, result: result, sizes: sizes, viewport: viewport) }
        index += 1
        for child in grid.children.indices {
            walk(grid.children[child], index: &index, result: result, sizes: sizes, viewport: viewport, misplaced: &misplaced)
        }
    }

    /// The first grid whose borderlines are drawn away from it under RTL, and how many.
    struct MisplacedBorderlines {
        var first: (grid: RuntimeGrid, frame: GridFrame)?
        var count = 0
    }

    /// L004: under RTL MyGridLayout mirrors the views but draws borderlines from the grids'
    /// unmirrored rectangles, so a borderline of a grid that is not centred lands on the other
    /// side. Reported once per layout, at the first such grid.
    mutating func report(_ misplaced: MisplacedBorderlines, _ result: LayoutResult, viewport: Viewport) {
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

    /// L001 and L002 for a grid with children: `index` is its place in pre-order.
    mutating func lint(_ grid: borrowing RuntimeGrid, index: Int, result: LayoutResult, sizes: [Int], viewport: Viewport) {
        guard let axis = grid.axis, !grid.children.isEmpty else { return }
        let frame = result.grids[index]
        let available = length(frame, along: axis)
        let padding = axis == .cols ? grid.padding.left + grid.padding.right : grid.padding.top + grid.padding.bottom
        let spacing = grid.spacing * Double(grid.children.count - 1)
        var fixed = 0.0
        var childIndex = index + 1
        for child in grid.children.indices {
            let measure = grid.children[child].measure
            if measure >= 0 || measure == RuntimeReading.wrap { fixed += length(result.grids[childIndex], along: axis) }
            childIndex += sizes[childIndex]
        }
        let needed = fixed + padding + spacing
        if needed > available + 0.001, available > 0, reported.insert("L001 \(index)").inserted {
            let parts = "\(n(fixed)) (fixed, ratio and wrap \(axis.rawValue)) + \(n(padding)) (padding) + \(n(spacing)) (spacing)"
            diagnostics.append(Diagnostic(
                code: "L001", severity: .warning, range: spans.span(of: axis.rawValue, on: grid),
                message: "at \(viewport.description) the \(axis.rawValue) need \(n(needed)) points but the grid has \(n(available)): \(parts)",
                notes: ["The runtime clamps nothing: the children overflow the grid."]))
        }
        childIndex = index + 1
        for child in grid.children.indices {
            let childFrame = result.grids[childIndex]
            let measure = grid.children[child].measure
            defer { childIndex += sizes[childIndex] }
            guard measure == RuntimeReading.fill || (measure < 0 && measure > -1) else { continue }
            let got = length(childFrame, along: axis)
            if got <= 0, reported.insert("L002 \(childIndex)").inserted {
                let kind = measure == RuntimeReading.fill ? "fill" : "remaining-ratio"
                let wrapsAlongAxis = grid.measure == RuntimeReading.wrap || (frame.depth == 0 && viewport.height == nil && axis == .rows)
                let note = wrapsAlongAxis
                    ? "The parent's length comes from its content (wrap), so a \(kind) cell in it shares what its fixed, ratio and wrap cells leave of the length they make: nothing. Give the cell a fixed size, or the parent one."
                    : "The parent is \(n(available)) long; its fixed, ratio and wrap children, padding and spacing take \(n(needed))."
                diagnostics.append(Diagnostic(
                    code: "L002", severity: .warning, range: spans.span(of: "size", on: grid.children[child]),
                    message: "at \(viewport.description) this \(kind) cell gets \(n(got)) points: nothing remains after its fixed and ratio siblings",
                    notes: [note]))
            }
        }
    }

    func n(_ value: Double) -> String { JSONWriter.formatNumber((value * 100).rounded() / 100) }
}
