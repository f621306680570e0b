import TrellisSyntax

/// Grids stored flat: one plain record per grid, a grid's children side by side, texts as
/// bytes and rarely written fields in a side table. What the lowering builds, and what the
/// writer and the layout tree read, without a reference-counted value per grid.
///
/// A record may be the child of several parents: a template's uses and the copies of `* N`
/// share one subtree, so a use or a copy costs one record (96 bytes), not its expanded tree.
public struct GridArena: Sendable {
    /// One grid's own values and where its children are. Plain values only: an array of
    /// records is freed without visiting them.
    public struct Record: Sendable {
        package var sizeNumber = 0.0
        package var padding = EdgeInsets.zero
        package var spacing = 0.0
        package var tag: Int64 = 0
        package var firstChild: UInt32 = 0
        package var childCount: UInt32 = 0
        package var gravity = TextSpan.none
        package var action = TextSpan.none
        package var sourceStart: UInt32 = 0
        package var sourceEnd: UInt32 = 0
        /// Index in ``GridArena/rare`` (0: none).
        package var rare: UInt32 = 0
        package var size = SizeKind.none
        package var axis: UInt8 = 0
        /// Two bytes, so that the fields fill the record's last word exactly: a record built
        /// field by field and then copied is written and read in whole words (a word read
        /// across a byte never written waits until the writes before it have landed).
        package var flags: UInt16 = 0

        package static let anchor: UInt16 = 1 << 0
        package static let placeholder: UInt16 = 1 << 1
        package static let hasPadding: UInt16 = 1 << 2
        package static let hasSpacing: UInt16 = 1 << 3
        package static let hasTag: UInt16 = 1 << 4
        package static let hasSource: UInt16 = 1 << 5
        package static let axisRows: UInt8 = 1
        package static let axisCols: UInt8 = 2

        package func has(_ flag: UInt16) -> Bool { flags & flag != 0 }

        package var children: Range<Int> { Int(firstChild)..<(Int(firstChild) + Int(childCount)) }

        mutating func set(_ flag: UInt16, _ on: Bool) { flags = on ? flags | flag : flags & ~flag }
        mutating func setPadding(_ insets: EdgeInsets) {
            padding = insets
            flags |= Self.hasPadding
        }
        mutating func setSpacing(_ value: Double) {
            spacing = value
            flags |= Self.hasSpacing
        }
        mutating func setTag(_ value: Int64) {
            tag = value
            flags |= Self.hasTag
        }

        mutating func setChildren(_ range: Range<Int>) {
            firstChild = UInt32(range.lowerBound)
            childCount = UInt32(range.count)
        }

        mutating func setSource(_ range: Range<Int>) {
            sourceStart = UInt32(range.lowerBound)
            sourceEnd = UInt32(range.upperBound)
            flags |= Self.hasSource
        }

        /// Any size but a raw value (which is a rare field).
        mutating func setSize(_ value: SizeValue?) {
            switch value {
            case nil, .raw?: size = .none
            case .number(let number)?:
                size = .number
                sizeNumber = number
            case .percent(let percent)?:
                size = .percent
                sizeNumber = percent
            case .fill?: size = .fill
            case .wrap?: size = .wrap
            }
        }
    }

    /// How a record holds its `size` (a raw value is in the record's rare fields).
    package enum SizeKind: UInt8, Sendable {
        case none, number, percent, fill, wrap, raw
    }

    /// A text's bytes in ``GridArena/text``; `count == UInt32.max` is no text.
    package struct TextSpan: Sendable {
        package var start: UInt32
        package var count: UInt32

        package static let none = TextSpan(start: 0, count: .max)
        package var isNone: Bool { count == .max }
        package var range: Range<Int> { Int(start)..<(Int(start) + Int(count)) }
    }

