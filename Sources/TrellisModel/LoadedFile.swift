import TrellisSyntax

/// What kind of input a file is.
public enum InputKind: Sendable {
    case trellis, json

    /// `.json` files are grid dictionaries; everything else is read as Trellis.
    public static func of(path: String) -> InputKind {
        path.lowercased().hasSuffix(".json") ? .json : .trellis
    }

    /// What text with no file name is: JSON when its first byte that is not white space
    /// opens an object or an array, Trellis otherwise (standard input, the WebAssembly API).
    public static func sniffed(_ bytes: [UInt8]) -> InputKind {
        for byte in bytes where byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 {
            return byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") ? .json : .trellis
        }
        return .trellis
    }
}

/// One layout of an input, as authored (Trellis only) and as the runtime reads it.
/// The runtime model is computed when asked for (from the authored model, or from the JSON
/// syntax), as is the JSON value of a Trellis layout.
public struct LoadedLayout: Sendable {
    public var name: String
    /// The authored model (nil for JSON inputs), in the arena of the file's layouts.
    public var authored: GridTree?
    /// The runtime the JSON is written for and read by.
    public var dialect: Dialect
    /// The file's value (JSON inputs).
    package var readNode: JSONNode?
    /// The item the layout is written in (Trellis inputs): ``LayoutDecl/itemRange``.
    public var itemRange: Range<Int>?

    /// The authored model as a ``Grid`` (built from the arena on each read).
    public var grid: Grid? { authored?.grid }

    /// The grid dictionary this layout lowers to (for JSON inputs: the file's value).
    public var json: JSONValue {
        if let readNode { return readNode.value }
        guard let authored else { return .null }
        let bytes = GridJSONWriter.write(authored, dialect: dialect, style: .compact)
        return JSONReader.readWritten(bytes).root?.value ?? .null
    }

    /// Whether the runtime model comes from the authored model (Trellis layouts).
    public var isAuthored: Bool { authored != nil && readNode == nil }

    /// What the runtime makes of `json`, with source ranges and preview content sizes (for
    /// Trellis layouts, computed from the authored model without writing the JSON).
    public var runtime: RuntimeGrid {
        // Read when asked (the layout tree is built from it once, then it is dropped): a
        // nested model of every grid is more memory than the file's syntax.
        if let readNode { return RuntimeReading.root(readNode, dialect: dialect) }
        if isAuthored, let authored { return RuntimeReading.root(authored: authored, dialect: dialect) }
        return RuntimeReading.root(json, dialect: dialect)
    }

    /// The JSON text, written straight from the model for Trellis layouts.
    public func jsonBytes(style: JSONWriter.Style) -> [UInt8] {
        if let authored, readNode == nil { return GridJSONWriter.write(authored, dialect: dialect, style: style) }
        return JSONWriter.write(json, style: style)
    }

    /// The same bytes as ``jsonBytes(style:)``, handed to `drain` in pieces of about
    /// `chunkSize` bytes (a large authored layout is never held whole).
    public func writeJSON(style: JSONWriter.Style, chunkSize: Int, to drain: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let authored, readNode == nil else {
            // SAFETY: the buffer is valid while `drain` runs, and a drain keeps no pointer to it (a piece is gone once `drain`
            // returns, as `GridJSONWriter` says; the one drain, `trellis build`'s, writes it out).
            return jsonBytes(style: style).withUnsafeBufferPointer { drain($0) }
        }
        GridJSONWriter.write(authored, dialect: dialect, style: style, chunkSize: chunkSize, to: drain)
    }
}

/// An input file analysed once: layouts, the dialect they target, preview viewports and
/// every diagnostic. The CLI and the language server both start from this.
public struct LoadedFile: Sendable {
    public var source: SourceFile
    public var kind: InputKind
    public var dialect: Dialect
    public var previews: [Viewport]
    public var layouts: [LoadedLayout]
    public var diagnostics: [Diagnostic]
    /// The syntax tree (Trellis inputs).
    public var tree: SyntaxTree?
    /// The tree with the syntax diagnostics (Trellis inputs): where the next edit reparses from.
    public var parsed: ParseResult?
    /// The JSON syntax (JSON inputs).
    public var jsonRoot: JSONNode?
    /// What the file's `use` paths reached (nil: not followed).
    public var uses: UsedFiles?
    /// Whether lowering stopped at a limit (templates nested too deep, the expansion budget):
    /// what a template lowers to then depends on where it was first used, so no layout's
    /// results can be taken over from an earlier text of the file.
    public var loweringMetALimit = false
    /// What lowering built, for lowering the next text of the file (an editor's; nil unless
    /// asked for, and when no layout could be taken over).
    public var reusableLowering: ReusableLowering?
    /// What reading a JSON file kept, for reading the next text of the file (an editor's;
    /// nil unless asked for).
    public var reusableJSON: ReusableJSONRead?

