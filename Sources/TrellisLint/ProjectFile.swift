import TrellisModel
import TrellisSyntax

/// What a project file (`trellis.toml`) sets for the files of its project: the target, the
/// preview devices, which files `check` reads, where `build` writes, and which findings are
/// reported. Command-line flags win over it; docs/project.md lists every key.
public struct ProjectSettings: Sendable {
    public var target: Dialect?
    /// Devices for a file that names none with `preview`.
    public var previews: [Viewport] = []
    /// The files of the project (`check` with no path reads these), relative to its root.
    public var include: [Glob] = []
    public var exclude: [Glob] = []
    /// Where `build` writes one `NAME.json` per layout, relative to the root.
    public var outDir: String?
    /// `[lint]`: the codes not reported, and those reported with another severity, in every
    /// file of the project.
    public var codes = CodeRules()
    public var warningsAsErrors = false
    /// Codes disabled or regraded for the files some patterns match, applied in order after
    /// `codes`.
    public var perPath: [PathRule] = []

    /// `[[lint.per-path]]`: how codes are reported in the files `paths` match.
    public struct PathRule: Sendable {
        public var paths: [Glob]
        public var codes: CodeRules
    }

    public init() {}

    /// The patterns a project reads when it names none: every Trellis file and every JSON
    /// file (those that are no grid dictionaries are skipped when read).
    public static let defaultInclude = ["**/*.trellis", "**/*.json"]

    /// Whether the file at `path` (relative to the root) is one of the project's.
    public func includes(_ path: String) -> Bool {
        let include = self.include.isEmpty ? Self.defaultInclude.compactMap { try? Glob.parse($0).get() } : self.include
        return include.contains { $0.matches(path) } && !exclude.contains { $0.matches(path) }
    }

    /// How codes are reported in the file at `path` (relative to the root; nil for a file
    /// outside it, which only `[lint]` applies to): `[lint]`, then each `[[lint.per-path]]`
    /// matching it, a later table winning for a code both name.
    public func codes(forPath path: String?) -> CodeRules {
        var result = codes
        guard let path else { return result }
        for rule in perPath where rule.paths.contains(where: { $0.matches(path) }) { result.override(with: rule.codes) }
        return result
    }
}

/// Which codes a project does not report (`disable`) and which it reports with another
/// severity (`warn`, `error`).
public struct CodeRules: Sendable, Equatable {
    public var disabled: Set<DiagnosticCode> = []
    public var severities: [DiagnosticCode: Severity] = [:]

    public init(disabled: Set<DiagnosticCode> = [], severities: [DiagnosticCode: Severity] = [:]) {
        self.disabled = disabled
        self.severities = severities
    }

    /// `diagnostics` as these rules report them: those of disabled codes left out, the others
    /// with their code's severity here.
    public func apply(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        var kept = disabled.isEmpty ? diagnostics : diagnostics.filter { !disabled.contains($0.code) }
        if !severities.isEmpty {
            for index in kept.indices {
                if let severity = severities[kept[index].code] { kept[index].severity = severity }
            }
        }
        return kept
    }

    /// These rules with `other`'s over them: a code `other` disables is not regraded, and one
    /// it regrades is reported again.
    public mutating func override(with other: CodeRules) {
        for code in other.disabled {
            disabled.insert(code)
            severities[code] = nil
        }
        for (code, severity) in other.severities {
            disabled.remove(code)
            severities[code] = severity
        }
    }
}

/// A project file read: its settings and what is wrong in it, at line and column like every
/// other file Trellis reads (P001–P005).
public struct ProjectFile: Sendable {
    public static let fileName = "trellis.toml"

    public var source: SourceFile
    public var settings: ProjectSettings
    public var diagnostics: [Diagnostic]

