import TrellisModel
import TrellisSyntax

extension LayoutTree {
    /// The deepest grid below the root written as an object that holds `range` inside its
    /// brackets (a grid's children are its `cols`, then its `rows`: searched one by one); nil
    /// when only the root does, or for a tree not read from JSON.
    public func innermostGrid(holding range: Range<Int>) -> Int? {
        guard let keyPlaces, count > 0 else { return nil }
        var grid = 0
        descending: while true {
            for child in children(of: grid) where keyPlaces.size[child] != .notAnObject {
                guard let source = sources[child], source.lowerBound + 1 <= range.lowerBound, range.upperBound + 1 <= source.upperBound else { continue }
                grid = child
                continue descending
            }
            return grid == 0 ? nil : grid
        }
    }

    /// This tree, read from a grid dictionary, with grid `grid` and its subtree read again
    /// from `value`: its object in the new text of an edit that lay inside the grid's object
    /// and made the text `delta` bytes longer. Equal to reading the new text whole
    /// (``init(read:dialect:)``) but for the order its distinct insets are numbered in. Nil
    /// for the root, for a tree not read from JSON, or when an offset outgrows the columns.
    public func replacing(grid: Int, with value: JSONNode, dialect: Dialect, delta: Int) -> LayoutTree? {
        guard let keyPlaces, grid > 0, grid < count, !holdsArena, let old = sources[grid] else { return nil }
        var end = grid + 1
        while end < count, depth[end] > depth[grid] { end += 1 }
        var builder = Builder(capacity: Self.gridCount(upTo: value))
        builder.isSubtree = true
        builder.append(read: value, dialect: dialect, parent: -1, depth: Int(depth[grid]))
        let new = LayoutTree(builder)
        guard let newKeyPlaces = new.keyPlaces, let whole = sources[0], whole.upperBound + delta < Int(KeyPlaceColumn.keptAside) else { return nil }
        let countDelta = Int32(new.count - (end - grid))
        let listStart = Int(childStart[grid])
        let listEnd = end < count ? Int(childStart[end]) : childList.count
        let listDelta = Int32(new.childList.count - (listEnd - listStart))
        let shift = Shift(from: UInt32(old.upperBound), by: delta)
        var tree = self
        let replaced = grid..<end
        let first = Int32(grid)
        tree.measure = Self.splice(measure, replaced, new.measure)
        tree.axis = Self.splice(axis, replaced, new.axis)
        tree.parent = Self.splice(parent, replaced, new.parent.map { $0 < 0 ? parent[grid] : $0 + first }, renumberingFrom: Int32(end), by: countDelta)
        tree.childStart = Self.splice(childStart, replaced, new.childStart.map { $0 + Int32(listStart) }, addingToAfter: listDelta)
        tree.childCount = Self.splice(childCount, replaced, new.childCount)
        tree.childList = Self.splice(childList, listStart..<listEnd, new.childList.map { $0 + first }, renumberingFrom: Int32(end), by: countDelta)
        tree.insets = insets.replacing(replaced, with: new.insets)
        tree.gravity = Self.splice(gravity, replaced, new.gravity)
        tree.anchor = Self.splice(anchor, replaced, new.anchor)
        tree.placeholder = Self.splice(placeholder, replaced, new.placeholder)
        tree.content = content.replacing(replaced, with: new.content, count: count)
        tree.depth = Self.splice(depth, replaced, new.depth)
        tree.sources = SourceColumn(
            starts: Self.splice(sources.starts, replaced, new.sources.starts, moving: shift),
            ends: Self.splice(sources.ends, replaced, new.sources.ends, moving: shift))
        tree.firstBorderline = Self.splice(firstBorderline, replaced, new.firstBorderline)
        guard let borderlines = borderlines.replacing(replaced, with: new.borderlines, count: new.count) else { return nil }
        tree.borderlines = borderlines
        tree.keyPlaces = keyPlaces.replacing(replaced, with: newKeyPlaces, moving: shift)
        tree.deepest = Int(tree.depth.max() ?? 0)
        tree.derivePathsAndSlots()
        return tree
    }

    /// `old` with the values at `replaced` replaced by `new`.
    static func splice<Value>(_ old: [Value], _ replaced: Range<Int>, _ new: [Value]) -> [Value] {
        var spliced: [Value] = []
        spliced.reserveCapacity(old.count - replaced.count + new.count)
        spliced += old[..<replaced.lowerBound]
        spliced += new
        spliced += old[replaced.upperBound...]
        return spliced
    }

    /// ``splice(_:_:_:)`` of grid numbers: a kept one at or past `threshold` (the first grid
    /// after the replaced ones) has `shift` added.
    static func splice(_ old: [Int32], _ replaced: Range<Int>, _ new: [Int32], renumberingFrom threshold: Int32, by shift: Int32) -> [Int32] {
        var spliced = splice(old, replaced, new)
        guard shift != 0 else { return spliced }
        // SAFETY: `index` runs over the buffer's own indices.
        let newEnd = replaced.lowerBound + new.count
        spliced.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices where (index < replaced.lowerBound || index >= newEnd) && buffer[index] >= threshold { buffer[index] += shift }
        }
        return spliced
    }

    /// ``splice(_:_:_:)`` with `shift` added to the values after the replaced ones.
    static func splice(_ old: [Int32], _ replaced: Range<Int>, _ new: [Int32], addingToAfter shift: Int32) -> [Int32] {
        var spliced = splice(old, replaced, new)
        guard shift != 0 else { return spliced }
        // SAFETY: `index` runs from a count of values the buffer holds to its end.
        spliced.withUnsafeMutableBufferPointer { buffer in
            for index in (replaced.lowerBound + new.count)..<buffer.count { buffer[index] += shift }
        }
        return spliced
    }

    /// ``splice(_:_:_:)`` of offsets (`UInt32.max` for none), the kept ones moved by `shift`.
    static func splice(_ old: [UInt32], _ replaced: Range<Int>, _ new: [UInt32], moving shift: Shift) -> [UInt32] {
        var spliced = splice(old, replaced, new)
        guard shift.delta != 0 else { return spliced }
        let newEnd = replaced.lowerBound + new.count
        // SAFETY: `index` runs over the buffer's own indices.
        spliced.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices where index < replaced.lowerBound || index >= newEnd { buffer[index] = shift(buffer[index]) }
        }
        return spliced
    }

    /// How an edit inside one grid's object moves an offset of the old text: by `delta` from
    /// the object's end on (`UInt32.max`, no offset, stays).
    struct Shift {
        let from: UInt32
        let delta: Int

        init(from: UInt32, by delta: Int) {
            self.from = from
            self.delta = delta
        }

        func callAsFunction(_ offset: UInt32) -> UInt32 {
            offset >= from && offset != .max ? UInt32(truncatingIfNeeded: Int(offset) + delta) : offset
        }
    }
}

