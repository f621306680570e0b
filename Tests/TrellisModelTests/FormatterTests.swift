import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// `trellis fmt`: one canonical layout, idempotent, meaning-preserving, comment-preserving.
final class FormatterTests: XCTestCase {
    func format(_ text: String) -> String? { Formatter.format(SourceFile(name: "t.trellis", text: text)) }

    /// The JSON of every layout, for meaning comparison.
    func built(_ text: String) -> [String] {
        LoadedFile.load(SourceFile(name: "t.trellis", text: text), kind: .trellis).layouts.map {
            $0.name + "=" + String(decoding: $0.jsonBytes(style: .compact), as: UTF8.self)
        }
    }

    func comments(_ text: String) -> [String] {
        let tokens = Lexer.tokenize(Array(text.utf8)).tokens.filter { $0.kind == .comment }
        return tokens.map { token -> String in
            var comment = String(decoding: Array(text.utf8)[token.range], as: UTF8.self)
            while comment.last == " " || comment.last == "\t" { comment.removeLast() }
            return comment
        }.sorted()
    }

    func assertProperties(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let once = format(text) else { return }
        XCTAssertEqual(format(once), once, "idempotent:\n\(text)\n---\n\(once)", file: file, line: line)
        XCTAssertEqual(built(once), built(text), "meaning:\n\(text)\n---\n\(once)", file: file, line: line)
        XCTAssertEqual(comments(once), comments(text), "comments:\n\(text)\n---\n\(once)", file: file, line: line)
        XCTAssertFalse(Parser.parse(SourceFile(name: "f", text: once)).diagnostics.hasErrors, "parses:\n\(once)", file: file, line: line)
    }

    func testCanonicalLayout() {
        XCTAssertEqual(format("rows   33%|-50%  |fill"), "rows 33% | -50% | fill\n")
        XCTAssertEqual(
            format("layout a rows { 10 ; tag(2) padding(1) ; cols 5|5 }"),
            """
            layout a rows {
              10
              _ padding(1) tag(2)
              _ cols 5 | 5
            }

            """)
        XCTAssertEqual(
            format("template t { 50% action( handleTap: ) json({\"a\":1,\"b\":[1,2]}) gravity(top | left) }\nlayout x rows t"),
            "template t { 50% gravity(top|left) action(handleTap:) json({\"a\": 1, \"b\": [1, 2]}) }\nlayout x rows t\n")
    }

    func testCommentsStayWhereTheyBelong() {
        let text = """
            // header


            layout a rows { // after the brace
              // before 10
              10 // after 10

              20
              // before the end
            } // after the layout
            // at the end
            """
        XCTAssertEqual(
            format(text),
            """
            // header

            layout a rows { // after the brace
              // before 10
              10 // after 10

              20
              // before the end
            } // after the layout
            // at the end

            """)
        assertProperties(text)
    }

    func testLongInlineListsAndHeadersWrap() {
        let long = "rows " + (1...30).map { "\($0)" }.joined(separator: " | ")
        let formatted = format(long) ?? ""
        XCTAssertTrue(formatted.hasPrefix("rows {\n  1\n  2\n"), formatted)
        let header =
            "rows { 10 padding(1 2 3 4) spacing(5) gravity(top|left) tag(12345) action(handleTap:) top-borderline(color #EEEEEE thick 1 head 2 tail 3) }"
        let wrapped = format(header) ?? ""
        XCTAssertTrue(wrapped.split(separator: "\n").allSatisfy { $0.count <= Formatter.lineWidth }, wrapped)
        assertProperties(long)
        assertProperties(header)
    }

    /// The offside rule makes a name on the next line its own cell: no `;` is needed.
    func testACellAfterABareSizeStaysItsOwnCell() {
        let text = "template card { 10 }\nlayout a rows { fill cols 1 | 2; card }"
        XCTAssertEqual(format(text), "template card { 10 }\nlayout a rows {\n  fill cols 1 | 2\n  card\n}\n")
        assertProperties(text)
    }

