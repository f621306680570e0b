import TrellisModel

/// The grids of a tree that have borderlines (never the root), in pre-order, and where their
/// lines are read from when a report asks: the runtime values a grid dictionary was read into,
/// or an authored grid's record in its arena (read then, so that laying a tree out costs one
/// index per such grid and no conversion of its lines).
public struct BorderlineSpecs: Sendable {
    /// Where one grid's lines come from.
    enum Source: Sendable {
        case lines([RuntimeBorderline])
        case record(Int32)
    }

    /// Each grid with borderlines, in pre-order.
    private(set) var grids: [Int32] = []
    private var sources: [Source] = []
    /// The arena the `record` sources are in.
    private var arena: GridArena?

    /// How many grids have borderlines.
    var count: Int { grids.count }

    /// Whether some grid's lines are still read from an arena (``detached()`` has work).
    var holdsArena: Bool { arena != nil }

    /// The grid at `position` in the list.
    func grid(at position: Int) -> Int { Int(grids[position]) }

    /// The position of grid `index` in the list, if it has borderlines.
    func position(of index: Int) -> Int? {
        let low = position(atOrAfter: index)
        return low < grids.count && Int(grids[low]) == index ? low : nil
    }

    /// The lines of the grid at `position`, as the runtime holds them.
    func lines(at position: Int) -> [RuntimeBorderline] {
        switch sources[position] {
        case .lines(let lines): return lines
        case .record(let record):
            guard let arena, arena.records.indices.contains(Int(record)) else { return [] }
            let fields = arena.rare[Int(arena.records[Int(record)].rare)]
            // Each line read out once (a color is a string made from the arena's bytes), then
            // searched per edge.
            return RuntimeReading.runtimeBorderlines(arena.borderlines[fields.borderlineRun].map(arena.borderline))
        }
    }

    /// The same lines, each grid's read out of the arena now: specs that hold no arena.
    func detached() -> BorderlineSpecs {
        guard arena != nil else { return self }
        var detached = BorderlineSpecs()
        for position in grids.indices { detached.append(grid(at: position), lines: lines(at: position)) }
        return detached
    }

    /// The specs of a tree whose grids `replaced` were replaced by the grids of `new` (a
    /// tree of its own, numbered from 0): the grids after them renumbered. Nil while lines
    /// are read from an arena.
    func replacing(_ replaced: Range<Int>, with new: BorderlineSpecs, count newCount: Int) -> BorderlineSpecs? {
        guard arena == nil, new.arena == nil else { return nil }
        let first = position(atOrAfter: replaced.lowerBound)
        let last = position(atOrAfter: replaced.upperBound)
        let countDelta = newCount - replaced.count
        var spliced = BorderlineSpecs()
        spliced.grids.reserveCapacity(grids.count - (last - first) + new.grids.count)
        spliced.sources.reserveCapacity(grids.count - (last - first) + new.grids.count)
        spliced.grids += grids[..<first]
        spliced.sources += sources[..<first]
        for grid in new.grids { spliced.grids.append(grid + Int32(replaced.lowerBound)) }
        spliced.sources += new.sources
        for grid in grids[last...] { spliced.grids.append(grid + Int32(countDelta)) }
        spliced.sources += sources[last...]
        return spliced
    }

    /// The position of the first grid with borderlines at `index` or after it.
    private func position(atOrAfter index: Int) -> Int { grids.firstPosition(atOrAfter: index) }

    /// Adds grid `grid`, whose lines are `lines` (grids come in pre-order).
    mutating func append(_ grid: Int, lines: [RuntimeBorderline]) {
        grids.append(Int32(truncatingIfNeeded: grid))
        sources.append(.lines(lines))
    }

    /// Adds grid `grid`, whose lines are those of `record` in `arena` (one arena per tree).
    mutating func append(_ grid: Int, record: Int, in arena: GridArena) {
        if self.arena == nil { self.arena = arena }
        grids.append(Int32(truncatingIfNeeded: grid))
        sources.append(.record(Int32(truncatingIfNeeded: record)))
    }
}

extension [Int32] {
    /// In grid numbers in ascending order, the position of the first at `grid` or after it
    /// (binary search).
    func firstPosition(atOrAfter grid: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if Int(self[middle]) < grid { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
