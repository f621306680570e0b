import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

final class LoweringTests: XCTestCase {
    func load(_ text: String, target: Dialect? = nil) -> LoadedFile {
        LoadedFile.load(SourceFile(name: "test.trellis", text: text), kind: .trellis, target: target)
    }

    func json(_ text: String, target: Dialect? = nil) -> String {
        let file = load(text, target: target)
        XCTAssertEqual(file.diagnostics, [], text)
        return file.layouts.first.map { JSONWriter.string($0.json, style: .compact) } ?? ""
    }

    func codes(_ text: String) -> [String] { load(text).diagnostics.map(\.code.id) }

    /// M009 for each repeated attribute of a cell, labelled at that name's first occurrence;
    /// the last one counts. Each cell is checked on its own.
    func testDuplicateAttributesAreReportedAtTheirFirstOccurrence() {
        let text = "layout l rows {\n  20 tag(1) padding(1) tag(2) padding(2) tag(3) anchor anchor\n  fill tag(4)\n}\n"
        let file = load(text)
        let bytes = Array(text.utf8)
        func offset(_ needle: String, _ occurrence: Int) -> Int {
            var from = 0
            var found = 0
            let pattern = Array(needle.utf8)
            while from + pattern.count <= bytes.count {
                if Array(bytes[from..<(from + pattern.count)]) == pattern {
                    if found == occurrence { return from }
                    found += 1
                }
                from += 1
            }
            return -1
        }
        let duplicates = file.diagnostics.filter { $0.code.id == "M009" }
        XCTAssertEqual(duplicates.map(\.range.lowerBound), [offset("tag", 1), offset("padding", 1), offset("tag", 2), offset("anchor", 1)])
        XCTAssertEqual(duplicates.map { $0.labels.first?.range.lowerBound }, [offset("tag", 0), offset("padding", 0), offset("tag", 0), offset("anchor", 0)])
        XCTAssertEqual(file.layouts.first?.grid?.children.first?.tag, 3)
        XCTAssertLessThanOrEqual(AttributeName.allCases.count, 64, "the lowering keeps one bit per attribute name in a UInt64")
    }

