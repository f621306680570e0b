import TrellisIDE
import TrellisModel
import TrellisSyntax
import XCTest

/// Completion, inlay hints, navigation, code actions and the structural features on the IDE
/// layer, with inline markers (`Fixture`).
final class FeatureTests: XCTestCase {
    func labels(_ text: String, kind: InputKind = .trellis) -> [String] {
        let (analysis, offsets) = Fixture.analysis(text, kind: kind)
        return Completion.items(analysis, at: offsets[0]).map(\.label)
    }

    // MARK: completion

    func testCompletionAtTheTopLevelOffersDirectives() {
        XCTAssertEqual(labels("1️⃣"), ["layout", "template", "target", "preview", "use"])
        XCTAssertEqual(labels("layout a rows fill\n1️⃣"), ["layout", "template", "target", "preview", "use"])
        XCTAssertEqual(labels("target 1️⃣"), ["mylayout 1", "mylayout 2"])
        XCTAssertTrue(labels("preview 1️⃣").contains("375x667@2x"))
        XCTAssertEqual(labels("layout 1️⃣"), [], "a name is free text")
    }

    func testCompletionWhereACellStarts() {
        let items = labels("template card { 50% }\nlayout a rows 20 | 1️⃣")
        XCTAssertEqual(Array(items.prefix(3)), ["fill", "wrap", "_"])
        XCTAssertTrue(items.contains("card"))
        XCTAssertTrue(items.contains("padding") && items.contains("rows"))
        XCTAssertTrue(labels("layout a rows {\n  20\n  1️⃣\n}").contains("fill"))
    }

    func testCompletionInsideACellOffersOnlyWhatMayFollow() {
        let afterAttribute = labels("template card { 50% }\nlayout a rows 20 padding(5) 1️⃣")
        XCTAssertFalse(afterAttribute.contains("padding"), "an attribute is given once")
        XCTAssertFalse(afterAttribute.contains("card"), "a template comes before the attributes")
        XCTAssertFalse(afterAttribute.contains("fill"), "the size comes first")
        XCTAssertTrue(afterAttribute.contains("gravity") && afterAttribute.contains("cols") && afterAttribute.contains("*"))
        XCTAssertEqual(labels("layout a rows 20 * 3 1️⃣"), [], "nothing follows a repetition")
        XCTAssertEqual(labels("layout a rows 20 pad1️⃣"), labels("layout a rows 20 1️⃣"), "a word being typed is replaced, not a context")
    }

    func testCompletionInArguments() {
        XCTAssertEqual(labels("layout a rows fill gravity(1️⃣"), GridSchema.alignmentWords)
        XCTAssertEqual(labels("layout a rows fill gravity(top|1️⃣"), ["left", "right", "leading", "trailing", "centerX", "width"])
        XCTAssertEqual(labels("layout a rows fill bottom-borderline(color #EEEEEE 1️⃣"), ["thick", "head", "tail", "offset", "dash"])
        XCTAssertTrue(labels("layout a rows fill bottom-borderline(color 1️⃣").contains("lightgray"))
        XCTAssertEqual(labels("layout a rows fill padding(1️⃣"), [])
        XCTAssertEqual(labels("// 1️⃣"), [], "nothing inside a comment")
    }

