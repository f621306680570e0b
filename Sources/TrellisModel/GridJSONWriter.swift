import TrellisSyntax

/// Writes a grid dictionary straight from the model to bytes — the same text as
/// `JSONWriter.write(grid.jsonValue(dialect:))`, without building the JSON value first.
public enum GridJSONWriter {
    public static func write(_ grid: Grid, dialect: Dialect, style: JSONWriter.Style, into output: inout [UInt8]) {
        var sink = ByteSink(capacity: 4096)
        write(grid, dialect: dialect, style: style, into: &sink)
        sink.withBytes { output.append(contentsOf: $0) }
    }

    /// The bytes, with room for one more (`trellis build --compact` adds a line break
    /// without copying the output again).
    public static func write(_ grid: Grid, dialect: Dialect, style: JSONWriter.Style = .pretty) -> [UInt8] {
        var sink = ByteSink(capacity: 4096)
        write(grid, dialect: dialect, style: style, into: &sink)
        return sink.withBytes { bytes in
            [UInt8](unsafeUninitializedCapacity: bytes.count + 1) { buffer, initialized in
                initialized = buffer.initialize(fromContentsOf: bytes)
            }
        }
    }

    static func write(_ grid: Grid, dialect: Dialect, style: JSONWriter.Style, into sink: inout ByteSink) {
        let writer = GridEmitter(style: style, dialect: dialect)
        withUnsafePointer(to: grid) { writer.grid($0, indent: 0, into: &sink) }
        if style == .pretty { sink.append(UInt8(ascii: "\n")) }
    }
}

/// Writes one grid and its children, borrowing each child from its parent's storage.
struct GridEmitter {
    let style: JSONWriter.Style
    let values: Emitter
    /// The dialect's quoted keys (`"size"`), one after another; key `k` is
    /// `keyBytes[keyStarts[k]..<keyStarts[k + 1]]`.
    let keyBytes: [UInt8]
    let keyStarts: [Int]

    init(style: JSONWriter.Style, dialect: Dialect) {
        self.style = style
        values = Emitter(style: style, indentWidth: 2)
        let table = Self.quotedKeys[dialect == .v1 ? 1 : 0]
        keyBytes = table.bytes
        keyStarts = table.starts
    }

    /// Each dialect's quoted keys (`[legacy]`), prepared once from the schema.
    static let quotedKeys: [(bytes: [UInt8], starts: [Int])] = [false, true].map { legacy in
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for key in GridKey.allCases {
            starts.append(bytes.count)
            bytes.append(contentsOf: "\"\(key.info.json(legacy: legacy))\"".utf8)
        }
        starts.append(bytes.count)
        return (bytes, starts)
    }

    static let valueFill = Array("\"fill\"".utf8)
    static let valueWrap = Array("\"wrap\"".utf8)
    /// The borderline fields' quoted names, in the schema's order (the order they are written).
    static let borderlineKeys = GridSchema.borderlineFields.map { Array("\"\($0)\"".utf8) }

    /// Opens a member: separator, line break and indentation, the quoted key and the colon.
    func key(_ key: GridKey, first: inout Bool, indent: Int, into output: inout ByteSink) {
        let index = Int(key.rawValue)
        opening(first: &first, indent: indent, into: &output)
        keyBytes.withUnsafeBufferPointer { bytes in
            output.append(bytes: UnsafeBufferPointer(rebasing: bytes[keyStarts[index]..<keyStarts[index + 1]]))
        }
        colon(into: &output)
    }

    func key(quoted: [UInt8], first: inout Bool, indent: Int, into output: inout ByteSink) {
        opening(first: &first, indent: indent, into: &output)
        output.append(contentsOf: quoted)
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
        if style == .pretty { values.newline(indent, &output) }
    }

    @inline(__always)
    func colon(into output: inout ByteSink) {
        output.append(UInt8(ascii: ":"))
        if style == .pretty { output.append(UInt8(ascii: " ")) }
    }

