import TrellisModel

extension RuntimeGrid {
    /// This tree with the view of each slot in `sizes` setting its own size (`myWidth`,
    /// `myHeight`): what `content(WxH)` says in Trellis, and `--content SLOT=WxH` for any
    /// input. Slots are numbered as the layout assigns views (``LayoutTree/slots``).
    public func withContentSizes(_ sizes: [Int: PreviewSize]) -> RuntimeGrid {
        guard !sizes.isEmpty else { return self }
        let tree = LayoutTree(self)
        var result = self
        for grid in 0..<tree.count {
            guard let slot = tree.slots[grid], let size = sizes[slot] else { continue }
            result.setContentSize(size, at: tree.childIndices(of: grid)[...])
        }
        return result
    }

    /// Sets the content size of the grid at `path` (0-based child indices from here).
    mutating func setContentSize(_ size: PreviewSize, at path: ArraySlice<Int>) {
        guard let first = path.first else {
            contentSize = size
            return
        }
        guard children.indices.contains(first) else { return }
        children[first].setContentSize(size, at: path.dropFirst())
    }
}