    /// Comments between the parts of one cell: the part after a comment goes on a deeper
    /// continuation line, so it stays in the cell (it used to be printed inside the comment).
    func testCommentsBetweenThePartsOfACell() {
        let cases = [
            ("rows {\n  50% // note\n    cols 1 | 2\n  fill\n}", "rows {\n  50% // note\n      cols 1 | 2\n  fill\n}\n"),
            ("rows {\n  50% // note\n  cols 1 | 2\n  fill\n}", "rows {\n  50% // note\n  _ cols 1 | 2\n  fill\n}\n"),
            ("rows 1 | 2 // note\n   * 3", "rows {\n  1\n  2 // note\n      * 3\n}\n"),
            ("rows {\n  fill cols { 1; 2 } // a\n    * 3\n}", "rows {\n  fill cols {\n    1\n    2\n  } // a\n      * 3\n}\n"),
            ("rows {\n  20 padding(5) // pad\n     // own\n     tag(3)\n}", "rows {\n  20 padding(5) // pad\n      // own\n      tag(3)\n}\n"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(format(text), expected, text)
            assertProperties(text)
        }
    }

    /// CRLF files stay CRLF, a byte order mark stays, aligned trailing comments stay aligned.
    func testLineEndingsMarksAndAlignment() {
        XCTAssertEqual(format("rows {\r\n  20\r\n  fill\r\n}\r\n"), "rows {\r\n  20\r\n  fill\r\n}\r\n")
        XCTAssertEqual(format("\u{FEFF}rows 20|fill"), "\u{FEFF}rows 20 | fill\n")
        XCTAssertEqual(
            format("rows {\n  20       // banner\n  fill     // body\n  44 cols 1 | 2 // bar\n}"),
            "rows {\n  20   // banner\n  fill // body\n  44 cols 1 | 2 // bar\n}\n")
    }

    /// Inline lists nested 200 deep format (a list is tried on its line and given up as soon
    /// as it cannot fit; when every level printed its cells twice, 26 levels took 23 seconds),
    /// idempotently and with the same meaning.
    func testDeeplyNestedInlineListsFormat() throws {
        for text in [
            "rows 25 cols " + String(repeating: "fill cols ", count: 200) + "fill\n",
            "rows " + String(repeating: "10 | fill cols 1/3 | ", count: 120) + "fill\n",
            "layout deep rows { 20 // top\n  " + String(repeating: "fill cols 50% | ", count: 150) + "fill\n}\n",
        ] {
            let formatted = try XCTUnwrap(format(text), String(text.prefix(80)))
            XCTAssertEqual(format(formatted), formatted, "idempotent")
            XCTAssertEqual(built(formatted), built(text), "the same layout")
        }
    }

    /// The editor's cancellation: the formatter asks before each top-level item it prints, and
    /// a verified formatting asked to stop says so instead of a result.
    func testFormattingStopsWhenAsked() {
        let text = (0..<50).map { "layout l\($0) rows  20|fill" }.joined(separator: "\n") + "\n"
        let parsed = Parser.parse(SourceFile(name: "t.trellis", text: text))
        var asked = 0
        XCTAssertNotNil(
            Formatter.format(
                parsed,
                shouldStop: {
                    asked += 1
                    return false
                }))
        XCTAssertGreaterThanOrEqual(asked, 50, "asked before each layout")
        var looks = 0
        XCTAssertNil(
            Formatter.format(
                parsed,
                shouldStop: {
                    looks += 1
                    return looks > 10
                }))
        XCTAssertEqual(looks, 11, "stops at the first look after the request")
        guard case .stopped = VerifiedFormatting.format(SourceFile(name: "t.trellis", text: text), shouldStop: { true }) else {
            return XCTFail("a stopped formatting gives no text")
        }
        guard case .formatted = VerifiedFormatting.format(SourceFile(name: "t.trellis", text: text)) else { return XCTFail("formats") }
    }

    func testSyntaxErrorsAreNotFormatted() {
        XCTAssertNil(format("rows { 10 padding(1 "))
    }

    /// The examples are in canonical form (`.ci/run` checks it too).
    func testExamplesAreFormatted() throws {
        for url in TestPaths.files(in: TestPaths.examples, withExtension: "trellis") {
            let text = try TestPaths.text(url)
            XCTAssertEqual(format(text), text, url.lastPathComponent)
            assertProperties(text)
        }
    }

    /// Property: on 1,500 random programs (seeded), formatting is idempotent, keeps the
    /// meaning and every comment.
    func testRandomPrograms() {
        var generator = ProgramGenerator(seed: 20_261_122)
        for _ in 0..<1_500 {
            assertProperties(generator.program())
        }
    }
}
