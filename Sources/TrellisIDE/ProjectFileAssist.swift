import TrellisLint
import TrellisSyntax

/// Hovers and completion in a project file (`trellis.toml`), from the schema the reader
/// checks it against (`ProjectFile.schema`): on a table or key what it does, on a code its
/// title and severity; completion of the tables not yet opened, the keys of the table the
/// cursor is in that are not yet given, and the values a key takes (targets, booleans,
/// devices, codes).
public enum ProjectFileAssist {
    /// Whether a document is a project file, by its path or URI.
    public static func isProjectFile(_ path: String) -> Bool {
        path == ProjectFile.fileName || path.hasSuffix("/" + ProjectFile.fileName)
    }

    // MARK: hover

    public static func hover(_ source: SourceFile, at offset: Int) -> HoverInfo? {
        let document = TOMLReader.read(source)
        for header in document.headers where !header.isBroken && header.range.contains(offset) {
            guard let table = ProjectFile.schema.first(where: { $0.name == header.name.joined(separator: ".") }) else { return nil }
            return HoverInfo(markdown: tableMarkdown(table), range: header.range)
        }
        for entry in document.entries {
            let (table, key) = place(of: entry, in: document)
            guard let known = table?.keys.first(where: { $0.name == key }) else { continue }
            if entry.keyRange.contains(offset) {
                return HoverInfo(markdown: keyMarkdown(known, in: table?.name ?? ""), range: entry.keyRange)
            }
            guard entry.value.range.contains(offset), ["disable", "warn", "error"].contains(key) else { continue }
            for element in entry.value.elements ?? [] where element.range.contains(offset) {
                guard let code = element.string.flatMap({ DiagnosticCode(rawValue: $0.uppercased()) }) else { return nil }
                return HoverInfo(markdown: codeMarkdown(code), range: element.range)
            }
        }
        return nil
    }

    static func tableMarkdown(_ table: ProjectTable) -> String {
        let header = table.isArray ? "[[\(table.name)]]" : "[\(table.name)]"
        let keys = table.keys.map { "`\($0.name)`" }.joined(separator: ", ")
        return "**`\(header)`**\n\n\(table.summary)\n\nKeys: \(keys) (docs/project.md)."
    }

    static func keyMarkdown(_ key: ProjectKey, in table: String) -> String {
        "**`\(table).\(key.name)`**: \(key.value)\n\n\(key.summary)"
    }

    static func codeMarkdown(_ code: DiagnosticCode) -> String {
        "**\(code.id)** \(code.title) (\(code.severity.rawValue) by default)\n\n\(code.documentationAnchor)"
    }

    /// The schema's table an entry is in, and its key's last part.
    static func place(of entry: TOMLEntry, in document: TOMLDocument) -> (ProjectTable?, String) {
        let header = entry.header.flatMap { document.headers.indices.contains($0) ? document.headers[$0].name : nil } ?? []
        let path = header + entry.key
        let name = path.dropLast().joined(separator: ".")
        return (ProjectFile.schema.first { $0.name == name }, path.last ?? "")
    }

    // MARK: completion

    public static func completion(_ source: SourceFile, at offset: Int) -> [CompletionItem] {
        let offset = min(max(offset, 0), source.bytes.count)
        let document = TOMLReader.read(source)
        let lineStart = source.lineRange(source.lineIndex(of: offset)).lowerBound
        // SAFETY: lineStart ≤ offset ≤ bytes.count (the line holding a clamped offset).
        let before = source.bytes[lineStart..<offset]
        let indent = before.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        let typed = before.dropFirst(indent)
        guard !typed.contains(UInt8(ascii: "#")) else { return [] }
        if let equals = typed.firstIndex(of: UInt8(ascii: "=")) {
            let key = String(decoding: typed[typed.startIndex..<equals], as: UTF8.self).trimmingSpaces
            let table = tableName(at: lineStart, in: document)
            return valueItems(key: key, table: table, source: source, offset: offset, document: document)
        }
        if typed.first == UInt8(ascii: "[") {
            return tableItems(document: document, replacing: (lineStart + indent)..<offset)
        }
        guard typed.allSatisfy({ isKeyByte($0) }) else { return [] }
        let table = tableName(at: lineStart, in: document)
        var items = keyItems(table: table, document: document, replacing: (lineStart + indent)..<offset)
        if typed.isEmpty { items += tableItems(document: document, replacing: offset..<offset) }
        return items
    }

