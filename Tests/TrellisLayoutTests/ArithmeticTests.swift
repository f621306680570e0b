import TrellisLayout
import TrellisModel
import TrellisSyntax
import XCTest

/// One rule of the model spec (§3–§7, §10) per test, with numbers computed by hand.
final class ArithmeticTests: XCTestCase {
    func frames(_ text: String, _ viewport: Viewport, kind: InputKind = .trellis, target: Dialect = .v1) throws -> [String: GridFrame] {
        let file = LoadedFile.load(SourceFile(name: "t", text: text), kind: kind, target: target)
        XCTAssertFalse(file.diagnostics.hasErrors, "\(file.diagnostics)")
        let result = LayoutEngine.layout(try XCTUnwrap(file.layouts.first).runtime, viewport: viewport)
        return Dictionary(uniqueKeysWithValues: result.grids.map { (result.path(of: $0.index), $0) })
    }

    func heights(_ grids: [String: GridFrame], _ paths: [String]) -> [Double] { paths.map { grids[$0]?.frame.height ?? .nan } }
    func widths(_ grids: [String: GridFrame], _ paths: [String]) -> [Double] { paths.map { grids[$0]?.frame.width ?? .nan } }

    /// MyLayout's documented example: a 100-tall grid, `20 | 30% | -40% | fill` → 20, 30, 20, 30.
    func testDocumentedExample() throws {
        let grids = try frames("rows 20 | 30% | -40% | fill", Viewport(width: 100, height: 100, scale: 2))
        XCTAssertEqual(heights(grids, ["1", "2", "3", "4"]), [20, 30, 20, 30])
        XCTAssertEqual(grids["4"]?.frame.y, 70)
    }

    /// Ratios are of the FREE length (after padding and spacing), the same for every ratio child.
    func testRatiosAreOfTheFreeLength() throws {
        let grids = try frames("padding(10 0 10 0) spacing(5) rows 50% | 50% | 20", Viewport(width: 100, height: 130, scale: 2))
        // free = 130 − 20 − 2×5 = 100 → 50, 50; the fixed 20 overflows: nothing is clamped.
        XCTAssertEqual(heights(grids, ["1", "2", "3"]), [50, 50, 20])
        XCTAssertEqual(grids["3"]?.frame.y, 10 + 50 + 5 + 50 + 5)
    }

    /// Remaining-ratios take shares of a running remainder: `-33.33% | -50% | fill` ≈ thirds.
    func testRemainingRatiosRunDown() throws {
        let grids = try frames("rows -33.33% | -50% | fill", Viewport(width: 90, height: 300, scale: 2))
        let values = heights(grids, ["1", "2", "3"])
        XCTAssertEqual(values[0], 99.99, accuracy: 1e-9)
        XCTAssertEqual(values[1], 100.005, accuracy: 1e-9)
        // The fill child rounds to the pixel grid: 100.005 at 2x is 100.
        XCTAssertEqual(values[2], 100, accuracy: 1e-9)
    }

    /// Fill shares are rounded to the pixel grid, one after another.
    func testFillSharesRoundToPixels() throws {
        XCTAssertEqual(heights(try frames("rows fill | fill | fill", Viewport(width: 10, height: 100, scale: 2)), ["1", "2", "3"]), [33.5, 33.5, 33])
        // At 3x: 100/3 → 100/3 (pixel 100), then 66.67/2 → 33.33 (pixel 100), then the rest.
        let third: Double = 100.0 / 3.0
        let values = heights(try frames("rows fill | fill | fill", Viewport(width: 10, height: 100, scale: 3)), ["1", "2", "3"])
        XCTAssertEqual(values[0], third, accuracy: 1e-9)
        XCTAssertEqual(values[1], third, accuracy: 1e-9)
        XCTAssertEqual(values[2], third, accuracy: 1e-9)
    }

    /// Overflowing fixed lengths make fill children negative — nothing is clamped.
    func testOverflowGivesNegativeFill() throws {
        XCTAssertEqual(heights(try frames("rows 80 | 40 | fill", Viewport(width: 10, height: 100, scale: 2)), ["3"]), [-20])
    }

    /// The cross axis is the parent's length minus its padding; positions start at the padding.
    func testCrossAxisAndPadding() throws {
        let grids = try frames("padding(1 2 3 4) cols 10 | fill", Viewport(width: 100, height: 50, scale: 2))
        XCTAssertEqual(grids["1"]?.frame, Rect(x: 2, y: 1, width: 10, height: 46))
        XCTAssertEqual(grids["2"]?.frame, Rect(x: 12, y: 1, width: 84, height: 46))
        XCTAssertEqual(grids["2"]?.contentBox, Rect(x: 12, y: 1, width: 84, height: 46))
    }

