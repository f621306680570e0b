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

    /// Written in pieces handed over whenever the buffer fills (as `trellis build` streams to
    /// standard output), the JSON is the same bytes as written whole, whatever the piece size.
    func testJSONWrittenInPiecesIsTheSameBytes() {
        var random = SeededRandom(seed: 2026_11_28)
        for round in 0..<1_000 {
            let tree = GridTree(RandomGrids.grid(random: &random))
            for style in [JSONWriter.Style.pretty, .compact] {
                let whole = GridJSONWriter.write(tree, dialect: .v2, style: style)
                for chunkSize in [1, 7, 64, 4096] {
                    var pieces: [UInt8] = []
                    var pieceCount = 0
                    GridJSONWriter.write(tree, dialect: .v2, style: style, chunkSize: chunkSize) { piece in
                        pieces.append(contentsOf: piece)
                        pieceCount += 1
                    }
                    XCTAssertEqual(pieces, whole, "round \(round), pieces of \(chunkSize)")
                    // The buffer holds at least 64 bytes; an output several times that comes in pieces.
                    if whole.count > 4 * max(chunkSize, 64) { XCTAssertGreaterThan(pieceCount, 1, "round \(round)") }
                }
            }
        }
    }

    /// The runtime model read record by record from the arena equals the one read from the
    /// whole ``Grid``, on random grids (raw members included) in both dialects.
    func testRuntimeFromTheArenaEqualsRuntimeFromTheGrid() {
        var random = SeededRandom(seed: 2026_11_27)
        for round in 0..<3_000 {
            let grid = RandomGrids.grid(random: &random)
            for dialect in [Dialect.v1, .v2] {
                let fromArena = RuntimeReading.root(authored: GridTree(grid), dialect: dialect)
                let fromGrid = RuntimeReading.root(authored: grid, dialect: dialect)
                XCTAssertNil(fromArena.firstDifference(from: fromGrid, path: ""), "round \(round)")
            }
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
        let result = lower(
            """
            template card { 20 gravity(top) bottom-borderline(color #EEEEEE) json({"x-note": "t"}) cols 10 | fill }
            layout a rows {
              card top-borderline(thick 2) action-data("d") overlap(bottom) content(8x9) gravity(left) json({"x-more": 1})
              card
              card anchor * 2
              card right-borderline(dash 1) bottom-borderline(color red) top-borderline(thick 3) bottom-borderline(head 4)
              card
            }
            """)
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        let layout = try XCTUnwrap(result.document.layouts.first)
        XCTAssertEqual(
            json(layout),
            #"""
            {"rows":[\#
            {"size":20,"gravity":"left","overlap":"bottom","action-data":"d","top-borderline":{"thick":2},"bottom-borderline":{"color":"#EEEEEE"},"x-note":"t","x-more":1,"cols":[{"size":10},{"size":"fill"}]},\#
            {"size":20,"gravity":"top","bottom-borderline":{"color":"#EEEEEE"},"x-note":"t","cols":[{"size":10},{"size":"fill"}]},\#
            {"size":20,"gravity":"top","anchor":true,"bottom-borderline":{"color":"#EEEEEE"},"x-note":"t","cols":[{"size":10},{"size":"fill"}]},\#
            {"size":20,"gravity":"top","anchor":true,"bottom-borderline":{"color":"#EEEEEE"},"x-note":"t","cols":[{"size":10},{"size":"fill"}]},\#
            {"size":20,"gravity":"top","top-borderline":{"thick":3},"bottom-borderline":{"head":4},"right-borderline":{"dash":1},"x-note":"t","cols":[{"size":10},{"size":"fill"}]},\#
            {"size":20,"gravity":"top","bottom-borderline":{"color":"#EEEEEE"},"x-note":"t","cols":[{"size":10},{"size":"fill"}]}]}
            """#)
        XCTAssertEqual(layout.root.children[0].contentSize, PreviewSize(width: 8, height: 9))
        XCTAssertNil(layout.root.children[1].contentSize)
    }

    /// A template used many times and a cell repeated with `* N` are stored once: the arena
    /// grows with the source, while the written JSON has every copy.
    func testTemplateUsesAndRepeatsShareTheirSubtree() throws {
        let result = lower(
            """
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

    /// A cell is found below the roots that hold it: a used template's inner cells below
    /// each layout that uses it, an unused template's cells below none (they are in the
    /// arena, lowered for their diagnostics, but in no output).
    func testCellsAreFoundOnlyBelowTheRootsThatHoldThem() throws {
        let text = "template used { 20 cols 10 | fill }\ntemplate unused { 30 cols 40 | fill }\nlayout a rows used | 50\nlayout b rows 60\n"
        let result = lower(text)
        let layouts = result.document.layouts
        XCTAssertEqual(layouts.count, 2)
        let bytes = Array(text.utf8)
        func range(of needle: String) throws -> Range<Int> {
            let start = try XCTUnwrap(String(decoding: bytes, as: UTF8.self).range(of: needle)).lowerBound.utf16Offset(in: text)
            return start..<(start + needle.utf8.count)
        }
        let arena = layouts[0].tree.arena
        XCTAssertNotNil(arena.index(writtenAt: try range(of: "10"), below: layouts[0].tree.root))
        XCTAssertNil(arena.index(writtenAt: try range(of: "10"), below: layouts[1].tree.root))
        XCTAssertNil(arena.index(writtenAt: try range(of: "40"), below: layouts[0].tree.root))
        XCTAssertNil(arena.index(writtenAt: try range(of: "40"), below: layouts[1].tree.root))
        XCTAssertNotNil(arena.index(writtenAt: try range(of: "50"), below: layouts[0].tree.root))
        // The use in `rows used | 50` (the cell is the template's name).
        let written = try range(of: "rows used").lowerBound + 5
        let use = try XCTUnwrap(arena.index(writtenAt: written..<(written + 4), below: layouts[0].tree.root))
        XCTAssertEqual(arena.grid(at: use).children.count, 2)
        XCTAssertEqual(arena.grid(at: use, children: false).children.count, 0)
    }

    /// The layouts of a file share one arena; each reads its own root.
    func testLayoutsShareTheFilesArena() {
        let result = lower("layout a rows 10 | 20\nlayout b cols 30 | 40 | 50\n")
        XCTAssertEqual(
            result.document.layouts.map { json($0) },
            [
                #"{"rows":[{"size":10},{"size":20}]}"#,
                #"{"cols":[{"size":30},{"size":40},{"size":50}]}"#,
            ])
        XCTAssertEqual(result.document.layouts[0].tree.arena.recordCount, result.document.layouts[1].tree.arena.recordCount)
    }
}
