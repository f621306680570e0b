import TrellisModel
import TrellisSyntax

/// A layout's grids flattened once, in pre-order, into arrays of plain values: what every
/// layout pass at every viewport and every rule reads, without walking or copying the nested
/// `RuntimeGrid` values again. A grid is its index; the root is 0.
public struct LayoutTree: Sendable {
    public internal(set) var measure: [Double] = []
    /// 0 for a leaf, ``rows`` or ``cols``.
    public internal(set) var axis: [UInt8] = []
    /// -1 for the root.
    public internal(set) var parent: [Int32] = []
    /// Where a grid's children are listed in ``childList``, and how many.
    public internal(set) var childStart: [Int32] = []
    public internal(set) var childCount: [Int32] = []
    public internal(set) var childList: [Int32] = []
    /// Each grid's padding and the spacing between its children.
    public internal(set) var insets = InsetsColumn()
    public internal(set) var gravity: [UInt16] = []
    public internal(set) var anchor: [Bool] = []
    public internal(set) var placeholder: [Bool] = []
    public internal(set) var content = ContentColumn()
    public internal(set) var depth: [Int32] = []
    public internal(set) var sources = SourceColumn()
    /// The edge of a grid's first borderline, if it has any.
    public internal(set) var firstBorderline: [Edge?] = []
    /// The grids with borderlines (never the root), and their lines.
    public internal(set) var borderlines = BorderlineSpecs()
    /// Each grid's view slot: the subviews are assigned to the grids that take a view (leaves
    /// and anchors, placeholders excepted) in pre-order; nil for a grid that takes none.
    public internal(set) var slots = SlotColumn()
    /// Where the keys reports point at were written (trees read from JSON only).
    var keyPlaces: KeyPlaces?
    /// The deepest grid's depth (the root's is 0).
    public internal(set) var deepest = 0
    /// Names grids by dotted path when a report asks.
    var paths = GridPaths(parent: [], childStart: [], childCount: [], childList: [])

    public static let rows: UInt8 = 1
    public static let cols: UInt8 = 2

    public init(_ root: RuntimeGrid) {
        var builder = Builder(capacity: Self.count(root))
        builder.append(root, parent: -1, depth: 0)
        self.init(builder)
    }

    /// The tree of what the runtime makes of an authored grid, without building the nested
    /// runtime model first (the grid is stored in an arena and read record by record; a grid
    /// with raw members through its dictionary). Equal to `LayoutTree(RuntimeReading.root(authored:dialect:))`.
    public init(authored root: Grid, dialect: Dialect) {
        self.init(authored: GridTree(root), dialect: dialect)
    }

    /// ``init(authored:dialect:)`` for a tree in an arena, read in place.
    public init(authored tree: GridTree, dialect: Dialect) {
        var builder = Builder(capacity: tree.gridCount ?? 1024)
        builder.append(authored: tree.root, in: tree.arena, dialect: dialect, parent: -1, depth: 0)
        self.init(builder)
    }

    /// The tree a builder filled, each column freed as it becomes an array.
    init(_ builder: consuming Builder) {
        measure = builder.measure.take()
        axis = builder.axis.take()
        parent = builder.parent.take()
        childStart = builder.childStart.take()
        childCount = builder.childCount.take()
        childList = builder.childList.take()
        insets = InsetsColumn(index: builder.insets.take(), values: builder.interner.take())
        gravity = builder.gravity.take()
        anchor = builder.anchor.take()
        placeholder = builder.placeholder.take()
        content = ContentColumn(which: builder.contentBits, sizes: builder.contentSizes)
        depth = builder.depth.take()
        sources = SourceColumn(starts: builder.sourceStarts.take(), ends: builder.sourceEnds.take())
        firstBorderline = builder.firstBorderline.take()
        borderlines = builder.borderlines
        if builder.readsJSON { keyPlaces = builder.keyPlaces }
        deepest = builder.deepest
        derivePathsAndSlots()
    }

    /// Makes ``paths`` and ``slots`` from the other columns.
    mutating func derivePathsAndSlots() {
        paths = GridPaths(parent: parent, childStart: childStart, childCount: childCount, childList: childList)
        let (anchor, childCount, placeholder) = (anchor, childCount, placeholder)
        slots = SlotColumn(count: measure.count) { index in
            Self.takesView(anchor: anchor[index], leaf: childCount[index] == 0, placeholder: placeholder[index])
        }
    }

    /// Whether a grid is given a subview: `-doLayoutSubviews` places one in each leaf and each
    /// anchor, skipping placeholders.
    static func takesView(anchor: Bool, leaf: Bool, placeholder: Bool) -> Bool { (anchor || leaf) && !placeholder }