    package internal(set) var records: [Record] = []
    package internal(set) var text: [UInt8] = []
    /// Entry 0 is empty, so that a record's `rare` of 0 means none and reads as none.
    package internal(set) var rare: [RareFields] = [RareFields()]
    /// Entry 0 is empty, as in ``rare``.
    package internal(set) var rareValues: [RareValues] = [RareValues()]
    package internal(set) var borderlines: [StoredBorderline] = []

    public init() {}

    /// Reserves room for about `grids` records.
    mutating func reserve(grids: Int) {
        records.reserveCapacity(grids)
        HugePages.advise(&records)
    }

    /// How many records the arena holds (shared subtrees count once).
    public var recordCount: Int { records.count }

    // MARK: building

    /// A record for `grid`'s own values with children already in the arena at `children`.
    /// The grid's own `children` are not read.
    mutating func record(_ grid: borrowing Grid, children: Range<Int>) -> Record {
        var record = Record()
        record.setSize(grid.size)
        if case .raw? = grid.size { record.size = .raw }
        if let padding = grid.padding { record.setPadding(padding) }
        if let spacing = grid.spacing { record.setSpacing(spacing) }
        if let tag = grid.tag { record.setTag(tag) }
        record.set(Record.anchor, grid.anchor)
        record.set(Record.placeholder, grid.placeholder)
        if let range = grid.sourceRange { record.setSource(range) }
        if let axis = grid.axis { record.axis = axis == .rows ? Record.axisRows : Record.axisCols }
        if let gravity = grid.gravity { record.gravity = append(text: gravity) }
        if let action = grid.action { record.action = append(text: action) }
        record.setChildren(children)
        var fields = RareFields()
        var values = RareValues()
        if let overlap = grid.overlap { fields.overlap = append(text: overlap) }
        fields.contentSize = grid.contentSize
        if !grid.borderlines.isEmpty {
            fields.borderlineStart = UInt32(borderlines.count)
            fields.borderlineCount = UInt32(grid.borderlines.count)
            for line in grid.borderlines { borderlines.append(stored(line)) }
        }
        values.actionData = grid.actionData
        values.extra = grid.extra
        if case .raw(let value)? = grid.size { values.rawSize = value }
        if !values.isEmpty {
            fields.values = UInt32(rareValues.count)
            rareValues.append(values)
        }
        if !fields.overlap.isNone || fields.contentSize != nil || fields.borderlineCount > 0 || fields.values != 0 {
            record.rare = UInt32(rare.count)
            rare.append(fields)
        }
        return record
    }

    mutating func append(text string: String) -> TextSpan {
        var copy = string
        // SAFETY: the string's UTF-8 is copied whole inside the closure; no index is read.
        return copy.withUTF8 { append(text: $0) }
    }

    /// SAFETY: the bytes are copied whole (no index is read); callers hand a live buffer.
    mutating func append(text bytes: UnsafeBufferPointer<UInt8>) -> TextSpan {
        let start = text.count
        text.append(contentsOf: bytes)
        return TextSpan(start: UInt32(start), count: UInt32(bytes.count))
    }

    mutating func stored(_ line: Borderline) -> StoredBorderline {
        var stored = StoredBorderline(edge: line.edge)
        if let color = line.color { stored.color = append(text: color) }
        stored.numbers = (line.thick, line.head, line.tail, line.offset, line.dash)
        return stored
    }

    /// Where the entries added from now on begin (see ``Mark``).
    var mark: Mark { Mark(rare: rare.count, values: rareValues.count, borderlines: borderlines.count) }

    /// Changes the rare fields of `record`, first copying them to an entry of its own when
    /// they are in an entry before `mark` (a template's, shared with its other uses).
    mutating func updateRareFields(of record: inout Record, ownedFrom mark: Mark, _ change: (inout RareFields) -> Void) {
        if record.rare == 0 || Int(record.rare) < mark.rare {
            let copy = rare[Int(record.rare)]
            record.rare = UInt32(rare.count)
            rare.append(copy)
        }
        change(&rare[Int(record.rare)])
    }

