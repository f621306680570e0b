import TrellisModel
import TrellisSyntax

extension LayoutTree {
    /// The columns of a tree while its grids are appended in pre-order.
    struct Builder: ~Copyable {
        var measure: UnsafeColumn<Double>, axis: UnsafeColumn<UInt8>, parent: UnsafeColumn<Int32>
        var childStart: UnsafeColumn<Int32>, childCount: UnsafeColumn<Int32>, childList: UnsafeColumn<Int32>
        var insets: UnsafeColumn<UInt32>, interner = InsetsInterner()
        var gravity: UnsafeColumn<UInt16>, anchor: UnsafeColumn<Bool>, placeholder: UnsafeColumn<Bool>
        var contentBits = RankedBits(), depth: UnsafeColumn<Int32>, sourceStarts: UnsafeColumn<UInt32>, sourceEnds: UnsafeColumn<UInt32>
        var firstBorderline: UnsafeColumn<Edge?>
        var borderlines = BorderlineSpecs()
        /// Filled for trees read from JSON only.
        var keyPlaces = KeyPlaces()
        /// Whether the grids were read from JSON (their key places recorded).
        var readsJSON = false
        var contentSizes: [PreviewSize] = []
        var deepest = 0
        /// Whether the first grid appended is no layout's root but a grid below one, read
        /// again on its own (``LayoutTree/replacing(grid:with:dialect:delta:)``).
        var isSubtree = false

        init(capacity: Int) {
            measure = UnsafeColumn(capacity: capacity)
            axis = UnsafeColumn(capacity: capacity)
            parent = UnsafeColumn(capacity: capacity)
            childStart = UnsafeColumn(capacity: capacity)
            childCount = UnsafeColumn(capacity: capacity)
            childList = UnsafeColumn(capacity: capacity)
            insets = UnsafeColumn(capacity: capacity)
            gravity = UnsafeColumn(capacity: capacity)
            anchor = UnsafeColumn(capacity: capacity)
            placeholder = UnsafeColumn(capacity: capacity)
            depth = UnsafeColumn(capacity: capacity)
            sourceStarts = UnsafeColumn(capacity: capacity)
            sourceEnds = UnsafeColumn(capacity: capacity)
            firstBorderline = UnsafeColumn(capacity: capacity)
            // Untouched by trees not read from JSON: reserved memory never written costs none.
            keyPlaces.size.reserve(capacity)
            keyPlaces.split.reserve(capacity)
        }

        /// Records where grid `node`'s keys that reports point at were written in `value`.
        mutating func appendKeyPlaces(of node: Int, in value: JSONNode) {
            let written = SourceColumn.stored(value.range).start != .max
            func place(_ key: LayoutKey) -> KeyPlace {
                written ? KeyPlace.of(key.gridKey(axis: axis[node]), in: value) : .notAnObject
            }
            keyPlaces.size.append(place(.size))
            keyPlaces.split.append(place(.split))
            if let edge = firstBorderline[node] { keyPlaces.appendBorderline(place(.borderline(edge)), of: node) }
        }

        /// Appends `grid` and its subtree in pre-order; children's indices are filled in as
        /// each child is placed.
        mutating func append(_ grid: borrowing RuntimeGrid, parent parentIndex: Int, depth level: Int) {
            let index = appendNode(
                GridFacts(grid), axis: grid.axis, childTotal: grid.children.count, content: grid.contentSize,
                source: grid.sourceRange, parent: parentIndex, depth: level)
            if !grid.borderlines.isEmpty { appendBorderlines(grid.borderlines, of: index) }
            guard grid.children.count > 0 else { return }
            grid.forEachChild { offset, child in
                childList[Int(childStart[index]) + offset] = Int32(measure.count)
                append(child, parent: index, depth: level + 1)
            }
        }

