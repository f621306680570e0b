import TrellisModel

/// One layout of a ``LayoutTree`` at one viewport: the tree's arrays (shared, not copied;
/// leading and trailing padding read swapped under RTL) and the rectangles the passes mutate:
/// they persist from one pass to the next, as on the runtime's grid nodes.
struct LayoutPass: Sendable {
    let tree: LayoutTree
    let viewport: Viewport
    let measure: [Double]
    let axis: [UInt8]
    let parent: [Int32]
    let childStart: [Int32]
    let childCount: [Int32]
    let childList: [Int32]
    let insets: LayoutTree.InsetsColumn
    let gravity: [UInt16]
    let anchor: [Bool]
    let placeholder: [Bool]
    let content: LayoutTree.ContentColumn
    var x: [Double], y: [Double], w: [Double], h: [Double]
    let rtl: Bool
    let scale: Double
    let rootHeightWraps: Bool

    static let rows = LayoutTree.rows
    static let cols = LayoutTree.cols

    init(tree: LayoutTree, viewport: Viewport) {
        self.tree = tree
        self.viewport = viewport
        rtl = viewport.rtl
        scale = viewport.scale
        rootHeightWraps = viewport.height == nil
        measure = tree.measure
        axis = tree.axis
        parent = tree.parent
        childStart = tree.childStart
        childCount = tree.childCount
        childList = tree.childList
        insets = tree.insets
        gravity = tree.gravity
        anchor = tree.anchor
        placeholder = tree.placeholder
        content = tree.content
        x = Array(repeating: 0, count: tree.count)
        y = x
        w = x
        h = x
    }

    /// Where `grid`'s children are listed in `childList`.
    func childSlots(_ grid: Int) -> Range<Int> { Int(childStart[grid])..<(Int(childStart[grid]) + Int(childCount[grid])) }

    /// The `slot`th entry of ``childList``: a child's index.
    @inline(__always)
    func child(at slot: Int) -> Int { Int(childList[slot]) }

    /// `_myCGFloatRound`: rounds to the device pixel grid.
    func roundToPixel(_ value: Double) -> Double {
        if value == 0 || value == .greatestFiniteMagnitude || value == -.greatestFiniteMagnitude { return value }
        if value < 0 { return (-0.5).addingProduct(value, scale).rounded(.up) / scale }
        return (0.5).addingProduct(value, scale).rounded(.down) / scale
    }

    // MARK: rectangle updates (MyGridNode.m)

    /// `updateGridSize:superGrid:withMeasure:`
    @discardableResult
    mutating func updateSize(_ grid: Int, superWidth: Double, superHeight: Double, superGrid: Int, measure value: Double) -> Double {
        if axis[superGrid] == Self.cols {
            w[grid] = value
            h[grid] = superHeight
        } else {
            w[grid] = superWidth
            h[grid] = value
        }
        return value
    }

    /// `updateWrapGridSizeInSuperGrid:withMeasure:` — the cross length is copied from the
    /// grid's FIRST sub-grid (leaves keep what they had).
    @discardableResult
    mutating func updateWrapSize(_ grid: Int, superGrid: Int, measure value: Double) -> Double {
        if axis[superGrid] == Self.cols {
            w[grid] = value
            if childCount[grid] > 0 { h[grid] = h[child(at: Int(childStart[grid]))] }
            return h[grid]
        } else {
            h[grid] = value
            if childCount[grid] > 0 { w[grid] = w[child(at: Int(childStart[grid]))] }
            return w[grid]
        }
    }

    func takesView(_ grid: Int) -> Bool {
        LayoutTree.takesView(anchor: anchor[grid], leaf: childCount[grid] == 0, placeholder: placeholder[grid])
    }

    // MARK: the measure pass

