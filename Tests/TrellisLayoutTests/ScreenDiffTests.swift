import TrellisLayout
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// `trellis diff`'s comparison: nothing for the same layout written otherwise; one inserted
/// cell is one insertion and the views it shifts, with no frame noise from renumbered paths;
/// every frame it reports is the frame `trellis frames` gives on that side.
final class ScreenDiffTests: XCTestCase {
    static let phone = Viewport(width: 375, height: 667, scale: 2)

    func runtime(_ text: String) throws -> RuntimeGrid {
        let file = LoadedFile.load(SourceFile(name: "t.trellis", text: text), kind: .trellis)
        XCTAssertFalse(file.diagnostics.hasErrors, "\(file.diagnostics.map(\.message))")
        return try XCTUnwrap(file.layouts.first).runtime
    }

    func diff(_ old: String, _ new: String, viewports: [Viewport] = [phone]) throws -> LayoutChanges {
        ScreenDiff.compare(name: "l", old: try runtime(old), new: try runtime(new), viewports: viewports)
    }

    func testTheSameLayoutWrittenOtherwiseChangesNothing() throws {
        let plain = "target mylayout 2\nlayout l rows { 20; fill spacing(5) cols 30% * 3; 40 }"
        for other in [
            // Reformatted.
            "target mylayout 2\nlayout l rows {\n  20\n  fill spacing(5) cols 30% * 3\n  40\n}\n",
            // A template extracted.
            "target mylayout 2\ntemplate strip { fill spacing(5) cols 30% * 3 }\nlayout l rows { 20; strip; 40 }",
            // The other dialect, with its target.
            "target mylayout 1\nlayout l rows { 20; fill spacing(5) cols 30% * 3; 40 }",
        ] {
            let changes = try diff(plain, other)
            XCTAssertTrue(changes.isEmpty, "\(other): \(changes.structure) \(changes.viewports.map(\.changes))")
        }
        for example in TestPaths.files(in: TestPaths.examples, withExtension: "trellis") {
            let file = LoadedFile.load(SourceFile(name: example.lastPathComponent, bytes: try TestPaths.bytes(example)), kind: .trellis)
            for layout in file.layouts {
                XCTAssertTrue(ScreenDiff.compare(name: layout.name, old: layout.runtime, new: layout.runtime, viewports: [Self.phone]).isEmpty)
            }
        }
    }

    func testOneInsertedCellIsOneInsertionAndTheViewsItShifts() throws {
        let changes = try diff("layout l rows 20 | 30 | fill", "layout l rows 20 | 10 | 30 | fill")
        let structure = changes.structure.map { "\($0.kind) \($0.beforePath ?? "-") \($0.path ?? "-") \($0.slot.map(String.init) ?? "")" }
        // The new leaf takes view #1, and each later view lands one leaf further.
        XCTAssertEqual(structure, ["added - 2 ", "view 2 2 1", "view 3 3 2", "view - 4 3"])
        let frames = try XCTUnwrap(changes.viewports.first).changes.filter { $0.kind == .frame }
        // Only what moves on the screen: `30` down 10, `fill` down 10 and 10 shorter.
        XCTAssertEqual(frames.map { "\($0.beforePath ?? "") \($0.path ?? "")" }, ["2 3", "3 4"])
        XCTAssertEqual(frames[0].before, Rect(x: 0, y: 20, width: 375, height: 30))
        XCTAssertEqual(frames[0].after, Rect(x: 0, y: 30, width: 375, height: 30))
        let text = ScreenDiffReport.text([changes])
        XCTAssertTrue(text.contains("  2 added (10)\n"), text)
        XCTAssertTrue(text.contains("  view #1 moves from 2 (now 3) to 2\n"), text)
        XCTAssertTrue(text.contains("    3 moves down 10: 0,20 375×30 → 0,30 375×30\n"), text)
    }

