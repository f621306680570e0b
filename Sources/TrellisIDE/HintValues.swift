import TrellisLayout

/// What hints say, from the first viewport's frames, each layout's frames and slots taken
/// once for a run of grids of that layout (not once per grid: a result holds many arrays).
struct HintValues {
    let analysis: Analysis
    private var layout = -1
    private var frames: GridFrames?
    /// How many grids ``frames`` has (asked once: a collection's `indices` copies it).
    private var framed = 0
    private var slots: LayoutTree.SlotColumn?
    /// Lengths written lately, by their bits (a document's lengths repeat: the same cards at
    /// the same screen width), for the labels of cells that stand for several grids.
    private var lengthTexts: [(bits: UInt64, text: String)]

    init(_ analysis: Analysis) {
        self.analysis = analysis
        lengthTexts = Array(repeating: (0, FramesReport.number(0)), count: InlayHintRecords.lengthPlaces)
    }

    /// The first grid, the slot (`#3`) and the length along the parent's axis (`▸ 176`) of
    /// `grids`, several grids' distinct values in one text (`▸ 200, 75`, kept in `texts`); nil
    /// when no grid has a frame.
    mutating func values(_ grids: some Collection<WrittenGrids.Entry>, texts: inout InlayHintRecords) -> (
        first: (layout: Int, index: Int), slot: InlayHintRecords.Record.Value?, length: InlayHintRecords.Record.Value?
    )? {
        guard let first = grids.first else { return nil }
        if grids.count == 1 {
            let (layout, index) = first.origin
            guard hasFrame(layout: layout, index: index) else { return nil }
            return (first.origin, slots?[index].map { .slot($0) }, frames?.lengthAlongParent(index).map { .length($0) })
        }
        var distinctSlots: [Int] = []
        var distinctLengths: [(value: Double, text: String)] = []
        var anyFramed = false
        for grid in grids {
            let (layout, index) = grid.origin
            guard hasFrame(layout: layout, index: index) else { continue }
            anyFramed = true
            if let slot = slots?[index], !distinctSlots.contains(slot) { distinctSlots.append(slot) }
            if let length = frames?.lengthAlongParent(index) {
                let text = text(ofLength: length)
                if !distinctLengths.contains(where: { $0.text == text }) { distinctLengths.append((length, text)) }
            }
        }
        guard anyFramed else { return nil }
        let slot: InlayHintRecords.Record.Value? =
            switch distinctSlots.count {
            case 0: nil
            case 1: .slot(distinctSlots[0])
            default: texts.keep(InlayHints.list(distinctSlots.map(InlayHintRecords.label(ofSlot:))))
            }
        let length: InlayHintRecords.Record.Value? =
            switch distinctLengths.count {
            case 0: nil
            case 1: .length(distinctLengths[0].value)
            default: texts.keep(InlayHints.lengthMark + InlayHints.list(distinctLengths.map { $0.text }))
            }
        return (first.origin, slot, length)
    }

    /// `length` as the frames report writes it.
    private mutating func text(ofLength length: Double) -> String {
        let bits = length.bitPattern
        let place = InlayHintRecords.place(ofLength: length)
        if lengthTexts[place].bits == bits { return lengthTexts[place].text }
        let text = FramesReport.number(length)
        lengthTexts[place] = (bits, text)
        return text
    }

    /// Whether grid `index` of layout `layout` has a frame, taking that layout's frames and
    /// slots when another's are in hand.
    private mutating func hasFrame(layout: Int, index: Int) -> Bool {
        if layout != self.layout {
            self.layout = layout
            frames = analysis.frames(layout: layout, viewport: 0)?.grids
            framed = frames?.endIndex ?? 0
            slots = analysis.trees.indices.contains(layout) ? analysis.trees[layout].slots : nil
        }
        return index >= 0 && index < framed
    }
}