    mutating func measurePass(_ grid: Int, gridWidth: Double, gridHeight: Double) -> Double {
        let isRoot = grid == 0
        let count = Int(childCount[grid])
        let inset = insets[grid]
        let top = inset.top, leading = rtl ? inset.right : inset.left, bottom = inset.bottom, trailing = rtl ? inset.left : inset.right
        var fixed = 0.0
        var valid = 0.0
        if count > 1 { fixed += Double(count - 1) * inset.spacing }
        if axis[grid] == Self.cols {
            fixed += leading + trailing
            valid = w[grid] - fixed
        } else if axis[grid] == Self.rows {
            fixed += top + bottom
            valid = h[grid] - fixed
        }

        if takesView(grid), !isRoot, measure[grid] == RuntimeReading.wrap || (measure[grid] == 0 && anchor[grid]) {
            let superGrid = Int(parent[grid])
            let view = content[grid] ?? PreviewSize(width: 0, height: 0)
            if !anchor[grid] || (measure[grid] == 0 && anchor[grid]) {
                let grand = Int(parent[superGrid])
                if axis[superGrid] == Self.rows {
                    fixed = top + bottom + view.height
                    if measure[superGrid] == RuntimeReading.wrap, grand >= 0, axis[grand] == Self.cols {
                        updateWrapSize(grid, superGrid: grand, measure: leading + trailing + view.width)
                    }
                } else {
                    fixed = leading + trailing + view.width
                    if measure[superGrid] == RuntimeReading.wrap, grand >= 0, axis[grand] == Self.rows {
                        updateWrapSize(grid, superGrid: grand, measure: top + bottom + view.height)
                    }
                }
            }
        }

        var wrapMeasure = false
        var maxMeasure = 0.0
        if count > 0 {
            var innerWidth = gridWidth
            var innerHeight = gridHeight
            if axis[grid] == Self.rows { innerWidth -= leading + trailing } else { innerHeight -= top + bottom }
            if isRoot {
                wrapMeasure = rootHeightWraps && axis[grid] == Self.cols
            } else {
                wrapMeasure = measure[grid] == RuntimeReading.wrap && axis[Int(parent[grid])] != axis[grid]
            }
            // Fixed, ratio and wrap children first; then (in order) the remaining-ratio ones,
            // then the fills, each found by a further walk over the children.
            var hasWeighted = false
            var fillCount = 0
            for slot in childSlots(grid) {
                let child = child(at: slot)
                let childMeasure = measure[child]
                if childMeasure == RuntimeReading.wrap {
                    updateSize(child, superWidth: innerWidth, superHeight: innerHeight, superGrid: grid, measure: 0)
                    var value = measurePass(child, gridWidth: innerWidth, gridHeight: innerHeight)
                    if wrapMeasure {
                        fixed += value
                        value = updateWrapSize(child, superGrid: grid, measure: value)
                        maxMeasure = max(maxMeasure, value)
                    } else {
                        fixed += updateSize(child, superWidth: innerWidth, superHeight: innerHeight, superGrid: grid, measure: value)
                    }
                } else if childMeasure >= 1 || childMeasure == 0 || (childMeasure > 0 && childMeasure < 1) {
                    var value = childMeasure >= 1 || childMeasure == 0 ? childMeasure : valid * childMeasure
                    if wrapMeasure {
                        fixed += value
                        updateWrapSize(child, superGrid: grid, measure: value)
                    } else {
                        fixed += updateSize(child, superWidth: innerWidth, superHeight: innerHeight, superGrid: grid, measure: value)
                    }
                    _ = measurePass(child, gridWidth: w[child], gridHeight: h[child])
                    if wrapMeasure {
                        value = updateWrapSize(child, superGrid: grid, measure: value)
                        maxMeasure = max(maxMeasure, value)
                    }
                } else if childMeasure < 0 && childMeasure > -1 {
                    hasWeighted = true
                } else if childMeasure == RuntimeReading.fill {
                    fillCount += 1
                }
                // Any other measure (<= -1, NaN) asserts in debug builds; release builds skip it.
            }
            var remaining = 0.0
            if axis[grid] == Self.cols { remaining = w[grid] - fixed } else if axis[grid] == Self.rows { remaining = h[grid] - fixed }
            for slot in childSlots(grid) where hasWeighted {
                let child = child(at: slot)
                guard measure[child] < 0 && measure[child] > -1 else { continue }
                var value = -1 * remaining * measure[child]
                if wrapMeasure {
                    remaining -= value
                    updateWrapSize(child, superGrid: grid, measure: value)
                } else {
                    remaining -= updateSize(child, superWidth: innerWidth, superHeight: innerHeight, superGrid: grid, measure: value)
                }
                _ = measurePass(child, gridWidth: w[child], gridHeight: h[child])
                if wrapMeasure {
                    value = updateWrapSize(child, superGrid: grid, measure: value)
                    maxMeasure = max(maxMeasure, value)
                }
            }
            var left = fillCount
            for slot in childSlots(grid) where left > 0 {
                let child = child(at: slot)
                guard measure[child] == RuntimeReading.fill else { continue }
                var value = roundToPixel(remaining * (1.0 / Double(left)))
                if wrapMeasure {
                    remaining -= value
                    updateWrapSize(child, superGrid: grid, measure: value)
                } else {
                    remaining -= updateSize(child, superWidth: innerWidth, superHeight: innerHeight, superGrid: grid, measure: value)
                }
                left -= 1
                _ = measurePass(child, gridWidth: w[child], gridHeight: h[child])
                if wrapMeasure {
                    value = updateWrapSize(child, superGrid: grid, measure: value)
                    maxMeasure = max(maxMeasure, value)
                }
            }
        }
        if wrapMeasure {
            // The runtime tests the ROOT's split here (`self.subGridsType`), not this grid's.
            maxMeasure += axis[0] == Self.cols ? top + bottom : leading + trailing
            return maxMeasure
        }
        return fixed
    }