    /// The tables of a project file and the keys each may hold, in the order docs/project.md
    /// lists them, with what each does: what the reader accepts, and what the editor's hovers
    /// and completion offer.
    public static let schema: [ProjectTable] = [
        ProjectTable(
            name: "project", summary: "What the project's files are and how they are built and previewed.",
            keys: [
                ProjectKey(
                    "target", value: "1, 2 or \"any\"", example: "2",
                    "The runtime the JSON is for: 1 (MyLayout 1.x, `space`), 2 (MyLayout 2.0+, `spacing`) or \"any\" (both keys), for files without a `target` line. `--target` wins."
                ),
                ProjectKey(
                    "previews", value: "array of devices", example: "[\"375x667@2x\", \"320xwrap@3x\"]",
                    "The devices of a file that names none with `preview`: `WIDTHxHEIGHT@SCALEx`, a height of `wrap`, ` rtl` after it. `--viewport` wins."
                ),
                ProjectKey(
                    "include", value: "array of patterns", example: "[\"layouts/**/*.trellis\"]",
                    "The project's files, for `check`, `fmt`, `build`, `watch` and `preview` with no path; default every `.trellis` and `.json` file."),
                ProjectKey("exclude", value: "array of patterns", example: "[\"**/fixtures/**\"]", "Files left out of `include`."),
                ProjectKey(
                    "out-dir", value: "string", example: "\"build/layouts\"",
                    "Where `build` and `watch` with no path write one `NAME.json` per layout, relative to the root. `--out-dir` wins."),
            ]),
        ProjectTable(
            name: "lint", summary: "Which findings are reported, and how.",
            keys: [
                ProjectKey("disable", value: "array of codes", example: "[]", "Codes not reported in the project's files; `--disable` adds to them."),
                ProjectKey("warn", value: "array of codes", example: "[]", "Codes reported as warnings (a code that is an error of its own stays one)."),
                ProjectKey("error", value: "array of codes", example: "[]", "Codes reported as errors: `check` fails on them."),
                ProjectKey(
                    "warnings-as-errors", value: "true or false", example: "true",
                    "Whether a warning in the project's files fails `check`; `check --no-warnings-as-errors` turns it off for a run."),
                ProjectKey("per-path", value: "tables `[[lint.per-path]]`", example: "", "Codes disabled or regraded in some files only."),
            ]),
        ProjectTable(
            name: "lint.per-path", summary: "Codes reported otherwise in the files `paths` matches, over `[lint]`; a later table wins.",
            keys: [
                ProjectKey("paths", value: "array of patterns", example: "[\"legacy/**\"]", "The files this table applies to."),
                ProjectKey("disable", value: "array of codes", example: "[]", "Codes not reported in these files."),
                ProjectKey("warn", value: "array of codes", example: "[]", "Codes reported as warnings in these files."),
                ProjectKey("error", value: "array of codes", example: "[]", "Codes reported as errors in these files."),
            ]),
    ]

    public static func read(_ source: SourceFile) -> ProjectFile {
        let document = TOMLReader.read(source)
        var reading = ProjectFileReading(document: document)
        reading.read()
        let diagnostics = (document.diagnostics + reading.diagnostics).enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }.map { $0.element }
        return ProjectFile(source: source, settings: reading.settings, diagnostics: diagnostics)
    }
}

/// A table of the project file's schema.
public struct ProjectTable: Sendable {
    /// `project`, `lint`, `lint.per-path`.
    public var name: String
    public var summary: String
    public var keys: [ProjectKey]

    /// Whether the table is a list of tables, written `[[name]]`.
    public var isArray: Bool { name == "lint.per-path" }
}

/// A key of the project file's schema: its value's type as the docs say it, an example value
/// (what completion inserts), and what it does.
public struct ProjectKey: Sendable {
    public var name: String
    public var value: String
    public var example: String
    public var summary: String

    init(_ name: String, value: String, example: String, _ summary: String) {
        (self.name, self.value, self.example, self.summary) = (name, value, example, summary)
    }
}

