import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisIDE

/// The inlay hints walk the grids in the order they were written beside the syntax tree; this
/// test says what they must be the plain way — every grid's origin grouped by the range it was
/// written at, each cell found by searching the tree, the frames taken grid by grid — and
/// compares the two on random programs (with templates, `* N`, comments, text cut anywhere)
/// and dictionaries, over the whole text and random ranges of it.
final class InlayHintsAgreeTests: XCTestCase {
    func testHintsEqualThePlainDefinitionOnRandomPrograms() {
        var generator = ProgramGenerator(seed: 20_261_129)
        var compared = 0
        for number in 0..<300 {
            var text = number % 3 == 0 ? generator.manyLayouts() : generator.program()
            if number % 4 == 3 {
                // Cut anywhere: the hints of a tree with errors.
                let bytes = Array(text.utf8)
                let cut = Int.random(in: 0...bytes.count, using: &generator.random)
                text = String(decoding: bytes[..<cut] + bytes[min(bytes.count, cut + 7)...], as: UTF8.self)
            }
            if !text.contains("preview") { text = "preview 375x667@2x\n" + text }
            compared += compare(Analysis(SourceFile(name: "t.trellis", text: text), kind: .trellis), random: &generator.random)
        }
        XCTAssertGreaterThan(compared, 3_000, "hints compared")
    }

    func testHintsEqualThePlainDefinitionOnRandomDictionaries() {
        var random = SeededRandom(seed: 29)
        var compared = 0
        for _ in 0..<100 {
            let bytes = IncrementalJSONAnalysisTests.dictionary(random: &random)
            compared += compare(Analysis(SourceFile(name: "t.json", bytes: bytes), kind: .json), random: &random)
        }
        XCTAssertGreaterThan(compared, 1_000, "hints compared")
    }

    /// A slot or length kept as a number shows as the text it stands for.
    func testRecordsShowTheirValuesAsText() {
        var records = InlayHintRecords()
        for slot in [0, 1, 10, 12_345, Int.max, -1] { XCTAssertEqual(records.label(.slot(slot)), "#\(slot)") }
        for length in [0, 176, 273.5, 1.0 / 3, -0.0, 1e12, .infinity, .nan] {
            XCTAssertEqual(records.label(.length(length)), "▸ " + FramesReport.number(length))
        }
        let kept = records.keep("▸ 200, 75")
        XCTAssertEqual(records.label(kept), "▸ 200, 75")
        XCTAssertEqual(records.label(.text(7)), "", "a text not kept")
    }

    /// Compares the whole text and five random ranges; the number of hints compared.
    private func compare(_ analysis: Analysis, random: inout SeededRandom) -> Int {
        let count = analysis.source.bytes.count
        var ranges = [0..<count, 0..<0, count..<count]
        for _ in 0..<5 {
            let start = Int.random(in: 0...count, using: &random)
            ranges.append(start..<Int.random(in: start...count, using: &random))
        }
        var compared = 0
        for range in ranges {
            let hints = InlayHints.hints(analysis, in: range)
            let plain = Self.plainHints(analysis, in: range)
            XCTAssertEqual(hints, plain, "\(range) of:\n\(analysis.source.text)")
            if hints != plain { return compared }
            compared += hints.count
        }
        return compared
    }

    /// What a template's own cell stands for, the plain way: the grids written at the
    /// innermost cell holding its start, or else (reaching the template) those of every cell
    /// that uses it, found by a scan of the tree.
    static func plainGrids(_ analysis: Analysis, _ tree: SyntaxTree, template: TemplateDecl, body: Int, origins: [GridOrigin]) -> [GridOrigin] {
        let start = tree.range(of: body).lowerBound
        var cell = tree.enclosing(.cell, from: tree.coveringNode(start..<start))
        while let current = cell {
            let range = tree.range(of: current)
            let found = origins.filter { $0.sourceRange == range }
            if !found.isEmpty { return found }
            let parent = tree.nodes[current].parent
            if parent == template.node {
                guard let name = template.name.map(tree.text) else { return [] }
                return tree.descendants(of: 0, .templateRef).flatMap { use -> [GridOrigin] in
                    guard let token = tree.firstToken(of: use), tree.text(tree.tokens[token]) == name, let useCell = tree.enclosing(.cell, from: use)
                    else { return [] }
                    let written = tree.range(of: useCell)
                    return origins.filter { $0.sourceRange == written }
                }
            }
            cell = parent >= 0 ? tree.enclosing(.cell, from: parent) : nil
        }
        return []
    }

