import TrellisIDE
import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisSyntax

/// Trellis as one function, JSON in and JSON out: what the WebAssembly build exports and the
/// Node and Python packages call (docs/wasm.md). Each command answers what the command line
/// prints for the same text and options, byte for byte: `check` the text of `trellis check
/// --format json`, `build` each layout's JSON as `trellis build` writes it, `frames` the text
/// of `trellis frames --format json`, `render` the SVG of `trellis render`, `format` what
/// `trellis fmt` writes; `hover` and `completion` what the language server shows; `preview`,
/// `tokens` and `cell` what a playground shows as someone types (PlaygroundCommands.swift).
public enum TrellisAPI {
    /// The answer to the request `bytes` spell: `{"error": …}` for a request that cannot be
    /// read, else the command's answer (every answer is an object).
    public static func respond(to bytes: [UInt8]) -> [UInt8] {
        let answer: JSONValue
        switch APIRequest.read(bytes) {
        case .failure(let error): answer = .object([JSONMember("error", .string(error.message))])
        case .success(let request): answer = respond(to: request)
        }
        return JSONWriter.write(answer, style: .compact)
    }

    static func respond(to request: APIRequest) -> JSONValue {
        switch request.command {
        case "check": return check(request)
        case "build": return build(request)
        case "frames": return frames(request)
        case "render": return render(request)
        case "format": return format(request)
        case "hover": return hover(request)
        case "completion": return completion(request)
        case "preview": return preview(request)
        case "tokens": return tokens(request)
        case "cell": return cell(request)
        default:
            return .object([
                JSONMember(
                    "error",
                    .string("there is no command '\(request.command)': check, build, frames, render, format, hover, completion, preview, tokens or cell"))
            ])
        }
    }

    /// `trellis check --format json` of the one text.
    static func check(_ request: APIRequest) -> JSONValue {
        let (uses, parsed) = request.followedUses()
        let analysis = Analysis(
            request.source, kind: request.kind, options: request.options, target: request.target, oneOff: true, parsed: parsed, uses: uses)
        let file = CheckedFile(source: analysis.file.source, diagnostics: analysis.diagnostics)
        let summary = CheckSummary([file])
        let report = Reports.json(renderedFiles: [Reports.jsonFile(file)], summary: summary)
        return .object([
            JSONMember("exit", .number(summary.errors > 0 ? 1 : 0)),
            JSONMember("report", .string(String(decoding: report, as: UTF8.self))),
        ])
    }

    /// `trellis build` of a Trellis text: each layout's JSON (with `compact`, one line and a
    /// newline, as `--compact` writes it), or the findings that stop the build.
    static func build(_ request: APIRequest) -> JSONValue {
        guard request.kind == .trellis else {
            return .object([JSONMember("error", .string("the text is already JSON; build compiles Trellis (frames shows a dictionary's frames)"))])
        }
        let (uses, parsed) = request.followedUses()
        let file = LoadedFile.load(request.source, kind: .trellis, target: request.target, parsed: parsed, uses: uses)
        guard !file.diagnostics.hasErrors else { return failure(file) }
        let style: JSONWriter.Style = request.compact ? .compact : .pretty
        let layouts = file.layouts.filter { request.layout == nil || $0.name == request.layout }.map { layout -> JSONValue in
            var bytes = layout.jsonBytes(style: style)
            if request.compact { bytes.append(UInt8(ascii: "\n")) }
            return .object([JSONMember("name", .string(layout.name)), JSONMember("json", .string(String(decoding: bytes, as: UTF8.self)))])
        }
        return .object([JSONMember("exit", .number(0)), JSONMember("layouts", .array(layouts)), JSONMember("report", report(file))])
    }

    /// `trellis frames --format json`: every layout's frames at each viewport.
    static func frames(_ request: APIRequest) -> JSONValue {
        let (uses, parsed) = request.followedUses()
        let file = LoadedFile.load(request.source, kind: request.kind, target: request.target, parsed: parsed, uses: uses)
        let viewports = request.options.viewports(for: file)
        let reports = chosenLayouts(file, request).map { layout in
            LayoutFrames(name: layout.name, results: viewports.map { LayoutEngine.layout(layout.runtime, viewport: $0) })
        }
        return .object([
            JSONMember("exit", .number(file.diagnostics.hasErrors || reports.isEmpty ? 1 : 0)),
            JSONMember("frames", .string(reports.isEmpty ? "" : FramesReport.jsonText(reports))),
            JSONMember("report", report(file)),
        ])
    }