    /// A cell wrapped in a new grid keeps its partner and its views: one addition; unwrapped,
    /// one removal.
    func testACellWrappedInANewGridIsOneAddition() throws {
        let plain = "layout l rows 20 | fill cols { 30%; fill } | 40"
        let wrapped = "layout l rows 20 | fill rows { fill cols { 30%; fill } } | 40"
        let changes = try diff(plain, wrapped)
        let structure = changes.structure.map { "\($0.kind) \($0.beforePath ?? "-") \($0.path ?? "-")" }
        XCTAssertEqual(structure, ["added - 2"])
        let frames = try XCTUnwrap(changes.viewports.first).changes.filter { $0.kind == .frame }
        XCTAssertEqual(frames.map(\.path), [], "the cell fills its wrapper: nothing moves")
        XCTAssertFalse(changes.structure.contains { $0.kind == .view }, "its views stay in it")
        let unwrapped = try diff(wrapped, plain)
        XCTAssertEqual(unwrapped.structure.map { "\($0.kind) \($0.beforePath ?? "-") \($0.path ?? "-")" }, ["removed 2 -"])
    }

    /// More insertions in one list than the search takes: the children seen once on each
    /// side anchor the alignment, so each insertion is still one addition (not key changes
    /// of every later cell).
    func testListsBeyondTheSearchAreCutAtTheChildrenSeenOnce() throws {
        let sizes = (1...150).map(String.init)
        var inserted: [String] = []
        for (index, size) in sizes.enumerated() {
            inserted.append(size)
            if index % 2 == 0 { inserted.append(String(1_000 + index)) }
        }
        let changes = try diff("layout l rows " + sizes.joined(separator: " | "), "layout l rows " + inserted.joined(separator: " | "))
        XCTAssertEqual(changes.structure.filter { $0.kind == .added }.count, 75)
        XCTAssertEqual(changes.structure.filter { $0.kind == .removed || $0.kind == .key }.count, 0)
    }

    func testKeysReadDifferentlyAreNamedWithBothValues() throws {
        let changes = try diff("layout l rows 20 tag(7) | fill padding(5)", "layout l rows 20 tag(8) | fill padding(5 10) gravity(top)")
        let keys = changes.structure.filter { $0.kind == .key }.map { "\($0.path ?? "") \($0.key ?? ""): \($0.beforeValue ?? "") → \($0.afterValue ?? "")" }
        XCTAssertEqual(keys, ["1 tag: 7 → 8", "2 padding: {5,5,5,5} → {5,10,5,10}", "2 gravity: none → top"])
    }

    /// Like rows, some resized: each row keeps its partner (no rows removed at the end and
    /// added in the middle, which is as short an edit among like rows).
    func testLikeRowsResizedInPlaceKeepTheirPartners() {
        var old = RuntimeGrid(measure: RuntimeReading.fill)
        old.axis = .rows
        old.children = Array(repeating: RuntimeGrid(measure: 24), count: 60)
        var new = old
        for index in stride(from: 0, to: 60, by: 5) { new.children[index].measure = 30 }
        let changes = ScreenDiff.compare(name: "l", old: old, new: new, viewports: [Self.phone])
        XCTAssertEqual(Set(changes.structure.map(\.kind)), [.key])
        XCTAssertEqual(changes.structure.count, 12)
        XCTAssertTrue(changes.structure.allSatisfy { $0.path == $0.beforePath })
    }

    /// Tags renumbered on like cells: key changes at each place, no cell moved; a view's own
    /// size (`content`) counts; changes are listed in tree order, not as paths sort.
    func testRenumberedTagsContentSizesAndTreeOrder() throws {
        let tags = try diff("layout l cols 20 tag(1) | 20 tag(2) | 20 tag(3)", "layout l cols 20 tag(2) | 20 tag(3) | 20 tag(4)")
        XCTAssertEqual(tags.structure.map { "\($0.kind) \($0.path ?? "")" }, ["key 1", "key 2", "key 3"])
        XCTAssertTrue(tags.viewports.allSatisfy { $0.changes.allSatisfy { $0.kind == .key } })
        let content = try diff("layout l rows wrap content(10x30) | fill", "layout l rows wrap content(10x50) | fill")
        XCTAssertFalse(content.isEmpty, "a view's own size changes the frames")
        let rows = (1...12).map { "20 tag(\($0))" }.joined(separator: "; ")
        let fewer = (1...12).filter { $0 != 3 && $0 != 11 }.map { "20 tag(\($0))" }.joined(separator: "; ")
        let removed = try diff("layout l rows { \(rows) }", "layout l rows { \(fewer) }").structure.filter { $0.kind == .removed }
        XCTAssertEqual(removed.map { $0.beforePath ?? "" }, ["3", "11"])
    }

