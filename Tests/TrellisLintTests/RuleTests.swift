import TrellisLint
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// Each rule fires on the mistake it names, at the right place, and stays quiet otherwise.
final class RuleTests: XCTestCase {
    func lint(json text: String, target: Dialect? = nil, viewport: Viewport? = nil) -> [Diagnostic] {
        let file = LoadedFile.load(SourceFile(name: "t.json", text: text), kind: .json, target: target)
        return Linter.lint(file, options: LintOptions(viewports: viewport.map { [$0] } ?? []))
    }

    func lint(trellis text: String, viewport: Viewport? = nil) -> [Diagnostic] {
        let file = LoadedFile.load(SourceFile(name: "t.trellis", text: text), kind: .trellis)
        return Linter.lint(file, options: LintOptions(viewports: viewport.map { [$0] } ?? []))
    }

    func codes(json text: String, target: Dialect? = nil) -> [String] { lint(json: text, target: target).map(\.code.id) }
    func codes(trellis text: String) -> [String] { lint(trellis: text).map(\.code.id) }

    /// The text a diagnostic's range covers.
    func covered(_ diagnostic: Diagnostic?, in text: String) -> String {
        guard let diagnostic else { return "" }
        return SourceFile(name: "", text: text).text(in: diagnostic.range)
    }

