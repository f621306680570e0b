/// A field of a borderline object (model spec §6), in the order it is written.
public enum BorderlineField: String, CaseIterable, Sendable {
    case color, thick, head, tail, offset, dash

    /// The field's name in Trellis and in JSON.
    public var name: String { rawValue }

    /// What the field holds, for completion.
    public var detail: String { self == .color ? "line color" : "points" }

    /// The value completion offers as a placeholder.
    public var sampleValue: String { self == .color ? "#EEEEEE" : "1" }

    /// The field spelled by `bytes[range]`, or nil. The lowering asks this of every field of
    /// every borderline, so the names are compiled into a switch on length and first byte, as
    /// the lexer finds keywords; `BorderlineFieldTests` holds it equal to the cases.
    @inline(__always)
    public static func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> BorderlineField? {
        guard range.count >= 4, range.count <= 6, range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
        let start = range.lowerBound
        @inline(__always) func spelled(_ word: StaticString, _ field: BorderlineField) -> BorderlineField? {
            word.utf8CodeUnitCount == range.count && ByteSearch.spells(word, in: bytes, at: start) ? field : nil
        }
        switch (range.count, bytes[start]) {
        case (5, UInt8(ascii: "c")): return spelled("color", .color)
        case (5, UInt8(ascii: "t")): return spelled("thick", .thick)
        case (4, UInt8(ascii: "h")): return spelled("head", .head)
        case (4, UInt8(ascii: "t")): return spelled("tail", .tail)
        case (6, UInt8(ascii: "o")): return spelled("offset", .offset)
        case (4, UInt8(ascii: "d")): return spelled("dash", .dash)
        default: return nil
        }
    }

    /// The field named exactly `text`, or nil (a switch on the string: the JSON rules and the
    /// runtime's reading ask it of every member of every borderline).
    public init?(name text: String) {
        switch text {
        case "color": self = .color
        case "thick": self = .thick
        case "head": self = .head
        case "tail": self = .tail
        case "offset": self = .offset
        case "dash": self = .dash
        default: return nil
        }
    }
}
