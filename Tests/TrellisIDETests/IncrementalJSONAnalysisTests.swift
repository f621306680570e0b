import TrellisLint
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisIDE
@testable import TrellisLayout
@testable import TrellisModel

/// An analysis of a grid dictionary that reads, builds and lints again only the grid whose
/// object an edit lay inside equals analysing the new text from scratch — the JSON syntax
/// value by value, diagnostics, the layout tree and its key places, frames and borderlines
/// at every viewport — over random edit sequences of dictionaries of many grids.
final class IncrementalJSONAnalysisTests: XCTestCase {
    func testReadingAgainOneGridEqualsAnalysingAgain() throws {
        var random = SeededRandom(seed: 20_261_129)
        var edits = 0
        var gridsReadAgain = 0
        for document in 0..<30 {
            var bytes = Self.dictionary(random: &random)
            var options = LintOptions()
            if random.chance(30) { options.rtl = true }
            if random.chance(20) { options.viewports = ["375x667@2x", "320xwrap@3x"].compactMap(Viewport.parse) }
            let target: Dialect? = random.chance(20) ? random.pick([.v1, .v2, .any]) : nil
            var previous = Analysis(SourceFile(name: "home.grid.json", bytes: bytes), kind: .json, options: options, target: target)
            for step in 0..<25 {
                bytes = Self.edited(bytes, random: &random)
                let source = SourceFile(name: "home.grid.json", bytes: bytes)
                let incremental = Analysis(source, kind: .json, options: options, target: target, previous: previous.reusable)
                let scratch = Analysis(source, kind: .json, options: options, target: target)
                let place = "document \(document), edit \(step):\n\(String(decoding: bytes, as: UTF8.self))"
                XCTAssertTrue(Self.sameSyntax(incremental.file.jsonRoot, scratch.file.jsonRoot), "syntax of \(place)")
                XCTAssertEqual(incremental.file.dialect, scratch.file.dialect, place)
                IncrementalAnalysisTests.assertEqual(incremental, scratch, place)
                for (one, other) in zip(incremental.trees, scratch.trees) {
                    XCTAssertEqual(one.keyPlaces, other.keyPlaces, "key places of \(place)")
                }
                edits += 1
                if incremental.reusable?.json?.read.reread != nil { gridsReadAgain += 1 }
                previous = incremental
            }
        }
        // Most edits land inside a grid below the root: the test is about those.
        XCTAssertGreaterThan(gridsReadAgain, edits / 4, "\(gridsReadAgain) of \(edits) edits read one grid again")
    }

    /// An edit that adds the first `spacing` key changes the dialect the file is read in:
    /// everything is read again.
    func testAnEditThatChangesTheDialectReadsEverythingAgain() throws {
        let before = #"{"rows": [{"size": 20, "cols": [{"size": 10}]}, {"size": 30}]}"#
        let after = #"{"rows": [{"size": 20, "cols": [{"size": 10, "spacing": 4}]}, {"size": 30}]}"#
        let previous = Analysis(SourceFile(name: "a.grid.json", text: before), kind: .json)
        let source = SourceFile(name: "a.grid.json", text: after)
        let incremental = Analysis(source, kind: .json, previous: previous.reusable)
        XCTAssertNil(incremental.reusable?.json?.read.reread)
        XCTAssertEqual(incremental.file.dialect, Analysis(source, kind: .json).file.dialect)
        XCTAssertEqual(incremental.diagnostics, Analysis(source, kind: .json).diagnostics)
    }

    /// An edit inside a grid's object is read again alone, and its findings are found again.
    func testAnEditInsideOneGridReadsThatGridAgain() throws {
        let before = #"{"rows": [{"size": 20, "cols": [{"size": 10}]}, {"size": 30, "paddng": "{1,2,3,4}"}]}"#
        let after = #"{"rows": [{"size": 20, "cols": [{"size": 10, "gravty": "top"}]}, {"size": 30, "paddng": "{1,2,3,4}"}]}"#
        let previous = Analysis(SourceFile(name: "a.grid.json", text: before), kind: .json)
        let source = SourceFile(name: "a.grid.json", text: after)
        let incremental = Analysis(source, kind: .json, previous: previous.reusable)
        XCTAssertNotNil(incremental.reusable?.json?.read.reread)
        XCTAssertEqual(incremental.diagnostics.map(\.code), [.unknownKey, .unknownKey])
        XCTAssertEqual(incremental.diagnostics, Analysis(source, kind: .json).diagnostics)
    }

