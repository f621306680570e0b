@testable import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

final class JSONReaderTests: XCTestCase {
    func read(_ text: String) -> JSONReadResult { JSONReader.read(text) }

    /// Values are entries of 24 bytes with 32-bit offsets, viewed through 16-byte nodes; a
    /// file too large for the offsets is one J013 and no value.
    func testCompactEntriesAndTheirLimit() {
        XCTAssertEqual(MemoryLayout<JSONSyntax.Entry>.stride, 24)
        XCTAssertEqual(MemoryLayout<JSONNode>.stride, 16)
        var entry = JSONSyntax.Entry(kind: .null, range: 4_000_000_005..<4_000_000_009)
        entry.keyStart = 4_000_000_000
        entry.keyEnd = 4_000_000_003
        let syntax = JSONSyntax(bytes: [], entries: [entry], numbers: [], decoded: [:])
        XCTAssertEqual(syntax.range(0), 4_000_000_005..<4_000_000_009)
        XCTAssertEqual(syntax.keyRange(0), 4_000_000_000..<4_000_000_003)

        let source = SourceFile(name: "g.json", text: #"{"size": 20}"#)
        XCTAssertEqual(JSONReader.read(source, maximumBytes: 12).root?.range, 0..<12)
        let refused = JSONReader.read(source, maximumBytes: 11)
        XCTAssertNil(refused.root)
        XCTAssertEqual(refused.diagnostics.map(\.code), ["J013"])
        XCTAssertEqual(refused.diagnostics.first?.message, "the file holds 12 bytes; Trellis reads files of at most 11 bytes")
    }

    /// Keys and strings read on the fast path are their bytes; the others are decoded once and
    /// kept; a container knows where its members end, so siblings after a nested value are found.
    func testEntriesKeepKeysTextsAndNesting() throws {
        let text = #"{"rows": [{"size": "fill", "x\"y": 1}, [[2]], "é\n"], color: “tinted”, "rows": true, "n": null}"#
        let result = read(text)
        let root = try XCTUnwrap(result.root)
        XCTAssertEqual(root.type, .object)
        XCTAssertEqual(root.members?.map(\.key), ["rows", "color", "rows", "n"])
        XCTAssertEqual(root.members?.map { String(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: $0.keyRange.lowerBound)...].prefix($0.keyRange.count))! },
                       [#""rows""#, "color", #""rows""#, #""n""#])
        XCTAssertEqual(root.member("rows")?.value.bool, true)
        XCTAssertEqual(root.member("color")?.value.string, "tinted")
        let rows = try XCTUnwrap(root.members?.first?.value.elements)
        XCTAssertEqual(rows.map(\.type), [.object, .array, .string])
        XCTAssertEqual(rows[0].members?.map(\.key), ["size", #"x"y"#])
        XCTAssertEqual(rows[0].member(#"x"y"#)?.value.number, 1)
        XCTAssertEqual(rows[1].elements?.first?.elements?.first?.number, 2)
        XCTAssertEqual(rows[2].string, "é\n")
        XCTAssertNil(root.member("size"))
        XCTAssertNil(rows[1].members)
        XCTAssertEqual(root.syntax.count, 12)
    }

    /// A value is found from where it was written by binary search on the entries: the deepest
    /// one with that exact range, even right after a sibling with no comma between them.
    func testValuesAreFoundByTheRangeTheyWereWrittenAt() throws {
        let text = #"{"rows": [{"size": 1}{"size": 2}, {"cols": []}]}"#
        let root = try XCTUnwrap(read(text).root)
        let rows = try XCTUnwrap(root.member("rows")?.value.elements)
        XCTAssertEqual(rows.count, 3)
        for row in rows {
            XCTAssertEqual(root.value(spanning: row.range)?.range, row.range)
            XCTAssertEqual(root.value(spanning: row.range)?.type, .object)
            XCTAssertEqual(root.object(startingAt: row.range.lowerBound)?.range, row.range)
        }
        XCTAssertEqual(root.value(spanning: root.range)?.range, root.range)
        let size = try XCTUnwrap(rows[1].member("size")?.value)
        XCTAssertEqual(root.value(spanning: size.range)?.number, 2)
        XCTAssertNil(root.value(spanning: size.range.lowerBound..<(size.range.upperBound + 1)))
        XCTAssertNil(rows[0].value(spanning: rows[1].range), "only values inside the one asked")
        XCTAssertNil(root.object(startingAt: size.range.lowerBound))
    }

    func testStrictJSON() {
        let result = read(#"{"a": [1, 2.5, -3e2, true, false, null, "x\n\u00e9\ud83d\ude00"], "b": {}}"#)
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.root?.value, .object([
            JSONMember("a", .array([.number(1), .number(2.5), .number(-300), .bool(true), .bool(false), .null, .string("x\né😀")])),
            JSONMember("b", .object([])),
        ]))
    }

    func testTrailingCommaIsAPortabilityWarning() {
        let result = read(#"{"size":5,}"#)
        XCTAssertEqual(result.diagnostics.map(\.code), ["J002"])
        XCTAssertEqual(result.diagnostics.first?.severity, .warning)
        XCTAssertTrue(result.runtimeAccepts)
        XCTAssertEqual(result.diagnostics.first?.range, 9..<10)
    }

    func testMissingColonIsAnErrorWithAFix() {
        let result = read(##"{"thick"1,"color":"#EEEEEE"}"##)
        XCTAssertEqual(result.diagnostics.map(\.code), ["J003"])
        XCTAssertFalse(result.runtimeAccepts)
        XCTAssertEqual(result.root?.value["thick"], .number(1))
        XCTAssertEqual(result.diagnostics.first?.fixIts.first?.edits.first, TextEdit(range: 8..<8, replacement: ":"))
    }

    func testFullWidthCommaAndStrayBrace() {
        let result = read(#"{"rows":[{"size":"33.33%"}， {"size":"33.33%"}, {"size":"33.33%"}}]}"#)
        XCTAssertEqual(result.diagnostics.map(\.code), ["J004", "J005"])
        XCTAssertEqual(result.root?.value["rows"]?.arrayElements?.count, 3)
    }

    func testMissingClosersAndLineBreaksInStrings() {
        let result = read("{\"rows\":[{\"size\":1}\n,{\"padding\":\"{5, 5, \n5, 5}\"}")
        XCTAssertEqual(result.diagnostics.map(\.code), ["J006", "J009"])
        XCTAssertEqual(result.diagnostics.last?.fixIts.first?.edits.first?.replacement, "]}")
        XCTAssertEqual(result.root?.value["rows"]?.arrayElements?.last?["padding"], .string("{5, 5, 5, 5}"))
    }

    func testDuplicateKeysCommentsAndBareWords() {
        XCTAssertEqual(read(#"{"a":1,"a":2}"#).diagnostics.map(\.code), ["J008"])
        XCTAssertEqual(read(#"{"a":1,"a":2}"#).root?.value["a"], .number(2))
        XCTAssertEqual(read("{// note\n\"a\":1}").diagnostics.map(\.code), ["J007"])
        XCTAssertEqual(read(#"{"a":True}"#).diagnostics.first?.fixIts.first?.edits.first?.replacement, "true")
    }

    func testDeepNestingIsBounded() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertTrue(read(text).diagnostics.contains { $0.code == "J010" })
    }

    /// The corpus's real mistakes are each found once, and everything else reads.
    func testCorpusFiles() throws {
        let expectations: [String: [String]] = [
            "mylayout/GridLayoutDemo4.json": ["J002"],
            "mylayout/GridLayoutDemo5.json": ["J002"],
            "seeds/demo4-v1.raw.json": ["J002", "J006", "J006", "J006", "J006"],
            "seeds/demo4-v1.unwrapped.json": ["J002"],
            "seeds/rows-example-1.json": ["J004", "J005"],
            "seeds/viewgroup-card.unwrapped.json": ["J003", "J009"],
            "seeds/viewgroup-card.raw.json": ["J006", "J003", "J009"],
            "seeds/rows-example-2.json": [], "seeds/rows-example-3.json": [], "seeds/overlap-cell.json": [],
            "seeds/demo5-v1.raw.json": ["J006"], "seeds/demo5-v1.unwrapped.json": [],
        ]
        for (path, codes) in expectations {
            let result = JSONReader.read(SourceFile(name: path, bytes: try TestPaths.bytes(TestPaths.corpus.appendingPathComponent(path))))
            XCTAssertEqual(result.diagnostics.map(\.code), codes, path)
            XCTAssertNotNil(result.root, path)
        }
    }

    /// Property: random bytes and random edits of the corpus never crash or hang the reader.
    func testRandomInputNeverCrashes() throws {
        var random = SeededRandom(seed: 5)
        let corpus = try ["mylayout/GridLayoutDemo4.json", "seeds/demo5-v1.raw.json"].map {
            try TestPaths.bytes(TestPaths.corpus.appendingPathComponent($0))
        }
        let alphabet = Array("{}[]:,\"\\ -01e.tfn，：“”/*\n".utf8)
        for round in 0..<3_000 {
            var bytes: [UInt8]
            if round % 3 == 0 {
                bytes = (0..<Int.random(in: 0...60, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            } else {
                bytes = corpus[round % corpus.count]
                for _ in 0..<3 {
                    let index = Int.random(in: 0..<bytes.count, using: &random)
                    bytes[index] = round % 2 == 0 ? UInt8.random(in: 0...255, using: &random) : alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                }
            }
            let result = JSONReader.read(SourceFile(name: "random", bytes: bytes))
            for diagnostic in result.diagnostics {
                XCTAssertTrue(diagnostic.range.lowerBound >= 0 && diagnostic.range.upperBound <= bytes.count)
            }
        }
    }
}