    /// Changes the JSON values of `record`, as ``updateRareFields(of:ownedFrom:_:)`` changes its fields.
    mutating func updateRareValues(of record: inout Record, ownedFrom mark: Mark, _ change: (inout RareValues) -> Void) {
        updateRareFields(of: &record, ownedFrom: mark) { _ in }
        let entry = Int(record.rare)
        if rare[entry].values == 0 || Int(rare[entry].values) < mark.values {
            let copy = rareValues[Int(rare[entry].values)]
            rare[entry].values = UInt32(rareValues.count)
            rareValues.append(copy)
        }
        change(&rareValues[Int(rare[entry].values)])
    }

    /// Gives `record` the borderline `line`, in place of the one along the same edge (a run the
    /// lowering builds holds at most one an edge); the run stays in the runtime's order (top,
    /// left, bottom, right). A run that is not the cell's own, or
    /// is not the column's last, is copied to the column's end first.
    mutating func setBorderline(_ line: StoredBorderline, of record: inout Record, ownedFrom mark: Mark) {
        updateRareFields(of: &record, ownedFrom: mark) { _ in }
        let entry = Int(record.rare)
        var run = rare[entry].borderlineRun
        if run.isEmpty {
            // The common case: the cell's first borderline.
            rare[entry].borderlineStart = UInt32(borderlines.count)
            rare[entry].borderlineCount = 1
            borderlines.append(line)
            return
        } else if run.lowerBound < mark.borderlines || run.upperBound != borderlines.count {
            // Through a copy: appending a slice of the column to itself would copy the column.
            let lines = Array(borderlines[run])
            let start = borderlines.count
            borderlines.append(contentsOf: lines)
            run = start..<borderlines.count
        }
        if let same = borderlines[run].firstIndex(where: { $0.edge == line.edge }) {
            borderlines.remove(at: same)
            run = run.lowerBound..<(run.upperBound - 1)
        }
        let position = borderlines[run].firstIndex { $0.edge.order > line.edge.order } ?? run.upperBound
        borderlines.insert(line, at: position)
        rare[entry].borderlineStart = UInt32(run.lowerBound)
        rare[entry].borderlineCount = UInt32(run.count + 1)
    }

    /// Appends records side by side; returns where they are.
    /// SAFETY: the records are copied whole (no index is read); callers hand a live buffer.
    mutating func append(block: UnsafeBufferPointer<Record>) -> Range<Int> {
        let start = records.count
        records.append(contentsOf: block)
        return start..<records.count
    }

    /// Appends one record; returns its index.
    mutating func append(_ record: Record) -> Int {
        records.append(record)
        return records.count - 1
    }

    /// Appends `grid` and its subtree; returns the grid's record index. Depth is bounded by
    /// whoever built the grid (the readers and the lowering).
    public mutating func append(_ grid: Grid) -> Int {
        let record = record(grid, children: appendChildren(of: grid))
        records.append(record)
        return records.count - 1
    }

    private mutating func appendChildren(of grid: Grid) -> Range<Int> {
        var block: [Record] = []
        block.reserveCapacity(grid.children.count)
        for child in grid.children { block.append(record(child, children: appendChildren(of: child))) }
        // SAFETY: the whole block is copied inside the closure.
        return block.withUnsafeBufferPointer { append(block: $0) }
    }

    // MARK: reading

    package func string(_ span: TextSpan) -> String? {
        span.isNone ? nil : String(decoding: text[span.range], as: UTF8.self)
    }

    /// The JSON values of a record (empty without any).
    package func values(of record: Record) -> RareValues {
        rareValues[Int(rare[Int(record.rare)].values)]
    }

    /// Whether a record carries raw members (`json(…)`).
    package func hasExtra(_ record: Record) -> Bool {
        !rareValues[Int(rare[Int(record.rare)].values)].extra.isEmpty
    }

