import TrellisModel
import TrellisSyntax

/// Rules over a grid dictionary as written: key names, value types and value forms, each
/// reported at the key or value it concerns, with what the runtime silently does instead.
struct JSONRules {
    let dialect: Dialect
    var diagnostics: [Diagnostic] = []

    static let borderlineKeys = Suggestion.Candidates(GridSchema.borderlineFields)
    /// The keys to suggest for an unknown one: every spelling but the spacing key the
    /// dialect's runtime ignores.
    static let keySuggestionsV1 = Suggestion.Candidates(GridSchema.allJSONSpellings.filter { $0 != Dialect.v1.otherSpacingKey })
    static let keySuggestionsV2 = Suggestion.Candidates(GridSchema.allJSONSpellings.filter { $0 != Dialect.v2.otherSpacingKey })
    static let keySuggestionsAny = Suggestion.Candidates(GridSchema.allJSONSpellings)

    static func keySuggestions(_ dialect: Dialect) -> Suggestion.Candidates {
        switch dialect {
        case .v1: return keySuggestionsV1
        case .v2: return keySuggestionsV2
        case .any: return keySuggestionsAny
        }
    }

    init(dialect: Dialect) { self.dialect = dialect }

    /// A finding of `code`, at the code's severity.
    mutating func add(
        _ code: DiagnosticCode, _ message: String, _ range: Range<Int>,
        notes: [String] = [], fix: FixIt? = nil, labels: [DiagnosticLabel] = []
    ) {
        add(code, code.severity, message, range, notes: notes, fix: fix, labels: labels)
    }

    /// A finding at a milder severity than its code's (see `DiagnosticCode.milderSeverities`).
    mutating func add(
        _ code: DiagnosticCode, _ severity: Severity, _ message: String, _ range: Range<Int>,
        notes: [String] = [], fix: FixIt? = nil, labels: [DiagnosticLabel] = []
    ) {
        diagnostics.append(
            Diagnostic(
                code: code, severity: severity, range: range, message: message,
                labels: labels, notes: notes, fixIts: fix.map { [$0] } ?? []))
    }

    mutating func add(_ finding: ValueFinding, at range: Range<Int>, quoted: Bool = true) {
        var fix: FixIt?
        if let replacement = finding.replacement {
            let text = quoted ? "\"\(replacement)\"" : replacement
            fix = FixIt(message: "write \(text)", edits: [TextEdit(range: range, replacement: text)], isSafe: finding.replacementIsSafe)
        }
        add(finding.code, finding.severity, finding.message, range, notes: finding.notes, fix: fix)
    }

    mutating func lint(root: JSONNode) {
        lint(root, isRoot: true)
    }

    /// The findings of linting the whole new text of `edited`, made from those of its old
    /// text: the edited grid's linted again, the others moved. Nil when a finding straddles
    /// the grid's object (a finding of its parent's that its contents may change).
    static func findings(after edited: GridObjectEdit, dialect: Dialect) -> [Diagnostic]? {
        guard let split = edited.findings.split(around: edited.object, movedBy: edited.edit) else { return nil }
        var rules = JSONRules(dialect: dialect)
        rules.diagnostics = split.before
        rules.lint(edited.grid, isRoot: false)
        return rules.diagnostics + split.after
    }

    /// A grid object, then its children (`cols` before `rows`, as written within each); the
    /// readers bound the depth.
    mutating func lint(_ node: JSONNode, isRoot: Bool) {
        guard node.type == .object else {
            add(
                .valueOfWrongJSONType, "a grid must be a JSON object, not \(node.value.typeName)", node.range,
                notes: ["The runtime sends dictionary messages to every element of rows/cols; anything else crashes the app."])
            return
        }
        let (cols, rows) = lintMembers(of: node, isRoot: isRoot)
        for list in [cols, rows] { list?.value.forEachElement { lint($0, isRoot: false) } }
    }

