import TrellisModel

/// A borderline as the screen shows it: the `CAShapeLayer` MyLayout made for one side of a
/// grid, where its last layout left it, and the area it paints.
public struct BorderlineFrame: Hashable, Sendable {
    /// Whether the line shows the grid's final rectangle.
    public enum State: String, Sendable {
        /// Laid out from the grid's final rectangle.
        case current
        /// The grid's final rectangle has a zero side, so MyLayout left the layer where an
        /// earlier pass put it (`-layoutSublayersOfLayer:` returns early).
        case stale
        /// Never laid out: the grid had a zero side in every pass; nothing is painted.
        case never
    }

    /// The side MyLayout keeps a layer as: a JSON `left` is `trailing` under RTL.
    public enum Side: String, Sendable {
        case top, bottom, leading, trailing
    }

    /// MyLayout's layer: `top`, `bottom`, `leading` or `trailing`.
    public var side: Side
    /// The edge of the grid the line was written for (its JSON key).
    public var edge: Edge
    /// The layer's frame exactly as MyLayout set it (zero when never laid out); a size may
    /// be negative where the grid is shorter than the line's indents.
    public var layer: Rect
    /// The area painted on the screen, with a positive size: the layer for a solid line; for
    /// a dashed one, its path stroked `thick` points wide along the layer's top or left edge.
    public var painted: Rect
    /// Where the line would be painted if MyLayout mirrored it across the layout view rather
    /// than within the grid's own width: the grid's edge on the screen. Equal to `painted`
    /// left to right.
    public var intended: Rect
    /// The line's values as the runtime read them (colour, `thick` in pixels, indents, dash).
    public var line: RuntimeBorderline
    /// Whether the line shows the grid's final rectangle, an earlier pass's, or nothing.
    public var state: State
}

/// The borderline layers of a layout's grids as the passes so far left them: after each
/// pass MyLayout lays out every layer of every grid from the grid's rectangle of that pass,
/// except where the rectangle has a zero side (`MyLayoutDelegate.m`,
/// `-layoutSublayersOfLayer:`). Holds one rectangle per grid with borderlines.
public struct BorderlineLayers: Sendable {
    let specs: BorderlineSpecs
    let viewport: Viewport
    /// Each grid's left-to-right rectangle when its layers were last laid out; nil: never.
    var laidOut: [Rect?]
    /// Whether the last pass laid them out.
    var current: [Bool]

    init(_ tree: LayoutTree, viewport: Viewport) {
        self.init(specs: tree.borderlines, viewport: viewport)
    }

    /// No layers: a result that shows no screen.
    static let none = BorderlineLayers(specs: BorderlineSpecs(), viewport: Viewport(width: 0, height: 0))

    private init(specs: BorderlineSpecs, viewport: Viewport) {
        self.specs = specs
        self.viewport = viewport
        laidOut = Array(repeating: nil, count: specs.count)
        current = Array(repeating: false, count: specs.count)
    }

    /// The layers after a pass that left `pass`'s rectangles.
    mutating func layOut(after pass: LayoutPass) {
        for position in 0..<specs.count {
            let grid = specs.grid(at: position)
            let rect = Rect(x: pass.x[grid], y: pass.y[grid], width: pass.w[grid], height: pass.h[grid])
            let shown = rect.width != 0 && rect.height != 0
            current[position] = shown
            if shown { laidOut[position] = rect }
        }
    }

    /// Whether any grid has borderlines.
    public var isEmpty: Bool { specs.count == 0 }

    /// The grids with borderlines, in pre-order.
    public var gridIndices: [Int] { (0..<specs.count).map(specs.grid(at:)) }

    /// The borderlines of grid `index` (none for a grid without any), in the runtime's order
    /// (top, left, bottom, right: `Edge.order`).
    public func lines(of index: Int) -> [BorderlineFrame] {
        guard let position = specs.position(of: index) else { return [] }
        return specs.lines(at: position).sorted { $0.edge.order < $1.edge.order }.map { frame(of: $0, position: position) }
    }

    /// One line's layer and painted area, computed as `-layoutSublayersOfLayer:` does from
    /// the grid's rectangle at its last layout.
    func frame(of line: RuntimeBorderline, position: Int) -> BorderlineFrame {
        let rtl = viewport.rtl
        let side: BorderlineFrame.Side
        switch line.edge {
        case .top: side = .top
        case .bottom: side = .bottom
        case .left: side = rtl ? .trailing : .leading
        case .right: side = rtl ? .leading : .trailing
        }
        guard let grid = laidOut[position] else {
            let zero = Rect(x: 0, y: 0, width: 0, height: 0)
            return BorderlineFrame(side: side, edge: line.edge, layer: zero, painted: zero, intended: zero, line: line, state: .never)
        }
        let thickness = line.thick / viewport.scale
        var layer: Rect
        switch side {
        case .leading:
            layer = Rect(x: line.offset + grid.x, y: line.head + grid.y, width: thickness, height: grid.height - line.head - line.tail)
        case .trailing:
            layer = Rect(
                x: grid.width - thickness - line.offset + grid.x, y: line.head + grid.y,
                width: thickness, height: grid.height - line.head - line.tail)
        case .top:
            layer = Rect(x: line.head + grid.x, y: line.offset + grid.y, width: grid.width - line.head - line.tail, height: thickness)
        case .bottom:
            layer = Rect(
                x: line.head + grid.x, y: grid.height - thickness - line.offset + grid.y,
                width: grid.width - line.head - line.tail, height: thickness)
        }
        var intended = layer
        if rtl {
            // MyLayout mirrors within the grid's width (`_layoutRect.size.width`), though x
            // is in the layout view's coordinates; the layout view's width is what mirrors.
            intended.x = viewport.width - layer.x - layer.width
            layer.x = grid.width - layer.x - layer.width
        }
        let horizontal = line.edge == .top || line.edge == .bottom
        return BorderlineFrame(
            side: side, edge: line.edge, layer: layer, painted: Self.paint(layer, line: line, horizontal: horizontal),
            intended: Self.paint(intended, line: line, horizontal: horizontal), line: line,
            state: current[position] ? .current : .stale)
    }

    /// The area a layer paints, with a positive size: a solid line fills the layer with its
    /// background colour; a dashed one strokes a path from the layer's origin along its top
    /// (or left) edge, `thick` points wide (`lineWidth` is not divided by the scale).
    static func paint(_ layer: Rect, line: RuntimeBorderline, horizontal: Bool) -> Rect {
        guard line.dash != 0 else { return layer.standardized }
        if horizontal {
            return Rect(x: layer.x, y: layer.y - line.thick / 2, width: layer.width, height: line.thick).standardized
        }
        return Rect(x: layer.x - line.thick / 2, y: layer.y, width: line.thick, height: layer.height).standardized
    }
}
