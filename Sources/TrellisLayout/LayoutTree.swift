import TrellisModel

/// A layout's grids flattened once, in pre-order, into arrays of plain values: what every
/// layout pass at every viewport and every rule reads, without walking or copying the nested
/// ``RuntimeGrid`` values again. A grid is its index; the root is 0.
public struct LayoutTree: Sendable {
    public private(set) var measure: [Double] = []
    /// 0 for a leaf, ``rows`` or ``cols``.
    public private(set) var axis: [UInt8] = []
    /// -1 for the root.
    public private(set) var parent: [Int32] = []
    /// Where a grid's children are listed in ``childList``, and how many.
    public private(set) var childStart: [Int] = []
    public private(set) var childCount: [Int] = []
    public private(set) var childList: [Int] = []
    /// One past the last grid of each grid's subtree.
    public private(set) var subtreeEnd: [Int] = []
    public private(set) var padTop: [Double] = [], padLeft: [Double] = [], padBottom: [Double] = [], padRight: [Double] = []
    public private(set) var spacing: [Double] = []
    public private(set) var gravity: [UInt16] = []
    public private(set) var anchor: [Bool] = []
    public private(set) var placeholder: [Bool] = []
    public private(set) var content: [PreviewSize?] = []
    public private(set) var depth: [Int32] = []
    public private(set) var sources: [Range<Int>?] = []
    /// The edge of a grid's first borderline, if it has any.
    public private(set) var firstBorderline: [Edge?] = []
    /// The deepest grid's depth (the root's is 0).
    public private(set) var deepest = 0
    /// Names grids by dotted path when a report asks.
    private(set) var paths = GridPaths(parent: [], indexInParent: [])

    public static let rows: UInt8 = 1
    public static let cols: UInt8 = 2

    public init(_ root: RuntimeGrid) {
        var indexInParent = reserve(Self.count(root))
        append(root, parent: -1, slot: 0, depth: 0, indexInParent: &indexInParent)
        paths = GridPaths(parent: parent, indexInParent: indexInParent)
    }

    /// The tree of what the runtime makes of an authored grid, without building the nested
    /// runtime model first (`RuntimeReading.facts(authored:isRoot:)` for each grid; a grid
    /// with raw members through its dictionary). Equal to `LayoutTree(RuntimeReading.root(authored:dialect:))`.
    public init(authored root: Grid, dialect: Dialect) {
        var indexInParent = reserve(root.children.count + 1)
        append(authored: root, dialect: dialect, parent: -1, slot: 0, depth: 0, indexInParent: &indexInParent)
        paths = GridPaths(parent: parent, indexInParent: indexInParent)
    }

    /// A layout's tree: from the authored model for Trellis layouts, else from the runtime
    /// model read from the JSON.
    public init(_ layout: LoadedLayout) {
        if let grid = layout.grid, layout.isAuthored {
            self.init(authored: grid, dialect: layout.dialect)
        } else {
            self.init(layout.runtime)
        }
    }

    /// Reserves room for `count` grids in every array; returns the slot-number array.
    private mutating func reserve(_ count: Int) -> [Int32] {
        measure.reserveCapacity(count); axis.reserveCapacity(count); parent.reserveCapacity(count)
        childStart.reserveCapacity(count); childCount.reserveCapacity(count); childList.reserveCapacity(count)
        subtreeEnd.reserveCapacity(count); padTop.reserveCapacity(count); padLeft.reserveCapacity(count)
        padBottom.reserveCapacity(count); padRight.reserveCapacity(count); spacing.reserveCapacity(count)
        gravity.reserveCapacity(count); anchor.reserveCapacity(count); placeholder.reserveCapacity(count)
        content.reserveCapacity(count); depth.reserveCapacity(count); sources.reserveCapacity(count)
        firstBorderline.reserveCapacity(count)
        var indexInParent: [Int32] = []
        indexInParent.reserveCapacity(count)
        return indexInParent
    }

    /// How many grids the tree holds.
    public var count: Int { measure.count }

