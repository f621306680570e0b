import TrellisModel
import TrellisSyntax

/// One completion: what the list shows, what is inserted (a snippet with `${1:…}`
/// placeholders when `isSnippet`), over which bytes.
public struct CompletionItem: Sendable, Equatable {
    /// What the item completes, for the editor's icon.
    public enum Kind: Sendable { case keyword, attribute, size, template, value, color, directive, key }
    public var label: String
    public var kind: Kind
    public var detail: String
    public var documentation: String
    public var insertText: String
    public var isSnippet: Bool
    public var replacing: Range<Int>
}

/// Context-aware completion: only what is valid where the cursor is.
/// - top level: `layout`, `template`, `target`, `preview` (and after `target`/`preview`, their values);
/// - where a cell starts: sizes, template names, attributes, `rows`, `cols`;
/// - inside a cell: the parts that may still follow (a template after the size, attributes not
///   yet given, a split, `* N`);
/// - inside `gravity(…)`/`overlap(…)`: the words of the axis not yet given; in a borderline:
///   its fields not yet given, and after `color` the named colors;
/// - in grid JSON: the keys not yet in the object, and alignment words in `gravity`.
public enum Completion {
    public static let devices = ["375x667@2x", "375xwrap@2x", "390x844@3x", "320x568@2x", "414x896@3x", "768x1024@2x"]

    public static func items(_ analysis: Analysis, at offset: Int) -> [CompletionItem] {
        if let tree = analysis.tree { return trellisItems(analysis, tree, at: offset) }
        if let root = analysis.file.jsonRoot { return jsonItems(analysis, root, at: offset) }
        return []
    }

    // MARK: Trellis

    static func trellisItems(_ analysis: Analysis, _ tree: SyntaxTree, at offset: Int) -> [CompletionItem] {
        // The word being typed is replaced; the context is what precedes it.
        var replacing = offset..<offset
        var before = offset
        if let index = tree.tokenIndex(containing: max(0, offset - 1)), index < tree.tokens.count {
            let token = tree.tokens[index]
            if isWord(token.kind), token.start < offset, token.end >= offset {
                replacing = token.start..<offset
                before = token.start
            }
        }
        if offset > 0, let index = tree.tokenIndex(containing: offset - 1), tree.tokens[index].kind == .comment, tree.tokens[index].end >= offset { return [] }
        let previous = tree.previousSignificantTokenIndex(before: before)

        if let args = argumentContext(tree, previous: previous, offset: before) {
            return argumentItems(tree, attribute: args, previous: previous, replacing: replacing)
        }
        guard let previous else { return topLevelItems(replacing) }
        let token = tree.tokens[previous]
        let node = tree.deepestNode(containingToken: previous)
        let sameLine = tree.source.lineIndex(of: token.start) == tree.source.lineIndex(of: before)

        switch token.kind {
        case .kwTarget:
            return [
                item("mylayout 1", .value, "MyLayout 1.x: writes `space`", replacing: replacing),
                item("mylayout 2", .value, "MyLayout 2.0+: writes `spacing`", replacing: replacing),
            ]
        case .kwPreview: return devices.map { item($0, .value, "a preview device", replacing: replacing) }
        case .kwLayout, .kwTemplate, .kwUse: return []
        case .pipe, .semicolon, .lBrace, .kwRows, .kwCols: return cellStartItems(analysis, tree, replacing: replacing)
        case .star: return []
        default: break
        }
        if !sameLine {
            // A new line: a cell of the enclosing block, or a new top-level item.
            if tree.enclosing(.block, from: node) != nil, indentation(tree.source, before) > 0 { return cellStartItems(analysis, tree, replacing: replacing) }
            if tree.enclosing(.templateDecl, from: node) != nil, !closesTemplate(tree, node, before) {
                return cellStartItems(analysis, tree, replacing: replacing)
            }
            if indentation(tree.source, before) == 0 { return topLevelItems(replacing) }
        }
        if tree.nodes[node].kind == .layoutDecl, token.kind == .identifier { return cellStartItems(analysis, tree, replacing: replacing) }
        guard let cellNode = tree.enclosing(.cell, from: node), let cell = CellSyntax(tree, cellNode) else {
            return sameLine ? [] : topLevelItems(replacing)
        }
        return continuationItems(analysis, tree, cell, before: before, replacing: replacing)
    }

    static func isWord(_ kind: TokenKind) -> Bool {
        switch kind {
        case .identifier, .kwTarget, .kwPreview, .kwUse, .kwTemplate, .kwLayout, .kwRows, .kwCols, .kwFill, .kwWrap, .kwRtl: return true
        default: return false
        }
    }