    /// Lints the members of a grid object; returns its last `cols` and `rows` members.
    @discardableResult
    mutating func lintMembers(of node: JSONNode, isRoot: Bool) -> (cols: JSONNode.Member?, rows: JSONNode.Member?) {
        // The last member of each key the cross-key checks need (what NSDictionary keeps).
        var rows: JSONNode.Member?, cols: JSONNode.Member?, overlap: JSONNode.Member?, size: JSONNode.Member?, gravity: JSONNode.Member?
        var spacings: [JSONNode.Member] = []
        node.forEachMember { member in
            guard let gridKey = member.gridKey else { return unknownKey(member) }
            lint(member, gridKey, isRoot: isRoot)
            switch gridKey {
            case .spacing: spacings.append(member)
            case .rows: rows = member
            case .cols: cols = member
            case .overlap: overlap = member
            case .size: size = member
            case .gravity: gravity = member
            default: break
            }
        }
        if dialect == .any { lintSpacingForEveryVersion(spacings) }
        if let cols, let rows {
            add(
                .bothRowsAndCols, "a grid has both `rows` and `cols`: the runtime asserts (and in release builds adds the rows after the cols)",
                rows.keyRange, labels: [DiagnosticLabel(range: cols.keyRange, message: "`cols` given here")])
        }
        if let overlap {
            if let size, !isRoot, RuntimeReading.measure(read: size.value) != 0 {
                add(
                    .overlapOverwritten, "`overlap` overwrites this `size` with 0", size.keyRange,
                    labels: [DiagnosticLabel(range: overlap.keyRange, message: "overlap given here")])
            }
            if let gravity, !Gravity.parse(gravity.value.stringPayload ?? "").isNone {
                add(
                    .overlapOverwritten, "`gravity` overwrites the alignment `overlap` gives (it is applied after it)", gravity.keyRange,
                    labels: [DiagnosticLabel(range: overlap.keyRange, message: "overlap given here")])
            }
        }
        return (cols, rows)
    }

    /// The checks of one member whose key the schema knows.
    /// M117 for JSON written for every version: a grid must give `space` and `spacing` the
    /// same number, or one version reads another spacing (or none).
    mutating func lintSpacingForEveryVersion(_ spacings: [JSONNode.Member]) {
        let space = spacings.last { $0.key == GridSchema.jsonName(.spacing, legacy: true) }
        let spacing = spacings.last { $0.key == GridSchema.jsonName(.spacing, legacy: false) }
        let note = "Write both keys with the same number (`trellis build --target any` does)."
        switch (space, spacing) {
        case (let space?, nil):
            add(
                .spaceVersusSpacing,
                "MyLayout 2.0+ reads `spacing`, not `space`: this file is written for every version, and 2.0+ gets no spacing here",
                space.keyRange, notes: [note])
        case (nil, let spacing?):
            add(
                .spaceVersusSpacing,
                "MyLayout 1.x reads `space`, not `spacing`: this file is written for every version, and 1.x gets no spacing here",
                spacing.keyRange, notes: [note])
        case (let space?, let spacing?) where RuntimeReading.double(space.value.value) != RuntimeReading.double(spacing.value.value):
            add(
                .spaceVersusSpacing, "`space` and `spacing` differ: MyLayout 1.x reads one and 2.0+ the other", spacing.keyRange,
                notes: [note], labels: [DiagnosticLabel(range: space.keyRange, message: "`space` given here")])
        default: break
        }
    }