    func testCompletionInGridJSON() {
        let keys = labels(#"{"rows": [], 1️⃣}"#, kind: .json)
        XCTAssertFalse(keys.contains("rows") || keys.contains("cols"), "present, or conflicting with rows")
        XCTAssertTrue(keys.contains("space") && !keys.contains("spacing"), "the 1.x spelling by default")
        XCTAssertEqual(labels(#"{"rows": [{"gravity": "top|1️⃣"}]}"#, kind: .json), GridSchema.alignmentWords)
    }

    // MARK: inlay hints

    func testInlayHintsShowLengthsAndSlots() {
        let (analysis, _) = Fixture.analysis("preview 375x667@2x\nlayout a rows 120 | fill | fill\n")
        let hints = InlayHints.hints(analysis, in: 0..<analysis.source.bytes.count)
        let text = analysis.source.text
        let rendered = hints.map { hint in "\(text.utf8.prefix(hint.offset).count):\(hint.label)" }
        // `120 ▸ 120`, `fill ▸ 273.5` twice; each leaf takes a view: #0, #1, #2.
        XCTAssertEqual(hints.filter { $0.kind == .length }.map(\.label), ["▸ 120", "▸ 273.5", "▸ 273.5"], "\(rendered)")
        XCTAssertEqual(hints.filter { $0.kind == .slot }.map(\.label), ["#0", "#1", "#2"])
        let first = hints[0]
        XCTAssertTrue(InlayHints.tooltip(analysis, kind: first.kind, layout: first.layout, grid: first.grid).contains("375x667@2x"))
    }

    func testInlayHintsInATemplateListEveryUse() {
        let (analysis, offsets) = Fixture.analysis("preview 375x667@2x\ntemplate t { 1️⃣fill }\nlayout a cols 100 | t | 20% t\n")
        let hints = InlayHints.hints(analysis, in: 0..<analysis.source.bytes.count).filter { $0.offset == offsets[0] + 4 }
        XCTAssertEqual(hints.map(\.label), ["▸ 200, 75"], "fill: 375 − 100 − 75; 20% of 375")
    }

    func testInlayHintsInJSON() {
        let (analysis, _) = Fixture.analysis(#"{"rows":[{"size":100},{}]}"#, kind: .json)
        let hints = InlayHints.hints(analysis, in: 0..<analysis.source.bytes.count)
        XCTAssertEqual(hints.map(\.label), ["#0", "▸ 100", "#1", "▸ 567"])
    }

    // MARK: navigation

    func testDefinitionReferencesAndRename() {
        let (analysis, offsets) = Fixture.analysis("template 1️⃣card { 50% }\nlayout a rows 2️⃣card | fill card\n")
        XCTAssertEqual(Navigation.definition(analysis, at: offsets[1]), offsets[0]..<offsets[0] + 4)
        XCTAssertEqual(Navigation.references(analysis, at: offsets[0], includeDeclaration: true).count, 3)
        XCTAssertEqual(Navigation.references(analysis, at: offsets[1], includeDeclaration: false).count, 2)
        let edits = Navigation.rename(analysis, at: offsets[1], to: "tile") ?? []
        XCTAssertEqual(Fixture.apply(edits, to: analysis.source), "template tile { 50% }\nlayout a rows tile | fill tile\n")
        XCTAssertNotNil(Navigation.renameProblem(analysis, at: offsets[1], to: "padding"), "an attribute name")
        XCTAssertNotNil(Navigation.renameProblem(analysis, at: offsets[1], to: "two words"))
        XCTAssertNil(Navigation.renameProblem(analysis, at: offsets[1], to: "a"), "a layout's name does not clash with a template's")
    }

    // MARK: code actions

    func testQuickFixesAreTheDiagnosticsFixIts() {
        let (analysis, offsets) = Fixture.analysis("layout a rows 20 , 1️⃣fill\n")
        let actions = CodeActions.actions(analysis, range: offsets[0] - 2..<offsets[0] - 2, only: ["quickfix"])
        XCTAssertFalse(actions.isEmpty)
        XCTAssertEqual(actions.first?.diagnostic?.code.id, "S007")
        let fixAll = CodeActions.fixAll(analysis)
        XCTAssertEqual(fixAll.map { Fixture.apply($0.edits, to: analysis.source) }, "layout a rows 20 | fill\n")
    }

    func testExtractAndInlineTemplateKeepTheJSON() throws {
        let (analysis, offsets) = Fixture.analysis("layout a rows 20 | 1️⃣fill padding(5) * 2 | 30\n")
        let extract = try XCTUnwrap(CodeActions.extractTemplate(analysis, range: offsets[0]..<offsets[0]))
        let extracted = Fixture.apply(extract.edits, to: analysis.source)
        XCTAssertEqual(extracted, "template extracted {\n  fill padding(5)\n}\n\nlayout a rows 20 | extracted * 2 | 30\n")
        let again = Analysis(SourceFile(name: "t.trellis", bytes: Array(extracted.utf8)), kind: .trellis)
        let use = try XCTUnwrap(extracted.utf8.firstRange(of: "extracted * 2".utf8)?.lowerBound)
        let inline = try XCTUnwrap(CodeActions.inlineTemplate(again, at: extracted.utf8.distance(from: extracted.utf8.startIndex, to: use) + 1))
        XCTAssertEqual(
            Fixture.apply(inline.edits, to: again.source), "template extracted {\n  fill padding(5)\n}\n\nlayout a rows 20 | fill padding(5) * 2 | 30\n")
    }

    func testExtractingAMultiLineCellKeepsItsShape() throws {
        let text = "layout a rows {\n  20\n  1️⃣fill cols {\n    30%\n    fill\n  }\n}\n"
        let (analysis, offsets) = Fixture.analysis(text)
        let extract = try XCTUnwrap(CodeActions.extractTemplate(analysis, range: offsets[0]..<offsets[0]))
        XCTAssertEqual(
            Fixture.apply(extract.edits, to: analysis.source),
            "template extracted {\n  fill cols {\n    30%\n    fill\n  }\n}\n\nlayout a rows {\n  20\n  extracted\n}\n")
    }

    func testInlineAppliesTheUsesOverrides() throws {
        let (analysis, offsets) = Fixture.analysis("template card { 50% padding(5) tag(3) }\nlayout a cols 30% 1️⃣card tag(7) | fill\n")
        let inline = try XCTUnwrap(CodeActions.inlineTemplate(analysis, at: offsets[0]))
        XCTAssertTrue(Fixture.apply(inline.edits, to: analysis.source).hasSuffix("layout a cols 30% padding(5) tag(7) | fill\n"))
    }

    // MARK: structure

    func testSymbolsAreHierarchical() {
        let (analysis, _) = Fixture.analysis("template card { 50% }\nlayout home rows {\n  120\n  fill cols card | fill\n}\n")
        let symbols = Symbols.symbols(analysis)
        XCTAssertEqual(symbols.map(\.name), ["card", "home"])
        XCTAssertEqual(symbols[1].children.map(\.name), ["120", "fill cols"])
        XCTAssertEqual(symbols[1].children[1].children.map(\.detail), ["grid 2.1", "grid 2.2"])
    }

    func testFoldingSelectionTokensAndColors() {
        let text = "// one\n// two\nlayout a rows {\n  20 bottom-borderline(color #FF0000 thick 1)\n  1️⃣fill gravity(top)\n}\n"
        let (analysis, offsets) = Fixture.analysis(text)
        XCTAssertEqual(Folding.regions(analysis).map(\.isComment), [true, false, false])
        let ranges = SelectionRanges.ranges(analysis, at: offsets[0] + 1)
        XCTAssertEqual(ranges.first.map { analysis.source.text(in: $0) }, "fill")
        XCTAssertEqual(ranges.last, 0..<analysis.source.bytes.count)
        XCTAssertTrue(zip(ranges, ranges.dropFirst()).allSatisfy { $1.contains($0.lowerBound) && $1.count > $0.count })
        let types = SemanticTokens.tokens(analysis).map { "\(analysis.source.text(in: $0.range)):\($0.type.name)" }
        XCTAssertTrue(types.contains("top:enumMember") && types.contains("bottom-borderline:property") && types.contains("thick:parameter"), "\(types)")
        XCTAssertEqual(Colors.colors(analysis).map(\.color), [RGBA(red: 255, green: 0, blue: 0, alpha: 255)])
        XCTAssertEqual(RGBA(red: 255, green: 0, blue: 0, alpha: 128).written, "#80FF0000")
    }

    func testRangeFormattingTouchesOnlyTheRange() {
        let (analysis, offsets) = Fixture.analysis("layout a rows 20|fill\nlayout b rows 1️⃣20|fill\n")
        let edits = Formatting.edits(analysis, in: offsets[0]..<offsets[0])
        XCTAssertEqual(Fixture.apply(edits, to: analysis.source), "layout a rows 20|fill\nlayout b rows 20 | fill\n")
    }

    /// Every line ending the formatter meets: applying the edits gives the formatted text
    /// (a lone `\r` once split the document and the diff at different places).
    func testFormattingEditsGiveTheFormattedText() {
        for text in [
            "layout a rows {\r  fill  \r}\nlayout b fill\n", "layout a rows {\r\n  fill\r\n}\r\n", "layout a   fill", "layout a rows 1|2\nlayout b   fill\n",
        ] {
            let analysis = Analysis(SourceFile(name: "t.trellis", text: text), kind: .trellis)
            let formatted = Formatting.format(analysis) ?? text
            XCTAssertEqual(Fixture.apply(Formatting.edits(analysis), to: analysis.source), formatted, text.debugDescription)
        }
    }

    func testCommandsShowTheJSONAndTheSVG() {
        let (analysis, _) = Fixture.analysis("layout home rows 20 | fill\n")
        XCTAssertEqual(
            Commands.showJSON(analysis, layout: nil)?.json,
            "{\n  \"rows\": [\n    {\n      \"size\": 20\n    },\n    {\n      \"size\": \"fill\"\n    }\n  ]\n}\n")
        XCTAssertTrue(Commands.render(analysis, layout: "home", viewport: nil)?.svg.hasPrefix("<svg") ?? false)
        XCTAssertNil(Commands.showJSON(analysis, layout: "nope"))
    }
}