/// The settings of a TOML document, entry by entry, with a diagnostic for each key or value
/// that is not one of the schema's.
struct ProjectFileReading {
    let document: TOMLDocument
    var settings = ProjectSettings()
    var diagnostics: [Diagnostic] = []
    /// The list each code of a table was given in first (by table, then code).
    var graded: [String: (key: String, range: Range<Int>)] = [:]

    static let tables = Set(ProjectFile.schema.map { $0.name })

    /// A table's name from its parts, or nil when a part holds a `.` (a quoted key such as
    /// `"lint.per-path"` names no table of the schema).
    static func tableName(_ parts: some Collection<String>) -> String? {
        parts.contains { $0.contains(".") } ? nil : parts.joined(separator: ".")
    }

    mutating func report(_ code: DiagnosticCode, _ message: String, _ range: Range<Int>, labels: [DiagnosticLabel] = []) {
        diagnostics.append(Diagnostic(code: code, range: range, message: message, labels: labels))
    }

    mutating func read() {
        // Where each table was opened (a table opened twice is P005; each `[[…]]` is its own).
        var opened: [String: Range<Int>] = [:]
        var repeatedHeaders: [Range<Int>] = []
        for header in document.headers where !header.isBroken {
            let name = Self.tableName(header.name) ?? header.name.map { "\"\($0)\"" }.joined(separator: ".")
            if !header.isArrayElement, let first = opened[name] {
                report(
                    .projectKeyGivenTwice, "the table `[\(name)]` is opened twice; give its keys under the first", header.range,
                    labels: [DiagnosticLabel(range: first, message: "first opened here")])
                repeatedHeaders.append(header.range)
                continue
            }
            if !header.isArrayElement { opened[name] = header.range }
            if name == "lint.per-path", !header.isArrayElement {
                report(.badProjectValue, "`per-path` is a list of tables: write `[[lint.per-path]]`", header.range)
            } else if Self.tables.contains(name) {
                if header.isArrayElement, name != "lint.per-path" {
                    report(.badProjectValue, "`\(name)` is one table: write `[\(name)]`", header.range)
                }
            } else {
                report(.unknownProjectKey, "there is no table `[\(name)]`" + suggestion(name, among: Array(Self.tables)), header.range)
            }
        }
        // Where each key of each table (each `[[…]]` element its own) was given first.
        var given: [String: Range<Int>] = [:]
        var perPathRules: [Int: ProjectSettings.PathRule] = [:]
        for entry in document.entries {
            let header = entry.header.map { document.headers[$0] }
            // Keys under a header that could not be read, or that was refused, are not checked.
            if let header, header.isBroken || repeatedHeaders.contains(header.range) { continue }
            let headerName = header?.name ?? []
            let path = headerName + entry.key
            guard let key = path.last, !key.contains(".") else {
                let spelled = path.joined(separator: ".")
                report(.unknownProjectKey, "there is no key `\(spelled)`: a quoted key with a `.` names no key; write its parts unquoted", entry.keyRange)
                continue
            }
            let table = Self.tableName(path.dropLast()) ?? ""
            guard let keys = ProjectFile.schema.first(where: { $0.name == table })?.keys.map({ $0.name }) else {
                if !headerName.isEmpty, !Self.tables.contains(Self.tableName(headerName) ?? "") { continue }  // said at the header
                let spelled = path.joined(separator: ".")
                // A key of a table, written before any table header.
                if path.count == 1, let home = ProjectFile.schema.first(where: { $0.keys.contains { $0.name == key } }) {
                    report(.unknownProjectKey, "`\(key)` belongs in a table: write it under `[\(home.name)]`", entry.keyRange)
                } else {
                    report(.unknownProjectKey, "there is no key `\(spelled)`" + suggestion(spelled, among: allKeys), entry.keyRange)
                }
                continue
            }
            guard keys.contains(key) else {
                report(.unknownProjectKey, "`[\(table)]` has no key `\(key)`" + suggestion(key, among: keys), entry.keyRange)
                continue
            }
            // Each `[[…]]` element is a table of its own; any other table is one, wherever its keys are.
            let element = header?.isArrayElement == true ? entry.header.map(String.init) ?? "-" : "-"
            let instance = "\(element) \(table).\(key)"
            if let first = given[instance] {
                report(
                    .projectKeyGivenTwice, "`\(key)` is given twice in `[\(table)]`", entry.keyRange,
                    labels: [DiagnosticLabel(range: first, message: "first given here")])
                continue
            }
            given[instance] = entry.keyRange
            let value = entry.value
            switch (table, key) {
            case ("project", "target"): settings.target = target(value)
            case ("project", "previews"): settings.previews = strings(value, key: key).compactMap { viewport($0) }
            case ("project", "include"): settings.include = strings(value, key: key).compactMap { glob($0) }
            case ("project", "exclude"): settings.exclude = strings(value, key: key).compactMap { glob($0) }
            case ("project", "out-dir"): settings.outDir = outDir(value)
            case ("lint", "disable"), ("lint", "warn"), ("lint", "error"):
                settings.codes = grade(settings.codes, key: key, value: value, table: "-")
            case ("lint", "warnings-as-errors"): settings.warningsAsErrors = bool(value, key: key) ?? false
            case ("lint", "per-path"):
                report(.projectValueOfWrongType, "`per-path` is a list of tables: write `[[lint.per-path]]` with `paths` and `disable`", entry.keyRange)
            case ("lint.per-path", "paths"):
                perPathRules[entry.header ?? -1, default: .init(paths: [], codes: CodeRules())].paths = strings(value, key: key).compactMap { glob($0) }
            case ("lint.per-path", "disable"), ("lint.per-path", "warn"), ("lint.per-path", "error"):
                let rules = perPathRules[entry.header ?? -1]?.codes ?? CodeRules()
                perPathRules[entry.header ?? -1, default: .init(paths: [], codes: CodeRules())].codes = grade(rules, key: key, value: value, table: element)
            default: break
            }
        }
        for header in perPathRules.keys.sorted() {
            guard let rule = perPathRules[header] else { continue }
            if rule.paths.isEmpty, document.headers.indices.contains(header), !hasPaths(header) {
                report(.badProjectValue, "a `[[lint.per-path]]` needs `paths`: the files it applies to", document.headers[header].range)
            }
            settings.perPath.append(rule)
        }
    }