    static func closesTemplate(_ tree: SyntaxTree, _ node: Int, _ offset: Int) -> Bool {
        guard let template = tree.enclosing(.templateDecl, from: node) else { return true }
        return tree.range(of: template).upperBound <= offset && tree.tokens[tree.nodes[template].tokenEnd - 1].kind == .rBrace
    }

    static func indentation(_ source: SourceFile, _ offset: Int) -> Int {
        let line = source.lineRange(source.lineIndex(of: offset))
        var count = 0
        while line.lowerBound + count < offset,
            source.bytes[line.lowerBound + count] == UInt8(ascii: " ") || source.bytes[line.lowerBound + count] == UInt8(ascii: "\t")
        {
            count += 1
        }
        return count
    }

    static func topLevelItems(_ replacing: Range<Int>) -> [CompletionItem] {
        [
            item("layout", .directive, "a layout: `layout NAME cell`", insert: "layout ${1:name} ${2:rows} ${3:fill}", snippet: true, replacing: replacing),
            item(
                "template", .directive, "a reusable cell: `template NAME { cell }`", insert: "template ${1:name} {\n  ${2:fill}\n}", snippet: true,
                replacing: replacing),
            item("target", .directive, "the runtime: `target mylayout 1|2`", insert: "target mylayout ${1|1,2|}", snippet: true, replacing: replacing),
            item("preview", .directive, "a preview device", insert: "preview ${1:375x667@2x}", snippet: true, replacing: replacing),
            item(
                "use", .directive, "the templates of another file: `use \"cards.trellis\"`", insert: "use \"${1:cards.trellis}\"", snippet: true,
                replacing: replacing),
        ]
    }

    static func sizeItems(_ replacing: Range<Int>) -> [CompletionItem] {
        [
            item("fill", .size, "takes what is left, shared with the other `fill` cells", replacing: replacing),
            item("wrap", .size, "as long as its content", replacing: replacing),
            item("_", .size, "no size: the template's, or `fill`", replacing: replacing),
            item("50%", .size, "a share of the parent's length (after padding and spacing)", insert: "${1:50}%", snippet: true, replacing: replacing),
            item("-50%", .size, "a share of what the fixed cells leave", insert: "-${1:50}%", snippet: true, replacing: replacing),
            item("1/3", .size, "a ratio of the parent's length", insert: "${1:1}/${2:3}", snippet: true, replacing: replacing),
            item("44", .size, "points", insert: "${1:44}", snippet: true, replacing: replacing),
        ]
    }

    static func splitItems(_ replacing: Range<Int>) -> [CompletionItem] {
        [GridKey.rows, GridKey.cols].map { key in
            item(key.jsonName, .keyword, key.info.summary, insert: "\(key.jsonName) ${1:fill} | ${2:fill}", snippet: true, replacing: replacing)
        }
    }

    /// The file's templates, then those its `use` lines give (a name once: the one a use means).
    static func templateItems(_ analysis: Analysis, _ tree: SyntaxTree, _ replacing: Range<Int>) -> [CompletionItem] {
        var result: [CompletionItem] = []
        var named: Set<String> = []
        tree.forEachChild(of: 0) { index in
            guard let declaration = TemplateDecl(tree, index), let name = declaration.name else { return }
            let body = declaration.body.map { tree.source.text(in: $0.range) } ?? ""
            named.insert(tree.text(name))
            result.append(
                CompletionItem(
                    label: tree.text(name), kind: .template, detail: "template", documentation: "```trellis\n\(body.prefix(300))\n```",
                    insertText: tree.text(name), isSnippet: false, replacing: replacing))
        }
        guard let uses = analysis.file.uses else { return result }
        for written in UsePath.order(in: tree) {
            guard case .library(let library, _)? = uses.outcomes[written] else { continue }
            for name in library.names where named.insert(name).inserted {
                let line = library.templateNames[name].map { library.source.lineRange(library.source.lineIndex(of: $0.lowerBound)) }
                let text = line.map { library.source.text(in: $0) } ?? ""
                result.append(
                    CompletionItem(
                        label: name, kind: .template, detail: "template from \(library.path)", documentation: "```trellis\n\(text.prefix(300))\n```",
                        insertText: name, isSnippet: false, replacing: replacing))
            }
        }
        return result
    }

