import TrellisIDE
import TrellisLayout
import TrellisModel
import TrellisSyntax

/// The commands a playground calls as someone types: `preview` (everything a page shows of a
/// text, from one analysis), `tokens` (highlighting alone) and `cell` (the arithmetic behind
/// one grid's frame, asked when the pointer rests on it).
extension TrellisAPI {
    /// One analysis of the text, as the live preview makes it: the diagnostics with their
    /// ranges, the highlighting, the layouts, the file's devices and common ones, and of the
    /// chosen layout its JSON (when the text builds) and its picture at `device` (nil when
    /// there is nothing to draw). Only that layout is written and drawn: a file of a thousand
    /// layouts costs a keystroke one layout's JSON, not a thousand.
    static func preview(_ request: APIRequest) -> JSONValue {
        let (uses, parsed) = request.followedUses()
        let analysis = Analysis(
            request.source, kind: request.kind, options: request.options, target: request.target, oneOff: true, parsed: parsed, uses: uses)
        let devices = Preview.devices(of: analysis)
        var members = [
            JSONMember("kind", .string(request.kind == .json ? "json" : "trellis")),
            JSONMember("errors", .bool(analysis.diagnostics.hasErrors)),
            JSONMember("diagnostics", diagnostics(analysis, request)),
            JSONMember("tokenTypes", .array(SemanticTokenType.allCases.map { .string($0.name) })),
            JSONMember("tokens", tokens(analysis, request)),
            JSONMember("layouts", .array(analysis.file.layouts.map { .string($0.name) })),
            JSONMember("devices", .array(devices.map(Preview.deviceJSON))),
            JSONMember("commonDevices", .array(Preview.commonDevices.map(Preview.deviceJSON))),
        ]
        let style: JSONWriter.Style = request.compact ? .compact : .pretty
        let builds = request.kind == .trellis && !analysis.file.diagnostics.hasErrors
        let layout = chosenLayout(analysis, request)
        let json = layout.flatMap { builds ? JSONValue.string(String(decoding: analysis.file.layouts[$0].jsonBytes(style: style), as: UTF8.self)) : nil }
        members.append(JSONMember("json", json ?? .null))
        let picture = layout.flatMap { layout in
            Preview.canDraw(analysis) ? Preview.render(analysis, layout: layout, viewport: device(analysis, request)) : nil
        }
        members.append(JSONMember("layout", layout.map { .string(analysis.file.layouts[$0].name) } ?? .null))
        members.append(JSONMember("picture", picture ?? .null))
        return .object(members)
    }

    /// The semantic tokens alone: `[start, end, type, …]`, offsets in the request's encoding,
    /// each type an index into `tokenTypes`.
    static func tokens(_ request: APIRequest) -> JSONValue {
        let (uses, parsed) = request.followedUses()
        let analysis = Analysis(
            request.source, kind: request.kind, options: request.options, target: request.target, oneOff: true, parsed: parsed, uses: uses)
        return .object([
            JSONMember("tokenTypes", .array(SemanticTokenType.allCases.map { .string($0.name) })),
            JSONMember("tokens", tokens(analysis, request)),
        ])
    }

