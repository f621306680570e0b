/// Which cells of a picture a layout's changes touch (``SVGRenderer``'s marks): in the old
/// version the grids removed (the mark covers what they hold), the grids a view left, and the grids
/// that move or read a key differently; in the new one the grids added, the grids a view
/// lands in, and the same moved and changed grids.
public enum ScreenDiffMarks {
    /// The old version (`before`) or the new one (`after`).
    public enum Side: Sendable {
        case before, after
    }

    public static func marks(_ changes: [ScreenChange], side: Side, in result: LayoutResult) -> [Int: CellMark] {
        var marks: [Int: CellMark] = [:]
        func mark(_ index: Int, _ kind: CellMark.Kind, _ note: String) {
            guard index >= 0, index < result.grids.count else { return }
            if var existing = marks[index] {
                existing.kind = min(existing.kind, kind)
                existing.note += "\n" + note
                marks[index] = existing
            } else {
                marks[index] = CellMark(kind: kind, note: note)
            }
        }
        // An added or removed grid's mark covers what it holds: only its top is marked, so
        // that a cell inside it that has a partner (a cell wrapped in a new grid) shows its own.
        for change in changes {
            let index = side == .before ? change.oldGrid : change.newGrid
            guard let index, let kind = kind(of: change, side: side) else { continue }
            mark(index, kind, ScreenDiffReport.describe(change))
        }
        return marks
    }

    /// The whole layout marked (a layout only one version has): its root.
    public static func whole(_ kind: CellMark.Kind, note: String, in result: LayoutResult) -> [Int: CellMark] {
        result.grids.isEmpty ? [:] : [0: CellMark(kind: kind, note: note)]
    }

    /// How a change marks a cell on one side (nil: it has no cell there).
    static func kind(of change: ScreenChange, side: Side) -> CellMark.Kind? {
        switch change.kind {
        case .added: return side == .after ? .added : nil
        case .removed: return side == .before ? .removed : nil
        case .view: return .view
        case .key: return .key
        case .frame: return .frame
        case .size, .settling: return nil
        }
    }

    /// The cell a page links to for a change: in the new version where it has one there,
    /// else in the old.
    public static func anchor(of change: ScreenChange) -> (side: Side, grid: Int)? {
        if let grid = change.newGrid, change.kind != .removed { return (.after, grid) }
        if let grid = change.oldGrid { return (.before, grid) }
        return nil
    }
}