    static func attributeItems(excluding given: Set<AttributeName>, _ replacing: Range<Int>) -> [CompletionItem] {
        AttributeName.allCases.filter { !given.contains($0) || $0 == .json }.map { name in
            let insert: String
            switch name {
            case .anchor, .placeholder: insert = name.spelling
            case .padding: insert = "padding(${1:10})"
            case .spacing: insert = "spacing(${1:5})"
            case .gravity: insert = "gravity(${1|top,bottom,centerY,left,right,centerX,leading,trailing|})"
            case .overlap: insert = "overlap(${1|top,bottom,centerY,left,right,centerX,leading,trailing|})"
            case .tag: insert = "tag(${1:1001})"
            case .action: insert = "action(${1:handleTap:})"
            case .actionData: insert = "action-data(\"${1:https://}\")"
            case .topBorderline, .leftBorderline, .bottomBorderline, .rightBorderline: insert = "\(name.spelling)(color ${1:#EEEEEE} thick ${2:1})"
            case .json: insert = "json({\"${1:key}\": ${2:value}})"
            case .content: insert = "content(${1:80}x${2:20})"
            }
            return CompletionItem(
                label: name.spelling, kind: .attribute, detail: name.usage, documentation: name.summary,
                insertText: insert, isSnippet: name.takesArguments, replacing: replacing)
        }
    }

    static func cellStartItems(_ analysis: Analysis, _ tree: SyntaxTree, replacing: Range<Int>) -> [CompletionItem] {
        sizeItems(replacing) + templateItems(analysis, tree, replacing) + attributeItems(excluding: [], replacing) + splitItems(replacing)
    }

    /// What may still follow in a cell, in the grammar's order: size, template, attributes,
    /// split, repetition.
    static func continuationItems(_ analysis: Analysis, _ tree: SyntaxTree, _ cell: CellSyntax, before offset: Int, replacing: Range<Int>) -> [CompletionItem] {
        // Only the parts written before the cursor decide what may come next.
        if let clause = tree.child(of: cell.node, .repeatClause), tree.range(of: clause).lowerBound < offset { return [] }
        if let split = cell.split, tree.range(of: split.node).lowerBound < offset {
            return [item("*", .keyword, "repeat this cell", insert: "* ${1:2}", snippet: true, replacing: replacing)]
        }
        var items: [CompletionItem] = []
        let attributes = cell.attributes.filter { $0.tree.range(of: $0.node).upperBound <= offset }
        let hasTemplate = cell.templateRef.map { $0.end <= offset } ?? false
        if !hasTemplate, attributes.isEmpty { items += templateItems(analysis, tree, replacing) }
        let later = Set(cell.attributes.filter { $0.tree.range(of: $0.node).lowerBound > offset }.compactMap { $0.name })
        items += attributeItems(excluding: Set(attributes.compactMap { $0.name }).union(later), replacing)
        if cell.split == nil {
            items += splitItems(replacing)
            if tree.child(of: cell.node, .repeatClause) == nil {
                items.append(item("*", .keyword, "repeat this cell", insert: "* ${1:2}", snippet: true, replacing: replacing))
            }
        }
        return items
    }

    /// The attribute whose argument list holds the cursor, if any.
    static func argumentContext(_ tree: SyntaxTree, previous: Int?, offset: Int) -> Int? {
        guard let previous else { return nil }
        let node = tree.deepestNode(containingToken: previous)
        guard let args = tree.enclosing(.attributeArgs, from: node) else { return nil }
        let indices = tree.tokenIndices(of: args)
        if let last = indices.last, tree.tokens[last].kind == .rParen, tree.tokens[last].start < offset { return nil }
        return tree.nodes[args].parent
    }

    static func argumentItems(_ tree: SyntaxTree, attribute: Int, previous: Int?, replacing: Range<Int>) -> [CompletionItem] {
        guard let syntax = AttributeSyntax(tree, attribute), let name = syntax.name else { return [] }
        let words = syntax.arguments.filter { $0.end <= replacing.lowerBound }.map { tree.text($0) }
        switch name.gridKey?.info.valueKind {
        case .alignment?:
            if let previous, tree.tokens[previous].kind != .pipe, tree.tokens[previous].kind != .lParen { return [] }
            let written = words.compactMap(AlignmentWord.init(word:))
            let hasVertical = written.contains(where: { $0.isVertical })
            let hasHorizontal = written.contains { !$0.isVertical }
            return AlignmentWord.allCases.filter { $0.isVertical ? !hasVertical : !hasHorizontal }.map { word in
                item(word.word, .value, word.axisName, replacing: replacing)
            }
        case .borderline?:
            if let previous, BorderlineField(name: tree.text(tree.tokens[previous])) == .color {
                return GridSchema.colorNames.map { item($0, .color, "named color", replacing: replacing) }
                    + [item("#RRGGBB", .color, "hex color; #AARRGGBB puts alpha first", insert: "#${1:EEEEEE}", snippet: true, replacing: replacing)]
            }
            if let previous, GridSchema.borderlineFields.contains(tree.text(tree.tokens[previous])) { return [] }
            return BorderlineField.allCases.filter { !words.contains($0.name) }.map { field in
                item(field.name, .key, field.detail, insert: field.name + " ${1:\(field.sampleValue)}", snippet: true, replacing: replacing)
            }
        default:
            if name == .anchor || name == .placeholder { return [item("false", .value, "clears the template's", replacing: replacing)] }
            return []
        }
    }

