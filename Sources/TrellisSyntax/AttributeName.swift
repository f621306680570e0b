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

    /// Every spelling's bytes, one after another (flat: reading one retains nothing), and
    /// where each starts; the last entry is the end of the last spelling.
    static let spellingBytes: [UInt8] = allCases.flatMap { Array($0.spelling.utf8) }
    static let spellingStarts: [Int] = allCases.reduce(into: [0]) { starts, name in starts.append(starts[starts.count - 1] + name.spelling.utf8.count) }

    /// Candidates by length (3 … 17), for names that share a length and a first byte.
    static let byLength: [[AttributeName]] = (0...17).map { length in allCases.filter { $0.spelling.utf8.count == length } }

    /// By length and first byte (`length << 7 | byte`): 0 for no attribute, the raw value + 1
    /// for exactly one, `ambiguous` when several share them (`anchor`, `action`).
    static let byLengthAndFirstByte: [UInt8] = {
        var slots = [UInt8](repeating: 0, count: 18 << 7)
        for name in allCases {
            let spelling = Array(name.spelling.utf8)
            guard let first = spelling.first, spelling.count <= 17, first < 0x80 else { continue }
            let slot = spelling.count << 7 | Int(first)
            slots[slot] = slots[slot] == 0 ? name.rawValue + 1 : ambiguous
        }
        return slots
    }()
    static let ambiguous: UInt8 = 0xFF

    /// The attribute spelled by `bytes[range]`, or nil.
    public static func lookup(_ bytes: [UInt8], _ range: Range<Int>) -> AttributeName? {
        let length = range.count
        guard length >= 3, length <= 17, range.lowerBound >= 0, range.upperBound <= bytes.count, bytes[range.lowerBound] < 0x80 else { return nil }
        let slot = byLengthAndFirstByte[length << 7 | Int(bytes[range.lowerBound])]
        if slot == 0 { return nil }
        if slot != ambiguous, let name = AttributeName(rawValue: slot - 1) {
            return spells(name, bytes, range) ? name : nil
        }
        return byLength[length].first { spells($0, bytes, range) }
    }

    /// Whether `bytes[range]` is `name`'s spelling, compared byte by byte.
    static func spells(_ name: AttributeName, _ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        let index = Int(name.rawValue)
        let start = spellingStarts[index]
        let length = spellingStarts[index + 1] - start
        guard length == range.count, range.lowerBound >= 0, range.upperBound <= bytes.count else { return false }
        return spellingBytes.withUnsafeBufferPointer { spelling in
            bytes.withUnsafeBufferPointer { text in
                var offset = 0
                while offset < length, text[range.lowerBound + offset] == spelling[start + offset] { offset += 1 }
                return offset == length
            }
        }
    }
}
