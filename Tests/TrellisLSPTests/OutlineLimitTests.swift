import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisIDE

/// The outline of a large document is cut to a number of symbols level by level; below the
/// limit it is the whole outline, as it was made before there was a limit.
final class OutlineLimitTests: XCTestCase {
    func testALargeOutlineKeepsItsUpperLevelsWhole() {
        let layout = "layout L rows {\n" + (1...5).map { "  \($0)0 cols 1 | 2 | 3 | 4\n" }.joined() + "}\n"
        let text = ["a", "b", "c"].map { layout.replacingOccurrences(of: "layout L", with: "layout \($0)") }.joined()
        let analysis = Analysis(SourceFile(name: "t.trellis", text: text), kind: .trellis)
        XCTAssertEqual(count(Symbols.symbols(analysis)), 3 + 15 + 60)
        let cut = Symbols.symbols(analysis, limit: 10)
        XCTAssertEqual(count(cut), 10)
        // Three layouts, then the first seven rows in source order, and no columns.
        XCTAssertEqual(cut.map(\.name), ["a", "b", "c"])
        XCTAssertEqual(cut.map { $0.children.map(\.name) }, [["10 cols", "20 cols", "30 cols", "40 cols", "50 cols"], ["10 cols", "20 cols"], []])
        XCTAssertTrue(cut.allSatisfy { $0.children.allSatisfy(\.children.isEmpty) })
        XCTAssertEqual(Symbols.symbols(analysis, limit: 2).map(\.name), ["a", "b"])
        let json = ##"{"rows": [{"size": 10, "cols": [{}, {}]}, {"size": 20, "cols": [{}, {}]}]}"##
        let grid = Analysis(SourceFile(name: "t.grid.json", text: json), kind: .json)
        XCTAssertEqual(Symbols.symbols(grid, limit: 4).first?.children.map { $0.children.count }, [1, 0])
    }

    /// Random programs and grid dictionaries: the outline is the one the recursive
    /// definition gives (the code before the limit, kept here as the reference).
    func testBelowTheLimitTheOutlineIsWhole() {
        var programs = ProgramGenerator(seed: 303)
        for _ in 0..<200 {
            let source = SourceFile(name: "t.trellis", text: programs.program())
            let analysis = Analysis(source, kind: .trellis)
            guard let tree = analysis.tree else { continue }
            XCTAssertEqual(Symbols.symbols(analysis), Reference.trellisSymbols(tree), source.text)
            guard let layout = analysis.file.layouts.first else { continue }
            let json = SourceFile(name: "t.grid.json", bytes: layout.jsonBytes(style: .pretty))
            let grid = Analysis(json, kind: .json)
            if let root = grid.file.jsonRoot, let name = grid.file.layouts.first?.name {
                XCTAssertEqual(Symbols.symbols(grid), [Reference.jsonSymbol(root, name: name, path: "", kind: .layout, depth: 0)], json.text)
            }
        }
    }

    func count(_ symbols: [DocumentSymbol]) -> Int { symbols.reduce(0) { $0 + 1 + count($1.children) } }

    /// The outline as it was made before the limit: recursively, every cell.
    enum Reference {
        static func trellisSymbols(_ tree: SyntaxTree) -> [DocumentSymbol] {
            var result: [DocumentSymbol] = []
            tree.forEachChild(of: 0) { item in
                if let layout = LayoutDecl(tree, item), let name = layout.name {
                    let cells = layout.root.map { cellChildren($0, path: "", depth: 0) } ?? []
                    result.append(
                        DocumentSymbol(
                            name: tree.text(name), detail: "layout", kind: .layout, range: tree.range(of: item),
                            selectionRange: name.range, children: cells))
                } else if let template = TemplateDecl(tree, item), let name = template.name {
                    let cells = template.body.map { [cellSymbol($0, path: nil, depth: 1)] } ?? []
                    result.append(
                        DocumentSymbol(
                            name: tree.text(name), detail: "template", kind: .template, range: tree.range(of: item),
                            selectionRange: name.range, children: cells))
                } else if let cell = CellSyntax(tree, item) {
                    result.append(
                        DocumentSymbol(
                            name: "(layout)", detail: "root", kind: .layout, range: cell.range,
                            selectionRange: cell.range, children: cellChildren(cell, path: "", depth: 0)))
                }
            }
            return result
        }

        static func cellChildren(_ cell: CellSyntax, path: String, depth: Int) -> [DocumentSymbol] {
            guard depth < Symbols.maximumDepth, let split = cell.split else { return [] }
            return split.cells.enumerated().map { number, child in
                cellSymbol(child, path: path.isEmpty ? "\(number + 1)" : "\(path).\(number + 1)", depth: depth + 1)
            }
        }

        static func cellSymbol(_ cell: CellSyntax, path: String?, depth: Int) -> DocumentSymbol {
            var symbol = Symbols.cellSymbol(cell, path: path)
            symbol.children = cellChildren(cell, path: path ?? "", depth: depth)
            return symbol
        }

        static func jsonSymbol(_ node: JSONNode, name: String, path: String, kind: DocumentSymbol.Kind, depth: Int) -> DocumentSymbol {
            var children: [DocumentSymbol] = []
            var selection = node.range
            var size = ""
            if case .object(let members) = node.kind {
                if let member = members.last(where: { $0.key == "size" }) {
                    size = String(decoding: JSONWriter.write(member.value.value, style: .compact), as: UTF8.self)
                    selection = member.keyRange
                }
                var number = 0
                for key in ["cols", "rows"] {
                    guard depth < Symbols.maximumDepth, let member = members.last(where: { $0.key == key }), case .array(let elements) = member.value.kind
                    else { continue }
                    if selection == node.range { selection = member.keyRange }
                    for element in elements {
                        number += 1
                        let childPath = path.isEmpty ? "\(number)" : "\(path).\(number)"
                        children.append(jsonSymbol(element, name: childPath, path: childPath, kind: .cell, depth: depth + 1))
                    }
                }
            }
            let label = kind == .layout ? name : (size.isEmpty ? name : "\(name) \(size)")
            return DocumentSymbol(
                name: label, detail: kind == .layout ? "layout" : "grid \(path)", kind: kind, range: node.range,
                selectionRange: selection, children: children)
        }
    }
}
