import TrellisModel
import TrellisSyntax

/// Two layouts' grids matched one to one where they are the same grid, so that a change is
/// told as what happened to a grid and not to a path: an inserted cell is one insertion, and
/// the cells after it keep their partners whatever their new paths.
///
/// The trees are aligned top-down. Each matched pair's children are aligned as the shortest
/// edit of their lists (Myers) over each child's fingerprint, the whole subtree's; identical
/// subtrees match grid for grid. In each gap left, the children are aligned again over the
/// grid's own size, split, tag and action, then over its size and split alone, and what is
/// still left in a gap is paired in order, the rest added or removed; before that, a grid left
/// that is identical to a child of a grid left on the other side is that child's partner (a
/// cell wrapped in a new grid is one addition, unwrapped one removal). Lists further apart
/// than the search goes are first cut at the children that appear once on each side. Each search stops after
/// `maximumDistance` steps (a gap is then paired in order), so the alignment is linear in
/// the grids.
public struct GridAlignment: Sendable {
    /// For each grid of the old layout, in pre-order, its partner in the new one (nil: removed).
    public private(set) var newOfOld: [Int?]
    /// For each grid of the new layout, in pre-order, its partner in the old (nil: added).
    public private(set) var oldOfNew: [Int?]

    /// The most steps an alignment of one list of children searches.
    static let maximumDistance = 64

    public init(old: FlatGrids, new: FlatGrids) {
        newOfOld = Array(repeating: nil, count: old.count)
        oldOfNew = Array(repeating: nil, count: new.count)
        guard old.count > 0, new.count > 0 else { return }
        var work: [(Int, Int)] = []
        match(0, 0, old: old, new: new, work: &work)
        while let (oldGrid, newGrid) = work.popLast() {
            alignChildren(old.children[oldGrid], new.children[newGrid], old: old, new: new, work: &work)
        }
    }

    /// Pairs two grids; identical subtrees grid for grid, others later by their children.
    mutating func match(_ oldGrid: Int, _ newGrid: Int, old: FlatGrids, new: FlatGrids, work: inout [(Int, Int)]) {
        if old.fingerprint[oldGrid] == new.fingerprint[newGrid], old.size[oldGrid] == new.size[newGrid] {
            for offset in 0..<old.size[oldGrid] {
                newOfOld[oldGrid + offset] = newGrid + offset
                oldOfNew[newGrid + offset] = oldGrid + offset
            }
            return
        }
        newOfOld[oldGrid] = newGrid
        oldOfNew[newGrid] = oldGrid
        work.append((oldGrid, newGrid))
    }

    /// `anchored`: past the search's bound, the list is cut at the children that appear once
    /// on each side (``alignByAnchors(_:_:old:new:work:)``); the stretches between are not cut again.
    mutating func alignChildren(
        _ oldChildren: [Int], _ newChildren: [Int], old: FlatGrids, new: FlatGrids, work: inout [(Int, Int)], anchored: Bool = true
    ) {
        guard !oldChildren.isEmpty, !newChildren.isEmpty else { return }
        let before = oldChildren.map { old.fingerprint[$0] }
        let after = newChildren.map { new.fingerprint[$0] }
        let edits = LineDiff.edits(before, after, maximumDistance: Self.maximumDistance)
        // Lists of one length whose differences are changes in place: each position its own
        // partner, when the grids' sizes and splits are alike position by position (tags
        // renumbered, say), or when that differs in no more places than the shortest edit has
        // steps (among like rows, the shortest edit may as well delete rows at the end and
        // insert others in the middle).
        if before.count == after.count {
            let alike = zip(oldChildren, newChildren).allSatisfy { old.core[$0] == new.core[$1] }
            let differing = zip(before, after).filter { $0 != $1 }.count
            if alike || differing <= edits.filter({ $0 != .same }).count {
                pairInOrder(oldChildren, newChildren, old: old, new: new, work: &work)
                return
            }
        }
        // More steps than the search takes: it gave up on the middle of the lists.
        if anchored, edits.lazy.filter({ $0 != .same }).count > Self.maximumDistance,
            alignByAnchors(oldChildren, newChildren, old: old, new: new, work: &work)
        {
            return
        }
        for segment in Self.segments(edits, oldChildren, newChildren) {
            switch segment {
            case .same(let oldGrid, let newGrid): match(oldGrid, newGrid, old: old, new: new, work: &work)
            case .gap(let gapOld, let gapNew): alignGap(gapOld, gapNew, old: old, new: new, work: &work)
            }
        }
    }

