import TrellisLint
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisIDE
@testable import TrellisLayout

/// An analysis that takes over an earlier analysis's untouched layouts equals analysing the
/// new text from scratch — diagnostics, every layout's tree, frames and borderlines at every
/// viewport, relaid-out screens — over random edit sequences of files of many layouts.
final class IncrementalAnalysisTests: XCTestCase {
    func testTakingOverUntouchedLayoutsEqualsAnalysingAgain() throws {
        var generator = ProgramGenerator(seed: 20_261_126)
        var layoutsAnalysed = 0
        var layoutsTakenOver = 0
        var loweredInPart = 0
        for document in 0..<40 {
            var bytes = Array(generator.manyLayouts().utf8)
            var options = LintOptions()
            if generator.random.chance(30) { options.rtl = true }
            if generator.random.chance(20) { options.viewports = ["375x667@2x", "320xwrap@3x"].compactMap(Viewport.parse) }
            var previous = Analysis(SourceFile(name: "screens.trellis", bytes: bytes), kind: .trellis, options: options)
            for step in 0..<20 {
                bytes = Self.edited(bytes, generator: &generator)
                let source = SourceFile(name: "screens.trellis", bytes: bytes)
                // Every other edit starts from trees whose borderlines were read out of their
                // arena ahead of it, as the server does while it waits.
                let reusable = step % 2 == 0 ? previous.reusable : previous.reusable?.detached()
                if step % 2 == 1 { XCTAssertEqual(reusable?.holdsArenas, false) }
                let incremental = Analysis(source, kind: .trellis, options: options, previous: reusable)
                let scratch = Analysis(source, kind: .trellis, options: options)
                let place = "document \(document), edit \(step):\n\(String(decoding: bytes, as: UTF8.self))"
                Self.assertEqual(incremental, scratch, place)
                let last = try XCTUnwrap(previous.reusable)
                let edit = incremental.file.tree.flatMap { Analysis.editOfLayoutsOnly(from: last, to: $0, uses: nil) }
                let taken = edit.map { Analysis.reusableLayouts(from: last, for: incremental.file, viewports: incremental.viewports, edit: $0) } ?? []
                layoutsTakenOver += taken.count { $0 != nil }
                layoutsAnalysed += taken.count
                // Lowering took layouts over: their grids are in the arena of the last text,
                // which the layouts lowered again were appended to.
                let records = (incremental.file.layouts.first?.authored?.arena.recordCount, scratch.file.layouts.first?.authored?.arena.recordCount)
                if let one = records.0, let other = records.1, one > other { loweredInPart += 1 }
                previous = incremental
            }
        }
        // Most edits touch one layout of many: the test is about the layouts taken over.
        XCTAssertGreaterThan(layoutsTakenOver, layoutsAnalysed / 2, "\(layoutsTakenOver) of \(layoutsAnalysed) layouts taken over")
        XCTAssertGreaterThan(loweredInPart, 40 * 20 / 10, "edits whose lowering took layouts over")
    }

    /// A template is lowered (and its findings made) by the first layout that uses it. When
    /// an edit removes that use, the layout that uses it next is taken over unlowered: the
    /// template's finding must still be there.
    func testATemplateOnlyTakenOverLayoutsUseStillReportsItsFindings() throws {
        let before = "template t { 50% padding(1 2 3) }\nlayout a rows { t }\nlayout b rows { t }\n"
        let after = "template t { 50% padding(1 2 3) }\nlayout a rows { 20 }\nlayout b rows { t }\n"
        let previous = try XCTUnwrap(Analysis(SourceFile(name: "t.trellis", text: before), kind: .trellis).reusable)
        let source = SourceFile(name: "t.trellis", text: after)
        let incremental = Analysis(source, kind: .trellis, previous: previous)
        let scratch = Analysis(source, kind: .trellis)
        XCTAssertTrue(scratch.diagnostics.contains { $0.code == .badAttributeArguments && $0.range.upperBound < 34 }, "\(scratch.diagnostics)")
        Self.assertEqual(incremental, scratch, after)
        let edit = try XCTUnwrap(incremental.file.tree.flatMap { Analysis.editOfLayoutsOnly(from: previous, to: $0, uses: nil) })
        XCTAssertNotNil(Analysis.reusableLayouts(from: previous, for: incremental.file, viewports: incremental.viewports, edit: edit).last ?? nil)
    }

