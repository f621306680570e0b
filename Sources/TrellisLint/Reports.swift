import TrellisModel
import TrellisSyntax

/// One checked file and its diagnostics, for the report formats.
public struct CheckedFile: Sendable {
    public var source: SourceFile
    public var diagnostics: [Diagnostic]

    public init(source: SourceFile, diagnostics: [Diagnostic]) {
        self.source = source
        self.diagnostics = diagnostics
    }
}

/// Counts for the summary line and the exit code.
public struct CheckSummary: Sendable, Equatable {
    public var files = 0, errors = 0, warnings = 0, infos = 0

    public init(_ files: [CheckedFile]) {
        self.files = files.count
        for diagnostic in files.flatMap(\.diagnostics) {
            switch diagnostic.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info, .hint: infos += 1
            }
        }
    }

    public var line: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return "\(plural(files, "file")) checked: \(plural(errors, "error")), \(plural(warnings, "warning")), \(infos) info"
    }
}

/// Machine-readable renderings of diagnostics (docs/diagnostics.md, "Report formats").
public enum Reports {
    /// `--format json`: a stable schema, version 1. Lines and columns are 1-based; columns
    /// count Unicode scalars; `offset` is the byte offset; `utf16` the 0-based UTF-16 column.
    public static func json(_ files: [CheckedFile]) -> String {
        String(decoding: json(renderedFiles: files.map(jsonFile), summary: CheckSummary(files)), as: UTF8.self)
    }

    /// One file's entry of the JSON report, as nested in it: files can be rendered in
    /// parallel and joined by ``json(renderedFiles:summary:)``.
    public static func jsonFile(_ file: CheckedFile) -> [UInt8] {
        var output: [UInt8] = []
        JSONWriter.write(
            .object([
                JSONMember("path", .string(file.source.name)),
                JSONMember("diagnostics", .array(file.diagnostics.map { diagnosticJSON($0, file.source) })),
            ]), nestedAt: 2, into: &output)
        return output
    }

    /// The JSON report around entries from ``jsonFile(_:)``, byte for byte what writing the
    /// whole report at once gives.
    public static func json(renderedFiles: [[UInt8]], summary: CheckSummary) -> [UInt8] {
        var output = Array("{\n  \"version\": 1,\n  \"files\": [".utf8)
        if renderedFiles.isEmpty {
            output += Array("]".utf8)
        } else {
            for (index, file) in renderedFiles.enumerated() {
                output += Array((index == 0 ? "\n    " : ",\n    ").utf8)
                output += file
            }
            output += Array("\n  ]".utf8)
        }
        output += Array(",\n  \"summary\": ".utf8)
        JSONWriter.write(
            .object([
                JSONMember("files", .number(Double(summary.files))),
                JSONMember("errors", .number(Double(summary.errors))),
                JSONMember("warnings", .number(Double(summary.warnings))),
                JSONMember("infos", .number(Double(summary.infos))),
            ]), nestedAt: 1, into: &output)
        output += Array("\n}\n".utf8)
        return output
    }

    static func position(_ offset: Int, _ source: SourceFile) -> JSONValue {
        let (line, column) = source.scalarPosition(of: offset)
        return .object([
            JSONMember("line", .number(Double(line + 1))),
            JSONMember("column", .number(Double(column + 1))),
            JSONMember("offset", .number(Double(offset))),
            JSONMember("utf16", .number(Double(source.utf16Position(of: offset).column))),
        ])
    }

    static func rangeJSON(_ range: Range<Int>, _ source: SourceFile) -> JSONValue {
        .object([JSONMember("start", position(range.lowerBound, source)), JSONMember("end", position(range.upperBound, source))])
    }

    static func diagnosticJSON(_ diagnostic: Diagnostic, _ source: SourceFile) -> JSONValue {
        .object([
            JSONMember("code", .string(diagnostic.code.id)),
            JSONMember("severity", .string(diagnostic.severity.rawValue)),
            JSONMember("message", .string(diagnostic.message)),
            JSONMember("range", rangeJSON(diagnostic.range, source)),
            JSONMember(
                "labels",
                .array(
                    diagnostic.labels.map {
                        .object([JSONMember("message", .string($0.message)), JSONMember("range", rangeJSON($0.range, source))])
                    })),
            JSONMember("notes", .array(diagnostic.notes.map { .string($0) })),
            JSONMember(
                "fixes",
                .array(
                    diagnostic.fixIts.map { fix in
                        .object([
                            JSONMember("message", .string(fix.message)),
                            JSONMember("safe", .bool(fix.isSafe)),
                            JSONMember(
                                "edits",
                                .array(
                                    fix.edits.map {
                                        .object([JSONMember("range", rangeJSON($0.range, source)), JSONMember("replacement", .string($0.replacement))])
                                    })),
                        ])
                    })),
            JSONMember("docs", .string(diagnostic.documentationAnchor)),
        ])
    }

    /// `--format github`: workflow commands that annotate the lines of a pull request.
    public static func github(_ files: [CheckedFile]) -> String {
        files.map { github($0) }.joined()
    }

    /// One file's workflow commands.
    public static func github(_ file: CheckedFile) -> String {
        var output = ""
        do {
            for diagnostic in file.diagnostics {
                let command: String
                switch diagnostic.severity {
                case .error: command = "error"
                case .warning: command = "warning"
                case .info, .hint: command = "notice"
                }
                let start = file.source.scalarPosition(of: diagnostic.range.lowerBound)
                let end = file.source.scalarPosition(of: diagnostic.range.upperBound)
                let properties =
                    "file=\(escapeProperty(file.source.name)),line=\(start.line + 1),col=\(start.column + 1),endLine=\(end.line + 1),endColumn=\(end.column + 1),title=\(escapeProperty("trellis " + diagnostic.code.id))"
                var message = diagnostic.message
                for note in diagnostic.notes { message += "\n" + note }
                if let fix = diagnostic.fixIts.first { message += "\nhelp: " + fix.message }
                output += "::\(command) \(properties)::\(escapeData(message))\n"
            }
        }
        return output
    }

    /// A workflow command's message, escaped as GitHub reads it.
    public static func escapeData(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// A workflow command's property value (a file name, a title), escaped.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