    /// One grid of the chosen layout at `device`: its path, size rule, frame and the
    /// arithmetic of its length along its parent's split, as the language server's hover
    /// writes it.
    static func cell(_ request: APIRequest) -> JSONValue {
        let (uses, parsed) = request.followedUses()
        let analysis = Analysis(
            request.source, kind: request.kind, options: request.options, target: request.target, oneOff: true, parsed: parsed, uses: uses)
        guard let layout = chosenLayout(analysis, request), Preview.canDraw(analysis) else { return .object([JSONMember("cell", .null)]) }
        let tree = analysis.trees[layout]
        let result = LayoutEngine.layout(analysis.runtimes[layout], viewport: device(analysis, request))
        guard result.grids.indices.contains(request.grid), tree.count == result.grids.count else { return .object([JSONMember("cell", .null)]) }
        let grid = result.grids[request.grid]
        let parent = Int(tree.parent[request.grid])
        let siblings = parent >= 0 ? Array(tree.children(of: parent)) : []
        let spacing = parent >= 0 ? tree.insets[parent].spacing : 0
        let arithmetic = LengthArithmetic.explain(result, grid: request.grid, parent: parent >= 0 ? parent : nil, siblings: siblings, spacing: spacing)
        return .object([
            JSONMember(
                "cell",
                .object([
                    JSONMember("path", .string(request.grid == 0 ? "root" : result.path(of: request.grid))),
                    JSONMember("rule", .string(FramesReport.sizeRule(grid.measure, isRoot: grid.depth == 0))),
                    JSONMember("frame", FramesReport.rectJSON(grid.frame)),
                    JSONMember("arithmetic", .string(arithmetic)),
                ]))
        ])
    }

    /// The layout `request.layout` names, else (no name, or one the text no longer has) the
    /// first; nil when the text has none.
    private static func chosenLayout(_ analysis: Analysis, _ request: APIRequest) -> Int? {
        let named = request.layout.flatMap { name in analysis.file.layouts.firstIndex { $0.name == name } }
        return named ?? (analysis.file.layouts.isEmpty ? nil : 0)
    }

    /// `device`, else the file's first device (its label and direction kept), turned on its
    /// side for `landscape` (a wrap height stays) and right to left for `rtl`.
    private static func device(_ analysis: Analysis, _ request: APIRequest) -> Viewport {
        var viewport = request.device ?? Preview.devices(of: analysis).first?.viewport ?? .default
        if request.landscape, let height = viewport.height {
            viewport.height = viewport.width
            viewport.width = height
        }
        if request.rtl { viewport.rtl = true }
        return viewport
    }

    /// Each diagnostic with its code, severity, message, notes, 1-based line and column (in
    /// the request's encoding) and its range.
    private static func diagnostics(_ analysis: Analysis, _ request: APIRequest) -> JSONValue {
        let source = analysis.source
        let list = analysis.diagnostics
        let lineStarts = list.map { source.lineRange(source.lineIndex(of: $0.range.lowerBound)).lowerBound }
        let offsets = request.encoding.offsets(
            ofBytes: list.flatMap { [$0.range.lowerBound, $0.range.upperBound] } + lineStarts, in: source.bytes)
        return .array(
            list.indices.map { index in
                let diagnostic = list[index]
                let start = offsets[2 * index]
                return .object([
                    JSONMember("code", .string(diagnostic.code.id)),
                    JSONMember("severity", .string(diagnostic.severity.rawValue)),
                    JSONMember("message", .string(diagnostic.message)),
                    JSONMember("notes", .array(diagnostic.notes.map { .string($0) })),
                    JSONMember("line", .number(Double(source.lineIndex(of: diagnostic.range.lowerBound) + 1))),
                    JSONMember("column", .number(Double(start - offsets[2 * list.count + index] + 1))),
                    JSONMember("start", .number(Double(start))),
                    JSONMember("end", .number(Double(offsets[2 * index + 1]))),
                ])
            })
    }

    private static func tokens(_ analysis: Analysis, _ request: APIRequest) -> JSONValue {
        let tokens = SemanticTokens.tokens(analysis)
        let offsets = request.encoding.offsets(ofBytes: tokens.flatMap { [$0.range.lowerBound, $0.range.upperBound] }, in: analysis.source.bytes)
        var numbers: [JSONValue] = []
        numbers.reserveCapacity(tokens.count * 3)
        for (index, token) in tokens.enumerated() {
            numbers += [.number(Double(offsets[2 * index])), .number(Double(offsets[2 * index + 1])), .number(Double(token.type.rawValue))]
        }
        return .array(numbers)
    }
}
