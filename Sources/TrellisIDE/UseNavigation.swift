import TrellisModel
import TrellisSyntax

/// Where `use` leads: the file a use path names, and the template a used file defines for a
/// name this file uses. The files were read and lowered by the analysis's `UsedFiles`.
public enum UseNavigation {
    /// A place in another file: its path (`TemplateLibrary.file`), a byte range and its text.
    public struct Place: Sendable {
        public var file: String
        public var range: Range<Int>
        public var source: SourceFile
    }

    /// The used file's template named at `offset` (a name this file does not define), or the
    /// start of the file a use path at `offset` names.
    public static func definition(_ analysis: Analysis, at offset: Int) -> Place? {
        guard let tree = analysis.tree, let uses = analysis.file.uses, let index = tree.significantTokenIndex(at: offset) else { return nil }
        let token = tree.tokens[index]
        let node = tree.deepestNode(containingToken: index)
        if tree.nodes[node].kind == .useDirective, let directive = UseDirective(tree, node), directive.path == token,
            let written = UsePath.written(directive), case .library(let library, _)? = uses.outcomes[written]
        {
            return Place(file: library.file, range: 0..<0, source: library.source)
        }
        guard token.kind == .identifier, tree.nodes[node].kind == .templateRef else { return nil }
        let name = tree.text(token)
        guard Navigation.templateDeclaration(named: name, in: tree) == nil, let library = library(defining: name, in: analysis),
            let range = library.templateNames[name]
        else { return nil }
        return Place(file: library.file, range: range, source: library.source)
    }

    /// The used file that defines `name` for this file, as the lowering picked it.
    public static func library(defining name: String, in analysis: Analysis) -> TemplateLibrary? {
        guard let tree = analysis.tree, let uses = analysis.file.uses else { return nil }
        return uses.library(defining: name, order: UsePath.order(in: tree))
    }

    /// Each use path that reached a file: the path's range and the file.
    public static func links(_ analysis: Analysis) -> [(range: Range<Int>, file: String)] {
        guard let tree = analysis.tree, let uses = analysis.file.uses else { return [] }
        return UseDirective.all(in: tree).compactMap { directive in
            guard let token = directive.path, let written = UsePath.written(directive), case .library(let library, _)? = uses.outcomes[written]
            else { return nil }
            return (token.range, library.file)
        }
    }

    /// On a `use` line: the file and the templates it gives. On a use of a template another
    /// file defines: where it is defined.
    static func hover(_ analysis: Analysis, at offset: Int) -> HoverInfo? {
        guard let tree = analysis.tree, let index = tree.significantTokenIndex(at: offset) else { return nil }
        let node = tree.deepestNode(containingToken: index)
        if tree.nodes[node].kind == .useDirective, let directive = UseDirective(tree, node) {
            var text = "**`use \"path\"`** — the templates of another `.trellis` file, used here by name."
            if let written = UsePath.written(directive), case .library(let library, _)? = analysis.file.uses?.outcomes[written] {
                let names = library.names.map { "`\($0)`" }
                text += "\n\n`\(library.path)` gives \(names.isEmpty ? "no template" : names.joined(separator: ", "))"
            }
            return HoverInfo(markdown: text, range: directive.range)
        }
        return nil
    }

    /// The line a hover on a template use adds when another file defines the template.
    static func definedElsewhere(_ analysis: Analysis, name: String) -> String? {
        guard let tree = analysis.tree, Navigation.templateDeclaration(named: name, in: tree) == nil,
            let library = library(defining: name, in: analysis), let range = library.templateNames[name]
        else { return nil }
        return "template `\(name)` from \(library.place(range.lowerBound))"
    }
}
