import TrellisIDE
import TrellisLayout
import TrellisModel
import TrellisPlatform
import TrellisSyntax

/// One handler per language feature: each reads its parameters, asks `TrellisIDE` for plain
/// data with byte offsets, and converts positions at this edge.
extension LanguageServer {
    /// The open document and its analysis a request names. Answers the request itself (with
    /// `InvalidParams`, or `empty` for a document that is not open or not a grid dictionary)
    /// and returns nil when there is nothing to compute.
    mutating func requested(_ id: JSONValue, _ params: JSONValue, empty: JSONValue) -> (OpenDocument, Analysis)? {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            respond(id: id, error: .invalidParams, "textDocument.uri is required")
            return nil
        }
        guard let document = documents[uri], let analysis = analysis(document) else {
            respond(id: id, result: empty)
            return nil
        }
        return (document, analysis)
    }

    /// The byte offset of `params.position`, or an `InvalidParams` answer.
    func offset(_ id: JSONValue, _ params: JSONValue, in source: SourceFile, key: String = "position") -> Int? {
        guard let position = LSPJSON.positionParam(params[key]) else {
            respond(id: id, error: .invalidParams, "\(key) is required (line and character, both non-negative integers)")
            return nil
        }
        return source.offset(of: position, encoding: encoding)
    }

    func byteRange(_ value: JSONValue?, in source: SourceFile) -> Range<Int>? {
        guard let start = LSPJSON.positionParam(value?["start"]), let end = LSPJSON.positionParam(value?["end"]) else { return nil }
        let lower = source.offset(of: start, encoding: encoding)
        return lower..<max(lower, source.offset(of: end, encoding: encoding))
    }

    func range(_ range: Range<Int>, _ source: SourceFile) -> JSONValue { LSPJSON.range(range, in: source, encoding: encoding) }

    func edits(_ edits: [TextEdit], _ source: SourceFile) -> JSONValue {
        .array(edits.map { LSPJSON.object([("range", range($0.range, source)), ("newText", .string($0.replacement))]) })
    }

    func workspaceEdit(_ list: [TextEdit], uri: String, _ source: SourceFile) -> JSONValue {
        LSPJSON.object([("changes", LSPJSON.object([(uri, edits(list, source))]))])
    }

    func location(_ byteRange: Range<Int>, uri: String, _ source: SourceFile) -> JSONValue {
        LSPJSON.object([("uri", .string(uri)), ("range", range(byteRange, source))])
    }

    // MARK: hover

    mutating func textDocumentHover(_ id: JSONValue, _ params: JSONValue) {
        if projectHover(id, params) { return }
        guard let (_, analysis) = requested(id, params, empty: .null), let offset = offset(id, params, in: analysis.source) else { return }
        guard let hover = Hover.hover(analysis, at: offset) else { return respond(id: id, result: .null) }
        respond(
            id: id,
            result: LSPJSON.object([
                ("contents", LSPJSON.object([("kind", .string("markdown")), ("value", .string(hover.markdown))])),
                ("range", range(hover.range, analysis.source)),
            ]))
    }

    // MARK: completion

    mutating func textDocumentCompletion(_ id: JSONValue, _ params: JSONValue) {
        if projectCompletion(id, params) { return }
        let empty = LSPJSON.object([("isIncomplete", .bool(false)), ("items", .array([]))])
        guard let (document, analysis) = requested(id, params, empty: empty), let offset = offset(id, params, in: analysis.source) else { return }
        if let paths = usePathCompletion(document, analysis, at: offset) {
            return respond(id: id, result: LSPJSON.object([("isIncomplete", .bool(false)), ("items", .array(paths))]))
        }
        let items = completionItemsJSON(Completion.items(analysis, at: offset), in: analysis.source)
        respond(id: id, result: LSPJSON.object([("isIncomplete", .bool(false)), ("items", .array(items))]))
    }

    /// Completion items as LSP JSON, in the order given (`sortText`), as snippets where the
    /// client takes them.
    func completionItemsJSON(_ items: [CompletionItem], in source: SourceFile) -> [JSONValue] {
        let snippets = settings.snippets
        return items.enumerated().map { number, item in
            let asSnippet = item.isSnippet && snippets
            var members: [(String, JSONValue)] = [
                ("label", .string(item.label)),
                ("kind", LSPJSON.number(Self.completionKind(item.kind))),
                ("detail", .string(item.detail)),
                ("sortText", .string(String(1000 + number))),
                (
                    "textEdit",
                    LSPJSON.object([
                        ("range", range(item.replacing, source)), ("newText", .string(asSnippet ? item.insertText : item.plainInsertText)),
                    ])
                ),
                ("insertTextFormat", LSPJSON.number(asSnippet ? 2 : 1)),
            ]
            if !item.documentation.isEmpty {
                members.append(("documentation", LSPJSON.object([("kind", .string("markdown")), ("value", .string(item.documentation))])))
            }
            return LSPJSON.object(members)
        }
    }

    /// LSP `CompletionItemKind` numbers.
    static func completionKind(_ kind: CompletionItem.Kind) -> Int {
        switch kind {
        case .keyword: return 14
        case .attribute: return 10  // Property
        case .size: return 12  // Value
        case .template: return 7  // Class
        case .value: return 20  // EnumMember
        case .color: return 16
        case .directive: return 15  // Snippet
        case .key: return 5  // Field
        }
    }

    // MARK: inlay hints

    mutating func textDocumentInlayHint(_ id: JSONValue, _ params: JSONValue) {
        guard let (document, analysis) = requested(id, params, empty: .array([])) else { return }
        let source = analysis.source
        guard let wanted = byteRange(params["range"], in: source) else {
            return respond(id: id, error: .invalidParams, "range is required")
        }
        // Written straight as JSON text as it is sent: a whole large document has millions of
        // hints (what Neovim asks for), hundreds of megabytes (`InlayHintBody`).
        let hints = InlayHints.records(analysis, in: wanted)
        respond(
            id: id,
            streaming: InlayHintBody(hints: hints, source: source, encoding: encoding, document: document.number, version: document.version))
    }

    /// `data` is `[document, version, layout, grid]`: the document's number and version when
    /// the hint was given (a hint of another text keeps no tooltip) and the grid it is about.
    mutating func inlayHintResolve(_ id: JSONValue, _ params: JSONValue) {
        guard case .object(let given) = params else { return respond(id: id, error: .invalidParams, "an inlay hint is required") }
        guard case .array(let data) = params["data"], data.count == 4, let number = LSPJSON.integer(data[0]),
            let version = LSPJSON.integer(data[1]), let layout = LSPJSON.integer(data[2]), let grid = LSPJSON.integer(data[3]),
            number > 0, layout >= 0, grid >= 0,
            let document = documents.values.first(where: { $0.number == number }), document.version == version,
            let analysis = analysis(document)
        else {
            return respond(id: id, result: params)
        }
        let kind: InlayHint.Kind = LSPJSON.integer(params["kind"]) == 2 ? .slot : .length
        var members = given.filter { $0.key != "tooltip" }
        members.append(
            JSONMember(
                "tooltip",
                LSPJSON.object([
                    ("kind", .string("markdown")),
                    ("value", .string(InlayHints.tooltip(analysis, kind: kind, layout: layout, grid: grid))),
                ])))
        respond(id: id, result: .object(members))
    }

    // MARK: structure

    mutating func textDocumentDocumentSymbol(_ id: JSONValue, _ params: JSONValue) {
        guard let (_, analysis) = requested(id, params, empty: .array([])) else { return }
        let source = analysis.source
        func json(_ symbol: DocumentSymbol) -> JSONValue {
            var members: [(String, JSONValue)] = [
                ("name", .string(symbol.name)),
                ("detail", .string(symbol.detail)),
                ("kind", LSPJSON.number(symbol.kind == .layout ? 2 : symbol.kind == .template ? 5 : 8)),  // Module, Class, Field
                ("range", range(symbol.range, source)),
                ("selectionRange", range(symbol.selectionRange, source)),
            ]
            if !symbol.children.isEmpty { members.append(("children", .array(symbol.children.map(json)))) }
            return LSPJSON.object(members)
        }
        let symbols = Symbols.symbols(analysis)
        if isCancelled(id) { return respondCancelled(id) }
        respond(id: id, result: .array(symbols.map(json)))
    }

    /// Written straight as JSON text: a large grid dictionary has a million objects and arrays.
    mutating func textDocumentFoldingRange(_ id: JSONValue, _ params: JSONValue) {
        guard let (_, analysis) = requested(id, params, empty: .array([])) else { return }
        let source = analysis.source
        let regions = Folding.regions(analysis)
        var seen: Set<Int> = []
        seen.reserveCapacity(regions.count)
        var json: [UInt8] = [UInt8(ascii: "[")]
        json.reserveCapacity(40 * regions.count + 2)
        for region in regions {
            let start = region.lines.lowerBound
            var end = region.lines.upperBound
            // Keep a closing `}` or `]` that starts its line visible.
            if let last = source.bytes[safe: region.range.upperBound - 1], last == UInt8(ascii: "}") || last == UInt8(ascii: "]"),
                source.lineRange(end).lowerBound + Self.indentation(source, line: end) == region.range.upperBound - 1
            {
                end -= 1
            }
            guard end > start, seen.insert(start << 32 | end).inserted else { continue }
            json.append(contentsOf: (json.count == 1 ? #"{"startLine":"# : #",{"startLine":"#).utf8)
            JSONWriter.appendInteger(start, into: &json)
            json.append(contentsOf: #","endLine":"#.utf8)
            JSONWriter.appendInteger(end, into: &json)
            json.append(contentsOf: (region.isComment ? #","kind":"comment"}"# : "}").utf8)
        }
        json.append(UInt8(ascii: "]"))
        respond(id: id, json: json)
    }

    static func indentation(_ source: SourceFile, line: Int) -> Int {
        let range = source.lineRange(line)
        var count = 0
        while range.lowerBound + count < range.upperBound,
            source.bytes[range.lowerBound + count] == UInt8(ascii: " ") || source.bytes[range.lowerBound + count] == UInt8(ascii: "\t")
        {
            count += 1
        }
        return count
    }

    mutating func textDocumentSelectionRange(_ id: JSONValue, _ params: JSONValue) {
        guard let (_, analysis) = requested(id, params, empty: .array([])) else { return }
        guard let positions = params["positions"]?.arrayElements else { return respond(id: id, error: .invalidParams, "positions are required") }
        let source = analysis.source
        var result: [JSONValue] = []
        for value in positions {
            guard let position = LSPJSON.positionParam(value) else { return respond(id: id, error: .invalidParams, "a position is malformed") }
            let offset = source.offset(of: position, encoding: encoding)
            var selection: JSONValue?
            for byteRange in SelectionRanges.ranges(analysis, at: offset).reversed() {
                var members: [(String, JSONValue)] = [("range", range(byteRange, source))]
                if let parent = selection { members.append(("parent", parent)) }
                selection = LSPJSON.object(members)
            }
            result.append(selection ?? LSPJSON.object([("range", range(offset..<offset, source))]))
        }
        respond(id: id, result: .array(result))
    }

    /// Semantic tokens, written as they are classified (`SemanticTokensData`); a request
    /// cancelled meanwhile stops within ``cancellationStride`` tokens.
    mutating func textDocumentSemanticTokens(_ id: JSONValue, _ params: JSONValue, ranged: Bool) {
        let empty = LSPJSON.object([("data", .array([]))])
        guard let (_, analysis) = requested(id, params, empty: empty) else { return }
        var limit: Range<Int>?
        if ranged {
            guard let wanted = byteRange(params["range"], in: analysis.source) else { return respond(id: id, error: .invalidParams, "range is required") }
            limit = wanted
        }
        guard let data = SemanticTokensData.result(analysis, in: limit, encoding: encoding, stride: Self.cancellationStride, isCancelled: { isCancelled(id) })
        else {
            return respondCancelled(id)
        }
        respond(id: id, json: data)
    }

    // MARK: colors

    mutating func textDocumentDocumentColor(_ id: JSONValue, _ params: JSONValue) {
        guard let (_, analysis) = requested(id, params, empty: .array([])) else { return }
        respond(
            id: id,
            result: .array(
                Colors.colors(analysis).map { color in
                    LSPJSON.object([
                        ("range", range(color.range, analysis.source)),
                        (
                            "color",
                            LSPJSON.object([
                                ("red", .number(Double(color.color.red) / 255)), ("green", .number(Double(color.color.green) / 255)),
                                ("blue", .number(Double(color.color.blue) / 255)), ("alpha", .number(Double(color.color.alpha) / 255)),
                            ])
                        ),
                    ])
                }))
    }

    mutating func textDocumentColorPresentation(_ id: JSONValue, _ params: JSONValue) {
        guard let (_, analysis) = requested(id, params, empty: .array([])) else { return }
        func channel(_ key: String) -> UInt8? {
            guard case .number(let value)? = params["color"]?[key], value.isFinite else { return nil }
            return UInt8(max(0, min(255, (value * 255).rounded())))
        }
        guard let red = channel("red"), let green = channel("green"), let blue = channel("blue"), let alpha = channel("alpha"),
            let target = byteRange(params["range"], in: analysis.source)
        else {
            return respond(id: id, error: .invalidParams, "color and range are required")
        }
        let text = RGBA(red: red, green: green, blue: blue, alpha: alpha).written
        respond(
            id: id,
            result: .array([
                LSPJSON.object([
                    ("label", .string(text)),
                    ("textEdit", LSPJSON.object([("range", range(target, analysis.source)), ("newText", .string(text))])),
                ])
            ]))
    }

    // MARK: navigation

    mutating func textDocumentDefinition(_ id: JSONValue, _ params: JSONValue) {
        guard let (document, analysis) = requested(id, params, empty: .null), let offset = offset(id, params, in: analysis.source) else { return }
        if let target = Navigation.definition(analysis, at: offset) { return respond(id: id, result: location(target, uri: document.uri, analysis.source)) }
        // A template another file defines, or the file a use path names.
        guard let place = UseNavigation.definition(analysis, at: offset) else { return respond(id: id, result: .null) }
        respond(id: id, result: location(place.range, uri: FileURI.uri(of: place.file), place.source))
    }

    mutating func textDocumentDocumentLink(_ id: JSONValue, _ params: JSONValue) {
        guard let (_, analysis) = requested(id, params, empty: .array([])) else { return }
        respond(
            id: id,
            result: .array(
                UseNavigation.links(analysis).map { link in
                    LSPJSON.object([("range", range(link.range, analysis.source)), ("target", .string(FileURI.uri(of: link.file)))])
                }))
    }

    mutating func textDocumentReferences(_ id: JSONValue, _ params: JSONValue) {
        guard let (document, analysis) = requested(id, params, empty: .array([])), let offset = offset(id, params, in: analysis.source) else { return }
        let declaration = params["context"]?["includeDeclaration"] == .bool(true)
        if let across = workspaceReferences(document, analysis, at: offset, includeDeclaration: declaration) { return respond(id: id, result: across) }
        respond(
            id: id,
            result: .array(
                Navigation.references(analysis, at: offset, includeDeclaration: declaration).map {
                    location($0, uri: document.uri, analysis.source)
                }))
    }

    mutating func textDocumentDocumentHighlight(_ id: JSONValue, _ params: JSONValue) {
        guard let (_, analysis) = requested(id, params, empty: .array([])), let offset = offset(id, params, in: analysis.source) else { return }
        let declaration = Navigation.symbol(analysis, at: offset)?.declaration
        respond(
            id: id,
            result: .array(
                Navigation.references(analysis, at: offset, includeDeclaration: true).map { occurrence in
                    LSPJSON.object([("range", range(occurrence, analysis.source)), ("kind", LSPJSON.number(occurrence == declaration ? 3 : 2))])
                }))
    }

    mutating func textDocumentPrepareRename(_ id: JSONValue, _ params: JSONValue) {
        guard let (_, analysis) = requested(id, params, empty: .null), let offset = offset(id, params, in: analysis.source) else { return }
        guard let (target, text) = Navigation.prepareRename(analysis, at: offset) else { return respond(id: id, result: .null) }
        respond(id: id, result: LSPJSON.object([("range", range(target, analysis.source)), ("placeholder", .string(text))]))
    }

    mutating func textDocumentRename(_ id: JSONValue, _ params: JSONValue) {
        guard let (document, analysis) = requested(id, params, empty: .null), let offset = offset(id, params, in: analysis.source) else { return }
        guard let newName = params["newName"]?.stringValue else { return respond(id: id, error: .invalidParams, "newName is required") }
        if let problem = Navigation.renameProblem(analysis, at: offset, to: newName) {
            return respond(id: id, error: .requestFailed, problem)
        }
        switch workspaceRename(document, analysis, at: offset, to: newName) {
        case .success(let edit)?: return respond(id: id, result: edit)
        case .failure(let refused)?: return respond(id: id, error: .requestFailed, refused.reason)
        case nil: break
        }
        let list = Navigation.rename(analysis, at: offset, to: newName) ?? []
        respond(id: id, result: workspaceEdit(list, uri: document.uri, analysis.source))
    }

    // MARK: formatting and code actions

    /// Formatting runs in the background (`BackgroundWork`): the formatter and its check take
    /// seconds on a large document.
    mutating func textDocumentFormatting(_ id: JSONValue, _ params: JSONValue) {
        guard let (document, analysis) = requested(id, params, empty: .array([])) else { return }
        let encoding = encoding
        runInBackground(id, document) { Self.formattingEdits(analysis, in: nil, encoding: encoding, isCancelled: $0) }
    }

    mutating func textDocumentRangeFormatting(_ id: JSONValue, _ params: JSONValue) {
        guard let (document, analysis) = requested(id, params, empty: .array([])) else { return }
        guard let wanted = byteRange(params["range"], in: analysis.source) else { return respond(id: id, error: .invalidParams, "range is required") }
        let encoding = encoding
        runInBackground(id, document) { Self.formattingEdits(analysis, in: wanted, encoding: encoding, isCancelled: $0) }
    }

    /// The formatting edits of the document, or of the lines `range` touches, as JSON text;
    /// nil as soon as `isCancelled` says so, which it is asked between the stages (format and
    /// check, line diff, choosing the range's edits), before each top-level item the formatter
    /// prints, and every ``cancellationStride`` edits.
    static func formattingEdits(_ analysis: Analysis, in range: Range<Int>?, encoding: PositionEncoding, isCancelled: () -> Bool) -> [UInt8]? {
        // Once a look finds the request cancelled, it stays so (and is not asked again).
        var stopped = false
        func cancelled() -> Bool {
            if !stopped { stopped = isCancelled() }
            return stopped
        }
        // The formatter looks too: between its stages and before each top-level item it prints.
        let formatted = Formatting.format(analysis, workers: LargeStack.sideBySide, shouldStop: cancelled)
        guard !cancelled() else { return nil }
        guard let formatted else { return Array("[]".utf8) }
        var list = Formatting.edits(analysis.source, formatted: formatted)
        guard !cancelled() else { return nil }
        if let range {
            list = Formatting.edits(analysis, in: range, from: list)
            guard !cancelled() else { return nil }
        }
        return LSPJSON.edits(list, in: analysis.source, encoding: encoding, stride: cancellationStride, isCancelled: cancelled)
    }

    mutating func textDocumentCodeAction(_ id: JSONValue, _ params: JSONValue) {
        guard let (document, analysis) = requested(id, params, empty: .array([])) else { return }
        guard let wanted = byteRange(params["range"], in: analysis.source) else { return respond(id: id, error: .invalidParams, "range is required") }
        let only = params["context"]?["only"]?.arrayElements?.compactMap(\.stringValue)
        respond(
            id: id,
            result: .array(
                CodeActions.actions(analysis, range: wanted, only: only).map { action in
                    var members: [(String, JSONValue)] = [
                        ("title", .string(action.title)),
                        ("kind", .string(action.kind)),
                        ("edit", workspaceEdit(action.edits, uri: document.uri, analysis.source)),
                    ]
                    if let diagnostic = action.diagnostic {
                        members.append(("diagnostics", .array([diagnosticJSON(diagnostic, uri: document.uri, source: analysis.source)])))
                    }
                    if action.isPreferred { members.append(("isPreferred", .bool(true))) }
                    return LSPJSON.object(members)
                }))
    }

    // MARK: commands

    /// `trellis.showJSON [uri, layout?]` and `trellis.render [uri, viewport?, layout?]`: the
    /// result is `{name, language, content}` for the client to show.
    mutating func workspaceExecuteCommand(_ id: JSONValue, _ params: JSONValue) {
        guard let command = params["command"]?.stringValue else { return respond(id: id, error: .invalidParams, "command is required") }
        let arguments = params["arguments"]?.arrayElements ?? []
        guard let uri = arguments.first?.stringValue else { return respond(id: id, error: .invalidParams, "the first argument is the document's URI") }
        guard let document = documents[uri], let analysis = analysis(document) else {
            return respond(id: id, error: .invalidParams, "\(uri) is not an open Trellis or grid document")
        }
        switch command {
        case "trellis.showJSON":
            guard let (name, json) = Commands.showJSON(analysis, layout: arguments.dropFirst().first?.stringValue) else {
                return respond(id: id, error: .invalidParams, "no such layout")
            }
            respond(id: id, result: LSPJSON.object([("name", .string(name + ".json")), ("language", .string("json")), ("content", .string(json))]))
        case "trellis.render":
            var viewport: Viewport?
            if let text = arguments.dropFirst().first?.stringValue {
                guard let parsed = Viewport.parse(text) else { return respond(id: id, error: .invalidParams, "`\(text)` is not a viewport such as 375x667@2x") }
                viewport = parsed
            }
            guard let (name, svg) = Commands.render(analysis, layout: arguments.dropFirst(2).first?.stringValue, viewport: viewport) else {
                return respond(id: id, error: .invalidParams, "no such layout")
            }
            respond(id: id, result: LSPJSON.object([("name", .string(name + ".svg")), ("language", .string("svg")), ("content", .string(svg))]))
        default:
            respond(id: id, error: .invalidParams, "unknown command \(command)")
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
