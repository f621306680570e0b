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
        for file in files {
            for diagnostic in file.diagnostics {
                switch diagnostic.severity {
                case .error: errors += 1
                case .warning: warnings += 1
                case .info, .hint: infos += 1
                }
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
        var stream = JSONStream(nestedAt: 2, expectedBytes: 128 + 1_024 * file.diagnostics.count)
        stream.beginObject()
        stream.key("path")
        stream.string(file.source.name)
        stream.key("diagnostics")
        stream.beginArray()
        if !file.diagnostics.isEmpty {
            // The line table is made only for a file with findings.
            let positions = file.source.positions
            for diagnostic in file.diagnostics { write(diagnostic, positions, to: &stream) }
        }
        stream.endArray()
        stream.endObject()
        return stream.finish()
    }

    /// The JSON report around entries from ``jsonFile(_:)``, byte for byte what writing the
    /// whole report at once gives.
    public static func json(renderedFiles: [[UInt8]], summary: CheckSummary) -> [UInt8] {
        var output: [UInt8] = []
        json(renderedFiles: renderedFiles, summary: summary) { output += $0 }
        return output
    }

    /// The same report handed to `write` piece by piece, in order, the entries as they are:
    /// a report of many megabytes is never copied whole.
    public static func json(renderedFiles: [[UInt8]], summary: CheckSummary, write: ([UInt8]) -> Void) {
        write(Array("{\n  \"version\": 1,\n  \"files\": [".utf8))
        for (index, file) in renderedFiles.enumerated() {
            write(Array((index == 0 ? "\n    " : ",\n    ").utf8))
            write(file)
        }
        var stream = JSONStream(nestedAt: 1, appendingTo: Array((renderedFiles.isEmpty ? "]" : "\n  ]").utf8) + Array(",\n  \"summary\": ".utf8))
        stream.beginObject()
        let counts: [(StaticString, Int)] = [("files", summary.files), ("errors", summary.errors), ("warnings", summary.warnings), ("infos", summary.infos)]
        for (name, count) in counts {
            stream.key(name)
            stream.integer(count)
        }
        stream.endObject()
        write(stream.finish() + Array("\n}\n".utf8))
    }

    private static func write(position offset: Int, _ positions: SourceFile.Positions, to stream: inout JSONStream) {
        let (line, column, utf16) = positions.scalarAndUTF16Position(of: offset)
        stream.integerObject(("line", line + 1), ("column", column + 1), ("offset", offset), ("utf16", utf16))
    }

    private static func write(range: Range<Int>, _ source: SourceFile.Positions, to stream: inout JSONStream) {
        stream.beginObject()
        stream.key("start")
        write(position: range.lowerBound, source, to: &stream)
        stream.key("end")
        write(position: range.upperBound, source, to: &stream)
        stream.endObject()
    }

    private static func write(_ diagnostic: Diagnostic, _ source: SourceFile.Positions, to stream: inout JSONStream) {
        stream.beginObject()
        stream.key("code")
        stream.string(diagnostic.code.id)
        stream.key("severity")
        stream.string(diagnostic.severity.rawValue)
        stream.key("message")
        stream.string(diagnostic.message)
        stream.key("range")
        write(range: diagnostic.range, source, to: &stream)
        stream.key("labels")
        stream.beginArray()
        for label in diagnostic.labels {
            stream.beginObject()
            stream.key("message")
            stream.string(label.message)
            stream.key("range")
            write(range: label.range, source, to: &stream)
            stream.endObject()
        }
        stream.endArray()
        stream.key("notes")
        stream.beginArray()
        for note in diagnostic.notes { stream.string(note) }
        stream.endArray()
        stream.key("fixes")
        stream.beginArray()
        for fix in diagnostic.fixIts {
            stream.beginObject()
            stream.key("message")
            stream.string(fix.message)
            stream.key("safe")
            stream.bool(fix.isSafe)
            stream.key("edits")
            stream.beginArray()
            for edit in fix.edits {
                stream.beginObject()
                stream.key("range")
                write(range: edit.range, source, to: &stream)
                stream.key("replacement")
                stream.string(edit.replacement)
                stream.endObject()
            }
            stream.endArray()
            stream.endObject()
        }
        stream.endArray()
        stream.key("docs")
        stream.string(diagnostic.documentationAnchor)
        stream.endObject()
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
        text.replacingEvery("%", with: "%25").replacingEvery("\r", with: "%0D").replacingEvery("\n", with: "%0A")
    }

    /// A workflow command's property value (a file name, a title), escaped.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingEvery(":", with: "%3A").replacingEvery(",", with: "%2C")
    }
}
