import TrellisSyntax

/// The split axis of a grid's children.
public enum Axis: String, Sendable, Hashable {
    case rows, cols

    /// The grid key that holds children split along this axis.
    public var gridKey: GridKey { self == .rows ? .rows : .cols }
}

/// A grid's `size` as authored: the JSON form it lowers to.
public enum SizeValue: Hashable, Sendable {
    /// A JSON number: points (>= 1), zero, a ratio in (0, 1), a remaining-ratio in (-1, 0).
    case number(Double)
    /// A JSON string `"x%"`.
    case percent(Double)
    case fill
    case wrap
    /// Any other JSON value, kept as written (the runtime reads most as `fill`).
    case raw(JSONValue)

    public var jsonValue: JSONValue {
        switch self {
        case .number(let number): return .number(number)
        case .percent(let percent): return .string(JSONWriter.formatNumber(percent) + "%")
        case .fill: return .string("fill")
        case .wrap: return .string("wrap")
        case .raw(let value): return value
        }
    }
}

/// Insets in the runtime's order: top, left, bottom, right (UIEdgeInsets, not CSS).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// `{top,left,bottom,right}` as `UIEdgeInsetsFromString` reads it.
    public var runtimeString: String {
        "{" + [top, left, bottom, right].map(JSONWriter.formatNumber).joined(separator: ",") + "}"
    }
}

/// The edge a borderline is drawn along.
public enum Edge: String, Sendable, Hashable, CaseIterable {
    case top, left, bottom, right

    /// The grid key of a borderline along this edge.
    public var gridKey: GridKey {
        switch self {
        case .top: return .topBorderline
        case .left: return .leftBorderline
        case .bottom: return .bottomBorderline
        case .right: return .rightBorderline
        }
    }

    public var jsonKey: String { gridKey.jsonName }

    /// The order the runtime reads borderlines in (top, left, bottom, right).
    public var order: Int {
        switch self {
        case .top: return 0
        case .left: return 1
        case .bottom: return 2
        case .right: return 3
        }
    }
}

/// A borderline as authored; absent fields are omitted from the JSON.
public struct Borderline: Hashable, Sendable {
    public var edge: Edge
    public var color: String?
    public var thick: Double?
    public var head: Double?
    public var tail: Double?
    public var offset: Double?
    public var dash: Double?

    public init(edge: Edge) { self.edge = edge }
}

/// Width and height given to a preview (content sizes of views, viewports).
public struct PreviewSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// One grid of the authored model (model spec §2) as an editable tree: what the importer
/// builds and tests write. The lowering stores the same values flat in a ``GridArena``
/// (``GridTree`` converts both ways). Preview-only facts (`contentSize`) never reach the JSON.
public struct Grid: Sendable {
    public var size: SizeValue?
    public var axis: Axis?
    public var children: [Grid] = []
    public var padding: EdgeInsets?
    public var spacing: Double?
    public var gravity: String?
    public var overlap: String?
    public var anchor = false
    public var placeholder = false
    public var tag: Int64?
    public var action: String?
    public var actionData: JSONValue?
    public var borderlines: [Borderline] = []
    /// Raw members carried through the escape hatch (unknown keys and unusual values).
    public var extra: [JSONMember] = []
    /// Preview only: the size of the view that lands in this cell.
    public var contentSize: PreviewSize?
    /// Where the cell was written (byte range of its source), when known.
    public var sourceRange: Range<Int>?

    public init() {}

    /// Calls `body` with each child in order, borrowed from the array's storage rather than
    /// copied (a copy retains every field of the child).
    @inlinable
    public func forEachChild(_ body: (Int, borrowing Grid) -> Void) {
        // SAFETY: `buffer` stays in the closure (`body` borrows each child for its call only); `index` is one of `buffer.indices`.
        children.withUnsafeBufferPointer { buffer in
            for index in buffer.indices { body(index, buffer[index]) }
        }
    }

    /// Number of grids in this subtree.
    public var gridCount: Int {
        var count = 0
        var stack: [Grid] = [self]
        while let grid = stack.popLast() {
            count += 1
            stack.append(contentsOf: grid.children)
        }
        return count
    }
}