    // MARK: the position pass

    mutating func positionPass(_ grid: Int, originX: Double, originY: Double) {
        let count = Int(childCount[grid])
        guard count > 0 else { return }
        let inset = insets[grid]
        let top = inset.top, leading = rtl ? inset.right : inset.left, bottom = inset.bottom, trailing = rtl ? inset.left : inset.right
        var offset = 0.0
        if axis[grid] == Self.cols {
            offset = originX + leading
            let horizontal = leadingTrailing(gravity[grid] & 0x00FF)
            if horizontal == Gravity.centerX || horizontal == Gravity.trailing {
                var total = 0.0
                for slot in childSlots(grid) { total += w[child(at: slot)] }
                if count > 1 { total += inset.spacing * Double(count - 1) }
                let free = w[grid] - leading - trailing - total
                offset += horizontal == Gravity.centerX ? free / 2 : free
            }
        } else if axis[grid] == Self.rows {
            offset = originY + top
            let vertical = gravity[grid] & 0xFF00
            if vertical == Gravity.centerY || vertical == Gravity.bottom {
                var total = 0.0
                for slot in childSlots(grid) { total += h[child(at: slot)] }
                if count > 1 { total += inset.spacing * Double(count - 1) }
                let free = h[grid] - top - bottom - total
                offset += vertical == Gravity.centerY ? free / 2 : free
            }
        }
        let innerX = originX + leading
        let innerY = originY + top
        for slot in childSlots(grid) {
            let child = child(at: slot)
            if axis[grid] == Self.cols {
                x[child] = offset
                y[child] = innerY
                offset += w[child]
            } else {
                x[child] = innerX
                y[child] = offset
                offset += h[child]
            }
            offset += inset.spacing
            positionPass(child, originX: x[child], originY: y[child])
        }
    }

