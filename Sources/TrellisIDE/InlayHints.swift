import TrellisLayout
import TrellisModel
import TrellisSyntax

/// An inline annotation: the computed length after a size (`▸ 176`) or the slot before a
/// cell that takes a view (`#3`), at the first viewport. A cell inside a template stands for
/// one grid per use; `layout` and `grid` name the first, whose tooltip says the same fact at
/// every viewport (`tooltip`).
public struct InlayHint: Sendable, Equatable {
    /// A cell's computed length, or the view slot a leaf takes.
    public enum Kind: Sendable { case length, slot }
    public var offset: Int
    public var label: String
    public var kind: Kind
    /// The layout of the first grid the hint is about.
    public var layout: Int
    /// That grid's index in its layout's pre-order.
    public var grid: Int

    public init(offset: Int, label: String, kind: Kind, layout: Int, grid: Int) {
        self.offset = offset
        self.label = label
        self.kind = kind
        self.layout = layout
        self.grid = grid
    }
}

/// Inlay hints from the frames of the first viewport. A cell inside a template has one grid
/// per use: the hint lists the distinct values (`▸ 40, 60`).
public enum InlayHints {
    /// The hints at offsets in `range` (or at its end), in order. The grids are taken in the
    /// order they were written and each cell found walking the syntax tree alongside, so a
    /// whole document of a million cells costs a pass over its grids, not a search per cell.
    public static func hints(_ analysis: Analysis, in range: Range<Int>) -> [InlayHint] {
        guard !analysis.viewports.isEmpty else { return [] }
        var walk = HintWalk(analysis, range: range)
        walk.run()
        // Cells come in the text's order and a cell's slot comes before its size: the hints
        // are in order already, but for a size written after a nested cell.
        var hints = walk.hints
        if !zip(hints, hints.dropFirst()).allSatisfy({ $0.offset <= $1.offset }) {
            hints = hints.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        }
        return hints
    }

    static func distinct(_ values: [String]) -> String {
        var seen: [String] = []
        for value in values where !seen.contains(value) { seen.append(value) }
        return seen.count > 3 ? seen.prefix(3).joined(separator: ", ") + ", …" : seen.joined(separator: ", ")
    }

