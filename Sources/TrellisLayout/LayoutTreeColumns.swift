import TrellisModel
import TrellisSyntax

extension LayoutTree {
    /// Each grid's source range as two 32-bit offsets (`UInt32.max` for a grid without one):
    /// 8 bytes a grid instead of the 24 of an optional range.
    public struct SourceColumn: Equatable, Sendable {
        var starts: [UInt32] = []
        var ends: [UInt32] = []

        public subscript(grid: Int) -> Range<Int>? {
            starts[grid] == .max ? nil : Int(starts[grid])..<Int(ends[grid])
        }

        /// Each range moved past `edit` (``ByteEdit/newRange(ofOld:)``); nil when the edit
        /// touched one.
        func moved(by edit: ByteEdit) -> SourceColumn? {
            // Ranges that end before the edit stay as they are: the columns are kept, not copied.
            let start = edit.range.lowerBound
            if ends.allSatisfy({ $0 == .max || Int($0) < start }) { return self }
            var moved = self
            for grid in starts.indices where starts[grid] != .max {
                guard let range = edit.newRange(ofOld: Int(starts[grid])..<Int(ends[grid])) else { return nil }
                let (start, end) = Self.stored(range)
                guard start != .max else { return nil }
                moved.starts[grid] = start
                moved.ends[grid] = end
            }
            return moved
        }

        /// The stored form of `range` (none for a range no file the readers read can have).
        static func stored(_ range: Range<Int>?) -> (start: UInt32, end: UInt32) {
            guard let range, let start = UInt32(exactly: range.lowerBound), let end = UInt32(exactly: range.upperBound),
                start != .max
            else { return (.max, .max) }
            return (start, end)
        }
    }

    /// The preview content sizes few grids have (`content(WxH)`): one bit a grid says which,
    /// and its rank among them finds its size (instead of the 24 bytes of an optional size).
    public struct ContentColumn: Equatable, Sendable {
        var which = RankedBits()
        var sizes: [PreviewSize] = []

        public subscript(grid: Int) -> PreviewSize? {
            which.rank(of: grid).map { sizes[$0] }
        }
    }
}

/// One bit a grid, with the number of bits set before each 64 grids: which grids have a
/// value, and where a grid's value is among theirs (its rank), in constant time.
struct RankedBits: Equatable, Sendable {
    private var words: [UInt64] = []
    private var before: [UInt32] = []
    private var total: UInt32 = 0
    private(set) var count = 0

    /// Appends the next grid's bit.
    mutating func append(_ bit: Bool) {
        if count & 63 == 0 {
            words.append(0)
            before.append(total)
        }
        if bit {
            words[words.count - 1] |= 1 << UInt64(count & 63)
            total &+= 1
        }
        count += 1
    }

    /// How many grids before `grid` have their bit set, when `grid` has; else nil.
    func rank(of grid: Int) -> Int? {
        guard grid >= 0, grid < count else { return nil }
        let word = grid >> 6, bit = UInt64(grid & 63)
        guard (words[word] >> bit) & 1 == 1 else { return nil }
        return Int(before[word]) + (words[word] & ((1 << bit) &- 1)).nonzeroBitCount
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

    /// The view slot of each grid that takes a view, in pre-order: one bit a grid, its rank
    /// the slot.
    public struct SlotColumn: Equatable, Sendable {
        var taking = RankedBits()

        /// Slots `takesView` grids, in order, from 0.
        init(count: Int, takesView: (Int) -> Bool) {
            for grid in 0..<count { taking.append(takesView(grid)) }
        }

        init() {}

        /// Grid `grid`'s view slot, or nil when it takes no view.
        public subscript(grid: Int) -> Int? { taking.rank(of: grid) }
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
    /// The insets met lately, by a cheap hash of their bits (64 slots, the latest wins): a
    /// tree's few distinct insets are found there without hashing them for the dictionary.
    private var recentKeys = [Key](repeating: Key(top: 0, left: 0, bottom: 0, right: 0, spacing: 0), count: 64)
    private var recentNumbers = [UInt32](repeating: 0, count: 64)

    init() {
        numbers[last] = 0
    }

    private static func slot(of key: Key) -> Int {
        let mixed = (key.top ^ key.left &* 3 ^ key.bottom &* 5 ^ key.right &* 7 ^ key.spacing &* 11) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 58)
    }

    /// The number of `insets`, added when new.
    mutating func number(of insets: GridInsets) -> UInt32 {
        let key = Key(
            top: insets.top.bitPattern, left: insets.left.bitPattern, bottom: insets.bottom.bitPattern,
            right: insets.right.bitPattern, spacing: insets.spacing.bitPattern)
        if key == last { return lastIndex }
        let slot = Self.slot(of: key)
        let number: UInt32
        if recentKeys[slot] == key {
            number = recentNumbers[slot]
        } else if let known = numbers[key] {
            number = known
        } else {
            number = UInt32(truncatingIfNeeded: values.count)
            values.append(insets)
            numbers[key] = number
        }
        recentKeys[slot] = key
        recentNumbers[slot] = number
        last = key
        lastIndex = number
        return number
    }

    consuming func take() -> [GridInsets] { values }
}