    /// A gap of children that differ: those alike in themselves paired (by size, split, tag
    /// and action; then by size and split alone), the rest in order.
    mutating func alignGap(_ gapOld: [Int], _ gapNew: [Int], old: FlatGrids, new: FlatGrids, work: inout [(Int, Int)], level: Int = 0) {
        guard !gapOld.isEmpty, !gapNew.isEmpty else { return }
        guard level < 2 else {
            // Nothing left is alike in itself: a cell wrapped or unwrapped keeps its partner.
            let (restOld, restNew) = matchWrapped(gapOld, gapNew, old: old, new: new, work: &work)
            return pairInOrder(restOld, restNew, old: old, new: new, work: &work)
        }
        let key = { (grids: FlatGrids, index: Int) in level == 0 ? grids.shape[index] : grids.core[index] }
        let edits = LineDiff.edits(gapOld.map { key(old, $0) }, gapNew.map { key(new, $0) }, maximumDistance: Self.maximumDistance)
        for segment in Self.segments(edits, gapOld, gapNew) {
            switch segment {
            case .same(let oldGrid, let newGrid): match(oldGrid, newGrid, old: old, new: new, work: &work)
            case .gap(let restOld, let restNew): alignGap(restOld, restNew, old: old, new: new, work: &work, level: level + 1)
            }
        }
    }

    /// Lists too far apart for the search: the children whose subtree appears exactly once
    /// in each list are candidates, the longest run of them in the same order on both sides
    /// are partners (as patience diff anchors lines), and each stretch between two partners
    /// is aligned as a list of its own. False when no child is such a candidate.
    mutating func alignByAnchors(_ oldChildren: [Int], _ newChildren: [Int], old: FlatGrids, new: FlatGrids, work: inout [(Int, Int)]) -> Bool {
        let oldByPrint = Self.unique(oldChildren.enumerated().map { (old.fingerprint[$0.element], $0.offset) })
        let newByPrint = Self.unique(newChildren.enumerated().map { (new.fingerprint[$0.element], $0.offset) })
        // Candidates in the old list's order, each with its place in the new list.
        var candidates: [(old: Int, new: Int)] = []
        for (place, child) in oldChildren.enumerated() {
            if let other = newByPrint[old.fingerprint[child]], oldByPrint[old.fingerprint[child]] == place { candidates.append((place, other)) }
        }
        let anchors = Self.longestIncreasingRun(candidates)
        guard !anchors.isEmpty else { return false }
        var (oldStart, newStart) = (0, 0)
        for anchor in anchors + [(old: oldChildren.count, new: newChildren.count)] {
            alignChildren(
                Array(oldChildren[oldStart..<anchor.old]), Array(newChildren[newStart..<anchor.new]), old: old, new: new, work: &work, anchored: false)
            if anchor.old < oldChildren.count, anchor.new < newChildren.count {
                match(oldChildren[anchor.old], newChildren[anchor.new], old: old, new: new, work: &work)
            }
            (oldStart, newStart) = (anchor.old + 1, anchor.new + 1)
        }
        return true
    }

