import TrellisModel

/// A rectangle in points.
public struct Rect: Hashable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether every number is an ordinary length: not `CGFLOAT_MAX` (beyond 10³⁰⁰), nor what
    /// rounding it to pixels overflowed to. A view that sets no size of its own, aligned by
    /// gravity in a cell of fixed size, gets such a frame from MyLayout.
    public var isBounded: Bool {
        Self.isOrdinary(x) && Self.isOrdinary(y) && Self.isOrdinary(width) && Self.isOrdinary(height)
    }

    /// Whether `value` is a length a screen can show: finite and within ±10³⁰⁰.
    public static func isOrdinary(_ value: Double) -> Bool { abs(value) <= 1e300 }

    /// The rectangle with a negative width or height turned around its far edge.
    public var standardized: Rect {
        var rect = self
        if rect.width < 0 {
            rect.x += rect.width
            rect.width = -rect.width
        }
        if rect.height < 0 {
            rect.y += rect.height
            rect.height = -rect.height
        }
        return rect
    }
}

/// The shape of a laid-out tree in pre-order, shared by all of its frames: enough to name
/// any grid's dotted path without building one for every grid.
final class GridPaths: Sendable {
    let parent: [Int32]
    let childStart: [Int32]
    let childCount: [Int32]
    let childList: [Int32]

    init(parent: [Int32], childStart: [Int32], childCount: [Int32], childList: [Int32]) {
        self.parent = parent
        self.childStart = childStart
        self.childCount = childCount
        self.childList = childList
    }

    /// `1.3.2`: the 1-based index of each grid on the way down from the root.
    func path(of index: Int) -> String {
        var text = ""
        for step in childIndices(of: index) {
            if !text.isEmpty { text += "." }
            text += String(step + 1)
        }
        return text
    }

    /// The 0-based index of each grid on the way down from the root to grid `index`.
    func childIndices(of index: Int) -> [Int] {
        var steps: [Int] = []
        var current = index
        while current > 0, current < parent.count {
            let up = Int(parent[current])
            guard up >= 0 else { break }
            steps.append(position(of: current, in: up))
            current = up
        }
        return steps.reversed()
    }