    /// Non-leaf gravity shifts the run of children only for exactly centerX/right/trailing on
    /// cols (centerY/bottom on rows); the other axis and combined values are ignored.
    func testNonLeafGravity() throws {
        XCTAssertEqual(try frames("gravity(centerX) cols 20 | 20", Viewport(width: 100, height: 10, scale: 2))["1"]?.frame.x, 30)
        XCTAssertEqual(try frames("gravity(right) cols 20 | 20", Viewport(width: 100, height: 10, scale: 2))["1"]?.frame.x, 60)
        XCTAssertEqual(try frames("gravity(bottom) cols 20 | 20", Viewport(width: 100, height: 10, scale: 2))["1"]?.frame.x, 0)
        XCTAssertEqual(try frames("gravity(centerY) rows 20 | 20", Viewport(width: 10, height: 100, scale: 2))["1"]?.frame.y, 30)
    }

    /// Slots: pre-order leaves and anchors take views; placeholders do not, but a placeholder
    /// non-leaf's children still do; the root leaf takes view 0.
    func testSlots() throws {
        let grids = try frames("rows { 10 anchor cols 5 | 5; 10 placeholder; fill placeholder cols 1 | 1; 10 }", Viewport(width: 10, height: 100, scale: 2))
        XCTAssertEqual(["", "1", "1.1", "1.2", "2", "3", "3.1", "3.2", "4"].map { grids[$0]?.slot }, [nil, 0, 1, 2, nil, nil, 3, 4, 5])
        XCTAssertEqual(try frames("_ padding(5)", Viewport(width: 10, height: 10, scale: 2))[""]?.slot, 0)
    }

    /// RTL mirrors the horizontal direction; frames are reported where the views appear.
    func testRightToLeft() throws {
        let grids = try frames("padding(0 10 0 0) cols 20 | fill", Viewport(width: 100, height: 10, scale: 2, rtl: true))
        XCTAssertEqual(grids["1"]?.frame, Rect(x: 80, y: 0, width: 20, height: 10))
        XCTAssertEqual(grids["2"]?.frame, Rect(x: 10, y: 0, width: 70, height: 10))
    }

    /// A wrap root height is the measured length. One pass leaves the root grid at its
    /// starting rectangle; on screen the view grows and is laid out again at its new height.
    func testWrapRootHeight() throws {
        let file = LoadedFile.load(SourceFile(name: "t", text: "padding(5) spacing(2) rows 20 | 30 | wrap"), kind: .trellis)
        let root = try XCTUnwrap(file.layouts.first).runtime
        let viewport = Viewport(width: 100, height: nil, scale: 2)
        let single = LayoutEngine.singlePass(root, viewport: viewport)
        XCTAssertEqual(single.height, 5 + 20 + 2 + 30 + 2 + 0 + 5)
        XCTAssertEqual(single.grids.first?.frame.height, 0)
        let screen = LayoutEngine.layout(root, viewport: viewport)
        XCTAssertEqual(screen.height, 64)
        XCTAssertEqual(screen.grids.first?.frame.height, 64)
        XCTAssertEqual(screen.passes, 2)
        XCTAssertEqual(screen.heights, [0, 64])
        XCTAssertTrue(screen.settled)
    }

    /// The applied height is rounded to the pixel grid, and a change within `1/scale + 0.0001`
    /// is not applied.
    func testAppliedHeightIsPixelRounded() throws {
        let file = LoadedFile.load(SourceFile(name: "t", text: "rows 10.1 | 20.2"), kind: .trellis)
        let root = try XCTUnwrap(file.layouts.first).runtime
        XCTAssertEqual(LayoutEngine.layout(root, viewport: Viewport(width: 100, height: nil, scale: 3)).height, 30.3333, accuracy: 0.0001)
        XCTAssertEqual(LayoutEngine.layout(root, viewport: Viewport(width: 100, height: nil, scale: 2)).height, 30.5)
        let tiny = LoadedFile.load(SourceFile(name: "t", text: "rows 0.2"), kind: .trellis)
        let result = LayoutEngine.layout(try XCTUnwrap(tiny.layouts.first).runtime, viewport: Viewport(width: 100, height: nil, scale: 2))
        XCTAssertEqual(result.height, 0)
        XCTAssertEqual(result.passes, 1)
    }

