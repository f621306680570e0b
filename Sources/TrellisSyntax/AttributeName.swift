/// The attribute names of the language, one per grid-dictionary key (plus the preview-only
/// `content` and the escape hatch `json`). Matched on bytes, without allocating.
public enum AttributeName: UInt8, CaseIterable, Sendable {
    case padding, spacing, gravity, overlap, anchor, placeholder, tag, action, actionData
    case topBorderline, leftBorderline, bottomBorderline, rightBorderline, json, content

    public var spelling: String {
        switch self {
        case .padding: return "padding"
        case .spacing: return "spacing"
        case .gravity: return "gravity"
        case .overlap: return "overlap"
        case .anchor: return "anchor"
        case .placeholder: return "placeholder"
        case .tag: return "tag"
        case .action: return "action"
        case .actionData: return "action-data"
        case .topBorderline: return "top-borderline"
        case .leftBorderline: return "left-borderline"
        case .bottomBorderline: return "bottom-borderline"
        case .rightBorderline: return "right-borderline"
        case .json: return "json"
        case .content: return "content"
        }
    }

    static let spellings: [[UInt8]] = allCases.map { Array($0.spelling.utf8) }

    /// Candidates by length (3 … 17), so a lookup compares at most three spellings.
    static let byLength: [[AttributeName]] = (0...17).map { length in allCases.filter { $0.spelling.utf8.count == length } }

    /// The attribute spelled by `bytes[range]`, or nil.
    public static func lookup(_ bytes: [UInt8], _ range: Range<Int>) -> AttributeName? {
        let length = range.count
        guard length >= 3, length <= 17 else { return nil }
        candidates: for candidate in byLength[length] {
            let spelling = spellings[Int(candidate.rawValue)]
            var offset = 0
            while offset < length {
                if bytes[range.lowerBound + offset] != spelling[offset] { continue candidates }
                offset += 1
            }
            return candidate
        }
        return nil
    }
}