    /// Where `child` is among `parent`'s children: their indices ascend (pre-order), so a
    /// binary search finds it.
    func position(of child: Int, in parent: Int) -> Int {
        let start = Int(childStart[parent])
        var low = 0, high = Int(childCount[parent])
        while low < high {
            let middle = (low + high) / 2
            if Int(childList[start + middle]) < child { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// What the layout computed: every grid in depth-first pre-order, and how the view got there.
public struct LayoutResult: Sendable {
    public var viewport: Viewport
    /// The layout view's size: the viewport's, or for a wrap height the applied, pixel-rounded
    /// height after the last pass.
    public var width: Double
    public var height: Double
    public var grids: GridFrames
    /// How many layout passes ran (settling and relayouts together).
    public var passes: Int
    /// False when a wrap height still changed after ``LayoutEngine/maximumPasses`` passes of
    /// one layout.
    public var settled: Bool
    /// The view's height before the first pass and after each change the runtime applied
    /// (one element when the height never changed).
    public var heights: [Double]
    /// How many further layouts of the settled view ran (`--relayout`).
    public var relayouts: Int = 0
    /// False for `LayoutEngine.singlePass(_:viewport:)`: no settling, no view frames.
    public var isScreen: Bool
    /// The borderlines as the screen shows them (for a single pass: as that pass lays them out).
    public var borderlines = BorderlineLayers.none
    /// Names the grids (one reference for the whole result; the frames are plain values).
    let paths: GridPaths

    /// Dotted 1-based child indices from the root to grid `index` (`""` for the root), built
    /// when asked.
    public func path(of index: Int) -> String { paths.path(of: index) }
}

/// Computes frames exactly as MyGridLayout and MyBaseLayout do (MyGridLayout.m:
/// `myTraversalGrid:gridSize:…` then `myTraversalGrid:gridOrigin:…`; MyBaseLayout.m:
/// `-doLayoutSubviews`), quirks included; see docs/layout.md. O(grids × passes).
public enum LayoutEngine {
    /// Deepest tree the engine lays out (the readers' limits keep inputs well below it).
    public static let maximumDepth = 1_000
    /// The runtime re-lays a wrap-height view out until its height settles; Trellis stops a
    /// layout after this many passes.
    public static let maximumPasses = 10

    /// What the screen shows: the view starts at the viewport's height (0 for a wrap height),
    /// each pass's measured height is rounded to the pixel grid and applied when it differs by
    /// more than `1 / scale + 0.0001`, and the next pass runs at the new height on the same
    /// tree, reading the rectangles the previous pass left. Then `relayout` further layouts of
    /// the settled view (a rotation round trip, `setNeedsLayout`), each settling again. Reports
    /// the last pass, with the view frames the subviews get.
    public static func layout(_ root: RuntimeGrid, viewport: Viewport, relayout: Int = 0) -> LayoutResult {
        // `screens` always returns at least the settled result.
        screens(root, viewport: viewport, relayouts: relayout).last ?? singlePass(root, viewport: viewport)
    }

    /// The screen after settling, then after each of `relayouts` further layouts: the frames
    /// a second layout changes are pass-dependent (spec §10). Each layout settles within
    /// ``maximumPasses`` passes; when one does not, it is the last result, unsettled.
    public static func screens(_ root: RuntimeGrid, viewport: Viewport, relayouts: Int) -> [LayoutResult] {
        screens(LayoutTree(root), viewport: viewport, relayouts: relayouts)
    }

    /// ``screens(_:viewport:relayouts:)`` on a tree flattened once for several viewports.
    /// When no grid reads the previous pass, a relayout is known to take one pass and move
    /// nothing: it shares the settled frames instead of holding a second copy of them.
    public static func screens(_ tree: LayoutTree, viewport: Viewport, relayouts: Int) -> [LayoutResult] {
        screens(tree, viewport: viewport, relayouts: relayouts, laysOutEveryRelayout: false)
    }

    /// ``screens(_:viewport:relayouts:)``; with `laysOutEveryRelayout`, each relayout runs
    /// even when it cannot move anything (what the tests compare the shortcut with).
    static func screens(_ tree: LayoutTree, viewport: Viewport, relayouts: Int, laysOutEveryRelayout: Bool) -> [LayoutResult] {
        var pass = LayoutPass(tree: tree, viewport: viewport)
        var height = viewport.height ?? 0
        var heights = [height]
        var passes = 0
        var results: [LayoutResult] = []
        var lastPlaces: LayoutPass.Places?
        var layers = BorderlineLayers(tree, viewport: viewport)
        let relayoutsCanMove = relayouts == 0 || laysOutEveryRelayout || tree.anyReadsPreviousPass(wrapHeight: viewport.height == nil)
        for request in 0...max(0, relayouts) {
            if request > 0, !relayoutsCanMove, var again = results.last {
                // One pass at the settled height, on rectangles no pass reads before setting.
                passes += 1
                again.passes = passes
                again.relayouts = request
                results.append(again)
                continue
            }
            var settled = false
            for _ in 0..<maximumPasses {
                let measured = pass.run(height: height)
                passes += 1
                if !layers.isEmpty { layers.layOut(after: pass) }
                guard let applied = appliedHeight(measured, at: height, pass: pass) else {
                    settled = true
                    break
                }
                height = applied
                heights.append(height)
            }
            // A layout again that moved nothing shows the frames it showed (shared, not rebuilt).
            let unmoved = lastPlaces.flatMap { pass.isAt($0) ? results.last?.grids : nil }
            var result = LayoutResult(
                viewport: viewport, width: viewport.width, height: height, grids: unmoved ?? GridFrames(pass, screen: true),
                passes: passes, settled: settled, heights: heights, isScreen: true, paths: tree.paths)
            if request < relayouts { lastPlaces = pass.places }
            result.relayouts = request
            result.borderlines = layers
            results.append(result)
            if !settled { break }
        }
        return results
    }

    /// The height a wrap-height view takes after a pass measured `measured` while it was
    /// `height` tall, or nil when it keeps its height (a fixed height; a change within
    /// `1 / scale + 0.0001`): rounded to the pixel grid, a negative height applied as 0, and a
    /// frame set to the size it already has does not make UIKit lay the view out again.
    static func appliedHeight(_ measured: Double, at height: Double, pass: LayoutPass) -> Double? {
        let applied = pass.roundToPixel(measured)
        guard pass.viewport.height == nil, abs(applied - height) > 1 / pass.viewport.scale + 0.0001, max(applied, 0) != height else { return nil }
        return max(applied, 0)
    }

    /// One pass on a freshly built tree (every rectangle starts at zero), with the height the
    /// view takes after it and no view frames: what MyLayout computes in its first pass.
    public static func singlePass(_ root: RuntimeGrid, viewport: Viewport) -> LayoutResult {
        singlePass(LayoutTree(root), viewport: viewport)
    }

    /// ``singlePass(_:viewport:)`` on a tree flattened once.
    public static func singlePass(_ tree: LayoutTree, viewport: Viewport) -> LayoutResult {
        var pass = LayoutPass(tree: tree, viewport: viewport)
        let start = viewport.height ?? 0
        let height = appliedHeight(pass.run(height: start), at: start, pass: pass) ?? start
        var result = LayoutResult(
            viewport: viewport, width: viewport.width, height: height,
            grids: GridFrames(pass, screen: false), passes: 1, settled: true, heights: [viewport.height ?? 0], isScreen: false,
            paths: tree.paths)
        var layers = BorderlineLayers(tree, viewport: viewport)
        if !layers.isEmpty {
            layers.layOut(after: pass)
            result.borderlines = layers
        }
        return result
    }
}
