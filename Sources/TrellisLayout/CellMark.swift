/// A highlighted cell in a picture (``SVGRenderer``): what happened to it, in a color of its
/// own, and the words its tooltip adds.
public struct CellMark: Sendable, Equatable {
    /// What a change did to the cell, from the most to the least telling: a cell with several
    /// changes (added, and a view lands in it) is drawn as the first.
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        case added, removed, view, key, frame

        /// The highlight: green for what is new, red for what is gone, cyan for a view that
        /// lands elsewhere, violet for a key read differently, amber for a frame that moves
        /// or resizes.
        public var color: String {
            switch self {
            case .view: return "#0891b2"
            case .added: return "#16a34a"
            case .removed: return "#dc2626"
            case .key: return "#7c3aed"
            case .frame: return "#d97706"
            }
        }

        /// What the legend says of the color.
        public var meaning: String {
            switch self {
            case .view: return "a view lands in another grid"
            case .added: return "added"
            case .removed: return "removed"
            case .key: return "read differently"
            case .frame: return "moves or resizes"
            }
        }

        public static func < (left: Kind, right: Kind) -> Bool {
            let order = allCases
            return (order.firstIndex(of: left) ?? 0) < (order.firstIndex(of: right) ?? 0)
        }
    }

    public var kind: Kind
    /// Every change of the cell, one per line.
    public var note: String

    public init(kind: Kind, note: String) {
        (self.kind, self.note) = (kind, note)
    }
}
