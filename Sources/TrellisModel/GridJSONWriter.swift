import TrellisSyntax

/// Writes a grid dictionary straight from the model to bytes: the one writer of grids, for
/// `build` and everything that shows a grid's JSON. The tests hold it to an independent
/// writer (`Grid.jsonValue(dialect:)` in TrellisTestSupport) byte for byte.
public enum GridJSONWriter {
    public static func write(_ grid: Grid, dialect: Dialect, style: JSONWriter.Style, into output: inout [UInt8]) {
        write(GridTree(grid), dialect: dialect, style: style, into: &output)
    }

    public static func write(_ tree: GridTree, dialect: Dialect, style: JSONWriter.Style, into output: inout [UInt8]) {
        var sink = ByteSink(capacity: estimatedSize(of: tree, style: style))
        write(tree, dialect: dialect, style: style, into: &sink)
        sink.withBytes { output.append(contentsOf: $0) }
    }

    /// Room for a tree's JSON when its grid count is known (compact JSON takes about 30 bytes
    /// a grid), so that the sink is not grown and copied on the way; 4 KB otherwise.
    static func estimatedSize(of tree: GridTree, style: JSONWriter.Style) -> Int {
        guard let grids = tree.gridCount else { return 4096 }
        return min(max(4096, grids * (style == .compact ? 40 : 80)), 64 << 20)
    }

    public static func write(_ grid: Grid, dialect: Dialect, style: JSONWriter.Style = .pretty) -> [UInt8] {
        write(GridTree(grid), dialect: dialect, style: style)
    }

    /// The bytes, with room for one more (`trellis build --compact` adds a line break
    /// without copying the output again).
    public static func write(_ tree: GridTree, dialect: Dialect, style: JSONWriter.Style = .pretty) -> [UInt8] {
        var sink = ByteSink(capacity: estimatedSize(of: tree, style: style))
        write(tree, dialect: dialect, style: style, into: &sink)
        return sink.withBytes { bytes in
            // SAFETY: the array has room for `bytes.count + 1` bytes; the `bytes.count` copied in are all it says it holds.
            [UInt8](unsafeUninitializedCapacity: bytes.count + 1) { buffer, initialized in
                initialized = buffer.initialize(fromContentsOf: bytes)
            }
        }
    }

    /// Writes the JSON in pieces of about `chunkSize` bytes, each handed to `drain` (and gone
    /// once it returns), so that the whole output is never held in memory.
    public static func write(
        _ tree: GridTree, dialect: Dialect, style: JSONWriter.Style, chunkSize: Int,
        to drain: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var sink = ByteSink(capacity: chunkSize, drain: drain)
        write(tree, dialect: dialect, style: style, into: &sink)
        sink.flush()
    }

    static func write(_ tree: GridTree, dialect: Dialect, style: JSONWriter.Style, into sink: inout ByteSink) {
        let arena = tree.arena
        // SAFETY: the buffers do not escape: the emitter made of them is dropped in the innermost closure (see `GridEmitter`).
        arena.records.withUnsafeBufferPointer { records in
            arena.text.withUnsafeBufferPointer { text in
                arena.rare.withUnsafeBufferPointer { rare in
                    // SAFETY: as above, these two buffers do not escape either.
                    arena.rareValues.withUnsafeBufferPointer { values in
                        arena.borderlines.withUnsafeBufferPointer { borderlines in
                            let writer = GridEmitter(
                                style: style, dialect: dialect, records: records, text: text, rare: rare,
                                values: values, borderlines: borderlines)
                            writer.grid(tree.root, indent: 0, into: &sink)
                        }
                    }
                }
            }
        }
        if style == .pretty { sink.append(UInt8(ascii: "\n")) }
    }
}

/// Writes one grid and its children from an arena's records, read in place.
struct GridEmitter {
    let style: JSONWriter.Style
    let emitter: Emitter
    let records: UnsafeBufferPointer<GridArena.Record>
    let text: UnsafeBufferPointer<UInt8>
    let rare: UnsafeBufferPointer<GridArena.RareFields>
    /// Read in place: a copy of an entry would retain each of its fields.
    let values: UnsafeBufferPointer<GridArena.RareValues>
    let borderlines: UnsafeBufferPointer<GridArena.StoredBorderline>
    /// The dialect's quoted keys (`"size"`), one after another; key `k` is
    /// `keyBytes[keyStarts[k]..<keyStarts[k + 1]]`.
    let keyBytes: [UInt8]
    /// `space` beside `spacing` (`--target any`).
    let writesBothSpacingKeys: Bool
    let keyStarts: [Int]