    /// `convertLeadingTrailingGravityFromLeftRightGravity:` — left/right become leading/
    /// trailing, swapped under RTL.
    func leadingTrailing(_ horizontal: UInt16) -> UInt16 {
        if horizontal == Gravity.left { return rtl ? Gravity.trailing : Gravity.leading }
        if horizontal == Gravity.right { return rtl ? Gravity.leading : Gravity.trailing }
        return horizontal
    }
}

extension LayoutPass {
    /// One layout pass at the view's current height, on the rectangles the previous pass left
    /// (the root grid's rectangle is the view's bounds). Returns the height the pass measured
    /// (the view's own height when it does not wrap).
    mutating func run(height: Double) -> Double {
        x[0] = 0
        y[0] = 0
        w[0] = viewport.width
        h[0] = height
        guard tree.deepest <= LayoutEngine.maximumDepth else { return height }
        let rootMeasure = measurePass(0, gridWidth: viewport.width, gridHeight: height)
        positionPass(0, originX: 0, originY: 0)
        return rootHeightWraps ? rootMeasure : height
    }

    /// Every grid's rectangle as a pass left it: all that frames depend on besides the tree.
    struct Places {
        var x: [Double], y: [Double], w: [Double], h: [Double]
    }

    var places: Places { Places(x: x, y: y, w: w, h: h) }

    /// Whether every coordinate of every rectangle is a finite number.
    var rectanglesAreFinite: Bool {
        x.allSatisfy { $0.isFinite } && y.allSatisfy { $0.isFinite } && w.allSatisfy { $0.isFinite } && h.allSatisfy { $0.isFinite }
    }