    /// Reads the grid through a pointer: passing it by value would copy it (a retain and a
    /// release of every field).
    func grid(_ grid: UnsafePointer<Grid>, indent: Int, into output: inout ByteSink) {
        output.append(UInt8(ascii: "{"))
        var first = true
        let inner = indent + 1
        if let size = grid.pointee.size {
            key(.size, first: &first, indent: inner, into: &output)
            switch size {
            case .number(let number): JSONWriter.appendNumber(number, to: &output)
            case .percent(let percent):
                output.append(UInt8(ascii: "\""))
                JSONWriter.appendNumber(percent, to: &output)
                output.append(UInt8(ascii: "%"))
                output.append(UInt8(ascii: "\""))
            case .fill: output.append(contentsOf: Self.valueFill)
            case .wrap: output.append(contentsOf: Self.valueWrap)
            case .raw(let value): values.emit(value, indent: inner, into: &output)
            }
        }
        if let padding = grid.pointee.padding {
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
        if let spacing = grid.pointee.spacing {
            key(.spacing, first: &first, indent: inner, into: &output)
            JSONWriter.appendNumber(spacing, to: &output)
        }
        if let gravity = grid.pointee.gravity {
            key(.gravity, first: &first, indent: inner, into: &output)
            JSONWriter.appendString(gravity, to: &output)
        }
        if let overlap = grid.pointee.overlap {
            key(.overlap, first: &first, indent: inner, into: &output)
            JSONWriter.appendString(overlap, to: &output)
        }
        if grid.pointee.anchor {
            key(.anchor, first: &first, indent: inner, into: &output)
            output.append(contentsOf: JSONWriter.trueBytes)
        }
        if grid.pointee.placeholder {
            key(.placeholder, first: &first, indent: inner, into: &output)
            output.append(contentsOf: JSONWriter.trueBytes)
        }
        if let tag = grid.pointee.tag, tag != 0 {
            key(.tag, first: &first, indent: inner, into: &output)
            JSONWriter.appendInteger(tag, to: &output)
        }
        if let action = grid.pointee.action {
            key(.action, first: &first, indent: inner, into: &output)
            JSONWriter.appendString(action, to: &output)
        }
        if let data = grid.pointee.actionData {
            key(.actionData, first: &first, indent: inner, into: &output)
            values.emit(data, indent: inner, into: &output)
        }
        for line in grid.pointee.borderlines {
            key(line.edge.gridKey, first: &first, indent: inner, into: &output)
            borderline(line, indent: inner, into: &output)
        }
        for member in grid.pointee.extra {
            key(member.key, first: &first, indent: inner, into: &output)
            values.emit(member.value, indent: inner, into: &output)
        }
        if let axis = grid.pointee.axis {
            key(axis.gridKey, first: &first, indent: inner, into: &output)
            output.append(UInt8(ascii: "["))
            grid.pointee.children.withUnsafeBufferPointer { children in
                for index in children.indices {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    if style == .pretty { values.newline(inner + 1, &output) }
                    if let child = children.baseAddress { self.grid(child + index, indent: inner + 1, into: &output) }
                }
                if style == .pretty, !children.isEmpty { values.newline(inner, &output) }
            }
            output.append(UInt8(ascii: "]"))
        }
        if style == .pretty, !first { values.newline(indent, &output) }
        output.append(UInt8(ascii: "}"))
    }

    /// The borderline object, as ``Borderline/jsonValue`` writes it, without building it.
    func borderline(_ line: Borderline, indent: Int, into output: inout ByteSink) {
        output.append(UInt8(ascii: "{"))
        var first = true
        let inner = indent + 1
        if let color = line.color {
            key(quoted: Self.borderlineKeys[0], first: &first, indent: inner, into: &output)
            JSONWriter.appendString(color, to: &output)
        }
        func field(_ position: Int, _ number: Double?) {
            guard let number else { return }
            key(quoted: Self.borderlineKeys[position], first: &first, indent: inner, into: &output)
            JSONWriter.appendNumber(number, to: &output)
        }
        field(1, line.thick)
        field(2, line.head)
        field(3, line.tail)
        field(4, line.offset)
        field(5, line.dash)
        if style == .pretty, !first { values.newline(indent, &output) }
        output.append(UInt8(ascii: "}"))
    }
}