    /// The hints as the definition says them, with no care for speed.
    static func plainHints(_ analysis: Analysis, in range: Range<Int>) -> [InlayHint] {
        guard !analysis.viewports.isEmpty else { return [] }
        let origins = Origins.all(analysis)
        var order: [Range<Int>] = []
        for origin in origins {
            guard let written = origin.sourceRange, written.overlaps(range) || written.lowerBound == range.lowerBound else { continue }
            if !order.contains(written) { order.append(written) }
        }
        // A template's own cell stands for the grids of its uses; a grid written where a
        // template's cell starts is one of those.
        var aliases: [Range<Int>: [GridOrigin]] = [:]
        if let tree = analysis.tree {
            tree.forEachChild(of: 0) { item in
                guard let template = TemplateDecl(tree, item), let body = template.body, body.range.overlaps(range) else { return }
                aliases[body.range] = plainGrids(analysis, tree, template: template, body: body.node, origins: origins)
            }
        }
        order.removeAll { written in aliases.keys.contains { $0.lowerBound == written.lowerBound } }
        order += aliases.keys
        order.sort { ($0.lowerBound, -$0.upperBound) < ($1.lowerBound, -$1.upperBound) }
        var hints: [InlayHint] = []
        for written in order {
            let grids = aliases[written] ?? origins.filter { $0.sourceRange == written }
            let frames = grids.compactMap { grid in
                analysis.frames(layout: grid.layout, viewport: 0).flatMap { $0.grids.indices.contains(grid.index) ? $0.grids[grid.index] : nil }
            }
            guard let first = grids.first, !frames.isEmpty else { continue }
            let slots = Self.distinct(frames.compactMap { $0.slot.map { "#\($0)" } })
            let lengths = Self.distinct(
                frames.compactMap { frame in frame.parentAxis.map { FramesReport.number($0 == .rows ? frame.frame.height : frame.frame.width) } })
            var slotAt: Int?
            var lengthAt: Int?
            if let tree = analysis.tree {
                guard let node = tree.enclosing(.cell, from: tree.coveringNode(written)), let cell = CellSyntax(tree, node) else { continue }
                (slotAt, lengthAt) = (written.lowerBound, (cell.size ?? cell.templateRef)?.end)
            } else {
                guard let object = analysis.file.jsonRoot?.value(spanning: written) else { continue }
                let size = JSONQueries.member(of: object, named: GridKey.size.jsonName)
                (slotAt, lengthAt) = (written.lowerBound + 1, size?.value.range.upperBound ?? written.lowerBound + 1)
            }
            if let slotAt, !slots.isEmpty, range.contains(slotAt) || range.upperBound == slotAt {
                hints.append(InlayHint(offset: slotAt, label: slots, kind: .slot, layout: first.layout, grid: first.index))
            }
            if let lengthAt, !lengths.isEmpty, range.contains(lengthAt) || range.upperBound == lengthAt {
                hints.append(InlayHint(offset: lengthAt, label: "▸ " + lengths, kind: .length, layout: first.layout, grid: first.index))
            }
        }
        return hints.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    }

    /// The distinct values in the order met, the first three then `…`.
    private static func distinct(_ values: [String]) -> String {
        var seen: [String] = []
        for value in values where !seen.contains(value) { seen.append(value) }
        return seen.count > 3 ? seen.prefix(3).joined(separator: ", ") + ", …" : seen.joined(separator: ", ")
    }
}
