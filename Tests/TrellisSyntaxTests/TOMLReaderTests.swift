import TrellisSyntax
import TrellisTestSupport
import XCTest

/// The TOML reader of project files: the subset it reads, each mistake once at its place, and
/// any bytes read without a trap.
final class TOMLReaderTests: XCTestCase {
    func read(_ text: String) -> TOMLDocument { TOMLReader.read(SourceFile(name: "trellis.toml", text: text)) }

    func testTheProjectFileOfTheIssueReads() {
        let document = read(
            """
            [project]
            target = 2                                   # 1, 2 or "any"
            previews = ["375x667@2x", "320xwrap@3x"]
            out-dir = "build/layouts"

            [lint]
            warnings-as-errors = true

            [[lint.per-path]]
            paths = [
              "legacy/**",   # trailing comma and comments inside
            ]
            """)
        XCTAssertEqual(document.diagnostics.map(\.message), [])
        XCTAssertEqual(document.headers.map(\.name), [["project"], ["lint"], ["lint", "per-path"]])
        XCTAssertEqual(document.headers.map(\.isArrayElement), [false, false, true])
        XCTAssertEqual(document.entries.map(\.key), [["target"], ["previews"], ["out-dir"], ["warnings-as-errors"], ["paths"]])
        XCTAssertEqual(document.entries.map(\.header), [0, 0, 0, 1, 2])
        XCTAssertEqual(document.entries[0].value.kind, .integer(2))
        XCTAssertEqual(document.entries[1].value.elements?.compactMap(\.string), ["375x667@2x", "320xwrap@3x"])
        XCTAssertEqual(document.entries[3].value.kind, .bool(true))
        XCTAssertEqual(document.entries[4].value.elements?.compactMap(\.string), ["legacy/**"])
    }

    func testValuesKeysAndRanges() {
        let text = #"a.b = "x\u00e9\n" # c"# + "\n" + #"'q k' = 'lit\n'"# + "\nn = [1_000, 0x1F, 1.5e2, inf, [true]]\n"
        let document = read(text)
        XCTAssertEqual(document.diagnostics.map(\.message), [])
        XCTAssertEqual(document.entries.map(\.key), [["a", "b"], ["q k"], ["n"]])
        XCTAssertEqual(document.entries[0].value.string, "xé\n")
        XCTAssertEqual(document.entries[1].value.string, #"lit\n"#)
        let numbers = document.entries[2].value.elements ?? []
        XCTAssertEqual(numbers.prefix(4).map(\.kind), [.integer(1000), .integer(31), .float(150), .float(.infinity)])
        XCTAssertEqual(numbers.last?.elements?.map(\.kind), [.bool(true)])
        let source = SourceFile(name: "t", text: text)
        XCTAssertEqual(source.text(in: document.entries[0].keyRange), "a.b")
        XCTAssertEqual(source.text(in: document.entries[2].value.range), "[1_000, 0x1F, 1.5e2, inf, [true]]")
    }

    func testEachMistakeIsSaidOnceAndReadingGoesOn() {
        let text = "a = \n[t\nb 1\nc = \"open\nd = {x = 1}\ne = 007\ng = '''x'''\nh = \"\\q\"\n[[ok]]\ni = 1 2\nf = [1, 2\n"
        let document = read(text)
        let source = SourceFile(name: "t", text: text)
        let found = document.diagnostics.map { "\(source.lineIndex(of: $0.range.lowerBound) + 1) \($0.code.id) \($0.message)" }
        XCTAssertEqual(
            found,
            [
                "1 P001 expected a value",
                "2 P001 expected `]` to close the table header",
                "3 P001 expected `=` after the key `b`",
                "4 P001 a string must close on its line",
                "5 P001 inline tables are not read here: write the table as `[name]` with its keys below",
                "6 P001 `007` is not a TOML number: digits with `_` only between them, no leading zero, digits on both sides of a `.`, at most 64 bits",
                "7 P001 multi-line strings are not read here: write the value on one line",
                #"8 P001 `\q` is not an escape TOML knows"#,
                "10 P001 expected the end of the line, found `2`",
                // An array goes on over lines: this one is still open at the end of the file.
                "11 P001 expected `]` to close the array",
            ])
        XCTAssertEqual(document.headers.map(\.name), [["t"], ["ok"]])
        XCTAssertEqual(document.headers.map(\.isBroken), [true, false])
        XCTAssertEqual(document.entries.map(\.key), [["i"]])
    }

    /// Numbers by TOML's grammar, not by what Swift's parsers accept.
    func testNumbersFollowTOMLsGrammar() {
        let good: [(String, TOMLValue.Kind)] = [
            ("+1", .integer(1)), ("-0", .integer(0)), ("1_000", .integer(1000)), ("0o17", .integer(15)), ("0b101", .integer(5)),
            ("0xdead_BEEF", .integer(0xDEAD_BEEF)), ("0.5", .float(0.5)), ("-1e3", .float(-1000)), ("6.02E+2", .float(602)), ("1_0.0_1", .float(10.01)),
        ]
        for (text, kind) in good {
            let document = read("n = \(text)\n")
            XCTAssertEqual(document.entries.first?.value.kind, kind, text)
            XCTAssertEqual(document.diagnostics.map(\.message), [], text)
        }
        for text in ["0x-1", "-0x1e", "1.e5", "1_.5", "0x_1F", "00.5", "02", ".5", "1e", "1__0", "99999999999999999999", "1.5.2"] {
            let document = read("n = \(text)\n")
            XCTAssertTrue(document.entries.isEmpty, text)
            XCTAssertEqual(
                document.diagnostics.map(\.message),
                ["`\(text)` is not a TOML number: digits with `_` only between them, no leading zero, digits on both sides of a `.`, at most 64 bits"], text)
        }
    }

    func testLineEndsAndBrokenHeaders() {
        XCTAssertEqual(read("a = \r\nb = 1\r\n").diagnostics.map(\.message), ["expected a value"])
        // The keys under a header that could not be read are under a broken header, not the one before.
        let document = read("[project]\n[lint\ndisable = []\n")
        XCTAssertEqual(document.headers.map(\.isBroken), [false, true])
        XCTAssertEqual(document.entries.first?.header, 1)
    }

    func testAnyBytesReadWithRangesInsideAndOnCharacters() {
        var random = SeededRandom(seed: 71)
        let pieces = ["[", "]", "[[", "]]", "=", "\"", "'", "\\", "\\u", "#", ",", ".", "\n", "\r\n", " ", "a", "-", "1", "1e", "true", "首", "😀", "{", "\u{0}"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0..<30, using: &random)).map { _ in random.pick(pieces) }.joined()
            let source = SourceFile(name: "t", text: text)
            let document = TOMLReader.read(source)
            for diagnostic in document.diagnostics {
                XCTAssertTrue(diagnostic.range.lowerBound >= 0 && diagnostic.range.upperBound <= source.bytes.count, text.debugDescription)
                for offset in [diagnostic.range.lowerBound, diagnostic.range.upperBound] where offset < source.bytes.count {
                    XCTAssertNotEqual(source.bytes[offset] & 0xC0, 0x80, "inside a character: \(text.debugDescription)")
                }
            }
        }
        // Deep arrays are a diagnostic, not a deep recursion.
        let deep = read("a = " + String(repeating: "[", count: 10_000))
        XCTAssertEqual(deep.diagnostics.first?.message, "arrays nest deeper than \(TOMLReader.maximumDepth) levels")
    }
}