        /// ``append(_:parent:depth:)`` for a grid dictionary read as the runtime reads it,
        /// one grid at a time: no nested runtime model of the tree is built (depth is bounded
        /// by the JSON reader).
        mutating func append(read value: JSONNode, dialect: Dialect, parent parentIndex: Int, depth level: Int) {
            let isRoot = parentIndex < 0 && !isSubtree
            var grid = RuntimeGrid(measure: isRoot ? RuntimeReading.fill : RuntimeReading.measure(read: value.lastMember(.size)))
            let (children, axis) = RuntimeReading.readOwnKeys(value, into: &grid, dialect: dialect, isRoot: isRoot)
            let node = appendNode(
                GridFacts(grid), axis: axis, childTotal: children.count, content: grid.contentSize,
                source: grid.sourceRange, parent: parentIndex, depth: level)
            if !grid.borderlines.isEmpty { appendBorderlines(grid.borderlines, of: node) }
            readsJSON = true
            appendKeyPlaces(of: node, in: value)
            guard !children.isEmpty else { return }
            for (offset, child) in children.enumerated() {
                childList[Int(childStart[node]) + offset] = Int32(measure.count)
                append(read: child, dialect: dialect, parent: node, depth: level + 1)
            }
        }

        /// ``append(_:parent:depth:)`` for record `index` of an arena, read in place
        /// (depth is bounded by the lowering).
        mutating func append(authored index: Int, in arena: GridArena, dialect: Dialect, parent parentIndex: Int, depth level: Int) {
            let record = arena.records[index]
            if arena.hasExtra(record) {
                let grid = arena.grid(at: index)
                let runtime =
                    parentIndex < 0
                    ? RuntimeReading.root(authored: grid, dialect: dialect)
                    : RuntimeReading.child(authored: grid, dialect: dialect)
                return append(runtime, parent: parentIndex, depth: level)
            }
            let axis: Axis? = record.axis == 0 ? nil : record.axis == GridArena.Record.axisRows ? .rows : .cols
            let children = axis == nil ? 0..<0 : record.children
            let source = record.has(GridArena.Record.hasSource) ? Int(record.sourceStart)..<Int(record.sourceEnd) : nil
            let node = appendNode(
                RuntimeReading.facts(record: record, in: arena, isRoot: parentIndex < 0), axis: axis,
                childTotal: children.count, content: arena.rare[Int(record.rare)].contentSize, source: source,
                parent: parentIndex, depth: level)
            if record.rare != 0, arena.rare[Int(record.rare)].borderlineCount > 0, readsBorderlines(of: node) {
                borderlines.append(node, record: index, in: arena)
            }
            guard !children.isEmpty else { return }
            for (offset, child) in children.enumerated() {
                childList[Int(childStart[node]) + offset] = Int32(measure.count)
                append(authored: child, in: arena, dialect: dialect, parent: node, depth: level + 1)
            }
        }

        /// Records the borderlines of grid `node`, if it has them.
        mutating func appendBorderlines(_ lines: [RuntimeBorderline], of node: Int) {
            guard readsBorderlines(of: node) else { return }
            borderlines.append(node, lines: lines)
        }

        /// Whether the runtime reads grid `node`'s borderlines: not the root's.
        func readsBorderlines(of node: Int) -> Bool { parent[node] >= 0 || isSubtree }

        /// Appends one grid's own values, with room for `childTotal` children in ``childList``.
        private mutating func appendNode(
            _ grid: GridFacts, axis gridAxis: Axis?, childTotal: Int, content size: PreviewSize?,
            source: Range<Int>?, parent parentIndex: Int, depth level: Int
        ) -> Int {
            let index = measure.count
            measure.append(grid.measure)
            axis.append(childTotal == 0 ? 0 : (gridAxis == .rows ? LayoutTree.rows : LayoutTree.cols))
            parent.append(Int32(parentIndex))
            childStart.append(Int32(childList.count))
            childCount.append(Int32(childTotal))
            insets.append(
                interner.number(
                    of: GridInsets(
                        top: grid.padding.top, left: grid.padding.left, bottom: grid.padding.bottom,
                        right: grid.padding.right, spacing: grid.spacing)))
            gravity.append(grid.gravity.rawValue)
            anchor.append(grid.anchor)
            placeholder.append(grid.placeholder)
            contentBits.append(size != nil)
            if let size { contentSizes.append(size) }
            depth.append(Int32(level))
            let stored = SourceColumn.stored(source)
            sourceStarts.append(stored.start)
            sourceEnds.append(stored.end)
            firstBorderline.append(grid.firstBorderline)
            deepest = max(deepest, level)
            if childTotal > 0 { childList.append(-1, times: childTotal) }
            return index
        }
    }
}
