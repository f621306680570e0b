/// A field of a borderline object (model spec §6), in the order it is written.
public enum BorderlineField: String, CaseIterable, Sendable {
    case color, thick, head, tail, offset, dash

    /// The field's name in Trellis and in JSON.
    public var name: String { rawValue }

    /// What the field holds, for completion.
    public var detail: String { self == .color ? "line color" : "points" }

    /// One line of documentation, for hover (model spec §2 and §6).
    public var summary: String {
        switch self {
        case .color:
            return "The line's color: `#RRGGBB`, `#AARRGGBB` or a color name. Without it the line is black; a color the runtime cannot read draws no line."
        case .thick:
            return
                "The line's thickness in pixels: a solid line is `thick / scale` points across, a dashed one is stroked `thick` points wide; the runtime raises a thickness below 1 to 1."
        case .head: return "The head indent: how far from the start of the edge the line begins, in points."
        case .tail: return "The tail indent: how far before the end of the edge the line stops, in points."
        case .offset: return "How far the line is moved in from the edge, in points."
        case .dash: return "The length of a dash in points; 0 draws a solid line."
        }
    }

    /// The value completion offers as a placeholder.
    public var sampleValue: String { self == .color ? "#EEEEEE" : "1" }

    /// The field a name's bytes spell, or nil. The lowering asks this of every field of
    /// every borderline, so the names are compiled into a switch on length and first byte, as
    /// the lexer finds keywords; `BorderlineFieldTests` holds it equal to the cases.
    @inline(__always)
    public static func lookup(_ name: ByteView) -> BorderlineField? {
        guard name.count >= 4, name.count <= 6 else { return nil }
        @inline(__always) func spelled(_ word: StaticString, _ field: BorderlineField) -> BorderlineField? {
            name.spells(word) ? field : nil
        }
        switch (name.count, name[0]) {
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
