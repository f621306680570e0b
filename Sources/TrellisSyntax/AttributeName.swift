/// The attribute names of the language: one per grid key that has no syntax of its own (see
/// `GridSchema`), plus the preview-only `content` and the escape hatch `json`. Declared in
/// the schema's canonical order, which is the formatter's order. Matched on bytes, without
/// allocating.
public enum AttributeName: UInt8, CaseIterable, Sendable {
    case padding, spacing, gravity, overlap, anchor, placeholder, tag, action, actionData
    case topBorderline, leftBorderline, bottomBorderline, rightBorderline, json, content

    /// The grid key this attribute lowers to, or nil for `json` and `content`.
    public var gridKey: GridKey? {
        switch self {
        case .padding: return .padding
        case .spacing: return .spacing
        case .gravity: return .gravity
        case .overlap: return .overlap
        case .anchor: return .anchor
        case .placeholder: return .placeholder
        case .tag: return .tag
        case .action: return .action
        case .actionData: return .actionData
        case .topBorderline: return .topBorderline
        case .leftBorderline: return .leftBorderline
        case .bottomBorderline: return .bottomBorderline
        case .rightBorderline: return .rightBorderline
        case .json, .content: return nil
        }
    }

    public var spelling: String {
        switch self {
        case .json: return "json"
        case .content: return "content"
        default: return gridKey?.info.attribute ?? ""
        }
    }

    /// One line of documentation.
    public var summary: String {
        switch self {
        case .json: return "The escape hatch: JSON members copied into the grid dictionary as written (unknown keys, unusual values)."
        case .content: return "Preview only: the size of the view in this cell, for gravity and overlap; never written to the JSON."
        default: return gridKey?.info.summary ?? ""
        }
    }

    /// How the attribute is written.
    public var usage: String {
        switch self {
        case .json: return "json({\"key\": value})"
        case .content: return "content(WIDTHxHEIGHT)"
        default: return gridKey?.info.usage ?? ""
        }
    }

    /// Whether the attribute takes an argument list.
    public var takesArguments: Bool { self != .anchor && self != .placeholder }

    /// The attribute spelled by `bytes[range]`, or nil. The parser asks this of every name,
    /// the lowering of every attribute, so this is the schema's spellings compiled into a
    /// switch (picked by length and first byte, two for `anchor` and `action`, as the lexer
    /// finds keywords): a `SpellingTable` here made parsing 10 MB 10% slower and lowering 30%.
    /// `AttributeNameTests` holds it equal to the schema on every name and 20,000 near misses.
    public static func lookup(_ bytes: [UInt8], _ range: Range<Int>) -> AttributeName? {
        let length = range.count
        guard length >= 3, length <= 17, range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { text in
            @inline(__always) func spelled(_ word: StaticString, _ name: AttributeName) -> AttributeName? {
                word.utf8CodeUnitCount == length && ByteSearch.spells(word, in: text, at: range.lowerBound) ? name : nil
            }
            switch (length, text[range.lowerBound]) {
            case (3, UInt8(ascii: "t")): return spelled("tag", .tag)
            case (4, UInt8(ascii: "j")): return spelled("json", .json)
            case (6, UInt8(ascii: "a")): return spelled("anchor", .anchor) ?? spelled("action", .action)
            case (7, UInt8(ascii: "p")): return spelled("padding", .padding)
            case (7, UInt8(ascii: "s")): return spelled("spacing", .spacing)
            case (7, UInt8(ascii: "g")): return spelled("gravity", .gravity)
            case (7, UInt8(ascii: "o")): return spelled("overlap", .overlap)
            case (7, UInt8(ascii: "c")): return spelled("content", .content)
            case (11, UInt8(ascii: "p")): return spelled("placeholder", .placeholder)
            case (11, UInt8(ascii: "a")): return spelled("action-data", .actionData)
            case (14, UInt8(ascii: "t")): return spelled("top-borderline", .topBorderline)
            case (15, UInt8(ascii: "l")): return spelled("left-borderline", .leftBorderline)
            case (16, UInt8(ascii: "r")): return spelled("right-borderline", .rightBorderline)
            case (17, UInt8(ascii: "b")): return spelled("bottom-borderline", .bottomBorderline)
            default: return nil
            }
        }
    }
}
