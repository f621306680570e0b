import TrellisModel
import TrellisSyntax
import XCTest

/// Sizes and names a person mistypes: one diagnostic each, at its place, with a fix.
final class ValueSpellingTests: XCTestCase {
    func diagnostics(_ text: String) -> [Diagnostic] {
        LoadedFile.load(SourceFile(name: "test.trellis", text: text), kind: .trellis).diagnostics
    }

    func describe(_ text: String) -> [String] {
        diagnostics(text).map { diagnostic in
            let fix = diagnostic.fixIts.first?.edits.first.map { " → `\($0.replacement)`" } ?? ""
            return "\(diagnostic.code) \(diagnostic.severity) \(String(decoding: Array(text.utf8)[diagnostic.range], as: UTF8.self))\(fix)"
        }
    }

    /// Every size the JSON rules flag is flagged at its Trellis spelling (M103 and M104 of
    /// the JSON it becomes are errors here, as `3/2` is).
    func testSizesTheRuntimeMisreads() {
        XCTAssertEqual(describe("rows 150% | fill"), ["M006 error 150% → `fill`"])
        XCTAssertEqual(describe("rows -150% | fill"), ["M006 error -150%"])
        XCTAssertEqual(describe("rows 3/2 | fill").map { String($0.prefix(13)) }, ["M006 error 3/"])
        XCTAssertEqual(describe("rows -1 | fill"), ["M104 error -1"])
        XCTAssertEqual(describe("rows -2.5 | fill"), ["M104 error -2.5"])
        XCTAssertEqual(describe("rows 0.5 | fill"), ["M105 info 0.5 → `50%`"])
        XCTAssertEqual(describe("rows -0.25 | fill"), ["M105 info -0.25 → `-25%`"])
        XCTAssertEqual(describe("rows 100% | -100% | 99.5% | 1.5 | 0 | -50% | 1/3 | fill | wrap"), [])
        XCTAssertEqual(describe("rows -99998 | -99999"), [], "the runtime's own constants for fill and wrap")
    }

    func testTyposGetOneErrorWithASuggestion() {
        XCTAssertEqual(describe("rows fil | fill"), ["M001 error fil → `fill`"])
        XCTAssertEqual(describe("rows Fill | fill"), ["M001 error Fill → `fill`"])
        XCTAssertEqual(describe("rows wrpa | fill"), ["M001 error wrpa → `wrap`"])
        XCTAssertEqual(describe("rows 20px | fill"), ["M006 error 20px → ``"])
        XCTAssertEqual(describe("rows 12.5pt | fill"), ["M006 error 12.5pt → ``"])
        XCTAssertEqual(describe("rows 1/3px | fill"), ["M006 error 1/3px → ``"])
        XCTAssertEqual(describe("rows 2e1px | fill"), ["M006 error 2e1px → ``"])
        XCTAssertTrue(diagnostics("rows 2e1px | fill").first?.message.hasPrefix("`2e1px`: a size has no unit; `2e1` is 2e1 points") == true)
        XCTAssertEqual(describe("rowz 33% | fill"), ["S010 error rowz → `rows`"])
        XCTAssertEqual(describe("layout l Cols { 50%; fill }"), ["S010 error Cols → `cols`"])
        XCTAssertEqual(describe("layout l rows { 20 columns 50% | 50% }"), ["S010 error columns → `cols`"])
        // `cows` is one edit from both: the fix is offered, not applied unasked.
        XCTAssertEqual(diagnostics("cows 50% | fill").first?.message, "`cows` is not a keyword; did you mean `rows` or `cols`?")
        XCTAssertEqual(diagnostics("cows 50% | fill").first?.fixIts.first?.isSafe, false)
        XCTAssertEqual(diagnostics("rowz 50% | fill").first?.fixIts.first?.isSafe, true)
        XCTAssertTrue(diagnostics("rows fil | fill").first?.message.contains("did you mean `fill`?") == true)
    }

    /// A misspelled keyword is read as the split it meant, so the rest of the file is whole.
    func testAMisspelledKeywordBuildsTheSplitItMeant() throws {
        let misspelled = LoadedFile.load(SourceFile(name: "a.trellis", text: "rowz 33% | fill"), kind: .trellis)
        let right = LoadedFile.load(SourceFile(name: "a.trellis", text: "rows 33% | fill"), kind: .trellis)
        XCTAssertEqual(try XCTUnwrap(misspelled.layouts.first).jsonBytes(style: .compact), try XCTUnwrap(right.layouts.first).jsonBytes(style: .compact))
        let columns = LoadedFile.load(SourceFile(name: "a.trellis", text: "Cols { 50% ; fill }"), kind: .trellis)
        XCTAssertEqual(
            String(decoding: try XCTUnwrap(columns.layouts.first).jsonBytes(style: .compact), as: UTF8.self),
            #"{"cols":[{"size":"50%"},{"size":"fill"}]}"#)
    }

    func testTemplateNamesThatLookLikeKeywordsStillWork() {
        XCTAssertEqual(describe("template rowz { 20 }\nlayout l rows { rowz ; fill }"), [])
        XCTAssertEqual(describe("template card-1 { 20 }\nlayout l rows { card-1 ; fill }"), [])
    }

    func testEscapeHatchMembersAndGravityOverOverlap() {
        XCTAssertEqual(describe("rows { _ gravity(top) overlap(bottom) }").map { String($0.prefix(12)) }, ["M111 warning"])
    }
}
