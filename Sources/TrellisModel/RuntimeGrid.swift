import TrellisSyntax

/// A borderline as the runtime holds it (every number read with `doubleValue`).
public struct RuntimeBorderline: Hashable, Sendable {
    public var edge: Edge
    /// nil: the color string was missing or unreadable (no line color).
    public var color: RGBA?
    public var thick: Double
    public var head: Double
    public var tail: Double
    public var offset: Double
    public var dash: Double
}

/// A grid as MyGridLayout holds it after reading a grid dictionary
/// (`translateGridDicionary:toGridNode:`), with every silent conversion applied:
/// sizes become one `measure`, unknown gravity words vanish, malformed padding is zero.
/// Two grid dictionaries mean the same layout exactly when their runtime grids are equal.
public struct RuntimeGrid: Sendable {
    public var measure: Double
    /// The split axis (`subGridsType`); nil for a leaf.
    public var axis: Axis?
    public var children: [RuntimeGrid]
    public var padding: EdgeInsets
    public var spacing: Double
    public var gravity: Gravity
    public var anchor: Bool
    public var placeholder: Bool
    public var tag: Int64
    public var action: String?
    public var actionData: JSONValue?
    public var borderlines: [RuntimeBorderline]
    /// Keys the runtime does not read (one value per key, sorted), kept so that round trips
    /// can be checked.
    public var unknownKeys: [JSONMember]
    /// Preview only: the size of the view in this cell (zero when not given).
    public var contentSize: PreviewSize?
    /// Where this grid was written, when known.
    public var sourceRange: Range<Int>?

    public init(measure: Double) {
        self.measure = measure
        axis = nil
        children = []
        padding = .zero
        spacing = 0
        gravity = Gravity(rawValue: 0)
        anchor = false
        placeholder = false
        tag = 0
        action = nil
        actionData = nil
        borderlines = []
        unknownKeys = []
    }

    public var isLeaf: Bool { children.isEmpty }

    /// A description of the first difference, with the grid's dotted path, or nil.
    public func firstDifference(from other: RuntimeGrid, path: String) -> String? {
        let place = path.isEmpty ? "the root" : "grid \(path)"
        if measure != other.measure && !(measure.isNaN && other.measure.isNaN) {
            return "\(place): measure \(measure) vs \(other.measure)"
        }
        if axis != other.axis { return "\(place): split \(axis?.rawValue ?? "none") vs \(other.axis?.rawValue ?? "none")" }
        if padding != other.padding { return "\(place): padding \(padding.runtimeString) vs \(other.padding.runtimeString)" }
        if spacing != other.spacing { return "\(place): spacing \(spacing) vs \(other.spacing)" }
        if gravity != other.gravity { return "\(place): gravity \(gravity.rawValue) vs \(other.gravity.rawValue)" }
        if anchor != other.anchor { return "\(place): anchor \(anchor) vs \(other.anchor)" }
        if placeholder != other.placeholder { return "\(place): placeholder \(placeholder) vs \(other.placeholder)" }
        if tag != other.tag { return "\(place): tag \(tag) vs \(other.tag)" }
        if action != other.action { return "\(place): action \(action ?? "none") vs \(other.action ?? "none")" }
        if actionData != other.actionData { return "\(place): action-data differs" }
        if borderlines != other.borderlines { return "\(place): borderlines differ" }
        if unknownKeys != other.unknownKeys { return "\(place): unknown keys differ" }
        if children.count != other.children.count {
            return "\(place): \(children.count) children vs \(other.children.count)"
        }
        for index in children.indices {
            let childPath = path.isEmpty ? "\(index + 1)" : "\(path).\(index + 1)"
            if let difference = children[index].firstDifference(from: other.children[index], path: childPath) {
                return difference
            }
        }
        return nil
    }
}

extension RuntimeGrid {
    /// Calls `body` with each child in order, borrowed from the array's storage rather than
    /// copied: the recursive walks over a tree would otherwise retain every field of every grid.
    @inlinable
    public func forEachChild(_ body: (Int, borrowing RuntimeGrid) -> Void) {
        // SAFETY: `buffer` stays in the closure (`body` borrows each child for its call only); `index` is one of `buffer.indices`.
        children.withUnsafeBufferPointer { buffer in
            for index in buffer.indices { body(index, buffer[index]) }
        }
    }
}

/// MyGravity bits: horizontal in the low byte, vertical in the high byte.
public struct Gravity: Hashable, Sendable {
    public var rawValue: UInt16

    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let left: UInt16 = 1
    public static let centerX: UInt16 = 2
    public static let right: UInt16 = 4
    public static let leading: UInt16 = 32
    public static let trailing: UInt16 = 64
    public static let width: UInt16 = 7
    public static let top: UInt16 = 1 << 8
    public static let centerY: UInt16 = 2 << 8
    public static let bottom: UInt16 = 4 << 8
    public static let height: UInt16 = 7 << 8

