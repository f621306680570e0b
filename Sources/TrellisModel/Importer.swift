import TrellisSyntax

/// Converts a grid dictionary to idiomatic Trellis without losing anything the runtime
/// reads: building the result gives the same runtime model (same tree, values and unknown
/// keys). Sizes become bare tokens (`33%`, `1/3` only when `1/3` lowers to the very same
/// string), runs of simple cells inline lists, identical consecutive siblings `cell * N`,
/// subtrees that occur more than once templates (their size and tag become overrides at
/// each use), and whatever Trellis has no spelling for goes through `json({…})`.
public enum Importer {
    /// The Trellis text and how many templates the import made of repeated subtrees.
    public struct Result: Sendable {
        public var text: String
        public var templates: Int
    }

    /// `name`: the layout's name (sanitised); `source`: named in the header comment.
    public static func importLayout(_ value: JSONValue, dialect: Dialect, name: String, source: String) -> Result {
        var builder = ImportBuilder(dialect: dialect)
        let root = builder.node(value, isRoot: true)
        builder.chooseTemplates([root])
        var text = "// Imported from \(source) by trellis import.\n"
        text += "target mylayout \(dialect.rawValue)\n\n"
        for template in builder.templateOrder {
            guard let body = builder.templateBodies[template] else { continue }
            text += "template \(builder.templateNames[template] ?? template) { \(body) }\n"
        }
        if !builder.templateOrder.isEmpty { text += "\n" }
        text += "layout \(identifier(name)) " + builder.emit(root, isRoot: true) + "\n"
        let formatted = Formatter.format(SourceFile(name: "import.trellis", text: text)) ?? text
        return Result(text: formatted, templates: builder.templateOrder.count)
    }

    /// Several layouts imported at once: the subtrees two or more of them share become the
    /// templates of one shared file (and the templates those use), each layout file `use`s it
    /// (by `sharedPath`, as written in the layout files) and keeps the templates only it
    /// repeats. `inputs`: each layout's value, name and source (for its header).
    public static func importLayouts(
        _ inputs: [(value: JSONValue, name: String, source: String)], dialect: Dialect, sharedPath: String, sharedSource: String
    ) -> (shared: String, layouts: [Result]) {
        var builder = ImportBuilder(dialect: dialect)
        let roots = inputs.map { builder.node($0.value, isRoot: true) }
        builder.chooseTemplates(roots)
        let users = builder.filesUsing(roots)
        let shared = builder.sharedTemplates(users)
        func templateLines(_ shapes: [String]) -> String {
            shapes.compactMap { shape in
                builder.templateBodies[shape].map { "template \(builder.templateNames[shape] ?? shape) { \($0) }\n" }
            }.joined()
        }
        var sharedText = "// Templates the layouts imported from \(sharedSource) share, by trellis import.\n\n"
        sharedText += templateLines(builder.templateOrder.filter { shared.contains($0) })
        let sharedFormatted = Formatter.format(SourceFile(name: "shared.trellis", text: sharedText)) ?? sharedText
        var layouts: [Result] = []
        for (index, root) in roots.enumerated() {
            let own = builder.templateOrder.filter { !shared.contains($0) && users[$0]?.contains(index) == true }
            let usesShared = builder.templateOrder.contains { shared.contains($0) && users[$0]?.contains(index) == true }
            var text = "// Imported from \(inputs[index].source) by trellis import.\n"
            text += "target mylayout \(dialect.rawValue)\n"
            if usesShared { text += "use \(JSONWriter.string(.string(sharedPath), style: .compact))\n" }
            text += "\n" + templateLines(own)
            if !own.isEmpty { text += "\n" }
            text += "layout \(identifier(inputs[index].name)) " + builder.emit(root, isRoot: true) + "\n"
            let formatted = Formatter.format(SourceFile(name: "import.trellis", text: text)) ?? text
            layouts.append(Result(text: formatted, templates: own.count))
        }
        return (sharedFormatted, layouts)
    }

