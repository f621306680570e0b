import TrellisModel
import TrellisSyntax

/// A template across the files of a workspace: the file that defines it, and in every file
/// the names that mean it (a file's own template of that name wins, else the first `use`
/// that gives one, as the lowering picks).
public enum WorkspaceNavigation {
    /// A template, by the file that defines it (a canonical path) and its name.
    public struct Template: Sendable, Hashable {
        public var file: String
        public var name: String
    }

    /// The template named at `offset` of `analysis` (its declaration or a use), when it is
    /// one a file defines; `path` is the analysed document's canonical path.
    public static func template(_ analysis: Analysis, at offset: Int, path: String) -> Template? {
        guard let symbol = Navigation.symbol(analysis, at: offset), symbol.kind == .template else { return nil }
        if symbol.declaration != nil { return Template(file: path, name: symbol.name) }
        return UseNavigation.library(defining: symbol.name, in: analysis).map { Template(file: $0.file, name: symbol.name) }
    }

    /// Whether a file at `path` with this text may mention `template` at all (it spells the
    /// name, and is its file or spells `use`): the files worth parsing.
    public static func mayMention(_ template: Template, bytes: [UInt8], path: String) -> Bool {
        ByteSearch.contains(Array(template.name.utf8), in: bytes) && (path == template.file || ByteSearch.contains(Array("use".utf8), in: bytes))
    }

    /// The places in one file that mean `template`: in its own file, its declaration's name
    /// and the uses there; elsewhere, the uses of the name where that file's `use` lines
    /// give it. `uses` is what the file's `use` lines reached.
    public static func occurrences(of template: Template, in tree: SyntaxTree, path: String, uses: UsedFiles?) -> [Range<Int>] {
        let own = Navigation.templateDeclaration(named: template.name, in: tree)
        if path == template.file {
            guard let declaration = own, let name = TemplateDecl(tree, declaration)?.name else { return [] }
            return [name.range] + self.uses(of: template.name, in: tree)
        }
        let order = UsePath.order(in: tree)
        guard own == nil, let uses, uses.library(defining: template.name, order: order)?.file == template.file else { return [] }
        return self.uses(of: template.name, in: tree)
    }

    /// Why naming `template` `newName` would change what a name means in this file (which
    /// uses the template): the file has, or is given, a template of that name already.
    public static func renameConflict(to newName: String, in tree: SyntaxTree, uses: UsedFiles?) -> String? {
        if Navigation.templateDeclaration(named: newName, in: tree) != nil { return "it defines a template `\(newName)`" }
        let order = UsePath.order(in: tree)
        if let library = uses?.library(defining: newName, order: order) { return "it uses a template `\(newName)` of `\(library.path)`" }
        return nil
    }

    /// The name tokens of the cells that use a template of this name.
    static func uses(of name: String, in tree: SyntaxTree) -> [Range<Int>] {
        tree.descendants(of: 0, .templateRef).compactMap { node in
            guard let index = tree.firstToken(of: node), tree.text(tree.tokens[index]) == name else { return nil }
            return tree.tokens[index].range
        }
    }
}