    public var horizontal: UInt16 { rawValue & 0x00FF }
    public var vertical: UInt16 { rawValue & 0xFF00 }
    public var isNone: Bool { rawValue == 0 }
    /// Whether a leaf's view is placed by its own width (any horizontal word but `width`).
    public var alignsHorizontally: Bool { horizontal != 0 && horizontal != Self.width }
    /// Whether a leaf's view is placed by its own height (any vertical word but `height`).
    public var alignsVertically: Bool { vertical != 0 && vertical != Self.height }

    /// The bits a word sets.
    public static func bits(of word: AlignmentWord) -> UInt16 {
        switch word {
        case .top: return top
        case .bottom: return bottom
        case .left: return left
        case .right: return right
        case .leading: return leading
        case .trailing: return trailing
        case .centerX: return centerX
        case .centerY: return centerY
        case .width: return width
        case .height: return height
        }
    }

    /// `returnGravity:` — the first word found as a case-sensitive SUBSTRING, in this order.
    public static let wordsInRuntimeOrder: [(String, UInt16)] = AlignmentWord.allCases.map { ($0.word, bits(of: $0)) }

    /// A gravity word's bytes and bits.
    struct Word {
        let bytes: [UInt8]
        let bits: UInt16
    }

    static let wordBytes: [Word] = wordsInRuntimeOrder.map { Word(bytes: Array($0.0.utf8), bits: $0.1) }

    /// What the runtime makes of a gravity string: `|`-separated parts, each matched by substring.
    public static func parse(_ text: String) -> Gravity {
        let bytes = Array(text.utf8)
        var bits: UInt16 = 0
        var start = 0
        var index = 0
        while index <= bytes.count {
            if index == bytes.count || bytes[index] == UInt8(ascii: "|") {
                bits |= partBits(bytes, start..<index)
                start = index + 1
            }
            index += 1
        }
        return Gravity(rawValue: bits)
    }

    /// The bits one part contributes (0 when the runtime drops it).
    public static func partBits(_ part: Substring) -> UInt16 {
        let bytes = Array(part.utf8)
        return partBits(bytes, 0..<bytes.count)
    }

    /// The first word of the runtime's list found in `bytes[range]` (case-sensitive).
    static func partBits(_ bytes: [UInt8], _ range: Range<Int>) -> UInt16 {
        for entry in wordBytes where entry.bytes.count <= range.count {
            let word = entry.bytes
            let value = entry.bits
            var start = range.lowerBound
            while start + word.count <= range.upperBound {
                var offset = 0
                while offset < word.count, bytes[start + offset] == word[offset] { offset += 1 }
                if offset == word.count { return value }
                start += 1
            }
        }
        return 0
    }
}

/// A color as the runtime reads it (`myColorWithHexString:`).
public struct RGBA: Hashable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let namedColors: [String: RGBA] = Dictionary(uniqueKeysWithValues: NamedColor.allCases.map { ($0.name, RGBA(named: $0)) })

    /// The color a name stands for.
    public init(named color: NamedColor) {
        let channels = color.channels
        self.init(red: channels.red, green: channels.green, blue: channels.blue, alpha: channels.alpha)
    }

    /// `#RRGGBB`: the colour without its alpha, as reports print it.
    public var hexRGB: String { "#" + Self.hex(red) + Self.hex(green) + Self.hex(blue) }

    /// How a colour is written: `#RRGGBB`, or `#AARRGGBB` (alpha first, as the runtime reads
    /// it) when it is not opaque.
    public var written: String { alpha == 255 ? hexRGB : "#" + Self.hex(alpha) + hexRGB.dropFirst() }

    static func hex(_ value: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
    }

    /// `#RRGGBB`, `#AARRGGBB` (alpha FIRST), or a name (case-insensitive); anything else is nil.
    /// The hex digits are scanned like `NSScanner scanHexInt:` (a prefix; overflow saturates).
    public static func parse(_ text: String) -> RGBA? {
        guard let first = text.utf8.first else { return nil }
        guard first == UInt8(ascii: "#") else { return namedColors[text.lowercased()] }
        let length = text.utf16.count
        guard length == 7 || length == 9 else { return nil }
        var value: UInt64 = 0
        var sawDigit = false
        for byte in text.utf8.dropFirst() {
            let nibble: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = UInt64(byte - UInt8(ascii: "A") + 10)
            default: nibble = 16
            }
            if nibble == 16 { break }
            sawDigit = true
            value = min(value << 4 | nibble, UInt64(UInt32.max))
        }
        _ = sawDigit
        let bits = UInt32(value)
        return RGBA(
            red: UInt8((bits >> 16) & 0xFF), green: UInt8((bits >> 8) & 0xFF), blue: UInt8(bits & 0xFF),
            alpha: length == 7 ? 255 : UInt8((bits >> 24) & 0xFF))
    }
}