    /// A stored borderline as authored.
    package func borderline(_ stored: StoredBorderline) -> Borderline {
        var line = Borderline(edge: stored.edge)
        line.color = string(stored.color)
        (line.thick, line.head, line.tail, line.offset, line.dash) = stored.numbers
        return line
    }

    /// The size of a record as authored.
    package func size(of record: Record) -> SizeValue? {
        switch record.size {
        case .none: return nil
        case .number: return .number(record.sizeNumber)
        case .percent: return .percent(record.sizeNumber)
        case .fill: return .fill
        case .wrap: return .wrap
        case .raw: return .raw(values(of: record).rawSize ?? .null)
        }
    }

    /// The record of the cell written at `range` in the tree below `root` (records of cells
    /// the lowering dropped, and of templates never used, are not in any tree).
    public func index(writtenAt range: Range<Int>, below root: Int) -> Int? {
        guard records.indices.contains(root) else { return nil }
        var stack = [root]
        var visited = Set<Int>()
        while let index = stack.popLast() {
            let record = records[index]
            if record.has(Record.hasSource), Int(record.sourceStart) == range.lowerBound, Int(record.sourceEnd) == range.upperBound {
                return index
            }
            // A shared subtree is searched once.
            if record.childCount > 0, visited.insert(Int(record.firstChild)).inserted { stack.append(contentsOf: record.children) }
        }
        return nil
    }

    /// The grid at `index` with its subtree (or without: `children: false`), as an authored
    /// ``Grid``.
    public func grid(at index: Int, children withChildren: Bool = true) -> Grid {
        let record = records[index]
        var result = Grid()
        result.size = size(of: record)
        if record.has(Record.hasPadding) { result.padding = record.padding }
        if record.has(Record.hasSpacing) { result.spacing = record.spacing }
        if record.has(Record.hasTag) { result.tag = record.tag }
        result.anchor = record.has(Record.anchor)
        result.placeholder = record.has(Record.placeholder)
        if record.has(Record.hasSource) { result.sourceRange = Int(record.sourceStart)..<Int(record.sourceEnd) }
        if record.axis != 0 { result.axis = record.axis == Record.axisRows ? .rows : .cols }
        result.gravity = string(record.gravity)
        result.action = string(record.action)
        if record.rare != 0 {
            let fields = rare[Int(record.rare)]
            result.overlap = string(fields.overlap)
            result.contentSize = fields.contentSize
            result.borderlines = borderlines[fields.borderlineRun].map(borderline)
            let values = rareValues[Int(fields.values)]
            result.actionData = values.actionData
            result.extra = values.extra
        }
        if withChildren { result.children = record.children.map { grid(at: $0) } }
        return result
    }
}

/// A grid tree in an arena: the arena (shared by a file's layouts) and the root's index.
/// Readers of the arena (the JSON writer among them) read it unchecked from `root`, so only
/// this package pairs an arena with a root (the lowering, with a root it appended), and the
/// pairing checks that the root is one of the arena's records.
public struct GridTree: Sendable {
    public private(set) var arena: GridArena
    public private(set) var root: Int
    /// How many grids the tree expands to, when known (for sizing what is built from it).
    public var gridCount: Int?

    package init(arena: GridArena, root: Int, gridCount: Int? = nil) {
        // Once per tree, so that no reader of the tree starts outside the arena.
        precondition(arena.records.indices.contains(root), "a grid tree's root outside its arena")
        self.arena = arena
        self.root = root
        self.gridCount = gridCount
    }

    /// The tree of `grid`, in an arena of its own.
    public init(_ grid: Grid) {
        var arena = GridArena()
        root = arena.append(grid)
        self.arena = arena
        gridCount = grid.gridCount
    }

    /// The tree as an authored ``Grid`` (built on each call).
    public var grid: Grid { arena.grid(at: root) }
}