    /// The longest run of `pairs` (in order of their first place) whose second places rise:
    /// patience sorting, O(n log n).
    static func longestIncreasingRun(_ pairs: [(old: Int, new: Int)]) -> [(old: Int, new: Int)] {
        // tops[k]: the pair ending the best run of length k + 1 found so far.
        var tops: [Int] = []
        var previous = [Int](repeating: -1, count: pairs.count)
        for (index, pair) in pairs.enumerated() {
            var (low, high) = (0, tops.count)
            while low < high {
                let middle = (low + high) / 2
                if pairs[tops[middle]].new < pair.new { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tops[low - 1] }
            if low == tops.count { tops.append(index) } else { tops[low] = index }
        }
        var run: [(old: Int, new: Int)] = []
        var index = tops.last ?? -1
        while index >= 0 {
            run.append(pairs[index])
            index = previous[index]
        }
        return run.reversed()
    }

    /// Cells wrapped in a new grid, or unwrapped from an old one: a new grid in the gap
    /// holding a child identical to an old grid of the gap (the new grid is added, the old
    /// grid and that child are partners), and the other way round. Only a fingerprint that
    /// one grid of the gap has counts. What is left of the gap, in order.
    mutating func matchWrapped(_ gapOld: [Int], _ gapNew: [Int], old: FlatGrids, new: FlatGrids, work: inout [(Int, Int)]) -> ([Int], [Int]) {
        var taken = (old: Set<Int>(), new: Set<Int>())
        var wrappers = (old: Set<Int>(), new: Set<Int>())
        let oldByPrint = Self.unique(gapOld.map { (old.fingerprint[$0], $0) })
        for grid in gapNew {
            for child in new.children[grid] {
                guard let partner = oldByPrint[new.fingerprint[child]], !taken.old.contains(partner), old.size[partner] == new.size[child] else { continue }
                match(partner, child, old: old, new: new, work: &work)
                taken.old.insert(partner)
                wrappers.new.insert(grid)
            }
        }
        let newByPrint = Self.unique(gapNew.filter { !wrappers.new.contains($0) }.map { (new.fingerprint[$0], $0) })
        for grid in gapOld where !taken.old.contains(grid) {
            for child in old.children[grid] {
                guard let partner = newByPrint[old.fingerprint[child]], !taken.new.contains(partner), new.size[partner] == old.size[child] else { continue }
                match(child, partner, old: old, new: new, work: &work)
                taken.new.insert(partner)
                wrappers.old.insert(grid)
            }
        }
        return (
            gapOld.filter { !taken.old.contains($0) && !wrappers.old.contains($0) },
            gapNew.filter { !taken.new.contains($0) && !wrappers.new.contains($0) }
        )
    }

    /// The grid for each fingerprint exactly one of `pairs` has.
    static func unique(_ pairs: [(Int, Int)]) -> [Int: Int] {
        var found: [Int: Int] = [:]
        var repeated = Set<Int>()
        for (fingerprint, grid) in pairs {
            if found.updateValue(grid, forKey: fingerprint) != nil { repeated.insert(fingerprint) }
        }
        for fingerprint in repeated { found[fingerprint] = nil }
        return found
    }

    /// A run of an edit script over two lists: a pair kept, or what lies between two kept
    /// pairs (deleted from the first list, inserted from the second).
    enum Segment {
        case same(Int, Int)
        case gap([Int], [Int])
    }

    /// The script from `a` to `b` as pairs kept and the gaps between them, in order (a gap
    /// with nothing on either side left out).
    static func segments(_ edits: [LineDiff.Edit], _ a: [Int], _ b: [Int]) -> [Segment] {
        var segments: [Segment] = []
        var (gapA, gapB) = ([Int](), [Int]())
        var (i, j) = (0, 0)
        func closeGap() {
            if !gapA.isEmpty || !gapB.isEmpty { segments.append(.gap(gapA, gapB)) }
            (gapA, gapB) = ([], [])
        }
        // SAFETY: a script's `same` and `delete` steps count `a`, its `same` and `insert` steps `b`.
        for edit in edits {
            switch edit {
            case .same:
                closeGap()
                segments.append(.same(a[i], b[j]))
                (i, j) = (i + 1, j + 1)
            case .delete:
                gapA.append(a[i])
                i += 1
            case .insert:
                gapB.append(b[j])
                j += 1
            }
        }
        closeGap()
        return segments
    }

    /// Pairs the grids position by position; where one of a pair is the other wrapped in a
    /// grid (a child identical to it), the wrapped grid and that child are the partners.
    mutating func pairInOrder(_ oldGrids: [Int], _ newGrids: [Int], old: FlatGrids, new: FlatGrids, work: inout [(Int, Int)]) {
        for (oldGrid, newGrid) in zip(oldGrids, newGrids) {
            if old.fingerprint[oldGrid] != new.fingerprint[newGrid] {
                if let child = new.children[newGrid].first(where: { new.fingerprint[$0] == old.fingerprint[oldGrid] && new.size[$0] == old.size[oldGrid] }) {
                    match(oldGrid, child, old: old, new: new, work: &work)
                    continue
                }
                if let child = old.children[oldGrid].first(where: { old.fingerprint[$0] == new.fingerprint[newGrid] && old.size[$0] == new.size[newGrid] }) {
                    match(child, newGrid, old: old, new: new, work: &work)
                    continue
                }
            }
            match(oldGrid, newGrid, old: old, new: new, work: &work)
        }
    }
}

/// A layout's runtime grids in pre-order, as the layout engine numbers them, with what the
/// alignment compares: each grid's children, subtree size, and fingerprints of the whole
/// subtree and of the grid alone.
public struct FlatGrids: Sendable {
    public private(set) var grids: [RuntimeGrid] = []
    public private(set) var children: [[Int]] = []
    /// Each grid's parent (-1 for the root).
    public private(set) var parent: [Int] = []
    /// How many grids the subtree holds, itself included (its grids follow it in pre-order).
    public private(set) var size: [Int] = []
    /// The subtree's fingerprint: equal for subtrees the runtime reads alike (up to hash
    /// collisions, which would pair two subtrees grid for grid that differ: each pair's keys
    /// are still compared, and a differing shape shows in its frames).
    public private(set) var fingerprint: [Int] = []
    /// The grid's own size, split, tag and action.
    public private(set) var shape: [Int] = []
    /// The grid's own size and split, and how many children it has.
    public private(set) var core: [Int] = []
    /// Each grid's place among its parent's children, from 1 (0 for the root): paths are
    /// spelled when asked (``path(of:)``), not kept for every grid.
    public private(set) var position: [Int] = []