    /// `trellis render`: the SVG of the first layout chosen at the first viewport.
    static func render(_ request: APIRequest) -> JSONValue {
        let (uses, parsed) = request.followedUses()
        let file = LoadedFile.load(request.source, kind: request.kind, target: request.target, parsed: parsed, uses: uses)
        guard let layout = chosenLayouts(file, request).first, let viewport = request.options.viewports(for: file).first else {
            return .object([JSONMember("exit", .number(1)), JSONMember("svg", .string("")), JSONMember("report", report(file))])
        }
        let svg = SVGRenderer.svg(name: layout.name, result: LayoutEngine.layout(layout.runtime, viewport: viewport))
        return .object([
            JSONMember("exit", .number(file.diagnostics.hasErrors ? 1 : 0)), JSONMember("svg", .string(svg)), JSONMember("report", report(file)),
        ])
    }

    /// `trellis fmt`: the formatted text, or why the text is left as it is.
    static func format(_ request: APIRequest) -> JSONValue {
        switch VerifiedFormatting.format(request.source) {
        case .formatted(let text): return .object([JSONMember("exit", .number(0)), JSONMember("formatted", .string(text))])
        case .syntaxErrors(let diagnostics):
            return .object([
                JSONMember("exit", .number(1)), JSONMember("refused", .string("it has syntax errors")),
                JSONMember("report", report(CheckedFile(source: request.source, diagnostics: diagnostics))),
            ])
        case .refused(let reason): return .object([JSONMember("exit", .number(1)), JSONMember("refused", .string(reason))])
        case .notUTF8, .stopped: return .object([JSONMember("exit", .number(1)), JSONMember("refused", .string("it is not UTF-8"))])
        }
    }

    /// The language server's hover at `offset`: Markdown and the range it is about.
    static func hover(_ request: APIRequest) -> JSONValue {
        let (uses, parsed) = request.followedUses()
        let analysis = Analysis(
            request.source, kind: request.kind, options: request.options, target: request.target, parsed: parsed, uses: uses)
        guard let hover = Hover.hover(analysis, at: request.offset) else { return .object([JSONMember("hover", .null)]) }
        return .object([
            JSONMember("hover", .object([JSONMember("markdown", .string(hover.markdown))] + request.range(hover.range)))
        ])
    }

    /// The language server's completion at `offset`.
    static func completion(_ request: APIRequest) -> JSONValue {
        let (uses, parsed) = request.followedUses()
        let analysis = Analysis(
            request.source, kind: request.kind, options: request.options, target: request.target, parsed: parsed, uses: uses)
        let items = Completion.items(analysis, at: request.offset).map { item -> JSONValue in
            .object(
                [
                    JSONMember("label", .string(item.label)), JSONMember("kind", .string(item.kind.word)),
                    JSONMember("detail", .string(item.detail)), JSONMember("documentation", .string(item.documentation)),
                    JSONMember("insertText", .string(item.insertText)), JSONMember("isSnippet", .bool(item.isSnippet)),
                ] + request.range(item.replacing))
        }
        return .object([JSONMember("items", .array(items))])
    }

    /// The layouts `request.layout` names (all without one).
    private static func chosenLayouts(_ file: LoadedFile, _ request: APIRequest) -> [LoadedLayout] {
        file.layouts.filter { request.layout == nil || $0.name == request.layout }
    }

    /// A load's findings, as `check --format json` reports a file (the syntax, lowering and
    /// reading findings: what stops `build`).
    private static func report(_ file: LoadedFile) -> JSONValue {
        report(CheckedFile(source: file.source, diagnostics: file.diagnostics))
    }

    private static func failure(_ file: LoadedFile) -> JSONValue {
        .object([JSONMember("exit", .number(1)), JSONMember("layouts", .array([])), JSONMember("report", report(file))])
    }

    private static func report(_ file: CheckedFile) -> JSONValue {
        let bytes = Reports.json(renderedFiles: [Reports.jsonFile(file)], summary: CheckSummary([file]))
        return .string(String(decoding: bytes, as: UTF8.self))
    }
}

extension APIRequest {
    /// The lint options the command line's `--viewport` and `--rtl` give.
    var options: LintOptions { LintOptions(viewports: viewports, rtl: rtl) }

    /// `start` and `end` of a byte range, in the request's encoding.
    func range(_ range: Range<Int>) -> [JSONMember] {
        [
            JSONMember("start", .number(Double(encoding.offset(ofByte: range.lowerBound, in: source.bytes)))),
            JSONMember("end", .number(Double(encoding.offset(ofByte: range.upperBound, in: source.bytes)))),
        ]
    }
}

extension CompletionItem.Kind {
    /// The kind's name in the API.
    var word: String {
        switch self {
        case .keyword: return "keyword"
        case .attribute: return "attribute"
        case .size: return "size"
        case .template: return "template"
        case .value: return "value"
        case .color: return "color"
        case .directive: return "directive"
        case .key: return "key"
        }
    }
}