    // SAFETY: callers pass the columns of one `GridTree`'s arena, alive while the emitter is. Every index read in them was
    // handed out by that arena: records, rare entries, values and texts are only appended, a record's children are a block
    // `append(block:)` returned, a borderline run is where its lines were put (`setBorderline` removes a line only to
    // insert one, so the column never shrinks), and `GridTree` checked the root. A `none` text span is never read.
    init(
        style: JSONWriter.Style, dialect: Dialect, records: UnsafeBufferPointer<GridArena.Record>,
        text: UnsafeBufferPointer<UInt8>, rare: UnsafeBufferPointer<GridArena.RareFields>,
        values: UnsafeBufferPointer<GridArena.RareValues>, borderlines: UnsafeBufferPointer<GridArena.StoredBorderline>
    ) {
        self.style = style
        self.records = records
        self.text = text
        self.rare = rare
        self.values = values
        self.borderlines = borderlines
        emitter = Emitter(style: style, indentWidth: 2)
        let table = Self.quotedKeys[dialect == .v1 ? 1 : 0]
        writesBothSpacingKeys = dialect == .any
        keyBytes = table.bytes
        keyStarts = table.starts
    }

    /// Each dialect's quoted keys (`[legacy]`), prepared once from the schema: the grid keys
    /// in ``GridKey``'s order, then the borderline fields in the schema's order (the order
    /// they are written), at ``borderlineKeyBase`` on.
    static let quotedKeys: [(bytes: [UInt8], starts: [Int])] = [false, true].map { legacy in
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for key in GridKey.allCases {
            starts.append(bytes.count)
            bytes.append(contentsOf: "\"\(key.info.json(legacy: legacy))\"".utf8)
        }
        for field in GridSchema.borderlineFields {
            starts.append(bytes.count)
            bytes.append(contentsOf: "\"\(field)\"".utf8)
        }
        starts.append(bytes.count)
        return (bytes, starts)
    }

    /// Where the borderline fields' keys begin in ``quotedKeys``.
    static let borderlineKeyBase = GridKey.allCases.count

    /// Opens a member: separator, line break and indentation, the quoted key and the colon.
    @inline(__always)
    func key(_ key: GridKey, first: inout Bool, indent: Int, into output: inout ByteSink) {
        self.key(at: Int(key.rawValue), first: &first, indent: indent, into: &output)
    }

    /// ``key(_:first:indent:into:)`` for key `index` of ``quotedKeys``.
    @inline(__always)
    func key(at index: Int, first: inout Bool, indent: Int, into output: inout ByteSink) {
        opening(first: &first, indent: indent, into: &output)
        // SAFETY: `keyStarts` (an array, so checked) holds rising offsets into `keyBytes` that end at its count, so the slice
        // lies inside; `append` copies it in the closure.
        keyBytes.withUnsafeBufferPointer { bytes in
            output.append(bytes: UnsafeBufferPointer(rebasing: bytes[keyStarts[index]..<keyStarts[index + 1]]))
        }
        colon(into: &output)
    }

    func key(_ text: String, first: inout Bool, indent: Int, into output: inout ByteSink) {
        opening(first: &first, indent: indent, into: &output)
        JSONWriter.appendString(text, to: &output)
        colon(into: &output)
    }

    @inline(__always)
    func opening(first: inout Bool, indent: Int, into output: inout ByteSink) {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        if style == .pretty { emitter.newline(indent, &output) }
    }

    @inline(__always)
    func colon(into output: inout ByteSink) {
        output.append(UInt8(ascii: ":"))
        if style == .pretty { output.append(UInt8(ascii: " ")) }
    }

    func string(_ span: GridArena.TextSpan, into output: inout ByteSink) {
        // SAFETY: callers pass a span that is not `none`: one `append(text:)` returned, inside `text` (see `init`).
        JSONWriter.appendString(utf8: UnsafeBufferPointer(rebasing: text[span.range]), to: &output)
    }