    /// A layout whose grids are taken over still uses the templates it names, and those they
    /// name in turn (here `t`, lowered for `a` before the edit and for no layout after it):
    /// none is reported unused. Removing the last use of one reports it (the file is then
    /// lowered whole: an unused template is lowered with another layout's leftover budget).
    func testTemplatesOfLayoutsTakenOverStayUsed() throws {
        let before = "template t { 10 }\ntemplate u { rows { t | fill } }\nlayout a rows { t }\nlayout b rows { u }\nlayout c rows { 5 }\n"
        let previous = Analysis(SourceFile(name: "t.trellis", text: before), kind: .trellis)
        XCTAssertNotNil(previous.file.reusableLowering)
        for (after, takesOver) in [
            (before.replacingOccurrences(of: "rows { t }", with: "rows { 30 }"), true),
            (before.replacingOccurrences(of: "rows { u }", with: "rows { 3 }"), false),
        ] {
            let source = SourceFile(name: "t.trellis", text: after)
            let incremental = Analysis(source, kind: .trellis, previous: previous.reusable)
            let scratch = Analysis(source, kind: .trellis)
            Self.assertEqual(incremental, scratch, after)
            XCTAssertEqual(scratch.diagnostics.contains { $0.code == .unusedTemplate }, !takesOver, after)
            let records = (incremental.file.layouts.first?.authored?.arena.recordCount, scratch.file.layouts.first?.authored?.arena.recordCount)
            XCTAssertEqual(try XCTUnwrap(records.0) > XCTUnwrap(records.1), takesOver, "lowering took layouts over: \(after)")
        }
    }

    /// Where a template is lowered first decides what it meets: the nesting limit (a chain of
    /// templates used first from deep inside a layout, or first from a layout that keeps its
    /// grids), names in a second split its lowering never reads. Each time, the grids and
    /// findings are a fresh analysis's. (The grid budget: a layout of more than half of it is
    /// never taken over, and an unused template makes the file lowered whole.)
    func testWhereATemplateIsFirstLoweredChangesNothing() {
        let chain = (0..<596).map { "template t\($0) { t\($0 + 1) }\n" }.joined() + "template t596 { 10 }\n"
        let splits = "template a { 10 }\ntemplate t { rows { 10 rows { a } * 2 cols { 5 } } }\nlayout l rows { t }\n"
        let cases = [
            (chain + "layout a rows { t0 }\nlayout b rows { 5 }\n", chain + "layout a rows { t0 }\nlayout b rows { rows { rows { t0 } } }\n"),
            (chain + "layout b rows { 5 }\nlayout a rows { t0 }\n", chain + "layout b rows { rows { rows { t0 } } }\nlayout a rows { t0 }\n"),
            (splits + "layout m rows { 5 }\n", splits + "layout m rows { 6 }\n"),
        ]
        for (before, after) in cases {
            let previous = Analysis(SourceFile(name: "t.trellis", text: before), kind: .trellis).reusable
            let source = SourceFile(name: "t.trellis", text: after)
            Self.assertEqual(Analysis(source, kind: .trellis, previous: previous), Analysis(source, kind: .trellis), after)
        }
    }

    /// A layout that starts in the middle of a line reads that line's indentation (the
    /// offside rule): re-indenting it is an edit of the layout, though outside its item.
    func testAnEditOfTheLineALayoutStartsOnIsAnEditOfTheLayout() {
        let before = "layout a rows {\n  10 | fill\n} layout b rows { 10 | wrap\n   * 3 }\n"
        let after = "layout a rows {\n  10 | fill\n    } layout b rows { 10 | wrap\n   * 3 }\n"
        let previous = Analysis(SourceFile(name: "t.trellis", text: before), kind: .trellis).reusable
        let source = SourceFile(name: "t.trellis", text: after)
        Self.assertEqual(Analysis(source, kind: .trellis, previous: previous), Analysis(source, kind: .trellis), after)
    }

    /// A template is lowered once, under the nesting of its first use: when that met the
    /// limit on nesting, a later layout that uses the template got what was cut there, and an
    /// edit of the first layout changes what the later one gets (so nothing is taken over).
    func testNothingIsTakenOverWhenLoweringMetALimit() {
        let chain = (0..<580).map { "template t\($0) { t\($0 + 1) }\n" }.joined() + "template t580 { 10 }\n"
        let nested = String(repeating: "rows { ", count: 40) + "t0" + String(repeating: " }", count: 40)
        let before = chain + "layout a rows { \(nested) }\nlayout b rows { t0 }\n"
        let after = chain + "layout a rows { 10 }\nlayout b rows { t0 }\n"
        let old = Analysis(SourceFile(name: "t.trellis", text: before), kind: .trellis)
        XCTAssertTrue(old.diagnostics.contains { $0.code == .templatesNestTooDeep }, "\(old.diagnostics)")
        let source = SourceFile(name: "t.trellis", text: after)
        let scratch = Analysis(source, kind: .trellis)
        XCTAssertFalse(scratch.diagnostics.contains { $0.code == .templatesNestTooDeep }, "\(scratch.diagnostics)")
        Self.assertEqual(Analysis(source, kind: .trellis, previous: old.reusable), scratch, after)
    }