    /// Reads `source`. `target` overrides the file's own target directive or detection.
    /// `parsed` is the parse of `source` when the caller has it already (an editor reparsing
    /// after an edit). `uses` is what the file's `use` paths reached (nil: they are not
    /// followed, as for standard input without a project).
    public static func load(
        _ source: SourceFile, kind: InputKind, target: Dialect? = nil, parsed: ParseResult? = nil, uses: UsedFiles? = nil
    ) -> LoadedFile {
        switch kind {
        case .trellis: return loadTrellis(source, target: target, parsed: parsed, uses: uses)
        case .json: return loadJSON(source, target: target)
        }
    }

    /// ``load(_:kind:target:parsed:uses:)`` for an editor, keeping ``reusableLowering``:
    /// `previous` is what loading the text before `edit` kept, whose untouched layouts are
    /// taken over instead of being lowered again.
    public static func load(
        _ source: SourceFile, kind: InputKind, target: Dialect?, parsed: ParseResult?, uses: UsedFiles?,
        reusing previous: (lowering: ReusableLowering, edit: ByteEdit)?
    ) -> LoadedFile {
        switch kind {
        case .trellis: return loadTrellis(source, target: target, parsed: parsed, uses: uses, keepsLowering: true, reusing: previous)
        case .json: return loadJSON(source, target: target)
        }
    }

    /// The file's stem: `examples/demo4.trellis` → `demo4`.
    public static func stem(of name: String) -> String {
        if name == "<stdin>" { return "stdin" }
        let base = name.split(separator: "/").last.map(String.init) ?? name
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { return String(base[..<dot]) }
        return base
    }

    static func loadTrellis(
        _ source: SourceFile, target: Dialect?, parsed given: ParseResult? = nil, uses: UsedFiles?, keepsLowering: Bool = false,
        reusing previous: (lowering: ReusableLowering, edit: ByteEdit)? = nil
    ) -> LoadedFile {
        let parsed = given.flatMap { $0.tree.source.bytes == source.bytes ? $0 : nil } ?? Parser.parse(source)
        let lowered =
            if let previous {
                Lowering.lower(parsed.tree, uses: uses, reusing: previous.lowering, after: previous.edit)
            } else {
                Lowering.lower(parsed.tree, uses: uses)
            }
        let dialect = target ?? lowered.document.target ?? .default
        let stem = stem(of: source.name)
        let layouts = lowered.document.layouts.map { layout in
            LoadedLayout(name: layout.name ?? stem, authored: layout.tree, dialect: dialect, readNode: nil, itemRange: layout.itemRange)
        }
        let metALimit = lowered.diagnostics.contains { $0.code == .templatesNestTooDeep || $0.code == .expansionLimit }
        return LoadedFile(
            source: source, kind: .trellis, dialect: dialect, previews: lowered.document.previews,
            layouts: layouts,
            diagnostics: DiagnosticCap.capped(Suppression.apply(parsed.diagnostics + lowered.diagnostics, tree: parsed.tree), scope: "this file"),
            tree: parsed.tree, parsed: parsed, jsonRoot: nil, uses: uses,
            loweringMetALimit: metALimit,
            reusableLowering: keepsLowering && !metALimit
                ? ReusableLowering.make(lowered, tree: parsed.tree, syntax: parsed.diagnostics) : nil)
    }

    /// The text a file's reports point into: a JSON file in UTF-16 or UTF-32 as UTF-8 (as
    /// JSONSerialization reads it), any other file as it is.
    public static func readable(_ source: SourceFile, kind: InputKind) -> SourceFile {
        guard kind == .json, let transcoded = JSONEncoding.transcodedToUTF8(source.bytes) else { return source }
        return SourceFile(name: source.name, bytes: transcoded.bytes)
    }

    /// ``load(_:kind:target:parsed:uses:)`` of a JSON file for an editor, keeping
    /// ``reusableJSON``. `previous`: what loading an earlier text of the document kept, the
    /// edit from that text, and the range in it of the object that holds the edit, which alone
    /// is read again when it can be (`JSONReader.reread`).
    public static func loadJSON(
        _ source: SourceFile, target: Dialect?, rereading previous: (read: ReusableJSONRead, edit: ByteEdit, object: Range<Int>)?
    ) -> LoadedFile {
        loadJSON(source, target: target, keepsReading: true, rereading: previous)
    }

