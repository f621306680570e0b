import Foundation
import TrellisTestSupport
import XCTest

@testable import TrellisSyntax

/// `Parser.reparse` must give exactly what parsing the edited text gives; these tests hold it
/// to that on random programs and random edits, and check when it takes its shortcut.
final class ReparsingTests: XCTestCase {
    /// The text with `edit` applied, and the edit in bytes.
    func applying(_ replacement: String, at range: Range<Int>, to bytes: [UInt8]) -> ([UInt8], ByteEdit) {
        var edited = bytes
        let inserted = Array(replacement.utf8)
        edited.replaceSubrange(range, with: inserted)
        return (edited, ByteEdit(range: range, insertedCount: inserted.count))
    }

    func assertSameParse(
        _ reparsed: ParseResult, _ parsed: ParseResult, _ context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(reparsed.tree.source.bytes, parsed.tree.source.bytes, context(), file: file, line: line)
        XCTAssertEqual(reparsed.tree.tokens, parsed.tree.tokens, context(), file: file, line: line)
        XCTAssertEqual(reparsed.tree.nodes, parsed.tree.nodes, context(), file: file, line: line)
        XCTAssertEqual(reparsed.tree.missing, parsed.tree.missing, context(), file: file, line: line)
        XCTAssertEqual(reparsed.diagnostics, parsed.diagnostics, context(), file: file, line: line)
        XCTAssertEqual(reparsed.lexerDiagnosticCount, parsed.lexerDiagnosticCount, context(), file: file, line: line)
    }

    /// For each case (a text with `1️⃣` where `typed` is typed, and whether `shortcut` is
    /// expected to answer), whether it answers, and that reparsing equals parsing.
    func assertShortcut(
        _ cases: [(String, String, Bool)], file: StaticString = #filePath, line: UInt = #line,
        _ shortcut: (SourceFile, ByteEdit, ParseResult) -> ParseResult?
    ) {
        for (marked, typed, expected) in cases {
            let parts = marked.components(separatedBy: "1️⃣")
            let at = parts[0].utf8.count
            let bytes = Array(parts.joined().utf8)
            let previous = Parser.parse(SourceFile(name: "t.trellis", bytes: bytes))
            let (edited, edit) = applying(typed, at: at..<at, to: bytes)
            let source = SourceFile(name: "t.trellis", bytes: edited)
            XCTAssertEqual(shortcut(source, edit, previous) != nil, expected, "\(marked) + \(typed.debugDescription)", file: file, line: line)
            assertSameParse(Parser.reparse(source, after: edit, previous: previous), Parser.parse(source), marked, file: file, line: line)
        }
    }

    /// The shortcut `Parser.reparse` takes for an edit (nil: it parses the whole text).
    enum Shortcut { case token, item }

    /// `replacement` typed over `range`: the new bytes, their reparse from `previous` (checked
    /// equal to parsing them) and the shortcut it took.
    func checkedEdit(
        _ replacement: String, at range: Range<Int>, to bytes: [UInt8], previous: ParseResult, file: StaticString = #filePath, line: UInt = #line
    ) -> ([UInt8], ParseResult, Shortcut?) {
        let (edited, edit) = applying(replacement, at: range, to: bytes)
        let source = SourceFile(name: "t.trellis", bytes: edited)
        let reparsed = Parser.reparse(source, after: edit, previous: previous)
        let shortcut: Shortcut? =
            Parser.retypedToken(source, after: edit, previous: previous) != nil
            ? .token : Parser.reparsedItem(source, after: edit, previous: previous) != nil ? .item : nil
        assertSameParse(
            reparsed, Parser.parse(source), "\(replacement.debugDescription) at \(range) in:\n\(String(decoding: bytes, as: UTF8.self))",
            file: file, line: line)
        return (edited, reparsed, shortcut)
    }

    /// A random edit: mostly the typing the shortcut is for (inside or at the end of a number,
    /// a colour, a string or a comment, spaces), often anything else (names, punctuation,
    /// line breaks, CJK and emoji, deletions that cut a character in half).
    func randomEdit(of bytes: [UInt8], tokens: [Token], random: inout SeededRandom) -> (String, Range<Int>) {
        let typed = [
            "1", "0", "5", "%", ".5", "x", "a", "-", "/", " ", "  ", "\"", "#", "(", ")", "|", ";", "\n", "é", "注", "😀", "//", "e3", "x2", "@2x", "fill",
        ]
        let token = tokens[Int.random(in: 0..<tokens.count, using: &random)]
        let inside = Int.random(in: token.start...token.end, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0, 1:
            return (random.pick(typed), inside..<inside)
        case 2:
            let end = min(bytes.count, inside + Int.random(in: 1...3, using: &random))
            return ("", inside..<end)
        default:
            let end = min(bytes.count, inside + 1)
            return (random.pick(typed), inside..<end)
        }
    }