    public init(_ root: RuntimeGrid) {
        var pending: [(grid: RuntimeGrid, parent: Int, position: Int)] = [(root, -1, 0)]
        while let (grid, parent, position) = pending.popLast() {
            let index = grids.count
            grids.append(grid)
            children.append([])
            self.parent.append(parent)
            self.position.append(position)
            if parent >= 0 { children[parent].append(index) }
            for place in grid.children.indices.reversed() { pending.append((grid.children[place], index, place + 1)) }
        }
        size = Array(repeating: 1, count: grids.count)
        fingerprint = Array(repeating: 0, count: grids.count)
        shape = grids.map(Self.shape)
        core = grids.map { grid in
            var hasher = Hasher()
            hasher.combine(grid.measure.bitPattern)
            hasher.combine(grid.axis)
            hasher.combine(grid.children.count)
            return hasher.finalize()
        }
        // Children follow their parent in pre-order: from the end, each is done before it.
        for index in grids.indices.reversed() {
            var hasher = Hasher()
            Self.hashFields(grids[index], into: &hasher)
            for child in children[index] {
                hasher.combine(fingerprint[child])
                size[index] += size[child]
            }
            fingerprint[index] = hasher.finalize()
        }
    }

    public var count: Int { grids.count }

    /// Where a grid stands in its layout's own text: its own range, or else the nearest
    /// ancestor's that lies inside the root's (a template's cell stands at the cell that
    /// uses the template; a cell of another file at the cell that brings it).
    public func placeInLayout(of index: Int) -> Range<Int>? {
        guard let whole = grids.first?.sourceRange else { return nil }
        var grid = index
        while grid > 0, parent.indices.contains(grid) {
            if let range = grids[grid].sourceRange, range.lowerBound >= whole.lowerBound, range.upperBound <= whole.upperBound { return range }
            grid = parent[grid]
        }
        return whole
    }

    /// A grid's path (`2.1`; "" for the root), from its place and its ancestors'.
    public func path(of index: Int) -> String {
        var places: [Int] = []
        var grid = index
        while grid > 0, parent.indices.contains(grid) {
            places.append(position[grid])
            grid = parent[grid]
        }
        return places.reversed().map(String.init).joined(separator: ".")
    }

    static func shape(_ grid: RuntimeGrid) -> Int {
        var hasher = Hasher()
        hasher.combine(grid.measure.bitPattern)
        hasher.combine(grid.axis)
        hasher.combine(grid.tag)
        hasher.combine(grid.action)
        return hasher.finalize()
    }

    /// Every field the runtime reads, children aside.
    static func hashFields(_ grid: RuntimeGrid, into hasher: inout Hasher) {
        hasher.combine(grid.measure.bitPattern)
        hasher.combine(grid.axis)
        hasher.combine(grid.padding)
        hasher.combine(grid.spacing)
        hasher.combine(grid.gravity)
        hasher.combine(grid.anchor)
        hasher.combine(grid.placeholder)
        hasher.combine(grid.tag)
        hasher.combine(grid.action)
        hasher.combine(grid.actionData)
        hasher.combine(grid.borderlines)
        hasher.combine(grid.contentSize)
        hasher.combine(grid.children.count)
    }
}