    func testOneLiner() {
        XCTAssertEqual(json("rows 33% | -50% | fill"), #"{"rows":[{"size":"33%"},{"size":"-50%"},{"size":"fill"}]}"#)
    }

    func testExactRatiosBecomePercentagesWithSixDecimals() {
        XCTAssertEqual(
            json("rows 1/3 | -1/3 | 2/3 | fill"),
            #"{"rows":[{"size":"33.333333%"},{"size":"-33.333333%"},{"size":"66.666667%"},{"size":"fill"}]}"#)
        XCTAssertEqual(codes("rows 3/2"), ["M006"])
        XCTAssertEqual(codes("rows 1/0"), ["M006"])
    }

    func testEveryKeyHasOneSpellingAndAFixedOrder() {
        let text = """
            rows {
              120 padding(1 2 3 4) spacing(5) gravity(top|left) anchor placeholder tag(7) action(handleTap:)
                  action-data({"url": "https://例子.cn/🙂"})
                  top-borderline(color #FF0000 thick 1 head 2 tail 3 offset 4 dash 5)
                  left-borderline(color red thick 2)
                  json({"x-note": "kept"}) cols { wrap; 0 overlap(bottom|leading) }
            }
            """
        XCTAssertEqual(
            json(text, target: .v2),
            ##"{"rows":[{"size":120,"padding":"{1,2,3,4}","spacing":5,"gravity":"top|left","anchor":true,"placeholder":true,"tag":7,"action":"handleTap:","action-data":{"url":"https://例子.cn/🙂"},"top-borderline":{"color":"#FF0000","thick":1,"head":2,"tail":3,"offset":4,"dash":5},"left-borderline":{"color":"red","thick":2},"x-note":"kept","cols":[{"size":"wrap"},{"size":0,"overlap":"bottom|leading"}]}]}"##
        )
    }

    func testDialectPicksSpaceOrSpacing() {
        XCTAssertEqual(json("spacing(4) rows fill"), #"{"space":4,"rows":[{"size":"fill"}]}"#)
        XCTAssertEqual(json("target mylayout 2\nspacing(4) rows fill"), #"{"spacing":4,"rows":[{"size":"fill"}]}"#)
        // A command-line target overrides the directive.
        XCTAssertEqual(json("target mylayout 2\nspacing(4) rows fill", target: .v1), #"{"space":4,"rows":[{"size":"fill"}]}"#)
    }

    func testPaddingShorthands() {
        XCTAssertEqual(json("padding(5) rows fill"), #"{"padding":"{5,5,5,5}","rows":[{"size":"fill"}]}"#)
        XCTAssertEqual(json("padding(5 10) rows fill"), #"{"padding":"{5,10,5,10}","rows":[{"size":"fill"}]}"#)
        XCTAssertEqual(codes("padding(1 2 3) rows fill"), ["M005"])
    }

    func testTemplatesWithOverridesAndRepetition() {
        let text = """
            template cell { 50% padding(5) tag(1) rows fill | fill }
            layout home cols { cell tag(2); 20% cell rows wrap; fill cols 10 * 3 }
            """
        XCTAssertEqual(
            json(text),
            #"{"cols":[{"size":"50%","padding":"{5,5,5,5}","tag":2,"rows":[{"size":"fill"},{"size":"fill"}]},{"size":"20%","padding":"{5,5,5,5}","tag":1,"rows":[{"size":"wrap"}]},{"size":"fill","cols":[{"size":10},{"size":10},{"size":10}]}]}"#
        )
    }

    func testTemplateCyclesAndUnknownNamesAreErrors() {
        XCTAssertEqual(codes("template a { rows b }\ntemplate b { rows a }\nlayout x rows a"), ["M002"])
        let unknown = load("rows cardd | fill\ntemplate card { 10 }").diagnostics
        XCTAssertEqual(unknown.map(\.code.id), ["M001", "M014"])
        XCTAssertTrue(unknown.first?.message.contains("did you mean `card`?") ?? false)
    }

    func testUnknownAttributeSuggestsTheSpelling() {
        let diagnostics = load("rows { fill space(5) }").diagnostics
        XCTAssertEqual(diagnostics.map(\.code.id), ["M004"])
        XCTAssertEqual(diagnostics.first?.fixIts.first?.edits.first?.replacement, "spacing")
        let gravity = load("rows { fill gravity(centerx) }").diagnostics
        XCTAssertEqual(gravity.map(\.code.id), ["M005"])
        XCTAssertEqual(gravity.first?.fixIts.first?.edits.first?.replacement, "centerX")
    }

    func testExpansionIsBounded() {
        let text = """
            template a { rows 1 * 100 }
            template b { rows a * 100 }
            template c { rows b * 100 }
            layout huge rows c * 100
            """
        let file = load(text)
        XCTAssertTrue(file.diagnostics.contains { $0.code.id == "M008" })
        XCTAssertLessThanOrEqual(file.layouts.first?.grid?.gridCount ?? 0, Lowering.maximumGrids)
        XCTAssertEqual(codes("rows 1 * 0"), ["M007"])
    }

    /// The limit counts each grid once, however deep: a layout of exactly 1,000,000 grids is
    /// built whole, one more grid is M008 (a grid used to count once for each of its parents,
    /// and a layout of half the limit was cut).
    func testTheExpansionLimitCountsEachGridOnce() throws {
        let exact = """
            template t { cols fill * 9 }
            template r { rows t * 10000 }
            layout l rows {
              r * 9
              t * 9999
            }
            """
        let file = load(exact)
        XCTAssertEqual(file.diagnostics.map(\.code.id), [])
        XCTAssertEqual(try XCTUnwrap(file.layouts.first?.grid).gridCount, Lowering.maximumGrids)
        let over = load(exact.replacingOccurrences(of: "t * 9999", with: "t * 9999\n  fill"))
        XCTAssertEqual(over.diagnostics.map(\.code.id), ["M008"])
        XCTAssertEqual(try XCTUnwrap(over.layouts.first?.grid).gridCount, Lowering.maximumGrids)
    }

    func testSeveralLayoutsAndOneBareRoot() {
        let file = load("layout a rows fill\nlayout b cols fill")
        XCTAssertEqual(file.layouts.map(\.name), ["a", "b"])
        XCTAssertEqual(codes("rows fill;\ncols fill"), ["M012"])
        // A line break ends a cell unless the next line is indented deeper (the offside rule):
        // two bare cells, not `rows fill cols fill`.
        XCTAssertEqual(codes("rows fill\ncols fill"), ["M012"])
        XCTAssertEqual(codes("rows fill\n  cols fill"), [])
        XCTAssertEqual(load("rows fill").layouts.first?.name, "test")
    }

    func testPreviewDirectivesStayOutOfTheJSON() {
        let file = load("preview 375x667@2x\npreview 390xwrap@3x \"Pro\" rtl\nrows 20 content(80x20) | fill")
        XCTAssertEqual(
            file.previews,
            [
                Viewport(width: 375, height: 667, scale: 2),
                Viewport(width: 390, height: nil, scale: 3, rtl: true, label: "Pro"),
            ])
        XCTAssertEqual(file.layouts.first.map { JSONWriter.string($0.json, style: .compact) }, #"{"rows":[{"size":20},{"size":"fill"}]}"#)
        XCTAssertEqual(file.layouts.first?.runtime.children.first?.contentSize, PreviewSize(width: 80, height: 20))
    }

    /// Property: lowering is deterministic and survives random edits of the examples.
    func testLoweringIsDeterministicAndNeverCrashes() throws {
        var random = SeededRandom(seed: 99)
        let replacements = Array("{}()|;*x#%\" 9_".utf8)
        for url in TestPaths.files(in: TestPaths.examples, withExtension: "trellis") {
            let original = try TestPaths.bytes(url)
            let first = LoadedFile.load(SourceFile(name: url.path, bytes: original), kind: .trellis)
            let second = LoadedFile.load(SourceFile(name: url.path, bytes: original), kind: .trellis)
            XCTAssertEqual(first.layouts.map { JSONWriter.write($0.json) }, second.layouts.map { JSONWriter.write($0.json) })
            for _ in 0..<100 {
                var bytes = original
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] = replacements[Int.random(in: 0..<replacements.count, using: &random)]
                let file = LoadedFile.load(SourceFile(name: url.path, bytes: bytes), kind: .trellis)
                for layout in file.layouts { _ = JSONWriter.write(layout.json) }
            }
        }
    }
}
