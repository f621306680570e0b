import TrellisModel
import TrellisSyntax

/// A named thing in a document: a layout, a template or a cell (a grid object in JSON), with
/// its whole range, the range of its name, and the symbols inside it.
public struct DocumentSymbol: Sendable, Equatable {
    public enum Kind: Sendable { case layout, template, cell }
    public var name: String
    public var detail: String
    public var kind: Kind
    public var range: Range<Int>
    public var selectionRange: Range<Int>
    public var children: [DocumentSymbol]
}

/// The outline: layouts and templates in source order, each with its cells nested as they
/// split; for grid JSON, the grid objects nested by `rows`/`cols`.
public enum Symbols {
    /// Deeper cells are left out of the outline (the tree is still navigable by selection).
    static let maximumDepth = 64

    public static func symbols(_ analysis: Analysis) -> [DocumentSymbol] {
        if let tree = analysis.tree { return trellisSymbols(tree) }
        if let root = analysis.file.jsonRoot, let name = analysis.file.layouts.first?.name {
            return [jsonSymbol(root, name: name, path: "", kind: .layout, depth: 0)]
        }
        return []
    }

    static func trellisSymbols(_ tree: SyntaxTree) -> [DocumentSymbol] {
        var result: [DocumentSymbol] = []
        tree.forEachChild(of: 0) { item in
            if let layout = LayoutDecl(tree, item), let name = layout.name {
                let cells = layout.root.map { cellChildren($0, path: "", depth: 0) } ?? []
                result.append(DocumentSymbol(name: tree.text(name), detail: "layout", kind: .layout, range: tree.range(of: item),
                                             selectionRange: name.range, children: cells))
            } else if let template = TemplateDecl(tree, item), let name = template.name {
                let cells = template.body.map { [cellSymbol($0, path: nil, depth: 1)] } ?? []
                result.append(DocumentSymbol(name: tree.text(name), detail: "template", kind: .template, range: tree.range(of: item),
                                             selectionRange: name.range, children: cells))
            } else if let cell = CellSyntax(tree, item) {
                result.append(DocumentSymbol(name: "(layout)", detail: "root", kind: .layout, range: cell.range,
                                             selectionRange: cell.range, children: cellChildren(cell, path: "", depth: 0)))
            }
        }
        return result
    }

    static func cellChildren(_ cell: CellSyntax, path: String, depth: Int) -> [DocumentSymbol] {
        guard depth < maximumDepth, let split = cell.split else { return [] }
        return split.cells.enumerated().map { number, child in
            cellSymbol(child, path: path.isEmpty ? "\(number + 1)" : "\(path).\(number + 1)", depth: depth + 1)
        }
    }

    /// A cell: named by how it starts (`30% cols`, `card`), with its path in the layout.
    static func cellSymbol(_ cell: CellSyntax, path: String?, depth: Int) -> DocumentSymbol {
        let tree = cell.tree
        var head: [String] = []
        if let size = cell.size { head.append(tree.text(size)) }
        if let name = cell.templateRef { head.append(tree.text(name)) }
        if let keyword = cell.split?.keyword { head.append(tree.text(keyword)) }
        if let count = cell.repeatCount { head.append("* " + tree.text(count)) }
        let name = head.isEmpty ? "cell" : head.joined(separator: " ")
        let selection = (cell.size ?? cell.templateRef ?? cell.split?.keyword)?.range ?? cell.range
        return DocumentSymbol(name: name, detail: path.map { "grid \($0)" } ?? "", kind: .cell, range: cell.range,
                              selectionRange: selection, children: cellChildren(cell, path: path ?? "", depth: depth))
    }

    static func jsonSymbol(_ node: JSONNode, name: String, path: String, kind: DocumentSymbol.Kind, depth: Int) -> DocumentSymbol {
        var children: [DocumentSymbol] = []
        var selection = node.range
        var size = ""
        if case .object(let members) = node.kind {
            if let member = members.last(where: { $0.key == "size" }) {
                size = String(decoding: JSONWriter.write(member.value.value, style: .compact), as: UTF8.self).trimmingNewline
                selection = member.keyRange
            }
            var number = 0
            for key in ["cols", "rows"] {
                guard depth < maximumDepth, let member = members.last(where: { $0.key == key }), case .array(let elements) = member.value.kind else { continue }
                if selection == node.range { selection = member.keyRange }
                for element in elements {
                    number += 1
                    let childPath = path.isEmpty ? "\(number)" : "\(path).\(number)"
                    children.append(jsonSymbol(element, name: childPath, path: childPath, kind: .cell, depth: depth + 1))
                }
            }
        }
        let label = kind == .layout ? name : (size.isEmpty ? name : "\(name) \(size)")
        return DocumentSymbol(name: label, detail: kind == .layout ? "layout" : "grid \(path)", kind: kind, range: node.range,
                              selectionRange: selection, children: children)
    }
}
