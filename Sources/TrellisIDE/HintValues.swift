import TrellisLayout

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
    private var lengthLabels: [(bits: UInt64, number: String, label: String)]

    init(_ analysis: Analysis) {
        self.analysis = analysis
        let zero = FramesReport.number(0)
        lengthLabels = Array(repeating: (0, zero, "▸ " + zero), count: 1_024)
    }

    /// The first grid, the distinct slots (`#3`) and the distinct lengths along the parent's
    /// axis of `grids` (`▸ 176`, `▸ 200, 75`; empty when none has one); nil when no grid has a
    /// frame.
    mutating func labels(_ grids: some Collection<WrittenGrids.Entry>) -> (first: (layout: Int, index: Int), slots: String, lengths: String)? {
        guard let first = grids.first else { return nil }
        if grids.count == 1 {
            let (layout, index) = first.origin
            guard hasFrame(layout: layout, index: index) else { return nil }
            let slot = slots?[index].map(Self.slotLabel) ?? ""
            return (first.origin, slot, (frames?.lengthAlongParent(index)).map { labels(forLength: $0).label } ?? "")
        }
        var slotTexts: [String] = []
        var lengthTexts: [String] = []
        var anyFramed = false
        for grid in grids {
            let (layout, index) = grid.origin
            guard hasFrame(layout: layout, index: index) else { continue }
            anyFramed = true
            if let slot = slots?[index] { slotTexts.append(Self.slotLabel(slot)) }
            if let length = frames?.lengthAlongParent(index) { lengthTexts.append(labels(forLength: length).number) }
        }
        guard anyFramed else { return nil }
        return (first.origin, InlayHints.distinct(slotTexts), lengthTexts.isEmpty ? "" : "▸ " + InlayHints.distinct(lengthTexts))
    }

    /// `#3`: made from its bytes (a string this short is kept inline, with no allocation).
    static func slotLabel(_ slot: Int) -> String {
        guard slot >= 0 else { return "#" + String(slot) }
        var digits = 0
        var rest = slot
        repeat {
            digits += 1
            rest /= 10
        } while rest > 0
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
    private mutating func labels(forLength length: Double) -> (number: String, label: String) {
        let bits = length.bitPattern
        let place = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 54)
        if lengthLabels[place].bits == bits { return (lengthLabels[place].number, lengthLabels[place].label) }
        let number = FramesReport.number(length)
        lengthLabels[place] = (bits, number, "▸ " + number)
        return (number, lengthLabels[place].label)
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