    func hasPaths(_ header: Int) -> Bool {
        document.entries.contains { $0.header == header && $0.key == ["paths"] }
    }

    var allKeys: [String] {
        ProjectFile.schema.flatMap { table in table.keys.map { "\(table.name).\($0.name)" } }
    }

    func suggestion(_ word: String, among candidates: [String]) -> String {
        Suggestion.closest(to: word, among: candidates.sorted()).map { "; did you mean `\($0)`?" } ?? ""
    }

    // MARK: values

    mutating func wrongType(_ value: TOMLValue, key: String, expected: String) {
        report(.projectValueOfWrongType, "`\(key)` takes \(expected), not \(value.typeName)", value.range)
    }

    mutating func string(_ value: TOMLValue, key: String) -> String? {
        guard let text = value.string else {
            wrongType(value, key: key, expected: "a string")
            return nil
        }
        return text
    }

    /// A folder inside the project: relative, not empty, not climbing out with `..`.
    mutating func outDir(_ value: TOMLValue) -> String? {
        guard let text = string(value, key: "out-dir") else { return nil }
        let parts = text.split(separator: "/").filter { $0 != "." }
        guard !text.hasPrefix("/"), !parts.isEmpty, !parts.contains("..") else {
            report(.badProjectValue, "`out-dir` is a folder inside the project, relative to its root, such as \"build/layouts\"", value.range)
            return nil
        }
        return parts.joined(separator: "/")
    }

