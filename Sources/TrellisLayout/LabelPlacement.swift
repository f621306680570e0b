/// The label boxes a picture has drawn, and whether a new one would overlap any of them, in
/// time that does not grow with the picture: boxes are kept in the cells of a 64 × 16 point
/// grid they cover, and a new box is compared with the boxes of its own cells only (two boxes
/// that overlap share a point, and so a cell). Boxes too large or too far out for the grid
/// (non-finite, beyond a billion points, or over 256 cells) are compared with every box.
struct LabelPlacement {
    private static let cellWidth = 64.0
    private static let cellHeight = 16.0
    private var cells: [SIMD2<Int>: [Rect]] = [:]
    /// Boxes kept outside the grid, compared with every new box.
    private var outside: [Rect] = []
    /// Every box, for a new box outside the grid.
    private var all: [Rect] = []

    /// Places `box` unless it overlaps a box already placed; returns whether it was placed.
    mutating func place(_ box: Rect) -> Bool {
        let span = Self.cells(of: box)
        let candidates: [Rect]
        if let span {
            candidates = outside + span.flatMap { cells[$0] ?? [] }
        } else {
            candidates = all
        }
        guard !candidates.contains(where: { Self.overlap($0, box) }) else { return false }
        all.append(box)
        if let span {
            for cell in span { cells[cell, default: []].append(box) }
        } else {
            outside.append(box)
        }
        return true
    }

    static func overlap(_ one: Rect, _ other: Rect) -> Bool {
        one.x < other.x + other.width && other.x < one.x + one.width && one.y < other.y + other.height && other.y < one.y + one.height
    }

    /// The grid cells `box` covers, or nil when it does not fit the grid.
    private static func cells(of box: Rect) -> [SIMD2<Int>]? {
        let limit = 1e9
        let values = [box.x, box.y, box.x + box.width, box.y + box.height]
        guard values.allSatisfy({ $0.isFinite && abs($0) < limit }), box.width >= 0, box.height >= 0 else { return nil }
        let columns = Int((box.x / cellWidth).rounded(.down))...Int(((box.x + box.width) / cellWidth).rounded(.down))
        let rows = Int((box.y / cellHeight).rounded(.down))...Int(((box.y + box.height) / cellHeight).rounded(.down))
        guard columns.count * rows.count <= 256 else { return nil }
        return rows.flatMap { row in columns.map { SIMD2(row, $0) } }
    }
}
