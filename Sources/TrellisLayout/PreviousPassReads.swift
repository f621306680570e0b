import TrellisModel

/// Where a pass reads rectangles the previous pass left (spec §10, §12): the one rule behind
/// the pass rules' causes (L005, L006) and the layout engine's shortcut for relayouts.
extension LayoutTree {
    /// Whether grid `index`'s pass reads a rectangle the previous pass left, the runtime's
    /// only such reads: the root of a wrap-height view split into columns (each column's
    /// height from its first sub-grid), a wrap grid with sub-grids split the other way from
    /// its parent (each child's cross length from that child's first sub-grid; a leaf keeps
    /// its old one), and an overlap grid (anchor, size 0) with sub-grids.
    public func readsPreviousPass(_ index: Int, wrapHeight: Bool) -> Bool {
        guard childCount[index] > 0 else { return false }
        if index == 0 { return wrapHeight && axis[0] == Self.cols }
        let parent = Int(self.parent[index])
        guard parent >= 0 else { return false }
        if measure[index] == RuntimeReading.wrap, axis[index] != axis[parent] { return true }
        return anchor[index] && measure[index] == 0
    }

    /// Whether any grid reads the previous pass. When none does, every pass at one height
    /// leaves the same rectangles: a settled view laid out again shows the frames it showed.
    public func anyReadsPreviousPass(wrapHeight: Bool) -> Bool {
        (0..<count).contains { readsPreviousPass($0, wrapHeight: wrapHeight) }
    }
}
