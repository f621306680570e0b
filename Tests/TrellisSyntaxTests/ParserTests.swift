import TrellisSyntax
import TrellisTestSupport
import XCTest

final class ParserTests: XCTestCase {
    func parse(_ text: String) -> ParseResult { Parser.parse(SourceFile(name: "test.trellis", text: text)) }

    func assertLossless(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let result = parse(text)
        XCTAssertEqual(result.tree.reconstructedBytes, Array(text.utf8), "tree text differs from input", file: file, line: line)
    }

    func testOneLinerTree() {
        let result = parse("rows 33% | -50% | fill")
        XCTAssertTrue(result.diagnostics.isEmpty)
        XCTAssertEqual(
            result.tree.debugDescription,
            """
            file
              cell
                split
                  kwRows "rows"
                  inlineList
                    cell
                      size
                        percent "33%"
                    pipe "|"
                    cell
                      size
                        percent "-50%"
                    pipe "|"
                    cell
                      size
                        kwFill "fill"
            """)
    }

    func testInlineListBelongsToTheNearestSplitOnItsLeft() {
        let result = parse("rows 20 | fill cols 50% | 50% | 10")
        let rootSplit = result.tree.root.child(.cell)?.child(.split)
        XCTAssertEqual(rootSplit?.child(.inlineList)?.children(.cell).count, 2)
        let inner = rootSplit?.child(.inlineList)?.children(.cell).last?.child(.split)?.child(.inlineList)
        XCTAssertEqual(inner?.children(.cell).count, 3)
    }