    /// A layout's tree: from the authored model for Trellis layouts, else read from the
    /// JSON syntax grid by grid.
    public init(_ layout: LoadedLayout) {
        if let authored = layout.authored, layout.isAuthored {
            self.init(authored: authored, dialect: layout.dialect)
        } else if let node = layout.readNode {
            self.init(read: node, dialect: layout.dialect)
        } else {
            self.init(layout.runtime)
        }
    }

    /// The tree of what the runtime reads from a grid dictionary, read straight from its
    /// syntax. Equal to `LayoutTree(RuntimeReading.root(node, dialect:))`.
    public init(read value: JSONNode, dialect: Dialect) {
        // Columns sized from the start: grown by doubling, they would end up to twice the
        // tree's size, with the old and new memory held together at each step.
        var builder = Builder(capacity: Self.gridCount(upTo: value))
        builder.append(read: value, dialect: dialect, parent: -1, depth: 0)
        self.init(builder)
    }

    /// At least the number of grids the runtime reads from a grid dictionary: the dictionary
    /// and every element of every `rows` and `cols` list below it (a list given twice counts
    /// twice, though only the last is read; a list inside a value that is no grid, such as
    /// `action-data`, counts too).
    static func gridCount(upTo value: JSONNode) -> Int {
        1 + value.elementCount(inArraysKeyed: { $0 == .rows || $0 == .cols })
    }

    /// The tree of a layout in the old text of `edit`, made for the same layout in the new
    /// text without building it again: its grids' sources moved past the edit and its
    /// borderlines read out of the old file's arena (which it then no longer holds). Nil when
    /// the edit touched a grid's source, or for a tree read from JSON.
    public func moved(by edit: ByteEdit) -> LayoutTree? {
        guard keyPlaces == nil, let sources = sources.moved(by: edit) else { return nil }
        var moved = self
        moved.sources = sources
        moved.borderlines = borderlines.detached()
        return moved
    }

    /// Whether the tree reads its borderlines out of the arena it was built from (a tree of a
    /// lowered file, until ``detached()``).
    public var holdsArena: Bool { borderlines.holdsArena }

    /// The same tree with its borderlines read out of the arena it was built from, which it
    /// then no longer holds (``moved(by:)`` does this too): what an editor does ahead of the
    /// next edit while it waits.
    public func detached() -> LayoutTree {
        guard holdsArena else { return self }
        var detached = self
        detached.borderlines = borderlines.detached()
        return detached
    }

    /// How many grids the tree holds.
    public var count: Int { measure.count }

    /// The index of each child of `grid`, in order.
    public func children(of grid: Int) -> LazyMapCollection<ArraySlice<Int32>, Int> {
        childList[Int(childStart[grid])..<(Int(childStart[grid]) + Int(childCount[grid]))].lazy.map { Int($0) }
    }

    /// The dotted 1-based path of a grid (`""` for the root), as `trellis frames` prints it.
    public func path(of grid: Int) -> String { paths.path(of: grid) }

    /// The 0-based child index at each level from the root down to `grid` (empty for the root).
    func childIndices(of grid: Int) -> [Int] { paths.childIndices(of: grid) }

    /// Whether MyLayout measures the view of `grid` (`sizeThatFits:`, in `-myTraversalGrid:…`):
    /// the view of a `wrap` leaf that is no anchor, and of an anchor of size 0. Elsewhere the
    /// view's own size is only what it sets itself (`myWidth`, `myHeight`).
    public func measuresView(_ grid: Int) -> Bool {
        childCount[grid] == 0 && (measure[grid] == RuntimeReading.wrap ? !anchor[grid] : measure[grid] == 0 && anchor[grid])
    }

    /// Whether gravity aligns the view of leaf `grid` (not a placeholder, which takes none) by
    /// the view's own size and MyLayout does not measure it, and no `content(WxH)` says what
    /// size it sets: a view that sets none comes out `CGFLOAT_MAX` long on that axis.
    public func viewSizeIsUnset(_ grid: Int) -> Bool {
        guard childCount[grid] == 0, !placeholder[grid], content[grid] == nil, !measuresView(grid) else { return false }
        let gravity = Gravity(rawValue: self.gravity[grid])
        return gravity.alignsHorizontally || gravity.alignsVertically
    }

    /// How many grids a tree holds; the readers bound its depth, so recursion is bounded.
    static func count(_ grid: borrowing RuntimeGrid) -> Int {
        var total = 1
        grid.forEachChild { _, child in total += count(child) }
        return total
    }
}
