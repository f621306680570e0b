import Foundation
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisLayout

/// Golden SVGs (Tests/golden/render), reviewed by rendering them to PNG and looking.
/// Regenerate with TRELLIS_UPDATE_GOLDEN=1, then review the diff.
final class RenderTests: XCTestCase {
    /// Escaping works on bytes and leaves every other character, Chinese and emoji included,
    /// as it was; a label's width counts its characters.
    func testEscapingAndLabelWidthsKeepCharacters() {
        XCTAssertEqual(SVGRenderer.escape("a&b<c>\"d 首页 😀 é"), "a&amp;b&lt;c&gt;&quot;d 首页 😀 é")
        XCTAssertEqual(SVGRenderer.escape("首页 · 3.1"), "首页 · 3.1")
        // A combining mark after `<` makes one character of the two: it is escaped all the same.
        XCTAssertEqual(SVGRenderer.escape("a<\u{301}&\u{301}"), "a&lt;\u{301}&amp;\u{301}")
        XCTAssertEqual(SVGRenderer.characterCount("3.1.2 fill · 88.5"), "3.1.2 fill · 88.5".count)
        XCTAssertEqual(SVGRenderer.characterCount("5.1 #12"), 7)
        XCTAssertEqual(SVGRenderer.characterCount("e\u{301}👩‍👩‍👧"), 2)
    }

    func testGoldenSVGs() throws {
        let cases: [(String, Viewport)] = [
            ("GridLayoutDemo4", Viewport(width: 375, height: 667, scale: 2)),
            ("GridLayoutDemo5", Viewport(width: 320, height: 568, scale: 2)),
            ("GridLayoutDemo4", Viewport(width: 375, height: nil, scale: 2)),
        ]
        for (example, viewport) in cases {
            let url = TestPaths.examples.appendingPathComponent(example + ".trellis")
            let file = LoadedFile.load(SourceFile(name: url.path, bytes: try TestPaths.bytes(url)), kind: .trellis)
            let layout = try XCTUnwrap(file.layouts.first)
            let svg = SVGRenderer.svg(name: layout.name, result: LayoutEngine.layout(layout.runtime, viewport: viewport))
            let suffix = viewport.height == nil ? "-wrap" : ""
            let golden = TestPaths.packageRoot.appendingPathComponent("Tests/golden/render/\(example)\(suffix).svg")
            if ProcessInfo.processInfo.environment["TRELLIS_UPDATE_GOLDEN"] != nil {
                try svg.write(to: golden, atomically: true, encoding: .utf8)
            }
            XCTAssertEqual(svg, try TestPaths.text(golden), example)
        }
    }

    /// Narrow cells keep their size rule on a line of its own, and an anchor's label (placed
    /// at its bottom) never takes the place of a label of a cell inside it.
    func testNarrowCellsKeepTheirSizeRuleAndAnchorsHideNoLabel() throws {
        let file = LoadedFile.load(SourceFile(name: "t", text: "rows { 20 anchor cols { 30 | fill } ; fill cols 20% * 5 }"), kind: .trellis)
        let layout = try XCTUnwrap(file.layouts.first)
        let svg = SVGRenderer.svg(name: "t", result: LayoutEngine.layout(layout.runtime, viewport: Viewport(width: 375, height: 667, scale: 2)))
        XCTAssertEqual(svg.components(separatedBy: " 20% · 75 #").count - 1, 5, svg)
        // In 30 points the path gives way and the size rule stays.
        XCTAssertTrue(svg.contains(">30 #1</text>"), "the leaf inside the anchor keeps its label:\n\(svg)")
        XCTAssertTrue(svg.contains(">1.2 fill · 345 #2</text>"), svg)
        XCTAssertTrue(svg.contains(">1 20 #0</text>"), "the anchor's own label, below its children's")
        // Nested anchors sharing a bottom edge: the inner one is labelled first.
        let nested = LoadedFile.load(SourceFile(name: "t", text: "rows { 200 anchor rows { fill anchor rows { 10 } } }"), kind: .trellis)
        let nestedLayout = try XCTUnwrap(nested.layouts.first)
        let picture = SVGRenderer.svg(name: "t", result: LayoutEngine.layout(nestedLayout.runtime, viewport: Viewport(width: 375, height: 667, scale: 2)))
        XCTAssertTrue(picture.contains(">1.1 fill · 200 #1</text>"), picture)
    }

    func testABorderlineWhoseAreaIsARoundingErrorIsNotDrawn() throws {
        // `100%` is one point (a measure ≥ 1), so the `-25%` cell gets a quarter of what a
        // rounding error left: a width of about 1e-16, written as 0. MyLayout's layer of that
        // width paints nothing (realrt: paint width 0); the SVG draws no zero-length line.
        let text = "target mylayout 2\ncols { 7.1 padding(0 5 3 3) spacing(5) cols { 50%; 50%; 100%; -25% bottom-borderline(color #CCCCCC thick 2) }; fill }"
        let file = LoadedFile.load(SourceFile(name: "t", text: text), kind: .trellis)
        let layout = try XCTUnwrap(file.layouts.first)
        let svg = SVGRenderer.svg(name: "t", result: LayoutEngine.layout(layout.runtime, viewport: Viewport(width: 375, height: 100, scale: 2)))
        XCTAssertTrue(svg.contains("<title>1.4 · -25%"), svg)
        XCTAssertFalse(svg.contains("rgba(204,204,204,1)"), svg)
    }

    func testBorderlinesUnderRightToLeftAreWhereTheRuntimeDrawsThem() throws {
        let file = LoadedFile.load(SourceFile(name: "t", text: "cols { 100 bottom-borderline(color red thick 2); fill }"), kind: .trellis)
        let layout = try XCTUnwrap(file.layouts.first)
        let rtl = SVGRenderer.svg(name: "t", result: LayoutEngine.layout(layout.runtime, viewport: Viewport(width: 300, height: 100, scale: 2, rtl: true)))
        // MyLayout mirrors the line within the grid's own width: it stays at x 0…100, and is
        // 2 pixels (1 point) thick, inside the bottom edge (realrt paints 0,99 100×1).
        XCTAssertTrue(rtl.contains(#"<line x1="0" y1="99.5" x2="100" y2="99.5" stroke="rgba(255,0,0,1)" stroke-width="1"/>"#), rtl)
        XCTAssertTrue(rtl.contains(#"<rect class="cell" x="200" y="0" width="100" height="100""#), "the cell itself is mirrored")
    }

    func testNegativeAndPlaceholderCellsAreMarked() throws {
        let file = LoadedFile.load(SourceFile(name: "t", text: "rows 80 | 40 | fill placeholder"), kind: .trellis)
        let layout = try XCTUnwrap(file.layouts.first)
        let svg = SVGRenderer.svg(name: "t", result: LayoutEngine.layout(layout.runtime, viewport: Viewport(width: 100, height: 100, scale: 2)))
        XCTAssertTrue(svg.contains("stroke=\"#dc2626\""))
        XCTAssertTrue(svg.contains("url(#hatch)"))
        let html = SVGRenderer.html(name: "t", results: [LayoutEngine.layout(layout.runtime, viewport: .default)])
        XCTAssertTrue(html.contains("<title>3 · fill · x 0, y 120, w 375, h 547 · placeholder</title>"))
        XCTAssertFalse(html.contains("<script"))
    }
}
