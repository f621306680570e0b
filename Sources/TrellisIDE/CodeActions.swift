import TrellisLint
import TrellisModel
import TrellisSyntax

/// An edit the editor can offer: a diagnostic's fix-it, "fix all", or a refactoring.
public struct CodeAction: Sendable {
    public var title: String
    /// The LSP kind: `quickfix`, `source.fixAll.trellis`, `refactor.extract`, `refactor.inline`.
    public var kind: String
    public var edits: [TextEdit]
    /// The diagnostic a quick fix repairs.
    public var diagnostic: Diagnostic?
    public var isPreferred: Bool
}

/// Code actions. Every fix-it of a diagnostic under the range is a quick fix; "fix all"
/// applies the safe fixes as `trellis check --fix` does; "extract template" and "inline
/// template" are offered only when the document they produce builds exactly the same JSON.
public enum CodeActions {
    public static let fixAllKind = "source.fixAll.trellis"

    public static func actions(_ analysis: Analysis, range: Range<Int>, only kinds: [String]? = nil) -> [CodeAction] {
        func wanted(_ kind: String) -> Bool {
            guard let kinds else { return true }
            return kinds.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        var actions: [CodeAction] = []
        if wanted("quickfix") {
            for diagnostic in analysis.diagnostics where touches(diagnostic.range, range) {
                for (number, fix) in diagnostic.fixIts.enumerated() where !fix.edits.isEmpty {
                    actions.append(
                        CodeAction(
                            title: fix.message + (fix.isSafe ? "" : " (review)"), kind: "quickfix", edits: fix.edits,
                            diagnostic: diagnostic, isPreferred: number == 0 && fix.isSafe))
                }
            }
        }
        if wanted(fixAllKind), let fixAll = fixAll(analysis) { actions.append(fixAll) }
        if wanted("refactor.extract"), let extract = extractTemplate(analysis, range: range) { actions.append(extract) }
        if wanted("refactor.inline"), let inline = inlineTemplate(analysis, at: range.lowerBound) { actions.append(inline) }
        return actions
    }

    static func touches(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.overlaps(b) || a.contains(b.lowerBound) || b.contains(a.lowerBound) || a.lowerBound == b.lowerBound || a.upperBound == b.lowerBound
    }

    /// Every safe fix, applied as `trellis check --fix` applies them.
    public static func fixAll(_ analysis: Analysis) -> CodeAction? {
        let outcome = Fixer.fix(
            analysis.source, kind: analysis.file.kind, target: analysis.target, options: analysis.options, unsafe: false, uses: analysis.file.uses)
        guard outcome.bytes != analysis.source.bytes else { return nil }
        let edit = TextEdit(range: 0..<analysis.source.bytes.count, replacement: String(decoding: outcome.bytes, as: UTF8.self))
        return CodeAction(title: "Fix all safe problems (\(outcome.fixed.count))", kind: fixAllKind, edits: [edit], diagnostic: nil, isPreferred: false)
    }

    // MARK: extract template

    /// Moves the cell at `range` into a new template and uses it in its place.
    public static func extractTemplate(_ analysis: Analysis, range: Range<Int>) -> CodeAction? {
        guard let tree = analysis.tree, analysis.file.diagnostics.allSatisfy({ $0.severity != .error }) else { return nil }
        guard let cellNode = tree.enclosing(.cell, from: tree.coveringNode(range)), let cell = CellSyntax(tree, cellNode),
            tree.nodes[cellNode].parent > 0 || tree.nodes[tree.nodes[cellNode].parent].kind == .layoutDecl
        else { return nil }
        let cellRange = cell.range
        guard !cellRange.isEmpty else { return nil }
        var bodyEnd = cellRange.upperBound
        var use = ""
        if let clause = tree.child(of: cellNode, .repeatClause) {
            let clauseRange = tree.range(of: clause)
            bodyEnd = clauseRange.lowerBound
            use = " " + tree.source.text(in: clauseRange)
        }
        let body = tree.source.text(in: cellRange.lowerBound..<bodyEnd).trimmingTrailingSpaces
        guard !body.isEmpty else { return nil }
        let name = freshName("extracted", tree)
        var top = cellNode
        while tree.nodes[top].parent > 0 { top = tree.nodes[top].parent }
        let insertAt = tree.source.lineRange(tree.source.lineIndex(of: tree.range(of: top).lowerBound)).lowerBound
        // The body goes at column 2; lines that continue it keep their depth relative to the
        // line the cell started on (the offside rule).
        let body2 = reindent(body, by: 2 - indentation(tree.source, of: cellRange.lowerBound))
        let declaration = "template \(name) {\n  " + body2 + "\n}\n\n"
        let edits = [
            TextEdit(range: insertAt..<insertAt, replacement: declaration),
            TextEdit(range: cellRange, replacement: name + use),
        ]
        guard buildsTheSame(analysis, edits) else { return nil }
        return CodeAction(title: "Extract template `\(name)`", kind: "refactor.extract", edits: edits, diagnostic: nil, isPreferred: false)
    }

    // MARK: inline template

    /// Replaces the template use at `offset` with the template's cell, the use's overrides
    /// applied (its size, attributes, split and repetition win).
    public static func inlineTemplate(_ analysis: Analysis, at offset: Int) -> CodeAction? {
        guard let tree = analysis.tree, analysis.file.diagnostics.allSatisfy({ $0.severity != .error }),
            let index = tree.significantTokenIndex(at: offset)
        else { return nil }
        let refNode = tree.deepestNode(containingToken: index)
        guard tree.nodes[refNode].kind == .templateRef, let useNode = tree.enclosing(.cell, from: refNode), let use = CellSyntax(tree, useNode),
            let name = use.templateRef, let declaration = Navigation.templateDeclaration(named: tree.text(name), in: tree),
            let body = TemplateDecl(tree, declaration)?.body
        else { return nil }
        let source = tree.source
        func text(_ node: Int) -> String { source.text(in: tree.range(of: node)) }
        func text(_ token: Token) -> String { source.text(in: token.range) }
        var parts: [String] = []
        if let size = use.size ?? body.size { parts.append(text(size)) }
        if let inner = body.templateRef { parts.append(text(inner)) }
        let overridden = Set(use.attributes.compactMap { $0.nameToken.map(text) })
        for attribute in body.attributes where !(attribute.nameToken.map { overridden.contains(text($0)) } ?? false) {
            parts.append(text(attribute.node))
        }
        for attribute in use.attributes { parts.append(text(attribute.node)) }
        let useIndent = indentation(source, of: use.range.lowerBound)
        let bodyIndent = indentation(source, of: body.range.lowerBound)
        if let split = use.split {
            parts.append(text(split.node))
        } else if let split = body.split {
            parts.append(reindent(text(split.node), by: useIndent - bodyIndent))
        }
        if let clause = tree.child(of: useNode, .repeatClause) { parts.append(text(clause)) }
        let edits = [TextEdit(range: use.range, replacement: parts.joined(separator: " "))]
        guard buildsTheSame(analysis, edits) else { return nil }
        return CodeAction(title: "Inline template `\(text(name))`", kind: "refactor.inline", edits: edits, diagnostic: nil, isPreferred: false)
    }

    // MARK: helpers

    /// Whether the document with `edits` applied builds every layout to the same JSON, with
    /// no new errors.
    static func buildsTheSame(_ analysis: Analysis, _ edits: [TextEdit]) -> Bool {
        var bytes = analysis.source.bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            guard edit.range.upperBound <= bytes.count else { return false }
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        let after = LoadedFile.load(
            SourceFile(name: analysis.source.name, bytes: bytes), kind: analysis.file.kind, target: analysis.target, uses: analysis.file.uses)
        guard after.diagnostics.allSatisfy({ $0.severity != .error }), after.layouts.count == analysis.file.layouts.count else { return false }
        for (old, new) in zip(analysis.file.layouts, after.layouts) {
            guard old.name == new.name, old.jsonBytes(style: .compact) == new.jsonBytes(style: .compact) else { return false }
        }
        return true
    }

    static func freshName(_ base: String, _ tree: SyntaxTree) -> String {
        var taken: Set<String> = []
        tree.forEachChild(of: 0) { item in
            if let token = TemplateDecl(tree, item)?.name ?? LayoutDecl(tree, item)?.name { taken.insert(tree.text(token)) }
        }
        var name = base
        var number = 2
        while taken.contains(name) {
            name = base + String(number)
            number += 1
        }
        return name
    }

    static func indentation(_ source: SourceFile, of offset: Int) -> Int {
        let line = source.lineRange(source.lineIndex(of: offset))
        var count = 0
        while line.lowerBound + count < line.upperBound,
            source.bytes[line.lowerBound + count] == UInt8(ascii: " ") || source.bytes[line.lowerBound + count] == UInt8(ascii: "\t")
        {
            count += 1
        }
        return count
    }

    /// Shifts every line after the first by `delta` columns.
    static func reindent(_ text: String, by delta: Int) -> String {
        guard delta != 0 else { return text }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().map { number, line in
            guard number > 0 else { return String(line) }
            if delta > 0 { return String(repeating: " ", count: delta) + line }
            let spaces = line.prefix { $0 == " " }.count
            return String(line.dropFirst(min(spaces, -delta)))
        }.joined(separator: "\n")
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