    func testBlocksTemplatesLayoutsAndDirectives() {
        let text = """
            target mylayout 2
            preview 375x667@2x "iPhone" rtl
            template card { 50% padding(0 5 0 5) action(handleTap:) }
            layout home padding(10 0 10 0) rows {
              120 // banner
              fill cols { card tag(1); card tag(2) }
              fill cols 20% * 5
            }
            """
        let result = parse(text)
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.tree.root.children.map(\.kind), [.targetDirective, .previewDirective, .templateDecl, .layoutDecl])
        assertLossless(text)
    }

    func testMissingParenIsOneDiagnosticAndParsingResumes() {
        let result = parse("rows {\n  120 padding(5 5\n  fill tag(2)\n}")
        XCTAssertEqual(result.diagnostics.map(\.code.id), ["S003"])
        XCTAssertTrue(result.diagnostics.first?.message.contains("`)`") ?? false)
        XCTAssertEqual(result.diagnostics.first?.fixIts.first?.edits.first?.replacement, ")")
        XCTAssertEqual(result.tree.root.child(.cell)?.child(.split)?.child(.block)?.children(.cell).count, 2)
    }

    /// `template use { … }`: one error at the keyword, and the declaration read on.
    func testAKeywordWhereANameBelongsIsOneError() {
        for (text, what) in [("template use { 5 }\nlayout s rows { fill }\n", "template"), ("layout preview rows 1 | 2\n", "layout")] {
            let result = Parser.parse(SourceFile(name: "t", text: text))
            XCTAssertEqual(result.diagnostics.map(\.code), [.missingToken], text)
            XCTAssertTrue(result.diagnostics.first?.message.hasSuffix("a keyword cannot name a \(what)") ?? false, text)
        }
    }

    func testMissingBraceIsReportedAtTheEndWithTheOpeningLabel() throws {
        let source = SourceFile(name: "t", text: "rows {\n  120\n  fill\n")
        let result = Parser.parse(source)
        XCTAssertEqual(result.diagnostics.map(\.code.id), ["S003"])
        let diagnostic = try XCTUnwrap(result.diagnostics.first)
        XCTAssertEqual(diagnostic.labels.first?.message, "block opened here")
        XCTAssertEqual(source.utf16Position(of: diagnostic.range.lowerBound).line, 2)
    }

    func testStrayTokensBecomeOneErrorNode() {
        let result = parse("rows { 120 ) ) ) fill }")
        XCTAssertEqual(result.diagnostics.map(\.code.id), ["S004"])
        XCTAssertEqual(result.tree.root.child(.cell)?.child(.split)?.child(.block)?.children(.cell).count, 2)
    }

    func testDeepNestingIsADiagnosticNotACrash() {
        let depth = 5_000
        let text = String(repeating: "rows { ", count: depth) + "fill" + String(repeating: " }", count: depth)
        let result = parse(text)
        XCTAssertTrue(result.diagnostics.contains { $0.code.id == "S005" })
        XCTAssertEqual(result.tree.reconstructedBytes, Array(text.utf8))
        let inline = String(repeating: "rows 1 | ", count: 3_000) + "fill"
        XCTAssertTrue(parse(inline).diagnostics.contains { $0.code.id == "S005" })
    }

    func testExamplesParseWithoutDiagnosticsAndLosslessly() throws {
        let files = TestPaths.files(in: TestPaths.examples, withExtension: "trellis")
        XCTAssertGreaterThanOrEqual(files.count, 9)
        for url in files {
            let text = try TestPaths.text(url)
            let result = parse(text)
            XCTAssertEqual(result.diagnostics, [], url.lastPathComponent)
            XCTAssertEqual(result.tree.reconstructedBytes, Array(text.utf8), url.lastPathComponent)
        }
    }

    /// Nodes are written into room for one per two tokens; a file with more (a dense inline
    /// list of template uses: a cell and its use for each name) moves them out to room of
    /// their own, with every node where it belongs.
    func testMoreNodesThanEstimated() {
        for count in [1, 10, 12, 13, 14, 40, 100, 2_000] {
            let text = "rows " + Array(repeating: "a", count: count).joined(separator: "|")
            let tree = parse(text).tree
            XCTAssertEqual(tree.reconstructedBytes, Array(text.utf8))
            let total = 4 + 2 * count
            var expected: [(SyntaxKind, parent: Int, subtreeEnd: Int)] = [(.file, -1, total), (.cell, 0, total), (.split, 1, total), (.inlineList, 2, total)]
            for cell in stride(from: 4, to: total, by: 2) {
                expected += [(.cell, 3, cell + 2), (.templateRef, cell, cell + 2)]
            }
            XCTAssertEqual(tree.nodes.map(\.kind), expected.map(\.0), "\(count)")
            XCTAssertEqual(tree.nodes.map(\.parent), expected.map(\.parent), "\(count)")
            XCTAssertEqual(tree.nodes.map(\.subtreeEnd), expected.map(\.subtreeEnd), "\(count)")
            if count == 2_000 { XCTAssertGreaterThan(tree.nodes.count, tree.tokens.count / 2 + 16) }
        }
    }

    /// Property: random bytes never crash or hang the parser, and the tree holds every byte.
    func testRandomBytesAlwaysGiveALosslessTree() {
        var random = SeededRandom(seed: 2026)
        let alphabet = Array("rows cols fill wrap {}()|;*#%/:-_\"\n 0123456789abc，数😀".utf8)
        for round in 0..<2_000 {
            let length = Int.random(in: 0...120, using: &random)
            let bytes: [UInt8] = (0..<length).map { _ in
                round % 2 == 0 ? UInt8.random(in: 0...255, using: &random) : alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
            }
            let result = Parser.parse(SourceFile(name: "random", bytes: bytes))
            XCTAssertEqual(result.tree.reconstructedBytes, bytes)
            for diagnostic in result.diagnostics {
                XCTAssertTrue(diagnostic.range.lowerBound >= 0 && diagnostic.range.upperBound <= bytes.count)
                XCTAssertFalse(diagnostic.message.isEmpty)
            }
        }
    }

    /// Property: an attribute node's name, looked up once by the parser, is the name its first
    /// token spells (nil for names Trellis does not know), and no other node has one.
    func testAttributeNodesCarryTheirNames() {
        var programs = ProgramGenerator(seed: 2026_11_25)
        let extra = " paddin(1) space(2) gravityx(top) json anchor(false) top-borderline(color red) content(1x2) 数(1)"
        var attributes = 0
        for _ in 0..<500 {
            let program = programs.program()
            for text in [program, program.replacingOccurrences(of: "fill", with: "fill" + extra)] {
                let tree = Parser.parse(SourceFile(name: "p.trellis", text: text)).tree
                for (index, node) in tree.nodes.enumerated() {
                    guard node.kind == .attribute, let first = tree.firstToken(of: index) else {
                        XCTAssertNil(node.attributeName)
                        continue
                    }
                    attributes += 1
                    XCTAssertEqual(node.attributeName, AttributeName.lookup(tree.source.bytes, tree.tokens[first].range), text)
                }
            }
        }
        XCTAssertGreaterThan(attributes, 1_000)
    }

    /// Property: every single-character edit of every example parses losslessly, and
    /// deleting one closing parenthesis is reported on the line where it was.
    func testSingleCharacterEditsOfExamples() throws {
        var random = SeededRandom(seed: 42)
        let replacements = Array("{}()|;*x#%\" 9".utf8)
        for url in TestPaths.files(in: TestPaths.examples, withExtension: "trellis") {
            let original = try TestPaths.bytes(url)
            for _ in 0..<150 where !original.isEmpty {
                var bytes = original
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.remove(at: index)
                case 1: bytes.insert(replacements[Int.random(in: 0..<replacements.count, using: &random)], at: index)
                default: bytes[index] = replacements[Int.random(in: 0..<replacements.count, using: &random)]
                }
                let result = Parser.parse(SourceFile(name: url.lastPathComponent, bytes: bytes))
                XCTAssertEqual(result.tree.reconstructedBytes, bytes)
            }
            // Remove each `)` in turn: one S003 on that line, pointing right after the arguments.
            let source = SourceFile(name: url.lastPathComponent, bytes: original)
            let closers = Lexer.tokenize(original).tokens.filter { $0.kind == .rParen }.map(\.start)
            for index in closers {
                var bytes = original
                bytes.remove(at: index)
                let mutated = SourceFile(name: url.lastPathComponent, bytes: bytes)
                let result = Parser.parse(mutated)
                let missing = result.diagnostics.filter { $0.code.id == "S003" }
                XCTAssertEqual(missing.count, 1, "\(url.lastPathComponent) without the ) at \(index)")
                if let fix = missing.first?.fixIts.first?.edits.first {
                    XCTAssertEqual(mutated.lineIndex(of: fix.range.lowerBound), source.lineIndex(of: index), "\(url.lastPathComponent) at \(index)")
                }
            }
        }
    }

    func testTerminalRendering() {
        let source = SourceFile(name: "card.trellis", text: "// 卡片\nrows { 120 padding(5 5 }\n")
        let result = Parser.parse(source)
        XCTAssertEqual(
            DiagnosticRenderer.terminal(result.diagnostics, in: source, color: false),
            """
            error[S003]: expected `)` to close the arguments of `padding`, found `}`
             --> card.trellis:2:23
              |
            2 | rows { 120 padding(5 5 }
              |            ------- arguments opened here
              |                       ^
              = help: insert `)`


            """)
    }

    func testLongLinesAreWindowedAroundTheSpan() {
        let filler = String(repeating: "10 | ", count: 60)
        let source = SourceFile(name: "long.trellis", text: "rows " + filler + "20 padding(1 2 3) | " + filler + "fill\n")
        let diagnostic = Diagnostic(code: .badSize, range: 305..<312, message: "m")
        let rendered = DiagnosticRenderer.terminal(diagnostic, in: source, color: false)
        let lines = rendered.split(separator: "\n")
        XCTAssertTrue(lines[3].hasPrefix("1 | …"), String(lines[3]))
        XCTAssertTrue(lines[3].hasSuffix("…"), String(lines[3]))
        XCTAssertLessThan(lines[3].count, 160)
        let caret = lines[4].firstIndex(of: "^").map { lines[4].distance(from: lines[4].startIndex, to: $0) } ?? 0
        let underlined = lines[3].dropFirst(caret).prefix(7)
        XCTAssertEqual(String(underlined), source.text(in: 305..<312))
    }
}