    /// Property: on 1,500 random programs, 6 random edits each, reparsing equals parsing, each
    /// edit reparsed from the last reparse (about one edit in ten takes the shortcut).
    func testReparsingEqualsParsingOnRandomEdits() {
        var programs = ProgramGenerator(seed: 2026_11_23)
        var random = SeededRandom(seed: 77)
        var shortcuts = 0
        var items = 0
        var edits = 0
        for _ in 0..<1_500 {
            let text = programs.program()
            var bytes = Array(text.utf8)
            var previous = Parser.parse(SourceFile(name: "t.trellis", bytes: bytes))
            for _ in 0..<6 {
                let (replacement, range) = randomEdit(of: bytes, tokens: previous.tree.tokens, random: &random)
                let shortcut: Shortcut?
                (bytes, previous, shortcut) = checkedEdit(replacement, at: range, to: bytes, previous: previous)
                if shortcut == .token { shortcuts += 1 }
                if shortcut == .item { items += 1 }
                edits += 1
            }
        }
        // Each shortcut is taken often enough for the property to test it.
        XCTAssertGreaterThan(shortcuts, edits / 20, "\(shortcuts) of \(edits)")
        XCTAssertGreaterThan(items, edits / 20, "\(items) of \(edits)")
    }

    /// Property: on 300 files of many layouts and templates, 20 edits each (anything typed or
    /// deleted anywhere, braces and keywords among it), reparsing equals parsing, each edit
    /// reparsed from the last reparse; many edits take the item shortcut.
    func testReparsingManyItemsEqualsParsing() {
        var programs = ProgramGenerator(seed: 2026_11_28)
        var random = SeededRandom(seed: 28)
        let typed = ["{", "}", "layout x ", "template t ", "\n", "\n  ", "rows ", "|", "(", ")", "\"", "// c", "，", "\r\n", "1", " "]
        var items = 0
        var edits = 0
        for _ in 0..<300 {
            var text = programs.manyLayouts()
            // Now and then a bare cell on an item's last line, which reads that line's indentation.
            if Int.random(in: 0..<3, using: &random) == 0 { text = text.replacingOccurrences(of: "\nlayout l2 ", with: " 30\n  padding(1)\nlayout l2 ") }
            var bytes = Array(text.utf8)
            var previous = Parser.parse(SourceFile(name: "t.trellis", bytes: bytes))
            for _ in 0..<20 {
                var (replacement, range) = randomEdit(of: bytes, tokens: previous.tree.tokens, random: &random)
                if Int.random(in: 0..<3, using: &random) == 0 { replacement = random.pick(typed) }
                let shortcut: Shortcut?
                (bytes, previous, shortcut) = checkedEdit(replacement, at: range, to: bytes, previous: previous)
                if shortcut == .item { items += 1 }
                edits += 1
            }
        }
        XCTAssertGreaterThan(items, edits / 4, "\(items) of \(edits)")
    }