    func testSiblingsThatMoveAlikeAreOneLineAndChildrenMoveWithTheirParent() throws {
        let changes = try diff("layout l rows { 20; 30 cols 50 | fill; 30; 30; fill }", "layout l rows { 40; 30 cols 50 | fill; 30; 30; fill }")
        let text = ScreenDiffReport.text([changes])
        XCTAssertTrue(text.contains("  1 size: 20 → 40\n"), text)
        XCTAssertTrue(text.contains("    1 height 20 → 40: 0,0 375×20 → 0,0 375×40\n"), text)
        XCTAssertTrue(text.contains("    2–4 move down 20 (with 2 grids inside)\n"), text)
        XCTAssertTrue(text.contains("    5 moves down 20, height"), text)
    }

    /// Random layouts and random edits of them: the frames reported are those of the layout
    /// engine on each side at the paths named, and a layout compared with itself is unchanged.
    func testReportedFramesAreTheFramesOfEachSide() {
        var random = SeededRandom(seed: 33)
        for round in 0..<300 {
            let old = Self.randomGrid(depth: 0, random: &random)
            let new = Self.edited(old, random: &random)
            let viewport = random.pick([Self.phone, Viewport(width: 320, height: nil, scale: 3)])
            XCTAssertTrue(ScreenDiff.compare(name: "l", old: old, new: old, viewports: [viewport]).isEmpty, "round \(round)")
            let changes = ScreenDiff.compare(name: "l", old: old, new: new, viewports: [viewport])
            let before = LayoutEngine.layout(old, viewport: viewport)
            let after = LayoutEngine.layout(new, viewport: viewport)
            func frame(_ result: LayoutResult, _ path: String) -> Rect? {
                result.grids.first { result.path(of: $0.index) == path }.map { grid in
                    Rect(
                        x: FramesReport.rounded(grid.frame.x), y: FramesReport.rounded(grid.frame.y), width: FramesReport.rounded(grid.frame.width),
                        height: FramesReport.rounded(grid.frame.height))
                }
            }
            for change in changes.viewports.flatMap(\.changes) where change.kind == .frame {
                XCTAssertEqual(change.before, frame(before, change.beforePath ?? "?"), "round \(round)")
                XCTAssertEqual(change.after, frame(after, change.path ?? "?"), "round \(round)")
            }
        }
    }

    static func randomGrid(depth: Int, random: inout SeededRandom) -> RuntimeGrid {
        var grid = RuntimeGrid(measure: random.pick([20, 44, 0.5, -0.25, RuntimeReading.fill, RuntimeReading.wrap]))
        if depth < 3, random.chance(60) {
            grid.axis = random.pick([.rows, .cols])
            for _ in 0..<Int.random(in: 1...4, using: &random) { grid.children.append(randomGrid(depth: depth + 1, random: &random)) }
        }
        if random.chance(20) { grid.padding = EdgeInsets(top: 5, left: 5, bottom: 5, right: 5) }
        return grid
    }

    /// The grid with a cell inserted, removed or resized somewhere.
    static func edited(_ grid: RuntimeGrid, random: inout SeededRandom) -> RuntimeGrid {
        var grid = grid
        if !grid.children.isEmpty, random.chance(60) {
            let index = Int.random(in: 0..<grid.children.count, using: &random)
            grid.children[index] = edited(grid.children[index], random: &random)
            return grid
        }
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where grid.axis != nil: grid.children.insert(RuntimeGrid(measure: 10), at: Int.random(in: 0...grid.children.count, using: &random))
        case 1 where grid.children.count > 1: grid.children.remove(at: Int.random(in: 0..<grid.children.count, using: &random))
        default: grid.measure = grid.measure == 30 ? 31 : 30
        }
        return grid
    }
}
