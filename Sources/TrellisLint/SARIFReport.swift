import TrellisModel
import TrellisSyntax

/// `--format sarif`: SARIF 2.1.0 for code-scanning upload. Columns count Unicode code
/// points (`columnKind`), lines and columns are 1-based; fix-its become `fixes`.
public enum SARIFReport {
    public static func render(_ files: [CheckedFile], toolVersion: String) -> String {
        let codes = Set(files.flatMap { $0.diagnostics.map { $0.code } }).sorted()
        let rules: [JSONValue] = codes.map { code in
            .object([
                JSONMember("id", .string(code.id)),
                JSONMember("name", .string(ruleName(code))),
                JSONMember("shortDescription", .object([JSONMember("text", .string(code.title))])),
                JSONMember("help", .object([JSONMember("text", .string("See \(code.documentationAnchor) in Trellis."))])),
            ])
        }
        var results: [JSONValue] = []
        for file in files {
            for diagnostic in file.diagnostics {
                var members: [JSONMember] = [
                    JSONMember("ruleId", .string(diagnostic.code.id)),
                    JSONMember("ruleIndex", .number(Double(codes.firstIndex(of: diagnostic.code) ?? 0))),
                    JSONMember("level", .string(level(diagnostic.severity))),
                    JSONMember("message", .object([JSONMember("text", .string(messageText(diagnostic)))])),
                    JSONMember("locations", .array([location(diagnostic.range, file, message: nil)])),
                ]
                if !diagnostic.labels.isEmpty {
                    members.append(
                        JSONMember(
                            "relatedLocations",
                            .array(
                                diagnostic.labels.enumerated().map { index, label in
                                    location(label.range, file, message: label.message, id: index)
                                })))
                }
                if !diagnostic.fixIts.isEmpty {
                    members.append(
                        JSONMember(
                            "fixes",
                            .array(
                                diagnostic.fixIts.map { fix in
                                    .object([
                                        JSONMember(
                                            "description", .object([JSONMember("text", .string(fix.message + (fix.isSafe ? "" : " (review before applying)")))])
                                        ),
                                        JSONMember(
                                            "artifactChanges",
                                            .array([
                                                .object([
                                                    JSONMember("artifactLocation", .object([JSONMember("uri", .string(uri(file.source.name)))])),
                                                    JSONMember(
                                                        "replacements",
                                                        .array(
                                                            fix.edits.map { edit in
                                                                .object([
                                                                    JSONMember("deletedRegion", region(edit.range, file.source)),
                                                                    JSONMember("insertedContent", .object([JSONMember("text", .string(edit.replacement))])),
                                                                ])
                                                            })),
                                                ])
                                            ])),
                                    ])
                                })))
                }
                results.append(.object(members))
            }
        }
        let log = JSONValue.object([
            JSONMember("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            JSONMember("version", .string("2.1.0")),
            JSONMember(
                "runs",
                .array([
                    .object([
                        JSONMember(
                            "tool",
                            .object([
                                JSONMember(
                                    "driver",
                                    .object([
                                        JSONMember("name", .string("trellis")),
                                        JSONMember("version", .string(toolVersion)),
                                        JSONMember("rules", .array(rules)),
                                    ]))
                            ])),
                        JSONMember("columnKind", .string("unicodeCodePoints")),
                        JSONMember("results", .array(results)),
                    ])
                ])),
        ])
        return JSONWriter.string(log)
    }

    static func ruleName(_ code: DiagnosticCode) -> String {
        code.title.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info, .hint: return "note"
        }
    }

    static func messageText(_ diagnostic: Diagnostic) -> String {
        ([diagnostic.message] + diagnostic.notes).joined(separator: "\n")
    }

    /// A relative path as a URI reference (spaces and `%` escaped).
    static func uri(_ path: String) -> String {
        var result = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case " ": result += "%20"
            case "%": result += "%25"
            case "#": result += "%23"
            case "?": result += "%3F"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func region(_ range: Range<Int>, _ source: SourceFile) -> JSONValue {
        let start = source.scalarPosition(of: range.lowerBound)
        let end = source.scalarPosition(of: range.upperBound)
        return .object([
            JSONMember("startLine", .number(Double(start.line + 1))),
            JSONMember("startColumn", .number(Double(start.column + 1))),
            JSONMember("endLine", .number(Double(end.line + 1))),
            JSONMember("endColumn", .number(Double(end.column + 1))),
            JSONMember("byteOffset", .number(Double(range.lowerBound))),
            JSONMember("byteLength", .number(Double(range.count))),
        ])
    }

    static func location(_ range: Range<Int>, _ file: CheckedFile, message: String?, id: Int? = nil) -> JSONValue {
        var members: [JSONMember] = []
        if let id { members.append(JSONMember("id", .number(Double(id)))) }
        members.append(
            JSONMember(
                "physicalLocation",
                .object([
                    JSONMember("artifactLocation", .object([JSONMember("uri", .string(uri(file.source.name)))])),
                    JSONMember("region", region(range, file.source)),
                ])))
        if let message { members.append(JSONMember("message", .object([JSONMember("text", .string(message))]))) }
        return .object(members)
    }
}