    /// A grid's children are its `cols`, then its `rows`, whatever order they are written in:
    /// an edit inside a grid of `cols` written after `rows` is found in it.
    func testAnEditInsideAColumnWrittenAfterTheRowsReadsThatColumnAgain() throws {
        let before = #"{"size": 100, "cols": [{"size": 10}, {"size": 20}], "rows": [{"size": 30}]}"#
        let after = #"{"size": 100, "cols": [{"size": 10}, {"size": 20, "anchr": true}], "rows": [{"size": 30}]}"#
        let rowsFirst = #"{"size": 100, "rows": [{"size": 30}], "cols": [{"size": 10}, {"size": 20}]}"#
        let rowsFirstAfter = #"{"size": 100, "rows": [{"size": 30}], "cols": [{"size": 10}, {"size": 20, "anchr": true}]}"#
        for (old, new) in [(before, after), (rowsFirst, rowsFirstAfter)] {
            let previous = Analysis(SourceFile(name: "a.grid.json", text: old), kind: .json)
            let source = SourceFile(name: "a.grid.json", text: new)
            let incremental = Analysis(source, kind: .json, previous: previous.reusable)
            XCTAssertNotNil(incremental.reusable?.json?.read.reread, new)
            let scratch = Analysis(source, kind: .json)
            IncrementalAnalysisTests.assertEqual(incremental, scratch, new)
        }
    }

    /// A dictionary of 1 to 12 random grids in `rows`, pretty or compact, now and then with
    /// a comment, a trailing comma or an element that is no object.
    static func dictionary(random: inout SeededRandom) -> [UInt8] {
        var text = random.chance(50) ? "{\n  \"size\": 300,\n  \"rows\": [\n" : "{\"rows\":["
        let count = Int.random(in: 1...12, using: &random)
        for index in 0..<count {
            let style: JSONWriter.Style = random.chance(50) ? .pretty : .compact
            text += String(decoding: GridJSONWriter.write(RandomGrids.grid(random: &random), dialect: random.pick([.v1, .v2]), style: style), as: UTF8.self)
            if random.chance(5) { text += ", 7" }
            if random.chance(5) { text += " // a note\n" }
            if index < count - 1 || random.chance(5) { text += ",\n" }
        }
        text += random.chance(50) ? "\n  ]\n}\n" : "]}"
        return Array(text.utf8)
    }

    /// A random edit: most often one a person makes that keeps the text valid JSON (a member
    /// added after a `{`, a digit typed into a number, spaces), else any bytes anywhere.
    static func edited(_ bytes: [UInt8], random: inout SeededRandom) -> [UInt8] {
        var bytes = bytes
        if random.chance(70) {
            let kind = Int.random(in: 0..<3, using: &random)
            let wanted: Set<UInt8> = kind == 0 ? [UInt8(ascii: "{")] : kind == 1 ? Set(Array("0123456789".utf8)) : [UInt8(ascii: ","), UInt8(ascii: ":")]
            let places = bytes.indices.filter { wanted.contains(bytes[$0]) }
            if let place = places.isEmpty ? nil : random.pick(places) {
                let typed =
                    kind == 0
                    ? random.pick([
                        #""size": 3,"#, #""padding": "{1,2,3,4}","#, #""gravity": "center","#, #""sise": 4,"#, #""anchor": true,"#,
                        #""top-borderline": {"color": "red"},"#, #""cols": [{"size": 10}, {}],"#, #""tag": "5","#,
                    ])
                    : kind == 1 ? random.pick(["1", "0", ".5"]) : random.pick([" ", "\n  ", "  "])
                bytes.insert(contentsOf: Array(typed.utf8), at: place + 1)
                return bytes
            }
        }
        let offset = Int.random(in: 0...bytes.count, using: &random)
        if random.chance(60) {
            let typed = random.pick([
                " ", "1", "0", ",", "\"", "}", "{", "]", "\n", "\"size\": 3, ", "\"padding\": \"{1,2,3,4}\", ", "// c\n", "，", "é", "😀",
                "\"spacing\": 2, ", "\"space\": 1, ", "\"rows\": [{}], ", "\"cols\": [{\"size\": 10}, {}], ", "\"top-borderline\": {\"color\": \"red\"}, ",
                "\"gravity\": \"center\", ", "\"sise\": 4, ", "\\u00e9", "\"",
            ])
            bytes.insert(contentsOf: Array(typed.utf8), at: offset)
        } else {
            let end = min(bytes.count, offset + Int.random(in: 1...8, using: &random))
            bytes.removeSubrange(offset..<end)
        }
        return bytes
    }

    /// Whether two readings hold the same values: kinds, ranges, keys and their ranges,
    /// texts, numbers and where each container ends.
    static func sameSyntax(_ one: JSONNode?, _ other: JSONNode?) -> Bool {
        guard let one, let other else { return one == nil && other == nil }
        let (a, b) = (one.syntax, other.syntax)
        guard a.count == b.count, a.bytes == b.bytes else { return false }
        for index in 0..<a.count {
            let (x, y) = (a.entries[index], b.entries[index])
            guard x.kind == y.kind, a.range(index) == b.range(index), a.subtreeEnd(index) == b.subtreeEnd(index),
                a.keyRange(index) == b.keyRange(index), x.keySpelling == y.keySpelling
            else { return false }
            if a.keyRange(index) != 0..<0, a.key(index) != b.key(index) { return false }
            switch x.kind {
            case .string: if a.text(index) != b.text(index) { return false }
            case .number: if a.number(index).bitPattern != b.number(index).bitPattern { return false }
            case .bool: if x.payload != y.payload { return false }
            default: break
            }
        }
        return true
    }
}