    // MARK: JSON

    static func jsonItems(_ analysis: Analysis, _ root: JSONNode, at offset: Int) -> [CompletionItem] {
        let chain = JSONQueries.chain(in: root, at: offset)
        guard let object = chain.last(where: { if case .object = $0.kind { return true } else { return false } }) else { return [] }
        let dialect = analysis.file.dialect
        let bytes = analysis.source.bytes
        if let member = JSONQueries.member(of: object, at: offset), member.value.range.contains(offset), case .string(let text) = member.value.kind {
            let inner = member.value.range.lowerBound + 1..<max(member.value.range.lowerBound + 1, member.value.range.upperBound - 1)
            switch GridSchema.key(json: member.key)?.info.valueKind {
            case .alignment?:
                let start = text.lastIndex(of: "|").map { text.utf8.distance(from: text.startIndex, to: $0) + 1 } ?? 0
                let from = min(inner.lowerBound + start, offset)
                return GridSchema.alignmentWords.map { item($0, .value, "alignment", replacing: from..<offset) }
            case .size?:
                return GridKey.size.info.values.map {
                    item($0, .size, GridKey.size.jsonName, replacing: inner.lowerBound..<min(max(offset, inner.lowerBound), inner.upperBound))
                }
            default: return []
            }
        }
        // Key position: inside a string that starts a member, or between members.
        var replacing = offset..<offset
        if let member = JSONQueries.member(in: root, keyAt: offset)?.member, member.keyRange.contains(offset) {
            replacing = member.keyRange
        } else if offset > 0, offset <= bytes.count, bytes[offset - 1] == UInt8(ascii: "\"") {
            replacing = offset - 1..<offset
        }
        guard case .object(let members) = object.kind else { return [] }
        let present = Set(members.map { $0.key })
        let isBorderline = chain.count >= 2 && isBorderlineValue(object, in: chain[chain.count - 2])
        if isBorderline {
            return BorderlineField.allCases.filter { !present.contains($0.name) }.map { field in
                let sample = field == .color ? "\"${1:\(field.sampleValue)}\"" : "${1:\(field.sampleValue)}"
                return item(field.name, .key, "borderline field", insert: "\"\(field.name)\": " + sample, snippet: true, replacing: replacing)
            }
        }
        return GridKey.allCases.compactMap { key -> CompletionItem? in
            let name = dialect.json(key)
            guard !present.contains(name) else { return nil }
            if (key == .rows && present.contains(dialect.json(.cols))) || (key == .cols && present.contains(dialect.json(.rows))) { return nil }
            let value: String
            switch key.info.valueKind {
            case .size: value = "\"${1:fill}\""
            case .children: value = "[\n\t{${1}}\n]"
            case .insets: value = "\"{${1:0},${2:0},${3:0},${4:0}}\""
            case .number, .integer: value = "${1:0}"
            case .alignment: value = "\"${1:top}\""
            case .bool: value = "true"
            case .selector: value = "\"${1:handleTap:}\""
            case .anyJSON: value = "\"${1}\""
            case .borderline: value = "{\"color\": \"${1:#EEEEEE}\", \"thick\": ${2:1}}"
            }
            return CompletionItem(
                label: name, kind: .key, detail: key.info.usage, documentation: key.info.summary,
                insertText: "\"\(name)\": \(value)", isSnippet: true, replacing: replacing)
        }
    }

    static func isBorderlineValue(_ object: JSONNode, in parent: JSONNode) -> Bool {
        guard case .object(let members) = parent.kind else { return false }
        return members.contains { $0.value.range == object.range && GridSchema.key(json: $0.key)?.info.valueKind == .borderline }
    }

    static func item(_ label: String, _ kind: CompletionItem.Kind, _ detail: String, insert: String? = nil, snippet: Bool = false, replacing: Range<Int>)
        -> CompletionItem
    {
        CompletionItem(label: label, kind: kind, detail: detail, documentation: "", insertText: insert ?? label, isSnippet: snippet, replacing: replacing)
    }
}