    func testCleanFilesHaveNoFindings() {
        XCTAssertEqual(codes(json: #"{"rows":[{"size":20},{"size":"33%"},{"size":"-50%"},{"size":"fill"},{"size":"wrap"}]}"#), ["L003"])
        XCTAssertEqual(codes(trellis: "rows 20 | 33% | -50% | fill | wrap content(10x10)"), [])
    }

    func testRowsAndCols() {
        let text = #"{"cols":[{"size":10}],"rows":[{"size":10}]}"#
        let diagnostics = lint(json: text)
        XCTAssertEqual(diagnostics.map(\.code.id), ["M101"])
        XCTAssertEqual(covered(diagnostics.first, in: text), #""rows""#)
    }

    func testSizeStrings() {
        XCTAssertEqual(codes(json: #"{"rows":[{"size":"20"}]}"#), ["M102"])
        XCTAssertEqual(lint(json: #"{"rows":[{"size":"20"}]}"#).first?.fixIts.first?.edits.first?.replacement, "20")
        XCTAssertEqual(codes(json: #"{"rows":[{"size":"auto"}]}"#), ["M102"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":"150%"}]}"#), ["M103"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":"100.0%"}]}"#), ["M103"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":"100%"}]}"#), [])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":"-150%"}]}"#), ["M104"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":-2}]}"#), ["M104"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":-99999}]}"#), ["L003"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":0.5},{"size":20}]}"#), ["M105"])
        XCTAssertEqual(lint(json: #"{"rows":[{"size":0.5}]}"#).first?.fixIts.first?.edits.first?.replacement, "\"50%\"")
        XCTAssertEqual(codes(json: #"{"rows":[{"size":true}]}"#), ["M118"])
    }

    func testRatiosOverAHundredPercent() {
        XCTAssertEqual(codes(json: #"{"rows":[{"size":"60%"},{"size":"50%"}]}"#), ["M106"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":"50%"},{"size":"50%"}]}"#), [])
        XCTAssertEqual(codes(trellis: "rows 2/3 | 2/3"), ["M106"])
    }

    func testGravityRules() {
        XCTAssertEqual(codes(json: #"{"cols":[{"size":10}],"gravity":"top|centerX"}"#), ["M107"])
        XCTAssertEqual(codes(json: #"{"cols":[{"size":10}],"gravity":"centerX"}"#), [])
        XCTAssertEqual(codes(trellis: "rows { 10 gravity(top|left) }"), ["M108"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":10,"gravity":"top|Left"}]}"#), ["M108", "M121"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":10,"gravity":"topcenterX"}]}"#), ["M108", "M121"])
        // Not where the view's size is known: stated (content), measured (a wrap cell, an
        // overlap cell), or only filled (width, height).
        XCTAssertEqual(codes(trellis: "rows { 10 gravity(top|left) content(20x10) }"), [])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":"wrap","gravity":"top"}]}"#), ["L003"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":10,"gravity":"width|height"}]}"#), [])
        XCTAssertEqual(codes(trellis: "rows { 10 placeholder gravity(top) ; fill }"), [], "a placeholder takes no view")
    }

    func testFlagsWithoutEffect() {
        XCTAssertEqual(codes(trellis: "rows { 10 placeholder cols fill }"), ["M109"])
        XCTAssertEqual(codes(trellis: "rows { 10 placeholder }"), [])
        XCTAssertEqual(codes(trellis: "rows { 10 anchor }"), ["M110"])
        XCTAssertEqual(codes(trellis: "rows { 0 anchor content(5x5); 10 anchor cols fill }"), [])
    }

    func testOverlapOverwrites() {
        XCTAssertEqual(codes(json: #"{"rows":[{"size":20,"overlap":"bottom|left"}]}"#), ["M111", "L003"])
        XCTAssertEqual(codes(json: #"{"rows":[{"overlap":"bottom","gravity":"top"}]}"#), ["L003", "M111"])
        XCTAssertEqual(codes(trellis: "rows { fill; 20 overlap(bottom|left) content(5x5) }"), ["M111"])
        XCTAssertEqual(codes(trellis: "rows { fill; _ overlap(bottom|left) content(5x5) }"), [])
        XCTAssertEqual(codes(trellis: "rows { fill; 0 overlap(bottom|left) content(5x5) }"), [])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":0,"overlap":"bottom|left"}]}"#), ["L003"])
    }

    func testTagsAndActions() {
        XCTAssertEqual(codes(json: #"{"rows":[{"size":1,"tag":0}]}"#), ["M112"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":1,"tag":"12"}]}"#), ["M118"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":1,"action":"handleTap"}]}"#), ["M113"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":1,"action":"handleTap:"}]}"#), [])
        XCTAssertEqual(codes(trellis: "rows { 1 tag(0) action(handleTap) }"), ["M112", "M113"])
    }

    func testColorsThicknessAndPadding() {
        XCTAssertEqual(codes(json: ##"{"rows":[{"size":1,"top-borderline":{"color":"#AAA","thick":1}}]}"##), ["M114"])
        XCTAssertEqual(lint(json: ##"{"rows":[{"size":1,"top-borderline":{"color":"#80FF0000","thick":1}}]}"##).map(\.severity), [.info])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":1,"top-borderline":{"color":"gren","thick":1}}]}"#), ["M114"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":1,"top-borderline":{"color":"Red","thick":0}}]}"#), ["M115"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":1,"top-borderline":{"colour":"red"}}]}"#), ["M119"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":1,"padding":"10,0,10,0"}]}"#), ["M116"])
        XCTAssertEqual(lint(json: #"{"rows":[{"size":1,"padding":"10,0,10,0"}]}"#).first?.fixIts.first?.edits.first?.replacement, "\"{10,0,10,0}\"")
        XCTAssertEqual(codes(json: #"{"rows":[{"size":1,"padding":"{0, 0, 0, 0}"}]}"#), [])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":1,"padding":5}]}"#), ["M122"])
        XCTAssertEqual(codes(trellis: "rows 1 bottom-borderline(color #EEE thick 0.5)"), ["M114", "M115"])
    }

    func testDialectAndTypes() {
        XCTAssertEqual(codes(json: #"{"spacing":5,"space":5,"rows":[{"size":1}]}"#, target: .v1), ["M117"])
        XCTAssertEqual(codes(json: #"{"spacing":5,"rows":[{"size":1}]}"#, target: .v2), [])
        XCTAssertEqual(lint(json: #"{"space":5,"rows":[]}"#, target: .v2).first?.fixIts.first?.edits.first?.replacement, "\"spacing\"")
        XCTAssertEqual(codes(json: #"{"rows":[{"size":1,"anchor":"true"}]}"#), ["M110", "M118"])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":1,"gravty":"top"}]}"#), ["M119"])
        XCTAssertTrue(lint(json: #"{"rows":[{"size":1,"gravty":"top"}]}"#).first?.message.contains("did you mean \"gravity\"") ?? false)
        XCTAssertEqual(codes(json: #"{"size":100,"rows":[{"size":1}]}"#), ["M120"])
        XCTAssertEqual(codes(json: #"{"rows":{"size":1}}"#), ["M122"])
        XCTAssertEqual(codes(json: #"{"rows":[5]}"#), ["M122"])
    }

    func testLayoutRulesSayTheNumbers() {
        let text = "rows 300 | 400 | fill"
        let diagnostics = lint(trellis: text, viewport: Viewport(width: 375, height: 667, scale: 2))
        XCTAssertEqual(diagnostics.map(\.code.id), ["L001", "L002"])
        XCTAssertEqual(
            diagnostics.first?.message,
            "at 375x667@2x the rows need 700 points but the grid has 667: 700 (fixed, ratio and wrap rows) + 0 (padding) + 0 (spacing)")
        XCTAssertEqual(covered(diagnostics.last, in: text), "fill")
        XCTAssertEqual(codes(trellis: "rows 300 | 300 | fill"), [])
    }

    func testBorderlinesUnderRightToLeft() {
        let text = "cols { 100 bottom-borderline(color red thick 1); fill }"
        let rtl = lint(trellis: text, viewport: Viewport(width: 375, height: 667, scale: 2, rtl: true))
        XCTAssertEqual(rtl.map(\.code.id), ["L004"])
        XCTAssertEqual(rtl.first?.message, "at 375x667@2x rtl the bottom borderline of this grid (1) is painted at x 0, not at the grid's edge (x 275)")
        XCTAssertEqual(covered(rtl.first, in: text), "bottom-borderline(color red thick 1)")
        XCTAssertEqual(lint(trellis: text, viewport: Viewport(width: 375, height: 667, scale: 2)).map(\.code.id), [])
        XCTAssertEqual(
            lint(
                trellis: "rows { 100 bottom-borderline(color red thick 1); fill }",
                viewport: Viewport(width: 375, height: 667, scale: 2, rtl: true)
            ).map(\.code.id), [], "a centred grid is fine")
    }

    func testUnknownViewSizes() {
        XCTAssertEqual(codes(trellis: "rows { wrap; fill }"), ["L003"])
        XCTAssertEqual(codes(trellis: "rows { wrap content(100x20); fill }"), [])
        XCTAssertEqual(codes(trellis: "rows { wrap cols 10 | 10; fill }"), [])
        XCTAssertEqual(codes(json: #"{"rows":[{"size":"fill"},{"overlap":"bottom|left"}]}"#), ["L003"])
        XCTAssertTrue(lint(trellis: "rows { wrap; fill }").first?.notes.first?.contains("content(WxH)") ?? false)
    }

    func testSuppressionAndDisabling() {
        XCTAssertEqual(codes(trellis: "rows {\n  // trellis-ignore M110\n  10 anchor\n}"), [])
        XCTAssertEqual(codes(trellis: "rows {\n  // trellis-ignore\n  10 anchor\n}"), [])
        XCTAssertEqual(codes(trellis: "rows {\n  // trellis-ignore M112\n  10 anchor\n}"), ["M110"])
        let file = LoadedFile.load(SourceFile(name: "t", text: "rows { 10 anchor }"), kind: .trellis)
        XCTAssertEqual(Linter.lint(file, options: LintOptions(disabled: [.anchorOnLeaf])).map(\.code.id), [])
    }

    func testRandomEditsOfTheCorpusNeverCrash() throws {
        var random = SeededRandom(seed: 17)
        let base =
            ##"{"rows":[{"size":"33%","padding":"{1,2,3,4}","top-borderline":{"color":"#AAA","thick":0}},{"size":-0.5,"cols":[{"size":"wrap"},{"overlap":"bottom|left"}]}],"space":2}"##
        let alphabet = Array(##"{}[]:,"-0.5%|#ab，"##.utf8)
        for _ in 0..<1_500 {
            var bytes = Array(base.utf8)
            for _ in 0..<3 {
                let index = Int(random.next() % UInt64(bytes.count))
                bytes[index] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            let file = LoadedFile.load(SourceFile(name: "r.json", bytes: bytes), kind: .json)
            for diagnostic in Linter.lint(file) {
                XCTAssertTrue(diagnostic.range.upperBound <= bytes.count)
            }
        }
    }
}

/// L005 and L006 on Trellis sources: at the layout's split and the moving cell, with a label
/// at the wrap grid that reads the previous pass.
final class PassRuleTests: XCTestCase {
    static let neverSettles = """
        layout c rows {
          102
          40% padding(4 9 0 4)
          15% cols {
            25% anchor rows 20% padding(3 0 0 0) | wrap placeholder
            wrap spacing(0) rows { -75%; -20%; 150 padding(9 0 0 8) anchor; 101 cols 25% | fill; 26 }
          }
          12.5% rows fill
        }
        """

    static let moves = """
        layout c rows {
          wrap cols {
            83 padding(11 3 0 0)
            fill spacing(9) rows 30% | wrap | -20%
            fill rows 30% | 80%
          }
          fill
        }
        """

    func lint(_ text: String, _ viewport: Viewport) -> [Diagnostic] {
        let file = LoadedFile.load(SourceFile(name: "t.trellis", text: text), kind: .trellis)
        return Linter.lint(file, options: LintOptions(viewports: [viewport]))
    }

    func testNeverSettles() throws {
        let text = Self.neverSettles
        let found = try XCTUnwrap(lint(text, Viewport(width: 300, height: nil, scale: 2)).first { $0.code.id == "L005" })
        XCTAssertEqual(found.message, "at 300xwrap@2x this layout's height never settles: 0 → 102 → 171 → … → 308 after 10 passes")
        XCTAssertEqual(String(decoding: Array(text.utf8)[found.range], as: UTF8.self), "rows")
        let label = try XCTUnwrap(found.labels.first)
        XCTAssertTrue(text.utf8.dropFirst(label.range.lowerBound).starts(with: "wrap spacing(0)".utf8))
        XCTAssertTrue(found.notes.contains { $0.contains("the wrap grid 3.2 splits the other way from its parent: it takes each child's width") })
        XCTAssertFalse(lint(text, Viewport(width: 300, height: 600, scale: 2)).contains { $0.code.id == "L005" })
    }

    func testMovesWhenLaidOutAgain() throws {
        let text = Self.moves
        let found = try XCTUnwrap(lint(text, Viewport(width: 375, height: 667, scale: 3)).first { $0.code.id == "L006" })
        XCTAssertEqual(found.severity, .warning)
        XCTAssertTrue(found.message.hasPrefix("at 375x667@3x the views move when the layout is laid out again: view #"), found.message)
        XCTAssertTrue(found.notes.contains { $0.contains("the wrap grid 1 splits the other way from its parent: it takes each child's height") })
        XCTAssertFalse(
            lint("layout c rows { 20; fill cols 50% | fill; wrap }", Viewport(width: 375, height: 667, scale: 3)).contains {
                $0.code.id == "L006" || $0.code.id == "L005"
            })
    }
}

/// docs/diagnostics.md lists every code with its title, in the catalog's order, and has a
/// section for each code and for nothing else.
final class DiagnosticCatalogTests: XCTestCase {
    func testEveryCodeIsListedAndDocumented() throws {
        let lines = try TestPaths.text(TestPaths.packageRoot.appendingPathComponent("docs/diagnostics.md")).split(separator: "\n")
        let sections = lines.filter { $0.hasPrefix("### ") }.map { String($0.dropFirst(4)) }
        XCTAssertEqual(sections, DiagnosticCode.allCases.map(\.id))
        let listed = lines.filter { $0.hasPrefix("| [") }.map(String.init)
        XCTAssertEqual(
            listed,
            DiagnosticCode.allCases.map { code in
                let milder = code.milderSeverities.map(\.rawValue).joined(separator: ", ")
                return "| [\(code.id)](#\(code.anchor)) | \(code.title) | \(code.severity.rawValue)\(milder.isEmpty ? "" : " (or \(milder))") |"
            })
    }
}
