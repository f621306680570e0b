import TrellisSyntax

/// Writes a grid dictionary straight from the model to bytes — the same text as
/// `JSONWriter.write(grid.jsonValue(dialect:))`, without building the JSON value first.
public enum GridJSONWriter {
    public static func write(_ grid: Grid, dialect: Dialect, style: JSONWriter.Style, into output: inout [UInt8]) {
        var writer = GridEmitter(style: style, dialect: dialect)
        writer.grid(grid, indent: 0, into: &output)
        if style == .pretty { output.append(UInt8(ascii: "\n")) }
    }

    public static func write(_ grid: Grid, dialect: Dialect, style: JSONWriter.Style = .pretty) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(grid.children.count * 32 + 64)
        write(grid, dialect: dialect, style: style, into: &output)
        return output
    }
}

struct GridEmitter {
    let style: JSONWriter.Style
    let dialect: Dialect
    var values: Emitter

    init(style: JSONWriter.Style, dialect: Dialect) {
        self.style = style
        self.dialect = dialect
        values = Emitter(style: style, indentWidth: 2)
    }

    /// Each key quoted, per dialect (`[legacy][key]`), prepared once from the schema.
    static let quotedKeys: [[[UInt8]]] = [false, true].map { legacy in
        GridKey.allCases.map { key in Array("\"\(key.info.json(legacy: legacy))\"".utf8) }
    }

    func quoted(_ key: GridKey) -> [UInt8] { Self.quotedKeys[dialect == .v1 ? 1 : 0][Int(key.rawValue)] }

    static let valueFill = Array("\"fill\"".utf8)
    static let valueWrap = Array("\"wrap\"".utf8)
    static let valueTrue = Array("true".utf8)

    /// Opens a member: separator, line break and indentation, the quoted key and the colon.
    func key(_ quoted: [UInt8], first: inout Bool, indent: Int, into output: inout [UInt8]) {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        if style == .pretty { values.newline(indent, &output) }
        output.append(contentsOf: quoted)
        output.append(UInt8(ascii: ":"))
        if style == .pretty { output.append(UInt8(ascii: " ")) }
    }

    func key(_ text: String, first: inout Bool, indent: Int, into output: inout [UInt8]) {
        var quoted: [UInt8] = []
        JSONWriter.appendString(text, into: &quoted)
        key(quoted, first: &first, indent: indent, into: &output)
    }

    mutating func grid(_ grid: Grid, indent: Int, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        var first = true
        let inner = indent + 1
        if let size = grid.size {
            key(quoted(.size), first: &first, indent: inner, into: &output)
            switch size {
            case .number(let number): JSONWriter.appendNumber(number, into: &output)
            case .percent(let percent):
                output.append(UInt8(ascii: "\""))
                JSONWriter.appendNumber(percent, into: &output)
                output.append(UInt8(ascii: "%"))
                output.append(UInt8(ascii: "\""))
            case .fill: output.append(contentsOf: Self.valueFill)
            case .wrap: output.append(contentsOf: Self.valueWrap)
            case .raw(let value): values.emit(value, indent: inner, into: &output)
            }
        }
        if let padding = grid.padding {
            key(quoted(.padding), first: &first, indent: inner, into: &output)
            output.append(UInt8(ascii: "\""))
            output.append(UInt8(ascii: "{"))
            JSONWriter.appendNumber(padding.top, into: &output)
            output.append(UInt8(ascii: ","))
            JSONWriter.appendNumber(padding.left, into: &output)
            output.append(UInt8(ascii: ","))
            JSONWriter.appendNumber(padding.bottom, into: &output)
            output.append(UInt8(ascii: ","))
            JSONWriter.appendNumber(padding.right, into: &output)
            output.append(UInt8(ascii: "}"))
            output.append(UInt8(ascii: "\""))
        }
        if let spacing = grid.spacing {
            key(quoted(.spacing), first: &first, indent: inner, into: &output)
            JSONWriter.appendNumber(spacing, into: &output)
        }
        if let gravity = grid.gravity {
            key(quoted(.gravity), first: &first, indent: inner, into: &output)
            JSONWriter.appendString(gravity, into: &output)
        }
        if let overlap = grid.overlap {
            key(quoted(.overlap), first: &first, indent: inner, into: &output)
            JSONWriter.appendString(overlap, into: &output)
        }
        if grid.anchor {
            key(quoted(.anchor), first: &first, indent: inner, into: &output)
            output.append(contentsOf: Self.valueTrue)
        }
        if grid.placeholder {
            key(quoted(.placeholder), first: &first, indent: inner, into: &output)
            output.append(contentsOf: Self.valueTrue)
        }
        if let tag = grid.tag, tag != 0 {
            key(quoted(.tag), first: &first, indent: inner, into: &output)
            JSONWriter.appendInteger(tag, into: &output)
        }
        if let action = grid.action {
            key(quoted(.action), first: &first, indent: inner, into: &output)
            JSONWriter.appendString(action, into: &output)
        }
        if let data = grid.actionData {
            key(quoted(.actionData), first: &first, indent: inner, into: &output)
            values.emit(data, indent: inner, into: &output)
        }
        for line in grid.borderlines {
            key(quoted(line.edge.gridKey), first: &first, indent: inner, into: &output)
            values.emit(line.jsonValue, indent: inner, into: &output)
        }
        for member in grid.extra {
            key(member.key, first: &first, indent: inner, into: &output)
            values.emit(member.value, indent: inner, into: &output)
        }
        if let axis = grid.axis {
            key(quoted(axis.gridKey), first: &first, indent: inner, into: &output)
            output.append(UInt8(ascii: "["))
            for (index, child) in grid.children.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if style == .pretty { values.newline(inner + 1, &output) }
                self.grid(child, indent: inner + 1, into: &output)
            }
            if style == .pretty, !grid.children.isEmpty { values.newline(inner, &output) }
            output.append(UInt8(ascii: "]"))
        }
        if style == .pretty, !first { values.newline(indent, &output) }
        output.append(UInt8(ascii: "}"))
    }
}