    mutating func bool(_ value: TOMLValue, key: String) -> Bool? {
        guard case .bool(let flag) = value.kind else {
            wrongType(value, key: key, expected: "true or false")
            return nil
        }
        return flag
    }

    /// The strings of an array of strings, each with its range.
    mutating func strings(_ value: TOMLValue, key: String) -> [(String, Range<Int>)] {
        guard let elements = value.elements else {
            wrongType(value, key: key, expected: "an array of strings")
            return []
        }
        var result: [(String, Range<Int>)] = []
        for element in elements {
            guard let text = element.string else {
                wrongType(element, key: key, expected: "strings")
                continue
            }
            result.append((text, element.range))
        }
        return result
    }

    mutating func target(_ value: TOMLValue) -> Dialect? {
        switch value.kind {
        case .integer(1): return .v1
        case .integer(2): return .v2
        case .string("any"): return .any
        case .integer, .string:
            report(.badProjectValue, "`target` is 1 (MyLayout 1.x, `space`), 2 (MyLayout 2.0+, `spacing`) or \"any\"", value.range)
        default:
            wrongType(value, key: "target", expected: "1, 2 or \"any\"")
        }
        return nil
    }

    mutating func viewport(_ item: (String, Range<Int>)) -> Viewport? {
        var words = item.0.split(separator: " ").map(String.init)
        let rtl = words.last == "rtl"
        if rtl { words.removeLast() }
        // Written as a `preview` line writes it: the scale and its `x` too.
        guard words.count == 1, words[0].contains("@"), words[0].hasSuffix("x"), var viewport = Viewport.parse(words[0]) else {
            report(
                .badProjectValue, "`\(item.0)` is not a device: write WIDTHxHEIGHT@SCALEx, e.g. \"375x667@2x\", \"320xwrap@3x\" or \"375x667@2x rtl\"", item.1)
            return nil
        }
        viewport.rtl = rtl
        return viewport
    }

    mutating func glob(_ item: (String, Range<Int>)) -> Glob? {
        switch Glob.parse(item.0) {
        case .success(let glob): return glob
        case .failure(let error):
            report(.badProjectValue, "`\(item.0)` is not a path pattern: \(error.message)", item.1)
            return nil
        }
    }

    /// `disable`, `warn` or `error` of one table: `rules` with its codes, each code in one of
    /// the three lists of a table (P004 for the second), an error (a file that does not build,
    /// a layout the runtime fails on) never disabled or made a warning.
    mutating func grade(_ rules: CodeRules, key: String, value: TOMLValue, table: String) -> CodeRules {
        var rules = rules
        for (code, range) in codes(value, key: key) {
            if let first = graded["\(table) \(code)"] {
                report(
                    .badProjectValue, "`\(code)` is in `\(first.key)` already: give each code in one of `disable`, `warn` and `error`", range,
                    labels: [DiagnosticLabel(range: first.range, message: "first given here")])
                continue
            }
            graded["\(table) \(code)"] = (key, range)
            switch key {
            case "disable" where code.severity == .error, "warn" where code.severity == .error:
                report(
                    .badProjectValue,
                    "`\(code)` (\(code.title)) is an error: the file does not build, or the runtime fails on it; it cannot be \(key == "warn" ? "made a warning" : "disabled")",
                    range)
            case "disable": rules.disabled.insert(code)
            case "warn": rules.severities[code] = .warning
            default: rules.severities[code] = .error
            }
        }
        return rules
    }

    mutating func codes(_ value: TOMLValue, key: String) -> [(DiagnosticCode, Range<Int>)] {
        var codes: [(DiagnosticCode, Range<Int>)] = []
        for (text, range) in strings(value, key: key) {
            guard let code = DiagnosticCode(rawValue: text.uppercased()) else {
                report(
                    .badProjectValue, "there is no diagnostic code `\(text)`" + suggestion(text.uppercased(), among: DiagnosticCode.allCases.map { $0.id }),
                    range)
                continue
            }
            codes.append((code, range))
        }
        return codes
    }
}
