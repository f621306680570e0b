import TrellisModel
import TrellisSyntax

/// A named thing in a document: a layout, a template or a cell (a grid object in JSON), with
/// its whole range, the range of its name, and the symbols inside it.
public struct DocumentSymbol: Sendable, Equatable {
    /// What the symbol is, for the outline's icon.
    public enum Kind: Sendable { case layout, template, cell }
    public var name: String
    public var detail: String
    public var kind: Kind
    public var range: Range<Int>
    public var selectionRange: Range<Int>
    public var children: [DocumentSymbol]
}

/// The outline: layouts and templates in source order, each with its cells nested as they
/// split; for grid JSON, the grid objects nested by `rows`/`cols`. A large document's outline
/// is cut to ``maximumCount`` symbols level by level: every layout and template first, then
/// the cells of their splits, then the cells of those, each level in source order, the last
/// one taken in part. So a 20 MB file (over a million cells) gets an outline an editor can
/// show, made in time proportional to what it shows.
public enum Symbols {
    /// Deeper cells are left out of the outline (the tree is still navigable by selection).
    static let maximumDepth = 64
    /// The most symbols an outline holds.
    public static let maximumCount = 20_000

    public static func symbols(_ analysis: Analysis, limit: Int = maximumCount) -> [DocumentSymbol] {
        if let tree = analysis.tree { return trellisSymbols(tree, limit: limit) }
        if let root = analysis.file.jsonRoot, let name = analysis.file.layouts.first?.name {
            var outline = Outline<JSONPlace>(limit: limit)
            _ = outline.add(jsonSymbol(root, name: name, path: "", kind: .layout, depth: 0), JSONPlace(node: root, path: "", depth: 0), parent: -1)
            outline.expand { entry, place, outline in
                for (child, path) in jsonChildren(place) {
                    let symbol = jsonSymbol(child, name: path, path: path, kind: .cell, depth: place.depth + 1)
                    guard outline.add(symbol, JSONPlace(node: child, path: path, depth: place.depth + 1), parent: entry) else { return }
                }
            }
            return outline.nested()
        }
        return []
    }

    /// Where a Trellis symbol's children come from: a template's cell, or the cells of a
    /// cell's split (a layout's are its root cell's).
    enum TrellisPlace {
        case template(CellSyntax?)
        case cell(CellSyntax?, path: String, depth: Int)
    }

    static func trellisSymbols(_ tree: SyntaxTree, limit: Int) -> [DocumentSymbol] {
        var outline = Outline<TrellisPlace>(limit: limit)
        var full = false
        tree.forEachChild(of: 0) { item in
            guard !full else { return }
            if let layout = LayoutDecl(tree, item), let name = layout.name {
                full = !outline.add(
                    DocumentSymbol(
                        name: tree.text(name), detail: "layout", kind: .layout, range: tree.range(of: item),
                        selectionRange: name.range, children: []),
                    .cell(layout.root, path: "", depth: 0), parent: -1)
            } else if let template = TemplateDecl(tree, item), let name = template.name {
                full = !outline.add(
                    DocumentSymbol(
                        name: tree.text(name), detail: "template", kind: .template, range: tree.range(of: item),
                        selectionRange: name.range, children: []),
                    .template(template.body), parent: -1)
            } else if let cell = CellSyntax(tree, item) {
                full = !outline.add(
                    DocumentSymbol(
                        name: "(layout)", detail: "root", kind: .layout, range: cell.range,
                        selectionRange: cell.range, children: []),
                    .cell(cell, path: "", depth: 0), parent: -1)
            }
        }
        outline.expand { entry, place, outline in
            switch place {
            case .template(let body):
                guard let body else { return }
                _ = outline.add(cellSymbol(body, path: nil), .cell(body, path: "", depth: 1), parent: entry)
            case .cell(let cell, let path, let depth):
                guard depth < maximumDepth, let split = cell?.split else { return }
                for (number, child) in split.cells.enumerated() {
                    let childPath = path.isEmpty ? "\(number + 1)" : "\(path).\(number + 1)"
                    guard outline.add(cellSymbol(child, path: childPath), .cell(child, path: childPath, depth: depth + 1), parent: entry) else { return }
                }
            }
        }
        return outline.nested()
    }

