import TrellisModel

extension LayoutTree {
    /// Each grid's source range as two 32-bit offsets (`UInt32.max` for a grid without one):
    /// 8 bytes a grid instead of the 24 of an optional range.
    public struct SourceColumn: Equatable, Sendable {
        var starts: [UInt32] = []
        var ends: [UInt32] = []

        public subscript(grid: Int) -> Range<Int>? {
            starts[grid] == .max ? nil : Int(starts[grid])..<Int(ends[grid])
        }

        /// The stored form of `range` (none for a range no file the readers read can have).
        static func stored(_ range: Range<Int>?) -> (start: UInt32, end: UInt32) {
            guard let range, let start = UInt32(exactly: range.lowerBound), let end = UInt32(exactly: range.upperBound),
                  start != .max else { return (.max, .max) }
            return (start, end)
        }
    }

    /// The preview content sizes few grids have (`content(WxH)`): an index a grid into the
    /// sizes, -1 for none (4 bytes a grid instead of the 24 of an optional size).
    public struct ContentColumn: Equatable, Sendable {
        var index: [Int32] = []
        var sizes: [PreviewSize] = []

        public subscript(grid: Int) -> PreviewSize? {
            index[grid] < 0 ? nil : sizes[Int(index[grid])]
        }
    }
}

/// A grid's padding and the spacing between its children, as the layout pass reads them.
public struct GridInsets: Equatable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public var spacing: Double

    public init(top: Double, left: Double, bottom: Double, right: Double, spacing: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
        self.spacing = spacing
    }

    static let zero = GridInsets(top: 0, left: 0, bottom: 0, right: 0, spacing: 0)
}

extension LayoutTree {
    /// Each grid's padding and spacing, each distinct value stored once (a layout has few):
    /// 4 bytes a grid instead of 40. Values are told apart bit for bit (`-0` is not `0`).
    public struct InsetsColumn: Equatable, Sendable {
        var index: [UInt32] = []
        var values: [GridInsets] = []

        public subscript(grid: Int) -> GridInsets { values[Int(index[grid])] }
    }

    /// The view slot of each grid that takes a view, in pre-order: one bit a grid, and the
    /// number of slots before each 64 grids.
    public struct SlotColumn: Equatable, Sendable {
        var bits: [UInt64] = []
        var before: [UInt32] = []

        /// Slots `takesView` grids, in order, from 0.
        init(count: Int, takesView: (Int) -> Bool) {
            bits = [UInt64](repeating: 0, count: (count + 63) / 64)
            before = [UInt32](repeating: 0, count: bits.count)
            var slots: UInt32 = 0
            for word in bits.indices {
                before[word] = slots
                var value: UInt64 = 0
                for bit in 0..<min(64, count - word * 64) where takesView(word * 64 + bit) { value |= 1 << UInt64(bit) }
                bits[word] = value
                slots &+= UInt32(value.nonzeroBitCount)
            }
        }

        init() {}

        /// Grid `grid`'s view slot, or nil when it takes no view.
        public subscript(grid: Int) -> Int? {
            let word = grid >> 6, bit = UInt64(grid & 63)
            guard (bits[word] >> bit) & 1 == 1 else { return nil }
            return Int(before[word]) + (bits[word] & ((1 << bit) &- 1)).nonzeroBitCount
        }
    }
}

/// Interns insets while a tree is built: the bits of the five numbers name a value.
struct InsetsInterner: ~Copyable {
    private struct Key: Hashable {
        var top: UInt64, left: UInt64, bottom: UInt64, right: UInt64, spacing: UInt64
    }

    private(set) var values: [GridInsets] = [.zero]
    private var numbers: [Key: UInt32] = [:]
    private var last = Key(top: 0, left: 0, bottom: 0, right: 0, spacing: 0)
    private var lastIndex: UInt32 = 0

    init() {
        numbers[last] = 0
    }

    /// The number of `insets`, added when new.
    mutating func number(of insets: GridInsets) -> UInt32 {
        let key = Key(top: insets.top.bitPattern, left: insets.left.bitPattern, bottom: insets.bottom.bitPattern,
                      right: insets.right.bitPattern, spacing: insets.spacing.bitPattern)
        if key == last { return lastIndex }
        let number: UInt32
        if let known = numbers[key] {
            number = known
        } else {
            number = UInt32(truncatingIfNeeded: values.count)
            values.append(insets)
            numbers[key] = number
        }
        last = key
        lastIndex = number
        return number
    }

    consuming func take() -> [GridInsets] { values }
}