    /// An edit as typing makes them: a few bytes inserted or deleted anywhere (a character
    /// split in two included), a layout's root written anew, a layout removed or added.
    static func edited(_ bytes: [UInt8], generator: inout ProgramGenerator) -> [UInt8] {
        var bytes = bytes
        let offset = Int.random(in: 0...bytes.count, using: &generator.random)
        switch Int.random(in: 0..<10, using: &generator.random) {
        case 0..<4:
            let typed = generator.random.pick(["1", "0", " ", "\n", "fill", " padding(3)", "}", "{", "// c\n", "wrap", " | ", "50%", "é", "😀", "rows ", "*2"])
            bytes.insert(contentsOf: Array(typed.utf8), at: offset)
        case 4..<7:
            let end = min(bytes.count, offset + Int.random(in: 1...8, using: &generator.random))
            bytes.removeSubrange(offset..<end)
        case 7:
            bytes.insert(contentsOf: Array(("\nlayout added " + generator.rootCell(templates: ["t0"]) + "\n").utf8), at: lineStart(bytes, offset))
        default:
            // From the start of a line to the start of a later one: whole layouts go.
            let start = lineStart(bytes, offset)
            let end = lineStart(bytes, min(bytes.count, offset + Int.random(in: 0...200, using: &generator.random)))
            bytes.removeSubrange(start..<max(start, end))
        }
        return bytes
    }

    static func lineStart(_ bytes: [UInt8], _ offset: Int) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    static func assertEqual(_ incremental: Analysis, _ scratch: Analysis, _ place: String) {
        XCTAssertEqual(incremental.diagnostics, scratch.diagnostics, place)
        XCTAssertEqual(incremental.trees.count, scratch.trees.count, place)
        guard incremental.trees.count == scratch.trees.count else { return }
        XCTAssertEqual(incremental.file.layouts.count, scratch.file.layouts.count, place)
        for (layout, (one, other)) in zip(incremental.file.layouts, scratch.file.layouts).enumerated() {
            // The lowered model itself (taken over, or lowered again): its JSON and the tree
            // built from it, sources included.
            XCTAssertEqual(one.name, other.name, place)
            XCTAssertEqual(one.itemRange, other.itemRange, place)
            XCTAssertEqual(one.jsonBytes(style: .compact), other.jsonBytes(style: .compact), "JSON of layout \(layout) of \(place)")
            XCTAssertTrue(sameTree(LayoutTree(one), LayoutTree(other)), "lowered layout \(layout) of \(place)")
        }
        for (layout, (one, other)) in zip(incremental.trees, scratch.trees).enumerated() {
            XCTAssertTrue(sameTree(one, other), "layout \(layout) of \(place)")
            for viewport in incremental.viewports.indices {
                let frames = (incremental.frames(layout: layout, viewport: viewport), scratch.frames(layout: layout, viewport: viewport))
                XCTAssertTrue(AnalysisTests.same(frames.0, frames.1), "frames of layout \(layout) at viewport \(viewport) of \(place)")
                XCTAssertTrue(sameBorderlines(frames.0, frames.1), "borderlines of layout \(layout) at viewport \(viewport) of \(place)")
                let relaidOut = (incremental.relaidOut(layout: layout, viewport: viewport), scratch.relaidOut(layout: layout, viewport: viewport))
                XCTAssertTrue(AnalysisTests.same(relaidOut.0, relaidOut.1), "relaid out: layout \(layout) at viewport \(viewport) of \(place)")
            }
        }
    }

    static func sameTree(_ one: LayoutTree, _ other: LayoutTree) -> Bool {
        guard one.measure == other.measure, one.axis == other.axis, one.parent == other.parent, one.childStart == other.childStart,
            one.childCount == other.childCount, one.childList == other.childList,
            one.gravity == other.gravity, one.anchor == other.anchor, one.placeholder == other.placeholder,
            one.content == other.content, one.depth == other.depth, one.sources == other.sources,
            one.firstBorderline == other.firstBorderline, one.slots == other.slots, one.deepest == other.deepest,
            one.borderlines.count == other.borderlines.count,
            // Insets bit for bit, grid by grid: a tree with a grid read again numbers them in another order.
            (0..<one.count).allSatisfy({ sameInsets(one.insets[$0], other.insets[$0]) })
        else { return false }
        return (0..<one.borderlines.count).allSatisfy {
            one.borderlines.grid(at: $0) == other.borderlines.grid(at: $0)
                && one.borderlines.lines(at: $0).map(String.init(describing:)) == other.borderlines.lines(at: $0).map(String.init(describing:))
        }
    }

    static func sameInsets(_ one: GridInsets, _ other: GridInsets) -> Bool {
        [one.top, one.left, one.bottom, one.right, one.spacing].map(\.bitPattern)
            == [other.top, other.left, other.bottom, other.right, other.spacing].map(\.bitPattern)
    }

    static func sameBorderlines(_ one: LayoutResult?, _ other: LayoutResult?) -> Bool {
        guard let one, let other else { return one == nil && other == nil }
        return one.borderlines.gridIndices == other.borderlines.gridIndices
            && one.borderlines.gridIndices.allSatisfy { one.borderlines.lines(of: $0) == other.borderlines.lines(of: $0) }
    }
}
