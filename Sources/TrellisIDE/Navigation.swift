import TrellisModel
import TrellisSyntax

/// A name a document declares: a template (used by cells) or a layout (used by nothing in
/// the file; its name is the JSON file's).
public struct NamedSymbol: Sendable, Equatable {
    /// Whether the name is a template's or a layout's.
    public enum Kind: Sendable { case template, layout }
    public var kind: Kind
    public var name: String
    /// The name token of the declaration, when the name is declared.
    public var declaration: Range<Int>?
}

/// Definition, references, highlights and rename for templates and layouts.
public enum Navigation {
    /// The template or layout named at `offset` (on its declaration or on a use).
    public static func symbol(_ analysis: Analysis, at offset: Int) -> NamedSymbol? {
        guard let tree = analysis.tree, let index = tree.significantTokenIndex(at: offset) else { return nil }
        let token = tree.tokens[index]
        guard token.kind == .identifier else { return nil }
        let node = tree.deepestNode(containingToken: index)
        let name = tree.text(token)
        switch tree.nodes[node].kind {
        case .templateRef:
            let declaration = templateDeclaration(named: name, in: tree).flatMap { TemplateDecl(tree, $0)?.name?.range }
            return NamedSymbol(kind: .template, name: name, declaration: declaration)
        case .templateDecl where TemplateDecl(tree, node)?.name == token:
            return NamedSymbol(kind: .template, name: name, declaration: token.range)
        case .layoutDecl where LayoutDecl(tree, node)?.name == token:
            return NamedSymbol(kind: .layout, name: name, declaration: token.range)
        default:
            return nil
        }
    }

    /// The first declaration of template `name` (the one the lowering uses), as a node.
    public static func templateDeclaration(named name: String, in tree: SyntaxTree) -> Int? {
        var found: Int?
        tree.forEachChild(of: 0) { item in
            guard found == nil, let declaration = TemplateDecl(tree, item), let token = declaration.name, tree.text(token) == name else { return }
            found = item
        }
        return found
    }

    /// Where the symbol at `offset` is declared.
    public static func definition(_ analysis: Analysis, at offset: Int) -> Range<Int>? {
        symbol(analysis, at: offset)?.declaration
    }

    /// Every occurrence of the symbol at `offset`: its uses, and its declaration if asked.
    public static func references(_ analysis: Analysis, at offset: Int, includeDeclaration: Bool) -> [Range<Int>] {
        guard let tree = analysis.tree, let symbol = symbol(analysis, at: offset) else { return [] }
        var result: [Range<Int>] = []
        if includeDeclaration, let declaration = symbol.declaration { result.append(declaration) }
        guard symbol.kind == .template else { return result }
        for node in tree.descendants(of: 0, .templateRef) {
            guard let index = tree.firstToken(of: node) else { continue }
            let token = tree.tokens[index]
            if tree.text(token) == symbol.name { result.append(token.range) }
        }
        return result.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// The range to rename at `offset` and its current text, or nil when nothing there can
    /// be renamed.
    public static func prepareRename(_ analysis: Analysis, at offset: Int) -> (range: Range<Int>, text: String)? {
        guard let tree = analysis.tree, symbol(analysis, at: offset) != nil,
            let index = tree.significantTokenIndex(at: offset)
        else { return nil }
        let token = tree.tokens[index]
        return (token.range, tree.text(token))
    }

    /// Why `newName` cannot name a template or layout, or nil when it can.
    public static func renameProblem(_ analysis: Analysis, at offset: Int, to newName: String) -> String? {
        guard let tree = analysis.tree, let symbol = symbol(analysis, at: offset) else { return "there is nothing to rename here" }
        let lexed = Lexer.tokenize(Array(newName.utf8)).tokens.filter { $0.kind != .eof }
        guard lexed.count == 1, lexed[0].kind == .identifier else { return "`\(newName)` is not a name (letters, digits, `_` and `-`, not a keyword)" }
        if AttributeName.lookup(Array(newName.utf8), 0..<newName.utf8.count) != nil {
            return "`\(newName)` is an attribute: a cell would read it as one"
        }
        if newName == symbol.name { return nil }
        var taken = false
        tree.forEachChild(of: 0) { item in
            let token = symbol.kind == .template ? TemplateDecl(tree, item)?.name : LayoutDecl(tree, item)?.name
            if let token, tree.text(token) == newName { taken = true }
        }
        return taken ? "a \(symbol.kind == .template ? "template" : "layout") named `\(newName)` exists already" : nil
    }

    /// The edits that rename the symbol at `offset`, or nil when it cannot be renamed.
    public static func rename(_ analysis: Analysis, at offset: Int, to newName: String) -> [TextEdit]? {
        guard renameProblem(analysis, at: offset, to: newName) == nil else { return nil }
        return references(analysis, at: offset, includeDeclaration: true).map { TextEdit(range: $0, replacement: newName) }
    }
}