    /// A cell: named by how it starts (`30% cols`, `card`), with its path in the layout.
    static func cellSymbol(_ cell: CellSyntax, path: String?) -> DocumentSymbol {
        let tree = cell.tree
        var head: [String] = []
        if let size = cell.size { head.append(tree.text(size)) }
        if let name = cell.templateRef { head.append(tree.text(name)) }
        if let keyword = cell.split?.keyword { head.append(tree.text(keyword)) }
        if let count = cell.repeatCount { head.append("* " + tree.text(count)) }
        let name = head.isEmpty ? "cell" : head.joined(separator: " ")
        let selection = (cell.size ?? cell.templateRef ?? cell.split?.keyword)?.range ?? cell.range
        return DocumentSymbol(
            name: name, detail: path.map { "grid \($0)" } ?? "", kind: .cell, range: cell.range,
            selectionRange: selection, children: [])
    }

    /// A grid object of a JSON document and its place in the outline.
    struct JSONPlace {
        var node: JSONNode
        var path: String
        var depth: Int
    }

    /// The grid objects of an object's `cols` and `rows`, with their paths.
    static func jsonChildren(_ place: JSONPlace) -> [(JSONNode, String)] {
        guard place.depth < maximumDepth, case .object(let members) = place.node.kind else { return [] }
        var children: [(JSONNode, String)] = []
        for key in [GridKey.cols.jsonName, GridKey.rows.jsonName] {
            guard let member = members.last(where: { $0.key == key }), case .array(let elements) = member.value.kind else { continue }
            for element in elements {
                let number = children.count + 1
                children.append((element, place.path.isEmpty ? "\(number)" : "\(place.path).\(number)"))
            }
        }
        return children
    }

    /// A grid object, named by its path and size.
    static func jsonSymbol(_ node: JSONNode, name: String, path: String, kind: DocumentSymbol.Kind, depth: Int) -> DocumentSymbol {
        var selection = node.range
        var size = ""
        if case .object(let members) = node.kind {
            if let member = members.last(where: { $0.key == GridKey.size.jsonName }) {
                size = String(decoding: JSONWriter.write(member.value.value, style: .compact), as: UTF8.self).trimmingNewline
                selection = member.keyRange
            }
            if depth < maximumDepth, selection == node.range,
                let member = [GridKey.cols.jsonName, GridKey.rows.jsonName].lazy.compactMap({ key in members.last(where: { $0.key == key }) }).first(where: {
                    $0.value.type == .array
                })
            {
                selection = member.keyRange
            }
        }
        let label = kind == .layout ? name : (size.isEmpty ? name : "\(name) \(size)")
        return DocumentSymbol(
            name: label, detail: kind == .layout ? "layout" : "grid \(path)", kind: kind, range: node.range,
            selectionRange: selection, children: [])
    }
}

/// An outline made breadth first up to a limit: each entry is a symbol without its children,
/// the place its children come from, and its parent's entry. Entries are added level by
/// level in source order, so cutting at the limit keeps the upper levels whole.
struct Outline<Place> {
    var symbols: [DocumentSymbol] = []
    var places: [Place] = []
    var parents: [Int] = []
    let limit: Int

    init(limit: Int) { self.limit = max(0, limit) }

    /// Adds a symbol; false (and nothing added) once the outline is full.
    mutating func add(_ symbol: DocumentSymbol, _ place: Place, parent: Int) -> Bool {
        guard symbols.count < limit else { return false }
        symbols.append(symbol)
        places.append(place)
        parents.append(parent)
        return true
    }

    /// Calls `children` on each entry in turn (level by level, as they were added), which
    /// adds the entry's children, until the outline is full.
    mutating func expand(_ children: (Int, Place, inout Outline) -> Void) {
        var entry = 0
        while entry < symbols.count, symbols.count < limit {
            children(entry, places[entry], &self)
            entry += 1
        }
    }

    /// The top-level symbols with their children nested.
    func nested() -> [DocumentSymbol] {
        var children = [[Int]](repeating: [], count: symbols.count)
        var roots: [Int] = []
        for entry in symbols.indices {
            if parents[entry] < 0 { roots.append(entry) } else { children[parents[entry]].append(entry) }
        }
        func build(_ entry: Int) -> DocumentSymbol {
            var symbol = symbols[entry]
            symbol.children = children[entry].map(build)
            return symbol
        }
        return roots.map(build)
    }
}
