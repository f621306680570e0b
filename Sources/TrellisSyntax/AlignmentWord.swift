/// A word of `gravity` and `overlap` (model spec §5), declared in the order the runtime
/// tests them (`returnGravity:` takes the first word found as a substring).
public enum AlignmentWord: String, CaseIterable, Sendable {
    case top, bottom, left, right, leading, trailing, centerX, centerY, width, height

    /// The word as written in Trellis and in JSON.
    public var word: String { rawValue }

    /// Whether the word aligns along the vertical axis (`top`, `bottom`, `centerY`, `height`).
    public var isVertical: Bool {
        switch self {
        case .top, .bottom, .centerY, .height: return true
        case .left, .right, .leading, .trailing, .centerX, .width: return false
        }
    }

    /// `vertical` or `horizontal`.
    public var axisName: String { isVertical ? "vertical" : "horizontal" }

    /// What the word does to a view, for hover.
    public var meaning: String {
        switch self {
        case .width, .height: return "fills the \(axisName) axis"
        case .centerX, .centerY: return "centers on the \(axisName) axis"
        case .leading, .trailing: return "aligns to the \(word) edge (mirrored under RTL)"
        case .top, .bottom, .left, .right: return "aligns to the \(word) edge"
        }
    }

    /// The words, vertical ones first, as messages list them.
    public static let verticalFirst: [AlignmentWord] = allCases.filter { $0.isVertical } + allCases.filter { !$0.isVertical }

    /// The word spelled exactly `text`, or nil.
    public init?(word text: String) { self.init(rawValue: text) }
}