    static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// The table the line starting at `lineStart` is in: the last header above it ("" for the
    /// top, nil under a broken or unknown header).
    static func tableName(at lineStart: Int, in document: TOMLDocument) -> String? {
        guard let header = document.headers.last(where: { $0.range.lowerBound < lineStart }) else { return "" }
        return header.isBroken ? nil : header.name.joined(separator: ".")
    }

    static func tableItems(document: TOMLDocument, replacing range: Range<Int>) -> [CompletionItem] {
        let opened = Set(document.headers.filter { !$0.isArrayElement }.map { $0.name.joined(separator: ".") })
        return ProjectFile.schema.compactMap { table in
            guard table.isArray || !opened.contains(table.name) else { return nil }
            let header = table.isArray ? "[[\(table.name)]]" : "[\(table.name)]"
            return CompletionItem(
                label: header, kind: .key, detail: "table", documentation: table.summary, insertText: header, isSnippet: false, replacing: range)
        }
    }

    static func keyItems(table: String?, document: TOMLDocument, replacing range: Range<Int>) -> [CompletionItem] {
        guard let table, let schema = ProjectFile.schema.first(where: { $0.name == table }) else { return [] }
        // The keys given in this table already (in the `[[…]]` element the cursor is in).
        let header = document.headers.lastIndex { $0.range.upperBound <= range.lowerBound }
        let given = Set(document.entries.filter { $0.header == header }.compactMap { $0.key.last })
        return schema.keys.compactMap { key in
            guard !given.contains(key.name), key.name != "per-path" else { return nil }
            let text = key.example.isEmpty ? "\(key.name) = " : "\(key.name) = \(key.example)"
            return CompletionItem(
                label: key.name, kind: .key, detail: key.value, documentation: key.summary, insertText: text, isSnippet: false, replacing: range)
        }
    }

    static func valueItems(key: String, table: String?, source: SourceFile, offset: Int, document: TOMLDocument) -> [CompletionItem] {
        // The word being typed (inside quotes or not), and whether a quote opens it.
        var start = offset
        // SAFETY: 0 < start ≤ offset ≤ bytes.count (offset was clamped by the caller).
        while start > 0, isKeyByte(source.bytes[start - 1]) || source.bytes[start - 1] == UInt8(ascii: "@") { start -= 1 }
        let quoted = start > 0 && source.bytes[start - 1] == UInt8(ascii: "\"")
        func item(_ label: String, _ detail: String, _ documentation: String = "", quote: Bool) -> CompletionItem {
            let text = quote && !quoted ? "\"\(label)\"" : label
            return CompletionItem(
                label: label, kind: .value, detail: detail, documentation: documentation, insertText: text, isSnippet: false, replacing: start..<offset)
        }
        switch (table, key) {
        case ("project", "target"):
            return [
                item("1", "MyLayout 1.x: `space`", quote: false), item("2", "MyLayout 2.0+: `spacing`", quote: false),
                item("any", "both keys", quote: true),
            ]
        case ("lint", "warnings-as-errors"):
            return [item("true", "a warning fails `check`", quote: false), item("false", "only errors fail `check`", quote: false)]
        case ("project", "previews"):
            return Completion.devices.map { item($0, "device", quote: true) }
        case ("lint", "disable"), ("lint", "warn"), ("lint", "error"), ("lint.per-path", "disable"), ("lint.per-path", "warn"),
            ("lint.per-path", "error"):
            // Codes not yet in a list of this table; `warn` offers no code that stays an error.
            let header = document.headers.lastIndex { $0.range.upperBound <= offset }
            let given = Set(
                document.entries.filter { $0.header == header && ["disable", "warn", "error"].contains($0.key.last ?? "") }
                    .flatMap { $0.value.elements ?? [] }.filter { !$0.range.contains(offset) && $0.range.upperBound != offset }
                    .compactMap { $0.string?.uppercased() })
            return DiagnosticCode.allCases.compactMap { code in
                guard !given.contains(code.id), key != "warn" || code.severity != .error else { return nil }
                return item(code.id, code.title, codeMarkdown(code), quote: true)
            }
        default:
            return []
        }
    }
}

extension String {
    /// Without the spaces and tabs at either end.
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