    /// Where the item shortcut is taken and where the text is parsed again; `1️⃣` marks the
    /// edit, in files of three items.
    func testWhichEditsReparseOneItem() {
        let cases: [(String, String, Bool)] = [
            ("layout a rows 20 | fill\nlayout b rows {\n  1️⃣20\n  fill\n}\nlayout c cols 50% | fill", "cols 1 | ", true),  // new tokens
            ("layout a rows 20 | fill\nlayout b rows {\n  1️⃣20\n  fill\n}\nlayout c cols 50% | fill", "\n", true),  // a line break
            ("layout a rows 20 | fill\nlayout b rows {\n  1️⃣20\n  fill\n}\nlayout c cols 50% | fill", "}", false),  // ends sooner
            ("layout a rows 20 | fill\nlayout b rows {\n  1️⃣20\n  fill\n}\nlayout c cols 50% | fill", "{", true),  // a block: it ends where it did
            ("layout a rows 20 | fill\nlayout b rows {\n  1️⃣20\n  fill\n}\nlayout c cols 50% | fill", "\"", true),  // an unterminated string
            ("layout a rows 20 | fill\nlayout b1️⃣ rows {\n  20\n}\nlayout c cols 50% | fill", "x", false),  // the name
            ("layout a rows 20 | fill\nlayout b rows {\n  20\n}1️⃣\nlayout c cols 50% | fill", " ", false),  // after the last token
            ("template t {\n  rows 1️⃣20 | fill\n}\nlayout a rows 20 | t\nlayout c cols 50% | fill", "fill | ", true),  // a template
            ("layout a rows 20 | fill\nlayout b rows {\n  20 1️⃣\n}\nlayout c cols 50% | fill", "padding(", true),  // a new finding at its end
            ("layout a rows 20 | fill; layout b rows {\n  1️⃣20\n}\nlayout c cols 50% | fill", "1", false),  // not on a line of its own
            ("layout a rows 20 | fill\nlayout b rows {\n  1️⃣20\nlayout c cols 50% | fill", "5 | ", false),  // its old `found layout` lies after it
            ("layout a rows 20 | fill\nlayout b rows {\n  20\n  1️⃣\n}\nlayout c cols 50% | fill", "layout d ", false),  // an item starts inside it
            // The cell after the item, on its last line, reads that line's indentation: `}` moved to a line indented 4.
            ("layout a rows 20 | fill\nlayout b rows {1️⃣20} 30\n  padding(1)\nlayout c cols 50% | fill", "\n    ", false),
            ("layout a rows 20 | fill\nlayout b rows {\n  20\n1️⃣  } 30\n    padding(1)\nlayout c cols 50% | fill", "    ", false),
        ]
        assertShortcut(cases) { Parser.reparsedItem($0, after: $1, previous: $2) }
    }

    /// Where the shortcut is taken and where the text is parsed again; `1️⃣` marks the edit.
    func testWhichEditsRetypeOneToken() {
        let cases: [(String, String, Bool)] = [
            ("layout a rows 1️⃣20 | fill", "1", true),  // a number grows
            ("layout a rows 201️⃣ | fill", "5", true),  // typed at the end of a number
            ("layout a rows 201️⃣ | fill", "%", false),  // 20 becomes 20%: another kind
            ("layout a rows 20 | fill // no1️⃣te", "x", true),  // a comment
            ("layout a rows 20 |1️⃣ fill", " ", true),  // spaces inside a line
            ("layout a rows 20 | fill bottom-borderline(color #EE1️⃣EEEE)", "0", true),
            ("layout a rows 20 | fi1️⃣ll", "x", false),  // a keyword becomes a name
            ("layout a rows {\n1️⃣  20\n}", " ", false),  // indentation decides the offside rule
            ("layout a rows 20 | fill pad1️⃣ding(3)", "x", false),  // attribute names are read
            ("layout a rows 20 | fill padding(31️⃣", "0", false),  // a diagnostic quotes what follows
            ("layout a rows 201️⃣ | fill", "\n", false),  // a line break
            ("layout a rows 201️⃣ | fill", "a", false),  // one token becomes two
        ]
        assertShortcut(cases) { Parser.retypedToken($0, after: $1, previous: $2) }
    }

    /// A 10,000-line document: typing in one number takes the shortcut, and ten edits in a row
    /// still equal a fresh parse.
    func testLongDocumentEditsStayEqual() {
        var text = "layout big rows {\n"
        for row in 0..<10_000 { text += "  20 padding(\(row)) // row \(row)\n" }
        text += "}\n"
        var bytes = Array(text.utf8)
        var previous = Parser.parse(SourceFile(name: "big.trellis", bytes: bytes))
        let line = previous.tree.source.lineStarts[101] + 2
        for step in 0..<10 {
            let (edited, edit) = step % 2 == 0 ? applying("1", at: line..<line, to: bytes) : applying("", at: line..<(line + 1), to: bytes)
            let source = SourceFile(name: "big.trellis", bytes: edited)
            XCTAssertNotNil(Parser.retypedToken(source, after: edit, previous: previous))
            let reparsed = Parser.reparse(source, after: edit, previous: previous)
            assertSameParse(reparsed, Parser.parse(source), "step \(step)")
            bytes = edited
            previous = reparsed
        }
    }
}