extension LayoutTree.InsetsColumn {
    /// The insets of grids `replaced` replaced by those of `new`'s grids, renumbered among
    /// these values (the ones only the replaced grids had are dropped when they pile up).
    func replacing(_ replaced: Range<Int>, with new: Self) -> Self {
        var values = self.values
        var numbers: [UInt32] = []
        for value in new.values {
            let bits = value.bits
            if let known = values.firstIndex(where: { $0.bits == bits }) {
                numbers.append(UInt32(known))
            } else {
                numbers.append(UInt32(values.count))
                values.append(value)
            }
        }
        var spliced = Self(index: LayoutTree.splice(index, replaced, new.index.map { numbers[Int($0)] }), values: values)
        if spliced.values.count > 64, spliced.values.count > spliced.index.count / 2 { spliced = spliced.compacted() }
        return spliced
    }

    /// The same insets with only the values some grid has, in the order grids first have them.
    func compacted() -> Self {
        var numbers = [UInt32?](repeating: nil, count: values.count)
        var kept: [GridInsets] = []
        var index: [UInt32] = []
        index.reserveCapacity(self.index.count)
        for number in self.index {
            if let renumbered = numbers[Int(number)] {
                index.append(renumbered)
            } else {
                numbers[Int(number)] = UInt32(kept.count)
                index.append(UInt32(kept.count))
                kept.append(values[Int(number)])
            }
        }
        return Self(index: index, values: kept)
    }
}

extension GridInsets {
    /// The five numbers' bits: insets are told apart bit for bit (`-0` is not `0`).
    fileprivate var bits: [UInt64] { [top.bitPattern, left.bitPattern, bottom.bitPattern, right.bitPattern, spacing.bitPattern] }
}

extension LayoutTree.ContentColumn {
    /// The sizes of grids `replaced` (of `count`) replaced by those of `new`'s grids.
    func replacing(_ replaced: Range<Int>, with new: Self, count: Int) -> Self {
        var column = Self()
        for grid in 0..<replaced.lowerBound { column.append(self[grid]) }
        for grid in 0..<new.which.count { column.append(new[grid]) }
        for grid in replaced.upperBound..<count { column.append(self[grid]) }
        return column
    }

    private mutating func append(_ size: PreviewSize?) {
        which.append(size != nil)
        if let size { sizes.append(size) }
    }
}

extension LayoutTree.KeyPlaces {
    /// The places of grids `replaced` replaced by those of `new`'s grids; `shift` moves an
    /// offset of the old text into the new.
    func replacing(_ replaced: Range<Int>, with new: Self, moving shift: LayoutTree.Shift) -> Self {
        let countDelta = Int32(new.size.starts.count - replaced.count)
        let first = lowerBound(replaced.lowerBound)
        let last = lowerBound(replaced.upperBound)
        var places = Self()
        places.size = size.replacing(replaced, with: new.size, moving: shift)
        places.split = split.replacing(replaced, with: new.split, moving: shift)
        places.borderlineGrids = LayoutTree.splice(
            borderlineGrids, first..<last, new.borderlineGrids.map { $0 + Int32(replaced.lowerBound) }, addingToAfter: countDelta)
        places.borderlines = borderlines.replacing(first..<last, with: new.borderlines, moving: shift)
        return places
    }
}

extension LayoutTree.KeyPlaceColumn {
    /// The places at positions `replaced` replaced by `new`'s (read from the new text already),
    /// the others' offsets moved by `shift`.
    func replacing(_ replaced: Range<Int>, with new: Self, moving shift: LayoutTree.Shift) -> Self {
        var column = Self()
        column.starts = LayoutTree.splice(starts, replaced, new.starts)
        column.lengths = LayoutTree.splice(lengths, replaced, new.lengths)
        let newEnd = replaced.lowerBound + new.starts.count
        if shift.delta != 0 {
            // SAFETY: `index` runs over the buffer's own indices.
            column.starts.withUnsafeMutableBufferPointer { buffer in
                for index in buffer.indices where (index < replaced.lowerBound || index >= newEnd) && buffer[index] < Self.keptAside {
                    buffer[index] = shift(buffer[index])
                }
            }
        }
        let countDelta = new.starts.count - replaced.count
        for (position, range) in aside where !replaced.contains(position) {
            let moved = Int(shift(UInt32(truncatingIfNeeded: range.lowerBound))) - range.lowerBound
            column.aside[position < replaced.lowerBound ? position : position + countDelta] = (range.lowerBound + moved)..<(range.upperBound + moved)
        }
        for (position, range) in new.aside { column.aside[position + replaced.lowerBound] = range }
        return column
    }
}
