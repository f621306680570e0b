import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisModel

/// The flat grid store: a grid tree survives the trip into an arena and back, a template's
/// uses and the copies of `* N` share one subtree, and changing one use never changes another.
final class GridArenaTests: XCTestCase {
    /// Every stored field of every grid, children included (`String(reflecting:)` prints each
    /// number in its round-trip form, so -0.0, infinities and 1e20 are told apart).
    func describe(_ grid: Grid) -> String { String(reflecting: grid) }

    func testRandomGridsSurviveTheArena() {
        var random = SeededRandom(seed: 2026_11_23)
        for round in 0..<3_000 {
            let grid = RandomGrids.grid(random: &random)
            let tree = GridTree(grid)
            XCTAssertEqual(describe(tree.grid), describe(grid), "round \(round)")
            // Several trees in one arena keep their own roots.
            var shared = GridArena()
            let first = shared.append(grid)
            let second = shared.append(RandomGrids.grid(random: &random))
            XCTAssertEqual(describe(shared.grid(at: first)), describe(grid), "round \(round)")
            XCTAssertNotEqual(first, second)
        }
    }

    func lower(_ text: String) -> LoweringResult {
        Lowering.lower(Parser.parse(SourceFile(name: "a.trellis", text: text)).tree)
    }

    func json(_ layout: TrellisModel.LayoutDecl) -> String {
        String(decoding: GridJSONWriter.write(layout.tree, dialect: .v2, style: .compact), as: UTF8.self)
    }

    /// Overrides on one use of a template (its rare fields included: borderlines, raw members,
    /// action data, overlap, content sizes) reach that use only.
    func testOverridesOnATemplateUseStayOnThatUse() throws {
        let result = lower("""
            template card { 20 gravity(top) bottom-borderline(color #EEEEEE) json({"x-note": "t"}) cols 10 | fill }
            layout a rows {
              card top-borderline(thick 2) action-data("d") overlap(bottom) content(8x9) gravity(left) json({"x-more": 1})
              card
              card anchor * 2
            }
            """)
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        let layout = try XCTUnwrap(result.document.layouts.first)
        XCTAssertEqual(json(layout), #"""
            {"rows":[\#
            {"size":20,"gravity":"left","overlap":"bottom","action-data":"d","top-borderline":{"thick":2},"bottom-borderline":{"color":"#EEEEEE"},"x-note":"t","x-more":1,"cols":[{"size":10},{"size":"fill"}]},\#
            {"size":20,"gravity":"top","bottom-borderline":{"color":"#EEEEEE"},"x-note":"t","cols":[{"size":10},{"size":"fill"}]},\#
            {"size":20,"gravity":"top","anchor":true,"bottom-borderline":{"color":"#EEEEEE"},"x-note":"t","cols":[{"size":10},{"size":"fill"}]},\#
            {"size":20,"gravity":"top","anchor":true,"bottom-borderline":{"color":"#EEEEEE"},"x-note":"t","cols":[{"size":10},{"size":"fill"}]}]}
            """#)
        XCTAssertEqual(layout.root.children[0].contentSize, PreviewSize(width: 8, height: 9))
        XCTAssertNil(layout.root.children[1].contentSize)
    }

    /// A template used many times and a cell repeated with `* N` are stored once: the arena
    /// grows with the source, while the written JSON has every copy.
    func testTemplateUsesAndRepeatsShareTheirSubtree() throws {
        let result = lower("""
            template row { 40 cols 10 | 20 | 30 | fill }
            layout a rows {
              row * 500
              row
              row
            }
            """)
        let layout = try XCTUnwrap(result.document.layouts.first)
        XCTAssertEqual(layout.root.gridCount, 1 + 502 * 5)
        // The template's four children, its uses (the repeat's 500 copies are records of their
        // own, all pointing at those four children) and the root.
        XCTAssertLessThan(layout.tree.arena.recordCount, 4 + 502 + 1 + 4)
        XCTAssertEqual(json(layout).components(separatedBy: #"{"size":40,"cols":[{"size":10},{"size":20},{"size":30},{"size":"fill"}]}"#).count - 1, 502)
    }

    /// The layouts of a file share one arena; each reads its own root.
    func testLayoutsShareTheFilesArena() {
        let result = lower("layout a rows 10 | 20\nlayout b cols 30 | 40 | 50\n")
        XCTAssertEqual(result.document.layouts.map { json($0) }, [
            #"{"rows":[{"size":10},{"size":20}]}"#,
            #"{"cols":[{"size":30},{"size":40},{"size":50}]}"#,
        ])
        XCTAssertEqual(result.document.layouts[0].tree.arena.recordCount, result.document.layouts[1].tree.arena.recordCount)
    }
}
