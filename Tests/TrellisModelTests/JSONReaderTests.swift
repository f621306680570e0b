import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisModel

final class JSONReaderTests: XCTestCase {
    func read(_ text: String) -> JSONReadResult { JSONReader.read(text) }

    /// Values are entries of 16 bytes with 32-bit offsets, viewed through 16-byte nodes; a
    /// file too large for the offsets is one J013 and no value.
    func testCompactEntriesAndTheirLimit() {
        XCTAssertEqual(MemoryLayout<JSONSyntax.Entry>.stride, 16)
        XCTAssertEqual(MemoryLayout<JSONNode>.stride, 16)
        var entry = JSONSyntax.Entry(kind: .null, range: 4_000_000_005..<4_000_000_009)
        entry.flags |= JSONSyntax.Entry.keyElsewhere
        let syntax = JSONSyntax(bytes: [], entries: [entry], numbers: [], decoded: [:], keysElsewhere: [0: 4_000_000_000..<4_000_000_003])
        XCTAssertEqual(syntax.entries[0].kind, .null)
        XCTAssertEqual(syntax.range(0), 4_000_000_005..<4_000_000_009)
        XCTAssertEqual(syntax.keyRange(0), 4_000_000_000..<4_000_000_003)

        let source = SourceFile(name: "g.json", text: #"{"size": 20}"#)
        XCTAssertEqual(JSONReader.read(source, maximumBytes: 12).root?.range, 0..<12)
        let refused = JSONReader.read(source, maximumBytes: 11)
        XCTAssertNil(refused.root)
        XCTAssertEqual(refused.diagnostics.map(\.code.id), ["J013"])
        XCTAssertEqual(refused.diagnostics.first?.message, "the file holds 12 bytes; Trellis reads files of at most 11 bytes")
    }

    /// Numbers read back bit for bit, whether kept in their entry (whole, 32 bits) or in the
    /// numbers column (`-0`, fractions, larger numbers).
    func testNumbersReadBackBitForBit() {
        let numbers: [String] = [
            "0", "-0", "-5", "40", "2147483647", "-2147483648", "2147483648", "-2147483649",
            "0.5", "1e-7", "1e300", "12.0", "-0.0", "1E3", "99999999999999999999",
        ]
        guard let root = JSONReader.read("[" + numbers.joined(separator: ", ") + "]").root else { return XCTFail("no root") }
        var read: [UInt64] = []
        root.forEachElement { read.append($0.number?.bitPattern ?? 0) }
        XCTAssertEqual(read, numbers.map { Double($0)?.bitPattern ?? 1 })
    }

    /// A member's key range, kept as a distance from its value and derived from its bytes or
    /// kept aside, is where the key was written, in every form a key takes.
    func testKeyRangesInEveryForm() {
        let far = String(repeating: " ", count: 70_000)
        let members: [(key: String, text: String)] = [
            ("\"size\"", "\"size\": 1"), ("\"other\"", "\"other\": 2"), (#""a\"b""#, #""a\"b": 3"#),
            ("name", "name: 4"), ("“rows”", "“rows”: []"), ("\"cols\"", "\"cols\"" + far + ": []"),
            ("\"spacing\"", "\"spacing\" 5"), ("\"padding\"", "\"padding\":"), ("\"é🙂\"", "\"é🙂\": 6"),
        ]
        let text = "{" + members.map(\.text).joined(separator: ", ") + "}"
        guard let root = JSONReader.read(text).root else { return XCTFail("no root") }
        let bytes = Array(text.utf8)
        var searchFrom = 1
        var found: [Range<Int>] = []
        root.forEachMember { found.append($0.keyRange) }
        XCTAssertEqual(found.count, members.count)
        for (member, range) in zip(members, found) {
            let key = Array(member.key.utf8)
            guard let start = (searchFrom...(bytes.count - key.count)).first(where: { Array(bytes[$0..<($0 + key.count)]) == key }) else {
                return XCTFail("\(member.key) not in the text")
            }
            XCTAssertEqual(range, start..<(start + key.count), member.key)
            searchFrom = start + key.count
        }
    }

    /// Keys and strings read on the fast path are their bytes; the others are decoded once and
    /// kept; a container knows where its members end, so siblings after a nested value are found.
    func testEntriesKeepKeysTextsAndNesting() throws {
        let text = #"{"rows": [{"size": "fill", "x\"y": 1}, [[2]], "é\n"], color: “tinted”, "rows": true, "n": null}"#
        let result = read(text)
        let root = try XCTUnwrap(result.root)
        XCTAssertEqual(root.type, .object)
        XCTAssertEqual(root.members?.map(\.key), ["rows", "color", "rows", "n"])
        XCTAssertEqual(
            root.members?.map { String(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: $0.keyRange.lowerBound)...].prefix($0.keyRange.count))! },
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
        XCTAssertEqual(
            result.root?.value,
            .object([
                JSONMember("a", .array([.number(1), .number(2.5), .number(-300), .bool(true), .bool(false), .null, .string("x\né😀")])),
                JSONMember("b", .object([])),
            ]))
    }

    func testTrailingCommaIsAPortabilityWarning() {
        let result = read(#"{"size":5,}"#)
        XCTAssertEqual(result.diagnostics.map(\.code.id), ["J002"])
        XCTAssertEqual(result.diagnostics.first?.severity, .warning)
        XCTAssertTrue(result.runtimeAccepts)
        XCTAssertEqual(result.diagnostics.first?.range, 9..<10)
    }

    func testMissingColonIsAnErrorWithAFix() {
        let result = read(##"{"thick"1,"color":"#EEEEEE"}"##)
        XCTAssertEqual(result.diagnostics.map(\.code.id), ["J003"])
        XCTAssertFalse(result.runtimeAccepts)
        XCTAssertEqual(result.root?.value["thick"], .number(1))
        XCTAssertEqual(result.diagnostics.first?.fixIts.first?.edits.first, TextEdit(range: 8..<8, replacement: ":"))
    }

    func testFullWidthCommaAndStrayBrace() {
        let result = read(#"{"rows":[{"size":"33.33%"}， {"size":"33.33%"}, {"size":"33.33%"}}]}"#)
        XCTAssertEqual(result.diagnostics.map(\.code.id), ["J004", "J005"])
        XCTAssertEqual(result.root?.value["rows"]?.arrayElements?.count, 3)
    }

    func testMissingClosersAndLineBreaksInStrings() {
        let result = read("{\"rows\":[{\"size\":1}\n,{\"padding\":\"{5, 5, \n5, 5}\"}")
        XCTAssertEqual(result.diagnostics.map(\.code.id), ["J006", "J009"])
        XCTAssertEqual(result.diagnostics.last?.fixIts.first?.edits.first?.replacement, "]}")
        XCTAssertEqual(result.root?.value["rows"]?.arrayElements?.last?["padding"], .string("{5, 5, 5, 5}"))
    }

    func testDuplicateKeysCommentsAndBareWords() {
        XCTAssertEqual(read(#"{"a":1,"a":2}"#).diagnostics.map(\.code.id), ["J008"])
        XCTAssertEqual(read(#"{"a":1,"a":2}"#).root?.value["a"], .number(2))
        XCTAssertEqual(read("{// note\n\"a\":1}").diagnostics.map(\.code.id), ["J007"])
        XCTAssertEqual(read(#"{"a":True}"#).diagnostics.first?.fixIts.first?.edits.first?.replacement, "true")
    }

    func testDeepNestingIsBounded() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertTrue(read(text).diagnostics.contains { $0.code.id == "J010" })
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
            let result = JSONReader.read(SourceFile(name: path, bytes: try TestPaths.bytes(try TestPaths.corpus(path))))
            XCTAssertEqual(result.diagnostics.map(\.code.id), codes, path)
            XCTAssertNotNil(result.root, path)
        }
    }

    /// Property: random bytes and random edits of the corpus never crash or hang the reader.
    func testRandomInputNeverCrashes() throws {
        var random = SeededRandom(seed: 5)
        let corpus = try ["mylayout/GridLayoutDemo4.json", "seeds/demo5-v1.raw.json"].map {
            try TestPaths.bytes(try TestPaths.corpus($0))
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
