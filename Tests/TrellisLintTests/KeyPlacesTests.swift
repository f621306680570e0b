import TrellisLayout
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisLint

/// Where a JSON layout's tree says its keys were written is where the file's syntax says:
/// the reports `check` makes after dropping the syntax point where the editor's do.
final class KeyPlacesTests: XCTestCase {
    /// Grid dictionaries with the keys written every way: duplicated (the last is read),
    /// escaped, in typographic quotes, unquoted, missing; grids that are no object; the
    /// JSON of generated programs; every corpus file.
    func inputs() throws -> [SourceFile] {
        var texts: [String] = [
            #"{"rows": [{"size": 10, "size": 20, "cols": [{}, {"size": "fill"}]}, 7, "x", {"top-borderline": {}, "\u0073ize": 5}]}"#,
            #"{"cols": [{“size”: 10, rows: [{}], "left-borderline": 1}, {"size":  "wrap" , "cols" : [{"size":1}] , "rows": [{}]}]}"#,
            ##"{"rows": [{"size": "50%", "overlap": "bottom", "anchor": true, "rows": [{"size": 0, "anchor": true}]}, {"bottom-borderline": {"color": "#FF0000"}}]}"##,
            #"{"cols": [], "size": 3, "rows": [[1], null, {"rows": [{"size": 1}]}]"#,
            #"[{"rows": [{"size": 1}]}]"#,
        ]
        var generator = ProgramGenerator(seed: 24)
        for _ in 0..<150 {
            let loaded = LoadedFile.load(SourceFile(name: "p.trellis", text: generator.program()), kind: .trellis)
            for layout in loaded.layouts {
                texts.append(String(decoding: layout.jsonBytes(style: .pretty), as: UTF8.self))
            }
        }
        var sources = texts.enumerated().map { SourceFile(name: "t\($0.offset).json", text: $0.element) }
        for url in try TestPaths.corpusFiles("seeds", "mylayout", "runtime") {
            sources.append(SourceFile(name: url.lastPathComponent, bytes: try TestPaths.bytes(url)))
        }
        return sources
    }

    func testKeyPlacesAreWhereTheSyntaxSaysTheKeysAre() throws {
        var compared = 0
        for source in try inputs() {
            let file = LoadedFile.load(source, kind: .json)
            let spans = Spans(file)
            for layout in file.layouts {
                let tree = LayoutTree(layout)
                XCTAssertTrue(tree.recordsKeyPlaces, source.name)
                for grid in 0..<tree.count {
                    var keys: [LayoutKey] = [.size, .split]
                    if let edge = tree.firstBorderline[grid] { keys.append(.borderline(edge)) }
                    for key in keys {
                        let expected = spans.span(of: key.gridKey(axis: tree.axis[grid]), at: tree.sources[grid])
                        XCTAssertEqual(tree.place(of: key, grid: grid), expected, "\(source.name) grid \(grid) \(key)")
                        compared += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 2_000)
    }

    /// A one-off lint drops the JSON syntax before the layout passes and reports exactly what
    /// a lint that keeps it reports.
    func testDroppingTheSyntaxChangesNoDiagnostic() throws {
        for source in try inputs() {
            let kept = LoadedFile.load(source, kind: .json)
            let trees = kept.layouts.map(LayoutTree.init)
            let options = LintOptions(viewports: [Viewport(width: 375, height: 667, scale: 2), Viewport(width: 320, height: nil, scale: 3, rtl: true)])
            let expected = Linter.run(kept, trees: trees, options: options, keepsScreens: false).diagnostics
            var dropped = kept
            let found = Linter.run(&dropped, trees: trees, options: options, keepsScreens: false, dropsJSONSyntax: true).diagnostics
            XCTAssertNil(dropped.jsonRoot, source.name)
            XCTAssertTrue(dropped.layouts.allSatisfy { $0.readNode == nil }, source.name)
            XCTAssertEqual(found, expected, source.name)
        }
    }
}