    /// Whether every rectangle is bit for bit where `places` says (so the frames are the same).
    func isAt(_ places: Places) -> Bool {
        func same(_ a: [Double], _ b: [Double]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }
        }
        return same(x, places.x) && same(y, places.y) && same(w, places.w) && same(h, places.h)
    }

    /// Grid `index`'s rectangle as it appears (mirrored under RTL).
    func rect(_ index: Int) -> Rect {
        var rect = Rect(x: x[index], y: y[index], width: w[index], height: h[index])
        if rtl { rect.x = viewport.width - rect.x - rect.width }
        return rect
    }

    /// Grid `index`'s height in a `rows` parent, its width in a `cols` one; nil for the root.
    func lengthAlongParent(_ index: Int) -> Double? {
        let parentIndex = Int(parent[index])
        guard parentIndex >= 0 else { return nil }
        return axis[parentIndex] == Self.rows ? h[index] : w[index]
    }

    /// Grid `index`'s frame as it appears (mirrored under RTL), with its slot; with `screen`,
    /// also the frame its view really gets (`-doLayoutSubviews`: negative sizes applied as 0,
    /// then `_myCGRectRound`).
    func frame(_ index: Int, screen: Bool) -> GridFrame {
        let rect = rect(index)
        let inset = insets[index]
        // Under RTL the leading padding is the right one, and the mirrored rectangle puts it
        // back on the left: the content box keeps the grid's own left and right paddings.
        let box = Rect(
            x: rect.x + inset.left, y: rect.y + inset.top,
            width: rect.width - inset.left - inset.right, height: rect.height - inset.top - inset.bottom)
        let slot = tree.slots[index]
        var view: Rect?
        if slot != nil, screen { view = screenRect(viewFrame(index)) }
        let parentIndex = Int(parent[index])
        return GridFrame(
            index: index, depth: Int(tree.depth[index]), frame: rect, contentBox: box, slot: slot, viewFrame: view,
            viewSizeIsUnset: view != nil && tree.viewSizeIsUnset(index),
            measure: measure[index], axis: axis[index] == 0 ? nil : (axis[index] == Self.rows ? .rows : .cols),
            parentAxis: parentIndex < 0 ? nil : (axis[parentIndex] == Self.rows ? .rows : .cols),
            isLeaf: childCount[index] == 0, anchor: anchor[index], placeholder: placeholder[index],
            sourceRange: tree.sources[index])
    }

    /// The size grid `index`'s view has where gravity aligns it: its content size, or 0 × 0
    /// where MyLayout measured a view that gave none (`-myTraversalGrid:…` measures the view
    /// of a `wrap` leaf that is no anchor, and of an anchor of size 0).
    func viewSize(_ index: Int) -> PreviewSize? {
        if let size = content[index] { return size }
        return tree.measuresView(index) ? PreviewSize(width: 0, height: 0) : nil
    }

    /// What `-doLayoutSubviews` sets as a subview's frame: negative sizes become 0, then every
    /// number is rounded to the pixel grid on its own. The view gets it as a centre and a size
    /// (anchor point ½), and reads it back as a frame: for a view of `CGFLOAT_MAX` width that
    /// round trip is not exact (`x + ½·MAX − ½·MAX` is 0 for any small `x`), so it is done as
    /// UIKit does it, each step one fused multiply-add.
    func screenRect(_ rect: Rect) -> Rect {
        var screen = Rect(
            x: roundToPixel(rect.x), y: roundToPixel(rect.y),
            width: roundToPixel(max(rect.width, 0)), height: roundToPixel(max(rect.height, 0)))
        if !screen.isBounded {
            screen.x = screen.x.addingProduct(0.5, screen.width).addingProduct(-screen.width, 0.5)
            screen.y = screen.y.addingProduct(0.5, screen.height).addingProduct(-screen.height, 0.5)
        }
        return screen
    }

    /// Where the view lands: an anchor non-leaf's view fills the whole grid; otherwise the
    /// content box, or — with gravity — aligned inside it by its own size. A static tool knows
    /// that size only from `content(WxH)` (or `frames --content`); where MyLayout measures the
    /// view it is 0 × 0 without one (``viewSize(_:)``). Elsewhere MyLayout takes the size the
    /// view sets itself (`myWidth`, `myHeight`) and, for a view that sets none, leaves the
    /// layout engine's `CGFLOAT_MAX` in place: the view covers the screen or leaves it. Computed
    /// as MyLayout does (`-myCalcSubview:horzGravity:…`, then the grid's origin added, in that
    /// order): in left-to-right coordinates, a negative width clamped to 0, then mirrored under
    /// RTL (`width − leading − width`), so the rounding to pixels agrees too. A view of negative
    /// width thus keeps its leading edge under RTL, not its left one.
    func viewFrame(_ index: Int) -> Rect {
        let inset = insets[index]
        let filling = anchor[index] && childCount[index] > 0
        var lead = rtl ? inset.right : inset.left, trail = rtl ? inset.left : inset.right
        var top = inset.top, bottom = inset.bottom
        if filling { (lead, trail, top, bottom) = (0, 0, 0, 0) }
        let unset = PreviewSize(width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)
        let size = viewSize(index) ?? unset
        let bits = filling ? 0 : gravity[index]
        let contentWidth = w[index] - lead - trail, contentHeight = h[index] - top - bottom
        var leading = lead, width = contentWidth
        switch leadingTrailing(bits & 0x00FF) {
        case Gravity.leading: width = size.width
        case Gravity.trailing:
            width = size.width
            leading = w[index] - trail - width
        case Gravity.centerX:
            width = size.width
            leading = (contentWidth - width) / 2 + lead
        default: break
        }
        var upper = top, height = contentHeight
        switch bits & 0xFF00 {
        case Gravity.top: height = size.height
        case Gravity.bottom:
            height = size.height
            upper = h[index] - bottom - height
        case Gravity.centerY:
            height = size.height
            upper = (contentHeight - height) / 2 + top
        default: break
        }
        leading += x[index]
        upper += y[index]
        let screenX = rtl ? viewport.width - leading - max(width, 0) : leading
        return Rect(x: screenX, y: upper, width: width, height: height)
    }
}