    /// The index of each child of `grid`, in order.
    public func children(of grid: Int) -> ArraySlice<Int> { childList[childStart[grid]..<(childStart[grid] + childCount[grid])] }

    /// The dotted 1-based path of a grid (`""` for the root), as `trellis frames` prints it.
    public func path(of grid: Int) -> String { paths.path(of: grid) }

    /// How many grids a tree holds; the readers bound its depth, so recursion is bounded.
    static func count(_ grid: borrowing RuntimeGrid) -> Int {
        var total = 1
        grid.forEachChild { _, child in total += count(child) }
        return total
    }

    /// Appends `grid` and its subtree in pre-order; children's indices are filled in as each
    /// child is placed.
    private mutating func append(_ grid: borrowing RuntimeGrid, parent parentIndex: Int, slot: Int, depth level: Int,
                                 indexInParent: inout [Int32]) {
        let index = appendNode(GridFacts(grid), axis: grid.axis, childTotal: grid.children.count, content: grid.contentSize, source: grid.sourceRange,
                               parent: parentIndex, slot: slot, depth: level, indexInParent: &indexInParent)
        guard grid.children.count > 0 else { return }
        grid.forEachChild { offset, child in
            childList[childStart[index] + offset] = measure.count
            append(child, parent: index, slot: offset, depth: level + 1, indexInParent: &indexInParent)
        }
        subtreeEnd[index] = measure.count
    }

    /// ``append(_:parent:slot:depth:indexInParent:)`` for an authored grid (depth is bounded
    /// by the lowering).
    private mutating func append(authored grid: borrowing Grid, dialect: Dialect, parent parentIndex: Int, slot: Int, depth level: Int,
                                 indexInParent: inout [Int32]) {
        guard grid.extra.isEmpty else {
            let runtime = parentIndex < 0 ? RuntimeReading.root(authored: grid, dialect: dialect) : RuntimeReading.child(authored: grid, dialect: dialect)
            return append(runtime, parent: parentIndex, slot: slot, depth: level, indexInParent: &indexInParent)
        }
        let childTotal = grid.axis == nil ? 0 : grid.children.count
        let index = appendNode(RuntimeReading.facts(authored: grid, isRoot: parentIndex < 0), axis: grid.axis, childTotal: childTotal,
                               content: grid.contentSize, source: grid.sourceRange, parent: parentIndex, slot: slot, depth: level, indexInParent: &indexInParent)
        guard childTotal > 0 else { return }
        grid.forEachChild { offset, child in
            childList[childStart[index] + offset] = measure.count
            append(authored: child, dialect: dialect, parent: index, slot: offset, depth: level + 1, indexInParent: &indexInParent)
        }
        subtreeEnd[index] = measure.count
    }

    /// Appends one grid's own values, with room for `childTotal` children in ``childList``.
    private mutating func appendNode(_ grid: GridFacts, axis gridAxis: Axis?, childTotal: Int, content size: PreviewSize?, source: Range<Int>?,
                                     parent parentIndex: Int, slot: Int, depth level: Int, indexInParent: inout [Int32]) -> Int {
        let index = measure.count
        measure.append(grid.measure)
        axis.append(childTotal == 0 ? 0 : (gridAxis == .rows ? Self.rows : Self.cols))
        parent.append(Int32(parentIndex))
        indexInParent.append(Int32(slot))
        childStart.append(childList.count)
        childCount.append(childTotal)
        subtreeEnd.append(index + 1)
        padTop.append(grid.padding.top)
        padLeft.append(grid.padding.left)
        padBottom.append(grid.padding.bottom)
        padRight.append(grid.padding.right)
        spacing.append(grid.spacing)
        gravity.append(grid.gravity.rawValue)
        anchor.append(grid.anchor)
        placeholder.append(grid.placeholder)
        content.append(size)
        depth.append(Int32(level))
        sources.append(source)
        firstBorderline.append(grid.firstBorderline)
        deepest = max(deepest, level)
        if childTotal > 0 { childList.append(contentsOf: repeatElement(-1, count: childTotal)) }
        return index
    }
}
