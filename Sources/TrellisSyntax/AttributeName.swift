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
}
