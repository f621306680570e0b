import TrellisModel
import TrellisPlatform
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// The formatter's check: a formatted text that would mean something else, lose a comment or
/// format differently again is refused, whether checked whole or in pieces at once.
final class VerifiedFormattingTests: XCTestCase {
    let source = """
        template card { 50% padding(5) }
        layout a rows {
          10 // ten
          card tag(1) * 3
          _ cols 5 | 5
        }
        layout b rows 1 | 2

        """

    func parsed(_ text: String) -> ParseResult { Parser.parse(SourceFile(name: "t.trellis", text: text)) }

    /// The check of the formatter's text with `old` replaced by `new`.
    func problem(replacing old: String, with new: String, file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        let parsed = self.parsed(source)
        let formatted = try XCTUnwrap(Formatter.formattedBytes(parsed))
        let text = String(decoding: formatted, as: UTF8.self)
        XCTAssertTrue(old.isEmpty || text.contains(old), "the formatted text holds \(old)", file: file, line: line)
        let tampered = old.isEmpty ? text : text.replacing(old, with: new)
        return VerifiedFormatting.problem(in: Array(tampered.utf8), of: parsed)
    }

    func testTheFormattersTextPasses() throws {
        XCTAssertNil(try problem(replacing: "", with: ""))
    }

    func testEachChangeIsRefused() throws {
        let cases: [(old: String, new: String, problem: String)] = [
            ("* 3", "", "layout `a` would build to different JSON"),
            ("* 3", "* 4", "layout `a` would build to different JSON"),
            ("tag(1)", "tag(2)", "layout `a` would build to different JSON"),
            ("padding(5)", "padding(6)", "a top-level item would build to different JSON"),
            ("cols 5 | 5", "cols 5 | 5 | 5", "layout `a` would build to different JSON"),
            ("cols 5 | 5", "rows 5 | 5", "layout `a` would build to different JSON"),
            ("layout b", "layout c", "layout `b` would build to different JSON"),
            ("  10 // ten\n", "  10\n", "a comment would be lost or changed"),
            ("// ten", "// tan", "a comment would be lost or changed"),
            ("layout b rows 1 | 2\n", "layout b rows 1 | 2\nlayout c rows 1\n", "the top-level items would change"),
            ("rows {", "rows }", "the formatted text does not parse"),
            ("rows 1 | 2", "rows 1  |  2", "formatting it again changes it (not idempotent)"),
        ]
        for (old, new, expected) in cases {
            XCTAssertEqual(try problem(replacing: old, with: new), expected, "\(old) → \(new)")
        }
    }

    /// The text formatted in pieces at once is the text formatted whole, in any number of
    /// pieces: pieces start where nothing stands between two top-level items, and a seam
    /// where alignment joins trailing comments makes it format whole.
    func testPiecesAgreeWithTheWhole() throws {
        var text = "// header\ntemplate card { 50% padding(5) }\n"
        for index in 0..<60 {
            switch index % 4 {
            case 0: text += "layout l\(index) rows 1 | card   // aligned\n"
            case 1: text += "layout l\(index) rows 1 | 2      // aligned\n"
            case 2: text += "\n// before l\(index)\nlayout l\(index) rows { 10\n  20 * 2 }\n"
            default: text += "layout l\(index) cols { fill tag(\(index)) }\n"
            }
        }
        try assertPiecesAgree(text)
        try assertPiecesAgree(text.replacing("\n", with: "\r\n"))
        try assertPiecesAgree("\u{FEFF}" + text)
    }

    func assertPiecesAgree(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let source = SourceFile(name: "t.trellis", text: text)
        guard case .formatted(let whole) = VerifiedFormatting.format(source) else { return XCTFail("formats", file: file, line: line) }
        for workers in [2, 3, 7, 40] {
            guard case .formatted(let pieces) = VerifiedFormatting.format(source, workers: LargeStack.sideBySide(workers: workers), smallestPiece: 1),
                case .formatted(let inTurn) = VerifiedFormatting.format(source, workers: .oneAfterAnother(pieces: workers), smallestPiece: 1)
            else {
                return XCTFail("formats in \(workers) pieces", file: file, line: line)
            }
            XCTAssertEqual(pieces, whole, "\(workers) pieces", file: file, line: line)
            XCTAssertEqual(inTurn, whole, "\(workers) pieces in turn", file: file, line: line)
        }
    }

    /// Property: on random programs, the text formatted in pieces is the text formatted whole.
    func testRandomProgramsInPieces() throws {
        var generator = ProgramGenerator(seed: 20_261_125)
        for _ in 0..<300 {
            let text = (0..<4).map { _ in generator.program() }.joined(separator: "\n")
            guard !Parser.parse(SourceFile(name: "t.trellis", text: text)).diagnostics.hasErrors else { continue }
            try assertPiecesAgree(text)
        }
    }

    /// The review's cases: the bytes written are the bytes checked (a file that is not UTF-8
    /// is refused, not repaired), and a misspelt runtime stays as written.
    func testWhatIsWrittenIsWhatWasChecked() {
        var bytes = Array("layout a   fill // caf".utf8)
        bytes += [0xE9, 0x0A]
        guard case .notUTF8 = VerifiedFormatting.format(SourceFile(name: "t.trellis", bytes: bytes)) else {
            return XCTFail("a file that is not UTF-8 is left as it is")
        }
        guard case .formatted(let text) = VerifiedFormatting.format(SourceFile(name: "t.trellis", text: "target  MyLayout 2\nlayout a rows fill\n")) else {
            return XCTFail("formats")
        }
        XCTAssertEqual(text, "target MyLayout 2\nlayout a rows fill\n")
    }

    /// An inline list stays inline however much space its arguments had in the source (the
    /// trial measures what it prints).
    func testTheTrialMeasuresWhatItPrints() {
        let text = "layout a rows 10 padding(1" + String(repeating: " ", count: 2_000) + "2) | 20\n"
        XCTAssertEqual(Formatter.format(SourceFile(name: "t.trellis", text: text)), "layout a rows 10 padding(1 2) | 20\n")
    }
}
