import TrellisLayout

/// Every grid of every layout ordered by where it was written: by start, a longer range
/// before a shorter one starting at the same place (as an enclosing cell comes before the
/// cells it holds), then by layout and pre-order. The grids written at one cell (a cell in a
/// template: one per use; a cell repeated with `* N`: one per copy) are one run, found by
/// binary search. 16 bytes a grid, where ``GridOrigin``s would take 50.
struct WrittenGrids: Sendable {
    /// One grid and the range it was written at.
    struct Entry: Sendable {
        var start: UInt32
        var end: UInt32
        var layout: Int32
        var index: Int32

        var range: Range<Int> { Int(start)..<Int(end) }
        var origin: (layout: Int, index: Int) { (Int(layout), Int(index)) }

        /// Whether `self` was written at the same range as `other`.
        func isWritten(atTheRangeOf other: Entry) -> Bool { start == other.start && end == other.end }
    }

    let entries: [Entry]

    init(_ trees: [LayoutTree]) {
        var entries: [Entry] = []
        entries.reserveCapacity(trees.reduce(0) { $0 + $1.count })
        for (layout, tree) in trees.enumerated() {
            for index in 0..<tree.count {
                guard let range = tree.sources[index] else { continue }
                // Sources are stored as 32-bit offsets and layouts and grids are counted in 32
                // bits, so nothing is truncated.
                entries.append(
                    Entry(
                        start: UInt32(truncatingIfNeeded: range.lowerBound), end: UInt32(truncatingIfNeeded: range.upperBound),
                        layout: Int32(truncatingIfNeeded: layout), index: Int32(truncatingIfNeeded: index)))
            }
        }
        // Within a layout the grids mostly come in this order already (pre-order follows the
        // text, but for the cells of templates and repeated copies): the sort finds the runs.
        entries.sort { first, second in
            if first.start != second.start { return first.start < second.start }
            if first.end != second.end { return first.end > second.end }
            if first.layout != second.layout { return first.layout < second.layout }
            return first.index < second.index
        }
        self.entries = entries
    }

    /// The positions in ``entries`` of the grids written exactly at `range`.
    func positions(writtenAt range: Range<Int>) -> Range<Int> {
        guard let start = UInt32(exactly: range.lowerBound), let end = UInt32(exactly: range.upperBound) else { return 0..<0 }
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            let entry = entries[middle]
            if entry.start < start || (entry.start == start && entry.end > end) { low = middle + 1 } else { high = middle }
        }
        var upper = low
        while upper < entries.count, entries[upper].start == start, entries[upper].end == end { upper += 1 }
        return low..<upper
    }

    /// The end of the run of grids written at the range of the grid at `position`.
    func endOfRun(from position: Int) -> Int {
        var end = position + 1
        while end < entries.count, entries[end].isWritten(atTheRangeOf: entries[position]) { end += 1 }
        return end
    }
}

extension Analysis {
    /// Every grid by where it was written (computed once per analysis).
    var writtenGrids: WrittenGrids { cache.writtenGrids.value { WrittenGrids(trees) } }
}
