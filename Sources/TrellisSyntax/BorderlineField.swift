/// A field of a borderline object (model spec §6), in the order it is written.
public enum BorderlineField: String, CaseIterable, Sendable {
    case color, thick, head, tail, offset, dash

    /// The field's name in Trellis and in JSON.
    public var name: String { rawValue }

    /// What the field holds, for completion.
    public var detail: String { self == .color ? "line color" : "points" }

    /// The value completion offers as a placeholder.
    public var sampleValue: String { self == .color ? "#EEEEEE" : "1" }

    /// The fields by spelling, for a lookup on bytes.
    public static let table = SpellingTable(allCases.map { (spelling: $0.name, value: $0) })

    /// The field named exactly `text`, or nil.
    public init?(name text: String) { self.init(rawValue: text) }
}
