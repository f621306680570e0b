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
        package var tag = 0
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
        mutating func setPadding(_ insets: EdgeInsets) { padding = insets; flags |= Self.hasPadding }
        mutating func setSpacing(_ value: Double) { spacing = value; flags |= Self.hasSpacing }
        mutating func setTag(_ value: Int) { tag = value; flags |= Self.hasTag }

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
            case .number(let number)?: size = .number; sizeNumber = number
            case .percent(let percent)?: size = .percent; sizeNumber = percent
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

    /// The fields few grids have.
    package struct RareFields: Sendable {
        package var overlap: String?
        package var actionData: JSONValue?
        package var borderlines: [Borderline] = []
        package var extra: [JSONMember] = []
        package var contentSize: PreviewSize?
        package var rawSize: JSONValue?

        package var isEmpty: Bool {
            overlap == nil && actionData == nil && borderlines.isEmpty && extra.isEmpty && contentSize == nil && rawSize == nil
        }
    }

    package private(set) var records: [Record] = []
    package private(set) var text: [UInt8] = []
    /// Entry 0 is a placeholder, so that a record's `rare` of 0 means none.
    package private(set) var rare: [RareFields] = [RareFields()]

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
        fields.overlap = grid.overlap
        fields.actionData = grid.actionData
        fields.borderlines = grid.borderlines
        fields.extra = grid.extra
        fields.contentSize = grid.contentSize
        if case .raw(let value)? = grid.size { fields.rawSize = value }
        if !fields.isEmpty {
            record.rare = UInt32(rare.count)
            rare.append(fields)
        }
        return record
    }

    mutating func append(text string: String) -> TextSpan {
        let start = text.count
        var copy = string
        copy.withUTF8 { text.append(contentsOf: $0) }
        return TextSpan(start: UInt32(start), count: UInt32(text.count - start))
    }

    /// Changes the rare fields of `record`, first copying them to an entry of its own when
    /// they are in an entry before `start` (a template's, shared with its other uses).
    mutating func updateRareFields(of record: inout Record, ownedFrom start: Int, _ change: (inout RareFields) -> Void) {
        if record.rare == 0 || Int(record.rare) < start {
            let copy = record.rare == 0 ? RareFields() : rare[Int(record.rare)]
            record.rare = UInt32(rare.count)
            rare.append(copy)
        }
        change(&rare[Int(record.rare)])
    }

    /// Appends records side by side; returns where they are.
    mutating func append(block: ArraySlice<Record>) -> Range<Int> {
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
        return append(block: block[...])
    }

    // MARK: reading

    package func string(_ span: TextSpan) -> String? {
        span.isNone ? nil : String(decoding: text[span.range], as: UTF8.self)
    }

    /// The size of a record as authored.
    package func size(of record: Record) -> SizeValue? {
        switch record.size {
        case .none: return nil
        case .number: return .number(record.sizeNumber)
        case .percent: return .percent(record.sizeNumber)
        case .fill: return .fill
        case .wrap: return .wrap
        case .raw: return .raw(rare[Int(record.rare)].rawSize ?? .null)
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
            result.overlap = fields.overlap
            result.actionData = fields.actionData
            result.borderlines = fields.borderlines
            result.extra = fields.extra
            result.contentSize = fields.contentSize
        }
        if withChildren { result.children = record.children.map { grid(at: $0) } }
        return result
    }
}

/// A grid tree in an arena: the arena (shared by a file's layouts) and the root's index.
public struct GridTree: Sendable {
    public var arena: GridArena
    public var root: Int
    /// How many grids the tree expands to, when known (for sizing what is built from it).
    public var gridCount: Int?

    public init(arena: GridArena, root: Int, gridCount: Int? = nil) {
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