    static func loadJSON(
        _ given: SourceFile, target: Dialect?, keepsReading: Bool = false,
        rereading previous: (read: ReusableJSONRead, edit: ByteEdit, object: Range<Int>)? = nil
    ) -> LoadedFile {
        var source = given
        var encodingFindings: [Diagnostic] = []
        let transcoding = JSONEncoding.transcodedToUTF8(given.bytes)
        let transcoded = transcoding != nil
        if let transcoded = transcoding {
            // JSONSerialization reads UTF-16 and UTF-32 too: the text is read as it would be,
            // and positions count its characters.
            source = SourceFile(name: given.name, bytes: transcoded.bytes)
            encodingFindings.append(
                Diagnostic(
                    code: .textEncoding, severity: transcoded.valid ? .info : .error, range: 0..<0,
                    message: transcoded.valid
                        ? "the file is \(transcoded.encoding.rawValue): JSONSerialization reads it, and so does Trellis (fixes are not applied to it)"
                        : "the file is \(transcoded.encoding.rawValue) with invalid code units: JSONSerialization rejects it"))
        } else if let invalid = firstInvalidUTF8(given.bytes, after: previous.map { ($0.read, $0.edit) }) {
            encodingFindings.append(
                Diagnostic(
                    code: .textEncoding, range: invalid,
                    message: "invalid UTF-8 (byte 0x\(String(given.bytes[invalid.lowerBound], radix: 16, uppercase: true)))",
                    notes: [JSONReader.rejectedNote]))
        }
        var read: JSONReadResult
        var kept: ReusableJSONRead?
        if let previous, !transcoded,
            let (reread, reading) = JSONReader.reread(source.bytes, previous: previous.read, edit: previous.edit, object: previous.object)
        {
            read = reread
            kept = reading
        } else {
            read = JSONReader.read(source)
            kept = keepsReading ? ReusableJSONRead(read) : nil
        }
        kept?.validUTF8 = encodingFindings.isEmpty
        var layouts: [LoadedLayout] = []
        var dialect = target ?? .default
        if let root = read.root {
            if target == nil, let detected = detectDialect(space: read.hasSpaceKey, spacing: read.hasSpacingKey) { dialect = detected }
            layouts.append(LoadedLayout(name: stem(of: source.name), authored: nil, dialect: dialect, readNode: root))
        }
        return LoadedFile(
            source: source, kind: .json, dialect: dialect, previews: [], layouts: layouts,
            diagnostics: encodingFindings + DiagnosticCap.capped(read.diagnostics, scope: "this file"), tree: nil, parsed: nil, jsonRoot: read.root,
            reusableJSON: kept)
    }

    /// ``UTF8Validation/firstInvalid(in:)``, read only around the edit from a text that was
    /// valid (`previous`: that text's reading and the edit from it).
    private static func firstInvalidUTF8(_ bytes: [UInt8], after previous: (read: ReusableJSONRead, edit: ByteEdit)?) -> Range<Int>? {
        if let previous, previous.read.validUTF8, previous.read.text.count + previous.edit.delta == bytes.count,
            UTF8Validation.staysValid(bytes, after: previous.edit)
        {
            return nil
        }
        return UTF8Validation.firstInvalid(in: bytes)
    }

    /// `space` anywhere means 1.x, `spacing` means 2.0+; nil when neither appears.
    public static func detectDialect<Value: RuntimeReadable>(_ value: Value) -> Dialect? {
        var sawSpace = false
        var sawSpacing = false
        var stack: [Value] = [value]
        while let next = stack.popLast() {
            switch next.readableKind {
            case .object:
                next.forEachMember { key, value in
                    switch GridSchema.spacingIsLegacy(key) {
                    case true?: sawSpace = true
                    case false?: sawSpacing = true
                    case nil: break
                    }
                    stack.append(value)
                }
            case .array: stack.append(contentsOf: next.elementList ?? [])
            default: break
            }
        }
        return detectDialect(space: sawSpace, spacing: sawSpacing)
    }

    /// The rule itself, from whether `space` and `spacing` keys were seen. A file with both
    /// may be written for every version (`trellis build --target any`) or hold a mistake:
    /// `--target any` says which.
    public static func detectDialect(space: Bool, spacing: Bool) -> Dialect? {
        if spacing && !space { return .v2 }
        if space && !spacing { return .v1 }
        return nil
    }

    /// Copies source ranges and content sizes from the authored tree (same shape; where the
    /// escape hatch changed the shape, the walk stops). Depth is bounded by the readers.
    static func attach(_ grid: Grid, to runtime: inout RuntimeGrid) {
        runtime.sourceRange = grid.sourceRange
        runtime.contentSize = grid.contentSize
        guard runtime.children.count == grid.children.count else { return }
        for index in grid.children.indices { attach(grid.children[index], to: &runtime.children[index]) }
    }
}
