import TrellisModel

/// The computed facts of one grid at one viewport.
///
/// Built when read from a result's ``GridFrames`` (a result holds the pass's rectangles, not
/// these); stored compactly (136 bytes) for callers that keep many. Absent values are kept
/// as sentinels and read back as optionals.
public struct GridFrame: Sendable {
    /// The grid's rectangle as it appears on screen (mirrored under RTL).
    public let frame: Rect
    /// The rectangle minus the grid's padding.
    public let contentBox: Rect
    private let storedViewFrame: Rect
    public let measure: Double
    private let sourceStart: Int
    private let sourceEnd: Int
    private let storedIndex: Int32
    private let storedSlot: Int32
    private let storedDepth: UInt16
    private let flags: UInt16

    private static let hasViewFrame: UInt16 = 1 << 0
    private static let leaf: UInt16 = 1 << 1
    private static let anchorFlag: UInt16 = 1 << 2
    private static let placeholderFlag: UInt16 = 1 << 3
    /// Two bits each: 0 none, 1 rows, 2 cols.
    private static let axisShift: UInt16 = 4
    private static let parentAxisShift: UInt16 = 6
    private static let viewSizeUnsetFlag: UInt16 = 1 << 8

    init(
        index: Int, depth: Int, frame: Rect, contentBox: Rect, slot: Int?, viewFrame: Rect?, viewSizeIsUnset: Bool = false,
        measure: Double, axis: Axis?, parentAxis: Axis?, isLeaf: Bool, anchor: Bool, placeholder: Bool, sourceRange: Range<Int>?
    ) {
        self.frame = frame
        self.contentBox = contentBox
        storedViewFrame = viewFrame ?? Rect(x: 0, y: 0, width: 0, height: 0)
        self.measure = measure
        sourceStart = sourceRange?.lowerBound ?? -1
        sourceEnd = sourceRange?.upperBound ?? -1
        storedIndex = Int32(clamping: index)
        storedSlot = slot.map { Int32(clamping: $0) } ?? -1
        storedDepth = UInt16(clamping: depth)
        var bits: UInt16 = 0
        if viewFrame != nil { bits |= Self.hasViewFrame }
        if isLeaf { bits |= Self.leaf }
        if anchor { bits |= Self.anchorFlag }
        if placeholder { bits |= Self.placeholderFlag }
        if viewSizeIsUnset { bits |= Self.viewSizeUnsetFlag }
        bits |= Self.code(of: axis) << Self.axisShift
        bits |= Self.code(of: parentAxis) << Self.parentAxisShift
        flags = bits
    }

    private static func code(of axis: Axis?) -> UInt16 {
        switch axis {
        case nil: return 0
        case .rows: return 1
        case .cols: return 2
        }
    }

    private func axis(at shift: UInt16) -> Axis? {
        switch (flags >> shift) & 3 {
        case 1: return .rows
        case 2: return .cols
        default: return nil
        }
    }

    /// The grid's place in pre-order (its index in ``LayoutResult/grids``); its dotted path
    /// is ``LayoutResult/path(of:)``.
    public var index: Int { Int(storedIndex) }
    public var depth: Int { Int(storedDepth) }
    /// Which subview (0-based) lands in this grid, or nil when it takes none.
    public var slot: Int? { storedSlot < 0 ? nil : Int(storedSlot) }
    /// The frame the view in this grid gets on screen: its content box (an anchor with
    /// sub-grids: the whole grid), or aligned inside it by gravity at the view's own size;
    /// mirrored under RTL, negative sizes applied as 0, every number rounded to the pixel grid.
    /// nil when the grid takes no view, and in a single pass. Where the view sets no size of
    /// its own (``viewSizeIsUnset``) a number is beyond any screen (``Rect/isBounded``).
    public var viewFrame: Rect? { flags & Self.hasViewFrame == 0 ? nil : storedViewFrame }
    /// Whether gravity aligns this grid's view by a size nobody states, so that MyLayout makes
    /// the view `CGFLOAT_MAX` long on that axis (``LayoutTree/viewSizeIsUnset(_:)``, M108).
    public var viewSizeIsUnset: Bool { flags & Self.viewSizeUnsetFlag != 0 }
    public var axis: Axis? { axis(at: Self.axisShift) }
    /// The split of the parent grid: the axis along which `measure` applies (nil for the root).
    public var parentAxis: Axis? { axis(at: Self.parentAxisShift) }
    public var isLeaf: Bool { flags & Self.leaf != 0 }
    public var anchor: Bool { flags & Self.anchorFlag != 0 }
    public var placeholder: Bool { flags & Self.placeholderFlag != 0 }
    public var sourceRange: Range<Int>? { sourceStart < 0 ? nil : sourceStart..<sourceEnd }
}