    /// The tooltip of a hint: the same fact at every viewport.
    public static func tooltip(_ analysis: Analysis, kind: InlayHint.Kind, layout: Int, grid: Int) -> String {
        var lines: [String] = []
        for index in analysis.viewports.indices {
            guard let result = analysis.frames(layout: layout, viewport: index), result.grids.indices.contains(grid) else { continue }
            let frame = result.grids[grid]
            let label = result.viewport.label ?? result.viewport.description
            switch kind {
            case .slot:
                lines.append("\(label): " + (frame.slot.map { "slot #\($0) (subview \($0 + 1) lands here)" } ?? "no view"))
            case .length:
                let length = frame.parentAxis.map { FramesReport.number($0 == .rows ? frame.frame.height : frame.frame.width) } ?? "–"
                lines.append("\(label): \(length) (frame \(FramesReport.rectText(frame.frame)))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// One pass over the grids by where they were written, the template bodies merged in.
struct HintWalk {
    let analysis: Analysis
    let range: Range<Int>
    let written: WrittenGrids
    let templates: TemplateBodies
    var values: HintValues
    var cells: CellCursor?
    var hints: [InlayHint] = []

    init(_ analysis: Analysis, range: Range<Int>) {
        self.analysis = analysis
        self.range = range
        written = analysis.writtenGrids
        templates = TemplateBodies(analysis, overlapping: range)
        values = HintValues(analysis)
        cells = analysis.tree.map { CellCursor($0) }
    }

    mutating func run() {
        let entries = written.entries
        // About two hints a grid, for the share of the text asked for.
        let share = Double(range.count) / Double(max(1, analysis.source.bytes.count))
        hints.reserveCapacity(16 + Int(min(1, share) * Double(2 * entries.count)))
        var nextTemplate = 0
        var position = 0
        while position < entries.count {
            let entry = entries[position]
            let start = Int(entry.start)
            guard start < range.upperBound || start == range.lowerBound else { break }
            let end = written.endOfRun(from: position)
            // A template's own cell stands for the grids of its uses, in the text's order.
            while nextTemplate < templates.bodies.count, templates.bodies[nextTemplate].lowerBound <= start {
                addTemplate(nextTemplate)
                nextTemplate += 1
            }
            let cell = entry.range
            // A grid written where a template's cell starts is one that cell stands for.
            let atTemplate = nextTemplate > 0 && templates.bodies[nextTemplate - 1].lowerBound == start
            if cell.overlaps(range) || start == range.lowerBound, !atTemplate {
                add(entries[position..<end], at: cell)
            }
            position = end
        }
        while nextTemplate < templates.bodies.count {
            addTemplate(nextTemplate)
            nextTemplate += 1
        }
    }

    private mutating func addTemplate(_ number: Int) {
        add(templates.grids(usingBodyAt: number, written), at: templates.bodies[number])
    }

    private mutating func add(_ grids: some Collection<WrittenGrids.Entry>, at cell: Range<Int>) {
        guard let (first, slots, lengths) = values.labels(grids) else { return }
        let (slotAt, lengthAt) = anchors(cell)
        if let slotAt, !slots.isEmpty, range.contains(slotAt) || range.upperBound == slotAt {
            hints.append(InlayHint(offset: slotAt, label: slots, kind: .slot, layout: first.layout, grid: first.index))
        }
        if let lengthAt, !lengths.isEmpty, range.contains(lengthAt) || range.upperBound == lengthAt {
            hints.append(InlayHint(offset: lengthAt, label: lengths, kind: .length, layout: first.layout, grid: first.index))
        }
    }

    /// Where the slot hint (before the cell) and the length hint (after the size; for JSON,
    /// after the `size` value or the object's `{`) go.
    private mutating func anchors(_ cell: Range<Int>) -> (slot: Int?, length: Int?) {
        if cells != nil {
            guard let node = cells?.cellOrSearch(writtenAt: cell) ?? nil else { return (nil, nil) }
            return (cell.lowerBound, cells?.sizeEnd(of: node) ?? nil)
        }
        guard let object = analysis.file.jsonRoot?.value(spanning: cell) else { return (nil, nil) }
        let size = JSONQueries.member(of: object, named: GridKey.size.jsonName)
        return (cell.lowerBound + 1, size?.value.range.upperBound ?? cell.lowerBound + 1)
    }
}

/// The labels of hints from the first viewport's frames, each layout's frames and slots taken
/// once for a run of grids of that layout (not once per grid: a result holds many arrays).
struct HintValues {
    let analysis: Analysis
    private var layout = -1
    private var frames: GridFrames?
    /// How many grids ``frames`` has (asked once: a collection's `indices` copies it).
    private var framed = 0
    private var slots: LayoutTree.SlotColumn?
    /// Length labels made lately, by the length's bits (a document's lengths repeat: the same
    /// cards at the same screen width): the number alone and after `▸ `.
    private var made: [(bits: UInt64, number: String, label: String)]

    init(_ analysis: Analysis) {
        self.analysis = analysis
        made = Array(repeating: (0, "0", "▸ 0"), count: 1024)
    }

    /// The first grid, the distinct slots (`#3`) and the distinct lengths along the parent's
    /// axis of `grids` (`▸ 176`, `▸ 200, 75`; empty when none has one); nil when no grid has a
    /// frame.
    mutating func labels(_ grids: some Collection<WrittenGrids.Entry>) -> (first: (layout: Int, index: Int), slots: String, lengths: String)? {
        guard let first = grids.first else { return nil }
        if grids.count == 1 {
            let (layout, index) = first.origin
            guard select(layout, index) else { return nil }
            let slot = (slots?[index] ?? nil).map(Self.slotLabel) ?? ""
            return (first.origin, slot, (frames?.lengthAlongParent(index)).map { made($0).label } ?? "")
        }
        var slotLabels: [String] = []
        var lengthLabels: [String] = []
        var anyFramed = false
        for grid in grids {
            let (layout, index) = grid.origin
            guard select(layout, index) else { continue }
            anyFramed = true
            if let slot = slots?[index] ?? nil { slotLabels.append(Self.slotLabel(slot)) }
            if let length = frames?.lengthAlongParent(index) { lengthLabels.append(made(length).number) }
        }
        guard anyFramed else { return nil }
        return (first.origin, InlayHints.distinct(slotLabels), lengthLabels.isEmpty ? "" : "▸ " + InlayHints.distinct(lengthLabels))
    }

    /// `#3`: made from its bytes (a string this short is kept inline, with no allocation).
    static func slotLabel(_ slot: Int) -> String {
        guard slot >= 0, slot < 100_000_000_000_000 else { return "#" + String(slot) }
        var digits = 1
        var power = 10
        while slot >= power {
            digits += 1
            power *= 10
        }
        // SAFETY: the buffer holds `digits + 1` bytes: `#` at 0, then the digits at 1...digits.
        return String(unsafeUninitializedCapacity: digits + 1) { buffer in
            buffer[0] = UInt8(ascii: "#")
            var rest = slot
            for place in stride(from: digits, through: 1, by: -1) {
                buffer[place] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return digits + 1
        }
    }

    /// `length` as the frames report writes it, alone and as a label.
    private mutating func made(_ length: Double) -> (number: String, label: String) {
        let bits = length.bitPattern
        let slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 54)
        if made[slot].bits == bits { return (made[slot].number, made[slot].label) }
        let number = FramesReport.number(length)
        made[slot] = (bits, number, "▸ " + number)
        return (number, made[slot].label)
    }

    /// Takes layout `layout`'s frames and slots when another's are in hand; whether grid
    /// `index` has a frame.
    private mutating func select(_ layout: Int, _ index: Int) -> Bool {
        if layout != self.layout {
            self.layout = layout
            frames = analysis.frames(layout: layout, viewport: 0)?.grids
            framed = frames?.endIndex ?? 0
            slots = analysis.trees.indices.contains(layout) ? analysis.trees[layout].slots : nil
        }
        return index >= 0 && index < framed
    }
}
