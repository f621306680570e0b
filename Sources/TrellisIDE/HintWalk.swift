import TrellisModel
import TrellisSyntax

/// One pass over the grids by where they were written, the template bodies merged in.
struct HintWalk {
    let analysis: Analysis
    let range: Range<Int>
    let written: WrittenGrids
    let templates: TemplateBodies
    var values: HintValues
    var cells: CellCursor?
    var hints = InlayHintRecords()

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
        hints.records.reserveCapacity(16 + Int(min(1, share) * Double(2 * entries.count)))
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
        add(templates.grids(usingBodyAt: number, in: analysis), at: templates.bodies[number])
    }

    private mutating func add(_ grids: some Collection<WrittenGrids.Entry>, at cell: Range<Int>) {
        guard let (first, slot, length) = values.values(grids, texts: &hints) else { return }
        let (slotAt, lengthAt) = anchors(cell)
        if let slotAt, let slot, range.contains(slotAt) || range.upperBound == slotAt {
            hints.records.append(InlayHintRecords.Record(offset: slotAt, value: slot, kind: .slot, layout: first.layout, grid: first.index))
        }
        if let lengthAt, let length, range.contains(lengthAt) || range.upperBound == lengthAt {
            hints.records.append(InlayHintRecords.Record(offset: lengthAt, value: length, kind: .length, layout: first.layout, grid: first.index))
        }
    }

    /// Where the slot hint (before the cell) and the length hint (after the size; for JSON,
    /// after the `size` value or the object's `{`) go.
    private mutating func anchors(_ cell: Range<Int>) -> (slot: Int?, length: Int?) {
        if cells != nil {
            guard let node = cells?.cellOrSearch(writtenAt: cell) else { return (nil, nil) }
            return (cell.lowerBound, cells?.sizeOrTemplateEnd(of: node))
        }
        guard let object = analysis.file.jsonRoot?.value(spanning: cell) else { return (nil, nil) }
        let size = JSONQueries.member(of: object, named: GridKey.size.jsonName)
        return (cell.lowerBound + 1, size?.value.range.upperBound ?? cell.lowerBound + 1)
    }
}