    /// View frames: negative sizes applied as 0, every number rounded to the pixel grid; an
    /// anchor with sub-grids gives its view the whole grid.
    func testViewFramesAsTheScreenSetsThem() throws {
        let grids = try frames("cols { 33.3% padding(1.1 0 0 0); 120 anchor rows fill | fill; fill }", Viewport(width: 100, height: 50, scale: 2))
        XCTAssertEqual(grids["1"]?.viewFrame, Rect(x: 0, y: 1, width: 33.5, height: 49))
        XCTAssertEqual(grids["2"]?.viewFrame, Rect(x: 33.5, y: 0, width: 120, height: 50))
        XCTAssertEqual(grids["3"]?.frame.width, -53.5)
        XCTAssertEqual(grids["3"]?.viewFrame, Rect(x: 153.5, y: 0, width: 0, height: 50))
    }

    /// A wrap leaf takes its view's content size plus its padding along the parent's axis.
    func testWrapLeafUsesContentSize() throws {
        let grids = try frames("rows wrap padding(5) content(40x12) | fill", Viewport(width: 100, height: 100, scale: 2))
        XCTAssertEqual(heights(grids, ["1", "2"]), [22, 78])
    }

    /// A wrap row of fixed leaf columns is 0 tall: leaves never get a cross length (§10).
    func testWrapRowOfLeafColumnsIsZeroTall() throws {
        let grids = try frames("rows { wrap cols 30 | 40; fill }", Viewport(width: 100, height: 100, scale: 2))
        XCTAssertEqual(grids["1"]?.frame.height, 0)
    }

    /// overlap: an anchor of size 0; with a content size its view is aligned by the gravity.
    func testOverlapCell() throws {
        let grids = try frames("rows { fill; _ overlap(bottom|left) padding(0 0 5 0) content(30x20) }", Viewport(width: 100, height: 100, scale: 2))
        let cell = try XCTUnwrap(grids["2"])
        XCTAssertEqual(cell.frame, Rect(x: 0, y: 100, width: 100, height: 0))
        XCTAssertEqual(cell.viewFrame, Rect(x: 0, y: 75, width: 30, height: 20))
    }

    /// Size parsing quirks: "150%" is 1.5 points, "100.0%" is 1 point, "20" and "auto" fill.
    func testRuntimeSizeParsing() {
        XCTAssertEqual(RuntimeReading.measure(of: .string("150%")), 1.5)
        XCTAssertEqual(RuntimeReading.measure(of: .string("100.0%")), 1)
        XCTAssertEqual(RuntimeReading.measure(of: .string("100%")), RuntimeReading.fill)
        XCTAssertEqual(RuntimeReading.measure(of: .string("20")), RuntimeReading.fill)
        XCTAssertEqual(RuntimeReading.measure(of: .string("abc%")), 0)
        XCTAssertEqual(RuntimeReading.measure(of: .bool(true)), 1)
        XCTAssertEqual(RuntimeReading.measure(of: nil), RuntimeReading.fill)
        XCTAssertEqual(Gravity.parse("topcenterX|center|Top").rawValue, Gravity.top)
        XCTAssertEqual(RuntimeReading.padding("{1, 2,3 ,4}"), EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        XCTAssertEqual(RuntimeReading.padding("1,2,3,4"), .zero)
        XCTAssertNil(RGBA.parse("#AAA"))
        XCTAssertEqual(RGBA.parse("#80FF0000"), RGBA(red: 255, green: 0, blue: 0, alpha: 128))
        XCTAssertTrue(RuntimeReading.bool(.string("true")))
        XCTAssertFalse(RuntimeReading.bool(.string("no")))
    }

    /// Deep trees lay out without exhausting the stack, in time linear in the grid count.
    func testDeepAndWideTrees() throws {
        var grid = RuntimeGrid(measure: RuntimeReading.fill)
        for _ in 0..<300 {
            var parent = RuntimeGrid(measure: RuntimeReading.fill)
            parent.axis = .rows
            parent.children = [grid, RuntimeGrid(measure: 10)]
            grid = parent
        }
        XCTAssertEqual(LayoutEngine.layout(grid, viewport: .default).grids.count, 601)
        var wide = RuntimeGrid(measure: RuntimeReading.fill)
        wide.axis = .cols
        wide.children = Array(repeating: RuntimeGrid(measure: 0.001), count: 50_000)
        XCTAssertEqual(LayoutEngine.layout(wide, viewport: .default).grids.count, 50_001)
    }
}