    mutating func lint(_ member: JSONNode.Member, _ gridKey: GridKey, isRoot: Bool) {
        let value = member.value
        var key: String { member.key }
        switch gridKey {
        case .size: lintSize(value, keyRange: member.keyRange, isRoot: isRoot)
        case .rows, .cols:
            if value.type != .array {
                add(.valueOfWrongJSONType, "`\(key)` must be an array of grids, not \(value.value.typeName)", value.range)
            }
        case .spacing:
            if key == dialect.otherSpacingKey {
                add(
                    .spaceVersusSpacing, "\(dialect.runtimeName) reads `\(dialect.spacingKey)`, not `\(key)`: this spacing is silently ignored",
                    member.keyRange,
                    notes: ["The key was renamed in MyLayout 2.0.0. Tell Trellis the target with `--target 1|2`."],
                    fix: FixIt(
                        message: "rename to \"\(dialect.spacingKey)\"", edits: [TextEdit(range: member.keyRange, replacement: "\"\(dialect.spacingKey)\"")]))
            }
            lintNumber(value, key: key)
        case .padding:
            guard let text = value.string else {
                add(
                    .valueOfWrongJSONType, "`padding` must be a string \"{top,left,bottom,right}\", not \(value.value.typeName)", value.range,
                    notes: ["The runtime sends it string messages: anything else crashes the app."])
                return
            }
            if let finding = ValueChecks.padding(text) { add(finding, at: value.range) }
        case .gravity, .overlap:
            guard let text = value.string else {
                add(.valueOfWrongJSONType, "`\(key)` must be a string such as \"top|left\", not \(value.value.typeName)", value.range)
                return
            }
            if let finding = ValueChecks.gravity(text) { add(finding, at: value.range) }
        case .anchor, .placeholder: lintBool(value, key: key)
        case .tag:
            switch value.kind {
            case .number(let number):
                if number != number.rounded(.towardZero) {
                    add(
                        .valueTypeConverted, "`tag` \(JSONWriter.formatNumber(number)) is read as \(RuntimeReading.integer(value.value))", value.range
                    )
                } else if let finding = ValueChecks.tag(RuntimeReading.integer(value.value)) {
                    add(finding, at: value.range)
                }
            case .string(let text):
                add(
                    .valueTypeConverted, "`tag` is a string: the runtime reads \"\(text)\" as \(RuntimeReading.integer(value.value))", value.range,
                    fix: FixIt(
                        message: "write a number", edits: [TextEdit(range: value.range, replacement: String(RuntimeReading.integer(value.value)))], isSafe: true
                    ))
            default:
                add(.valueOfWrongJSONType, "`tag` must be an integer, not \(value.value.typeName)", value.range)
            }
        case .action:
            guard let text = value.string else {
                add(.valueOfWrongJSONType, "`action` must be a selector string such as \"handleTap:\"", value.range)
                return
            }
            if let finding = ValueChecks.action(text) { add(finding, at: value.range) }
        case .actionData: break
        case .topBorderline, .leftBorderline, .bottomBorderline, .rightBorderline:
            lintBorderline(value, key: key)
        }
    }

    mutating func unknownKey(_ member: JSONNode.Member) {
        let key = member.key
        let range = member.keyRange
        guard let suggestion = Suggestion.closest(to: key, among: Self.keySuggestions(dialect)) else {
            add(.unknownKey, "unknown key \"\(key)\": the runtime ignores it", range)
            return
        }
        let quoted = "\"\(suggestion)\""
        add(
            .unknownKey, "unknown key \"\(key)\" (the runtime ignores it); did you mean \(quoted)?", range,
            fix: FixIt(message: "rename to \(quoted)", edits: [TextEdit(range: range, replacement: quoted)], isSafe: false))
    }

    mutating func lintSize(_ value: JSONNode, keyRange: Range<Int>, isRoot: Bool) {
        if isRoot {
            add(.sizeOnRoot, "`size` on the root grid means nothing: the layout view's own size is the root's", keyRange)
            return
        }
        switch value.kind {
        case .string(let text):
            if text == "fill" || text == "wrap" || text == "100%" || text == "-100%" { return }
            if text.hasSuffix("%") {
                guard let percent = RuntimeReading.plainDecimal(text.dropLast()) ?? Double(String(text.dropLast()).trimmingSpaces) else {
                    add(
                        .sizeStringReadAsFill,
                        "\"\(text)\" is not a percentage: the runtime reads it as a fixed \(JSONWriter.formatNumber(RuntimeReading.measure(of: value.value))) points",
                        value.range)
                    return
                }
                if percent >= 100 {
                    add(
                        .percentageOf100OrMore,
                        "\"\(text)\" is read as a FIXED \(JSONWriter.formatNumber(percent / 100)) points, not \(text) of anything", value.range,
                        notes: ["Only the exact strings \"100%\" and \"-100%\" mean fill; percentages must lie between -100% and 100%."],
                        fix: FixIt(message: "write \"fill\"", edits: [TextEdit(range: value.range, replacement: "\"fill\"")], isSafe: false))
                } else if percent <= -100 {
                    add(
                        .sizeBelowMinusOne, "\"\(text)\" is read as \(JSONWriter.formatNumber(percent / 100)): the runtime asserts on sizes <= -1",
                        value.range)
                }
                return
            }
            var fix: FixIt?
            if let number = Double(text.trimmingSpaces) {
                fix = FixIt(
                    message: "write the number \(JSONWriter.formatNumber(number))",
                    edits: [TextEdit(range: value.range, replacement: JSONWriter.formatNumber(number))], isSafe: false)
            }
            add(
                .sizeStringReadAsFill, "\"\(text)\" is not a size the runtime knows: it silently reads it as fill",
                value.range, notes: ["A size is a number, \"x%\", \"-x%\", \"fill\" or \"wrap\"."], fix: fix)
        case .number(let number):
            if number == RuntimeReading.wrap || number == RuntimeReading.fill { return }
            if number <= -1 {
                add(.sizeBelowMinusOne, "size \(JSONWriter.formatNumber(number)) asserts at runtime: sizes below -1 are not allowed", value.range)
            } else if number > 0 && number < 1 || number < 0 && number > -1 {
                let percent = JSONWriter.formatNumber(number * 100) + "%"
                let kind = number > 0 ? "of the free length" : "of the remaining length"
                add(
                    .numberReadAsRatio, "\(JSONWriter.formatNumber(number)) is silently a ratio \(kind) (\(percent)), not points", value.range,
                    fix: FixIt(message: "write \"\(percent)\"", edits: [TextEdit(range: value.range, replacement: "\"\(percent)\"")]))
            }
        case .bool(let flag):
            add(.valueTypeConverted, "a boolean size is read as \(flag ? "1 point" : "0")", value.range)
        default:
            add(.sizeStringReadAsFill, "\(value.value.typeName) is not a size: the runtime reads it as fill", value.range)
        }
    }

