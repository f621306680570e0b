import TrellisIDE
import TrellisModel
import TrellisSyntax
import XCTest

/// Feature tests on the IDE layer with inline markers: `1️⃣` marks the offset a request is
/// made at, and is removed from the text before analysis.
final class HoverTests: XCTestCase {
    func hover(_ text: String, kind: InputKind = .trellis) -> HoverInfo? {
        let (source, offsets) = Fixture.parse(text)
        return Hover.hover(Analysis(source, kind: kind), at: offsets[0])
    }

    func testHoverOnACellShowsItsScreenFramesAtEveryPreview() throws {
        let info = try XCTUnwrap(hover("preview 375x667@2x\npreview 320xwrap@2x \"SE\"\nlayout home rows 120 | 1️⃣fill padding(5) | 20"))
        XCTAssertTrue(info.markdown.hasPrefix("**home** · grid `2` · size `fill` · slot #1"), info.markdown)
        XCTAssertTrue(info.markdown.contains("| 375x667@2x | `fill`: 667 − 120 − 20 = 527 | 0,120 375×527 | 5,125 365×517 | 5,125 365×517 |"), info.markdown)
        // At a wrap height the view settles: fill gets nothing, and the row is 0 tall.
        XCTAssertTrue(info.markdown.contains("| SE | `fill`: 140 − 120 − 20 = 0 | 0,120 320×0 | 5,125 310×-10 | 5,125 310×0 |"), info.markdown)
    }

    func testHoverInChineseAndEmojiText() throws {
        let info = try XCTUnwrap(hover("// 首页 😀\nlayout 首页 rows 20 | 2️⃣1️⃣fill"))
        XCTAssertTrue(info.markdown.hasPrefix("**首页** · grid `2`"), info.markdown)
    }

    /// An attribute's hover shows the member `build` writes, from the one grid writer: a tag
    /// of 10^15 or more is written whole, not as `1e+15` or rounded to a `Double`.
    func testHoverOnAnAttributeShowsTheMemberBuildWrites() throws {
        let program = "layout home rows 20 1️⃣tag(9007199254740993) | fill 2️⃣action-data({\"a\": [1, 2.5]})"
        let (source, offsets) = Fixture.parse(program)
        let analysis = Analysis(source, kind: .trellis)
        let tag = try XCTUnwrap(Hover.hover(analysis, at: offsets[0]))
        XCTAssertTrue(tag.markdown.contains("here it lowers to `\"tag\": 9007199254740993`"), tag.markdown)
        let data = try XCTUnwrap(Hover.hover(analysis, at: offsets[1]))
        XCTAssertTrue(data.markdown.contains("here it lowers to `\"action-data\": {\"a\":[1,2.5]}`"), data.markdown)
        let built = String(decoding: try XCTUnwrap(analysis.file.layouts.first).jsonBytes(style: .compact), as: UTF8.self)
        XCTAssertTrue(built.contains("\"tag\":9007199254740993"), built)
    }

    func testHoverOnAJSONGridObject() throws {
        let info = try XCTUnwrap(hover(#"{"rows":[{"size":20},1️⃣{"size":"fill"}]}"#, kind: .json))
        XCTAssertTrue(info.markdown.contains("grid `2` · size `fill` · slot #1"), info.markdown)
    }

    /// The second layout is computed once per analysis and said in the hover of a cell that
    /// moves (the layout of RuleTests' L006 case).
    func testHoverSaysACellMovesWhenLaidOutAgain() throws {
        let text = """
            preview 375x667@3x
            layout c rows {
              wrap cols {
                1️⃣83 padding(11 3 0 0)
                2️⃣fill spacing(9) rows 3️⃣30% | 4️⃣wrap | 5️⃣-20%
                6️⃣fill rows 7️⃣30% | 8️⃣80%
              }
              9️⃣fill
            }
            """
        let (source, offsets) = Fixture.parse(text)
        let analysis = Analysis(source, kind: .trellis)
        let hovers = offsets.compactMap { Hover.hover(analysis, at: $0)?.markdown }
        XCTAssertEqual(hovers.count, offsets.count)
        let moving = hovers.filter { $0.contains("moves when laid out again at 375x667@3x (pass-dependent, L006): then ") }
        XCTAssertFalse(moving.isEmpty, hovers.joined(separator: "\n---\n"))
        XCTAssertNotNil(analysis.relaidOut(layout: 0, viewport: 0))
    }

    /// A cell's hover says where its borderlines are painted at each preview, and what the
    /// screen shows that the text does not say: a view CGFLOAT_MAX long, a line mirrored away.
    func testHoverShowsBorderlinesAndViewsWithoutASize() throws {
        let text = """
            preview 375x667@2x
            preview 375x667@2x rtl "RTL"
            layout home cols {
              1️⃣100 bottom-borderline(color #FF0000 thick 2) gravity(centerX)
              fill
            }
            """
        let info = try XCTUnwrap(hover(text))
        XCTAssertTrue(info.markdown.contains("borderlines at 375x667@2x: bottom 0,666 100×1"), info.markdown)
        XCTAssertTrue(info.markdown.contains("borderlines at RTL: bottom 0,666 100×1"), info.markdown)
        XCTAssertTrue(info.markdown.contains("at RTL the bottom borderline is painted at x 0, not at the grid's edge (x 275) (L004)"), info.markdown)
        XCTAssertTrue(info.markdown.contains("gravity aligns a view that sets no width of its own: MyLayout leaves it `CGFLOAT_MAX` (M108)"), info.markdown)
        XCTAssertTrue(info.markdown.contains("-CGFLOAT_MAX,0 CGFLOAT_MAX×667"), info.markdown)
    }

    func testNoGridHoverOutsideAnyLayout() {
        XCTAssertNil(hover("template t { 1️⃣fill }\n"))
        XCTAssertNil(hover("template t { fill }\n1️⃣\n"))
    }

    func testTheAnalysisIsWhatCheckReports() {
        let (source, _) = Fixture.parse("rows 300 | 400 | fill")
        let analysis = Analysis(source, kind: .trellis)
        XCTAssertEqual(analysis.diagnostics.map(\.code.id), ["L001", "L002"])
    }
}