    /// A name the grammar accepts for a layout, kept as written where the grammar allows
    /// (`rows-example-1`, `首页`): Unicode identifier characters and single hyphens between
    /// them; anything else becomes `_`; not a keyword or an attribute name.
    public static func identifier(_ text: String) -> String {
        var result = ""
        var previousHyphen = false
        for character in text {
            let scalars = character.unicodeScalars
            if character == "_" || scalars.allSatisfy({ $0.properties.isXIDContinue }) {
                result.append(character)
                previousHyphen = false
            } else if character == "-", !result.isEmpty, !previousHyphen {
                result.append("-")
                previousHyphen = true
            } else {
                result.append("_")
                previousHyphen = false
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        let startsName = result.unicodeScalars.first.map { $0 == "_" || $0.properties.isXIDStart } ?? false
        if !startsName { result = "layout_" + result }
        if TokenKind.keywords.contains(where: { $0.keywordSpelling == result }) || Parser.attributeNames.contains(result) { result += "_layout" }
        return result
    }
}

/// One grid on its way to Trellis: its spelled parts and children.
final class ImportNode {
    var size: String?
    var tag: Int64?
    var attributes: [String] = []
    var raw: [JSONMember] = []
    var axis: Axis?
    var children: [ImportNode] = []
    var comment: String?
    /// The subtree without this grid's own size and tag (what a template captures).
    var shape = ""
    var gridCount = 1

    init() {}
}

struct ImportBuilder {
    let dialect: Dialect
    var templateNames: [String: String] = [:]
    var templateBodies: [String: String] = [:]
    var templateOrder: [String] = []
    var emittedTemplates: Set<String> = []
    /// Each template's first occurrence, whose body it writes.
    var firstNodes: [String: ImportNode] = [:]

    init(dialect: Dialect) { self.dialect = dialect }

    // MARK: reading

    mutating func node(_ value: JSONValue, isRoot: Bool) -> ImportNode {
        let node = ImportNode()
        guard case .object(let members) = value else {
            node.comment = "the JSON had \(value.typeName) here, not a grid"
            node.shape = "?"
            return node
        }
        var last: [String: JSONValue] = [:]
        for member in members { last[member.key] = member.value }
        for member in members where last[member.key] != nil {
            let key = member.key
            guard let value = last.removeValue(forKey: key) else { continue }
            spell(key, value, into: node, isRoot: isRoot)
        }
        if case .array(let cols)? = members.last(where: { $0.key == GridKey.cols.jsonName })?.value {
            node.children += cols.map { self.node($0, isRoot: false) }
            if !cols.isEmpty { node.axis = .cols }
        }
        if case .array(let rows)? = members.last(where: { $0.key == GridKey.rows.jsonName })?.value {
            if node.axis == .cols, !rows.isEmpty { node.comment = "the JSON had both cols and rows; the runtime reads them all as rows" }
            node.children += rows.map { self.node($0, isRoot: false) }
            if !rows.isEmpty { node.axis = .rows }
        }
        node.gridCount = 1 + node.children.reduce(0) { $0 + $1.gridCount }
        node.shape = shapeKey(node)
        return node
    }

    func shapeKey(_ node: ImportNode) -> String {
        var key = node.attributes.joined(separator: " ")
        if !node.raw.isEmpty { key += " json(" + JSONWriter.string(.object(node.raw), style: .compact) + ")" }
        if let axis = node.axis {
            key += " \(axis.rawValue) {" + node.children.map { fullKey($0) }.joined(separator: "; ") + "}"
        }
        return key
    }

    func fullKey(_ node: ImportNode) -> String {
        (node.size ?? "_") + " " + (node.tag.map { "tag(\($0)) " } ?? "") + node.shape
    }

    mutating func spell(_ key: String, _ value: JSONValue, into node: ImportNode, isRoot: Bool) {
        guard let gridKey = GridSchema.key(json: key), gridKey != .spacing || dialect.readsSpacing(key) else {
            return node.raw.append(JSONMember(key, value))
        }
        switch gridKey {
        case .size:
            if isRoot {
                node.raw.append(JSONMember(key, value))
            } else if let size = sizeToken(value) {
                node.size = size
            } else {
                node.raw.append(JSONMember(key, value))
            }
        case .rows, .cols:
            if case .array = value { return }
            node.raw.append(JSONMember(key, value))
        case .padding:
            guard case .string(let text) = value else { return node.raw.append(JSONMember(key, value)) }
            let insets = RuntimeReading.padding(text)
            if insets == .zero, ValueChecks.padding(text) != nil { return node.raw.append(JSONMember(key, value)) }
            node.attributes.append(paddingAttribute(insets))
        case .spacing:
            guard case .number(let number) = value else { return node.raw.append(JSONMember(key, value)) }
            node.attributes.append("spacing(\(JSONWriter.formatNumber(number)))")
        case .gravity, .overlap:
            guard case .string(let text) = value, !text.isEmpty,
                text.split(separator: "|", omittingEmptySubsequences: false).allSatisfy({ part in Gravity.wordsInRuntimeOrder.contains { $0.0 == part } })
            else { return node.raw.append(JSONMember(key, value)) }
            node.attributes.append("\(key)(\(text))")
        case .anchor, .placeholder:
            if case .bool(let flag) = value {
                if flag { node.attributes.append(key) }
            } else {
                node.raw.append(JSONMember(key, value))
            }
        case .tag:
            guard case .number(let number) = value, number == number.rounded(), abs(number) < 1e15 else { return node.raw.append(JSONMember(key, value)) }
            if number != 0 { node.tag = Int64(number) }
        case .action:
            guard case .string(let text) = value else { return node.raw.append(JSONMember(key, value)) }
            if isSelector(text) {
                node.attributes.append("action(\(text))")
            } else {
                var quoted: [UInt8] = []
                JSONWriter.appendString(text, into: &quoted)
                node.attributes.append("action(\(String(decoding: quoted, as: UTF8.self)))")
            }
        case .actionData:
            node.attributes.append("action-data(\(JSONWriter.string(value, style: .compact).trimmingNewline))")
        case .topBorderline, .leftBorderline, .bottomBorderline, .rightBorderline:
            if let attribute = borderline(key, value) { node.attributes.append(attribute) } else { node.raw.append(JSONMember(key, value)) }
        }
    }

    /// The Trellis size for a JSON size, or nil when it needs the escape hatch.
    func sizeToken(_ value: JSONValue) -> String? {
        switch value {
        case .number(let number):
            if number == RuntimeReading.wrap { return "wrap" }
            if number == RuntimeReading.fill { return "fill" }
            if (number > 0 && number < 1) || (number < 0 && number > -1) {
                let percent = JSONWriter.formatNumber(number * 100)
                if let back = Double(percent), back / 100 == number { return percent + "%" }
            }
            // A size that asserts at runtime stays as written, through the escape hatch, where
            // `check` reports it (M104); the language has no spelling for it.
            if number <= -1 { return nil }
            return JSONWriter.formatNumber(number)
        case .string(let text):
            if text == "fill" || text == "wrap" { return text }
            guard text.hasSuffix("%"), let percent = Double(text.dropLast()), JSONWriter.formatNumber(percent) + "%" == text else { return nil }
            // Beyond ±100% the runtime reads points or asserts (M103, M104): kept as written.
            guard percent >= -100, percent <= 100 else { return nil }
            if let ratio = exactRatio(percent) { return ratio }
            return text
        default:
            return nil
        }
    }

    /// `1/3` when it lowers to exactly this percentage (6 decimals), else nil.
    func exactRatio(_ percent: Double) -> String? {
        for denominator in 3...12 {
            for numerator in 1..<denominator {
                let ratio = Double(numerator) / Double(denominator)
                let candidate = Lowering.percent(ofRatio: ratio)
                // Only thirds, sixths, sevenths…: a percentage with a short decimal reads better.
                guard candidate == percent.magnitude, (candidate * 100).rounded() != candidate * 100 else { continue }
                return (percent < 0 ? "-" : "") + "\(numerator)/\(denominator)"
            }
        }
        return nil
    }

    func paddingAttribute(_ insets: EdgeInsets) -> String {
        let f = JSONWriter.formatNumber
        if insets.top == insets.left, insets.left == insets.bottom, insets.bottom == insets.right { return "padding(\(f(insets.top)))" }
        if insets.top == insets.bottom, insets.left == insets.right { return "padding(\(f(insets.top)) \(f(insets.left)))" }
        return "padding(\(f(insets.top)) \(f(insets.left)) \(f(insets.bottom)) \(f(insets.right)))"
    }

    func isSelector(_ text: String) -> Bool {
        guard !text.isEmpty, !text.hasPrefix(":") else { return false }
        return text.split(separator: ":", omittingEmptySubsequences: false).dropLast().allSatisfy { part in
            guard let first = part.first, first.isASCII, first.isLetter || first == "_" else { return false }
            return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        } && (text.hasSuffix(":") || text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
    }

    func borderline(_ key: String, _ value: JSONValue) -> String? {
        guard case .object(let members) = value else { return nil }
        var pairs: [String] = []
        var seen: Set<String> = []
        for member in members.reversed() where !seen.contains(member.key) {
            seen.insert(member.key)
            switch (BorderlineField(name: member.key), member.value) {
            case (.color?, .string(let text)):
                if text.hasPrefix("#"), text.dropFirst().allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), text.count > 1 {
                    pairs.append("color \(text)")
                } else if let first = text.first, first.isASCII, first.isLetter, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
                    !TokenKind.keywords.contains(where: { $0.keywordSpelling == text })
                {
                    pairs.append("color \(text)")
                } else {
                    var quoted: [UInt8] = []
                    JSONWriter.appendString(text, into: &quoted)
                    pairs.append("color \(String(decoding: quoted, as: UTF8.self))")
                }
            case (let field?, .number(let number)) where field != .color:
                pairs.append("\(member.key) \(JSONWriter.formatNumber(number))")
            default:
                return nil
            }
        }
        let order = GridSchema.borderlineFields
        pairs.sort {
            (order.firstIndex(of: String($0.prefix(while: { $0 != " " }))) ?? 9) < (order.firstIndex(of: String($1.prefix(while: { $0 != " " }))) ?? 9)
        }
        return "\(key)(\(pairs.joined(separator: " ")))"
    }

    // MARK: templates

    /// Subtrees of at least 4 grids that occur twice or more (outside other templates'
    /// repeated uses) become templates, largest first.
    mutating func chooseTemplates(_ roots: [ImportNode]) {
        var candidates: [String: (count: Int, grids: Int, first: ImportNode)] = [:]
        func collect(_ node: ImportNode) {
            if node.axis != nil, node.gridCount >= 4 {
                let entry = candidates[node.shape]
                candidates[node.shape] = ((entry?.count ?? 0) + 1, node.gridCount, entry?.first ?? node)
            }
            node.children.forEach(collect)
        }
        for root in roots { root.children.forEach(collect) }
        for (shape, entry) in candidates.sorted(by: { ($0.value.grids, $0.key) > ($1.value.grids, $1.key) }) where entry.count >= 2 {
            guard effectiveCount(shape, in: roots) >= 2 else { continue }
            let name = templateName(for: entry.first)
            templateNames[shape] = name
            templateOrder.append(shape)
        }
        // Bodies after all choices, so that templates can use smaller templates.
        emittedTemplates = Set(templateOrder)
        for shape in templateOrder {
            guard let first = candidates[shape]?.first else { continue }
            templateBodies[shape] = emitBody(first)
            firstNodes[shape] = first
        }
    }

    /// For each shape, the roots (by index) where it is written out as a use of its
    /// template: one walk of every root for every shape.
    func filesUsing(_ roots: [ImportNode]) -> [String: Set<Int>] {
        var files: [String: Set<Int>] = [:]
        var seenTemplates: Set<String> = []
        for (index, root) in roots.enumerated() {
            func walk(_ node: ImportNode) {
                files[node.shape, default: []].insert(index)
                if templateNames[node.shape] != nil {
                    if seenTemplates.contains(node.shape) { return }
                    seenTemplates.insert(node.shape)
                }
                node.children.forEach(walk)
            }
            root.children.forEach(walk)
        }
        return files
    }

    /// The templates for the shared file: those used in two or more roots, and those their
    /// bodies use (a shared template's body can name only shared ones).
    func sharedTemplates(_ users: [String: Set<Int>]) -> Set<String> {
        var shared = Set(templateOrder.filter { (users[$0]?.count ?? 0) >= 2 })
        var pending = Array(shared)
        while let shape = pending.popLast() {
            guard let first = firstNodes[shape] else { continue }
            func walk(_ node: ImportNode) {
                if templateNames[node.shape] != nil, shared.insert(node.shape).inserted { pending.append(node.shape) }
                // A template's own body is where its inner uses are written.
                if templateNames[node.shape] == nil { node.children.forEach(walk) }
            }
            first.children.forEach(walk)
        }
        return shared
    }

    /// Occurrences that will be written out: not inside a second use of a bigger template.
    func effectiveCount(_ shape: String, in roots: [ImportNode]) -> Int {
        var count = 0
        var seenTemplates: Set<String> = []
        func walk(_ node: ImportNode) {
            if node.shape == shape { count += 1 }
            if templateNames[node.shape] != nil {
                if seenTemplates.contains(node.shape) { return }
                seenTemplates.insert(node.shape)
            }
            node.children.forEach(walk)
        }
        for root in roots { root.children.forEach(walk) }
        return count
    }

    mutating func templateName(for node: ImportNode) -> String {
        let base: String
        if node.attributes.contains(where: { $0.hasPrefix("action(") }) {
            base = "tappable-\(node.axis?.rawValue ?? "cell")"
        } else if node.attributes.contains(GridKey.anchor.info.attribute ?? "") {
            base = "panel"
        } else {
            base = "\(node.axis?.rawValue ?? "cell")\(node.children.count)"
        }
        var name = base
        let letters = Array("bcdefghijklmnopqrstuvwxyz")
        var suffix = 0
        while templateNames.values.contains(name) {
            name = base + "-" + String(letters[suffix % letters.count]) + (suffix >= letters.count ? "\(suffix / letters.count)" : "")
            suffix += 1
        }
        return name
    }

    // MARK: writing

    /// The cell without its size and tag (a template's body). `braced`: children in braces
    /// even when short (a repeated cell: `* N` after an inline list would repeat its last item).
    func emitBody(_ node: ImportNode, braced: Bool = false) -> String {
        var parts = node.attributes
        if !node.raw.isEmpty { parts.append("json(" + JSONWriter.string(.object(node.raw), style: .compact).trimmingNewline + ")") }
        var text = parts.joined(separator: " ")
        if let axis = node.axis { text += (text.isEmpty ? "" : " ") + split(axis, node.children, braced: braced) }
        return text.isEmpty ? "_" : text
    }

    func emit(_ node: ImportNode, isRoot: Bool, repeated: Bool = false) -> String {
        var parts: [String] = []
        if let size = node.size { parts.append(size) }
        if !isRoot, let name = templateNames[node.shape], emittedTemplates.contains(node.shape) {
            parts.append(name)
            if let tag = node.tag { parts.append("tag(\(tag))") }
            return parts.joined(separator: " ")
        }
        if let tag = node.tag { parts.append("tag(\(tag))") }
        let body = emitBody(node, braced: repeated)
        if body != "_" || parts.isEmpty { parts.append(body) }
        return parts.joined(separator: " ")
    }

    /// Children inline (`a | b | c`) when short and simple, else a block; identical
    /// neighbours become `cell * N`. Blocks are written with `;` so that the text is
    /// unambiguous before the formatter lays it out.
    func split(_ axis: Axis, _ children: [ImportNode], braced: Bool = false) -> String {
        var cells: [String] = []
        var index = 0
        while index < children.count {
            var run = 1
            let key = fullKey(children[index])
            // A run longer than the language's largest repetition goes on in another cell.
            while index + run < children.count, run < Lowering.maximumRepeat, fullKey(children[index + run]) == key { run += 1 }
            var text = emit(children[index], isRoot: false, repeated: run > 1)
            if run > 1 { text += " * \(run)" }
            if let comment = children[index].comment { text += " // \(comment)\n" }
            cells.append(text)
            index += run
        }
        let simple = children.allSatisfy { $0.axis == nil && $0.comment == nil } && !cells.contains { $0.contains("(") && $0.count > 40 }
        // `a | b | c padding(5)` would read as padding the split grid (M018): a block then.
        let hasAttributes = cells.map {
            $0.contains("(") || ByteSearch.contains(Array(" anchor".utf8), in: Array($0.utf8))
                || ByteSearch.contains(Array(" placeholder".utf8), in: Array($0.utf8))
        }
        let onlyLast = cells.count >= 2 && hasAttributes.last == true && !hasAttributes.dropLast().contains(true)
        if simple, !braced, !onlyLast, cells.joined(separator: " | ").count <= 80 {
            return "\(axis.rawValue) " + cells.joined(separator: " | ")
        }
        return "\(axis.rawValue) {\n" + cells.joined(separator: ";\n") + "\n}"
    }
}

extension String {
    var trimmingNewline: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