    /// Writes record `index` and its subtree (depth is bounded by whoever built the arena).
    func grid(_ index: Int, indent: Int, into output: inout ByteSink) {
        let record = records[index]
        output.append(UInt8(ascii: "{"))
        var first = true
        let inner = indent + 1
        // Entry 0 of the rare fields and of the values is empty: a grid without any reads it.
        let fields = rare[Int(record.rare)]
        let valueIndex = Int(fields.values)
        if record.size != .none {
            key(.size, first: &first, indent: inner, into: &output)
            switch record.size {
            case .number: JSONWriter.appendNumber(record.sizeNumber, to: &output)
            case .percent:
                output.append(UInt8(ascii: "\""))
                JSONWriter.appendNumber(record.sizeNumber, to: &output)
                output.append(UInt8(ascii: "%"))
                output.append(UInt8(ascii: "\""))
            case .fill: output.append("\"fill\"")
            case .wrap: output.append("\"wrap\"")
            case .raw: emitter.emit(values[valueIndex].rawSize ?? .null, indent: inner, into: &output)
            case .none: break
            }
        }
        if record.has(GridArena.Record.hasPadding) {
            let padding = record.padding
            key(.padding, first: &first, indent: inner, into: &output)
            output.append(UInt8(ascii: "\""))
            output.append(UInt8(ascii: "{"))
            JSONWriter.appendNumber(padding.top, to: &output)
            output.append(UInt8(ascii: ","))
            JSONWriter.appendNumber(padding.left, to: &output)
            output.append(UInt8(ascii: ","))
            JSONWriter.appendNumber(padding.bottom, to: &output)
            output.append(UInt8(ascii: ","))
            JSONWriter.appendNumber(padding.right, to: &output)
            output.append(UInt8(ascii: "}"))
            output.append(UInt8(ascii: "\""))
        }
        if record.has(GridArena.Record.hasSpacing) {
            if writesBothSpacingKeys {
                key(GridSchema.jsonName(.spacing, legacy: true), first: &first, indent: inner, into: &output)
                JSONWriter.appendNumber(record.spacing, to: &output)
            }
            key(.spacing, first: &first, indent: inner, into: &output)
            JSONWriter.appendNumber(record.spacing, to: &output)
        }
        if !record.gravity.isNone {
            key(.gravity, first: &first, indent: inner, into: &output)
            string(record.gravity, into: &output)
        }
        if !fields.overlap.isNone {
            key(.overlap, first: &first, indent: inner, into: &output)
            string(fields.overlap, into: &output)
        }
        if record.has(GridArena.Record.anchor) {
            key(.anchor, first: &first, indent: inner, into: &output)
            output.append("true")
        }
        if record.has(GridArena.Record.placeholder) {
            key(.placeholder, first: &first, indent: inner, into: &output)
            output.append("true")
        }
        if record.has(GridArena.Record.hasTag), record.tag != 0 {
            key(.tag, first: &first, indent: inner, into: &output)
            JSONWriter.appendInteger(record.tag, to: &output)
        }
        if !record.action.isNone {
            key(.action, first: &first, indent: inner, into: &output)
            string(record.action, into: &output)
        }
        if valueIndex != 0, let data = values[valueIndex].actionData {
            key(.actionData, first: &first, indent: inner, into: &output)
            emitter.emit(data, indent: inner, into: &output)
        }
        for line in borderlines[fields.borderlineRun] {
            key(line.edge.gridKey, first: &first, indent: inner, into: &output)
            borderline(line, indent: inner, into: &output)
        }
        if valueIndex != 0 {
            for member in values[valueIndex].extra {
                key(member.key, first: &first, indent: inner, into: &output)
                emitter.emit(member.value, indent: inner, into: &output)
            }
        }
        if record.axis != 0 {
            key(record.axis == GridArena.Record.axisRows ? .rows : .cols, first: &first, indent: inner, into: &output)
            output.append(UInt8(ascii: "["))
            let children = record.children
            for child in children {
                if child > children.lowerBound { output.append(UInt8(ascii: ",")) }
                if style == .pretty { emitter.newline(inner + 1, &output) }
                grid(child, indent: inner + 1, into: &output)
            }
            if style == .pretty, !children.isEmpty { emitter.newline(inner, &output) }
            output.append(UInt8(ascii: "]"))
        }
        if style == .pretty, !first { emitter.newline(indent, &output) }
        output.append(UInt8(ascii: "}"))
    }

    /// The borderline object, as ``Borderline/jsonValue`` writes it, without building it.
    func borderline(_ line: GridArena.StoredBorderline, indent: Int, into output: inout ByteSink) {
        output.append(UInt8(ascii: "{"))
        var first = true
        let inner = indent + 1
        let base = Self.borderlineKeyBase
        if !line.color.isNone {
            key(at: base, first: &first, indent: inner, into: &output)
            string(line.color, into: &output)
        }
        @inline(__always) func field(_ position: Int, _ number: Double?) {
            guard let number else { return }
            key(at: base + position, first: &first, indent: inner, into: &output)
            JSONWriter.appendNumber(number, to: &output)
        }
        field(1, line.thick)
        field(2, line.head)
        field(3, line.tail)
        field(4, line.offset)
        field(5, line.dash)
        if style == .pretty, !first { emitter.newline(indent, &output) }
        output.append(UInt8(ascii: "}"))
    }
}