    mutating func lintNumber(_ value: JSONNode, key: @autoclosure () -> String) {
        if value.type == .number { return }
        let key = key()
        switch value.kind {
        case .number: break
        case .string(let text):
            add(
                .valueTypeConverted,
                "`\(key)` is a string: the runtime reads \"\(text)\" as \(JSONWriter.formatNumber(RuntimeReading.double(value.value)))", value.range,
                fix: FixIt(
                    message: "write a number", edits: [TextEdit(range: value.range, replacement: JSONWriter.formatNumber(RuntimeReading.double(value.value)))],
                    isSafe: Double(text) != nil))
        default:
            add(.valueOfWrongJSONType, "`\(key)` must be a number, not \(value.value.typeName)", value.range)
        }
    }

    mutating func lintBool(_ value: JSONNode, key: @autoclosure () -> String) {
        if value.type == .bool { return }
        let key = key()
        switch value.kind {
        case .bool: break
        case .string(let text):
            let read = RuntimeReading.bool(value.value)
            add(
                .valueTypeConverted, "`\(key)` is the string \"\(text)\": it works only by luck of `boolValue` (read as \(read))", value.range,
                fix: FixIt(message: "write \(read)", edits: [TextEdit(range: value.range, replacement: read ? "true" : "false")]))
        case .number(let number):
            add(
                .valueTypeConverted, .info, "`\(key)` is the number \(JSONWriter.formatNumber(number)): write true or false", value.range,
                fix: FixIt(message: "write \(number != 0)", edits: [TextEdit(range: value.range, replacement: number != 0 ? "true" : "false")]))
        default:
            add(.valueOfWrongJSONType, "`\(key)` must be true or false, not \(value.value.typeName)", value.range)
        }
    }

    mutating func lintBorderline(_ value: JSONNode, key: @autoclosure () -> String) {
        guard value.type == .object else {
            add(.valueOfWrongJSONType, "`\(key())` must be an object such as {\"color\": \"#EEEEEE\", \"thick\": 1}", value.range)
            return
        }
        value.forEachMember { member in
            switch BorderlineField(name: member.key) {
            case .color?:
                if let text = member.value.string {
                    if let finding = ValueChecks.color(text) { add(finding, at: member.value.range) }
                } else {
                    add(.valueOfWrongJSONType, "a borderline `color` must be a string such as \"#EEEEEE\"", member.value.range)
                }
            case let field?:
                lintNumber(member.value, key: member.key)
                if field == .thick, let finding = ValueChecks.thick(RuntimeReading.double(member.value.value)) {
                    add(finding, at: member.value.range, quoted: false)
                }
            case nil:
                var message = "unknown borderline key \"\(member.key)\": the runtime ignores it"
                var fix: FixIt?
                if let suggestion = Suggestion.closest(to: member.key, among: Self.borderlineKeys) {
                    message += "; did you mean \"\(suggestion)\"?"
                    fix = FixIt(
                        message: "rename to \"\(suggestion)\"", edits: [TextEdit(range: member.keyRange, replacement: "\"\(suggestion)\"")], isSafe: false)
                }
                add(.unknownKey, message, member.keyRange, fix: fix)
            }
        }
    }
}
