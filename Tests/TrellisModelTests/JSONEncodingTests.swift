import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisModel

/// JSON is read in the encodings JSONSerialization reads, and invalid UTF-8, which it
/// rejects, is an error.
final class JSONEncodingTests: XCTestCase {
    let text = #"{"rows":[{"size":"50%","x-名":"😀"},{"size":"fill"}]}"#

    func encoded(_ encoding: String.Encoding, mark: Bool) -> [UInt8] {
        var bytes = [UInt8](text.data(using: encoding) ?? Data())
        // Foundation writes a byte order mark for .utf16 / .utf32 only; these are the plain forms.
        if mark {
            switch encoding {
            case .utf16BigEndian: bytes = [0xFE, 0xFF] + bytes
            case .utf16LittleEndian: bytes = [0xFF, 0xFE] + bytes
            case .utf32BigEndian: bytes = [0, 0, 0xFE, 0xFF] + bytes
            case .utf32LittleEndian: bytes = [0xFF, 0xFE, 0, 0] + bytes
            default: break
            }
        }
        return bytes
    }

    func testUTF16AndUTF32AreReadAsJSONSerializationReadsThem() throws {
        let expected = LoadedFile.load(SourceFile(name: "a.json", text: text), kind: .json)
        for encoding in [String.Encoding.utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian] {
            for mark in [false, true] {
                let bytes = encoded(encoding, mark: mark)
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(bytes)), "Foundation reads \(encoding) mark \(mark)")
                let file = LoadedFile.load(SourceFile(name: "a.json", bytes: bytes), kind: .json)
                XCTAssertEqual(file.diagnostics.map(\.code.id), ["J014"], "\(encoding) mark \(mark)")
                XCTAssertEqual(file.diagnostics.first?.severity, .info)
                XCTAssertEqual(file.source.bytes, Array(text.utf8))
                XCTAssertEqual(try XCTUnwrap(file.layouts.first).jsonBytes(style: .compact), try XCTUnwrap(expected.layouts.first).jsonBytes(style: .compact))
            }
        }
    }

    func testInvalidUTF8IsAnError() {
        for (bytes, offset) in [
            (Array(#"{"rows":[{"tag":"x"#.utf8) + [0xFF] + Array(#""}]}"#.utf8), 18),
            (Array(#"{"size":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8), 9),
            (Array(#"{"size":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8), 9),
        ] {
            XCTAssertThrowsError(try JSONSerialization.jsonObject(with: Data(bytes)))
            let file = LoadedFile.load(SourceFile(name: "a.json", bytes: bytes), kind: .json)
            let found = file.diagnostics.filter { $0.code.id == "J014" }
            XCTAssertEqual(found.map(\.severity), [.error])
            XCTAssertEqual(found.first?.range.lowerBound, offset)
        }
    }

    /// Property: the validator agrees with the standard library's on random bytes weighted
    /// towards the edges of every multibyte form.
    func testValidationAgreesWithTheStandardLibrary() {
        var random = SeededRandom(seed: 99)
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF,
            0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF, 0x90, 0x9F, 0xA0, 0x8F,
        ]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...14, using: &random)
            var bytes: [UInt8] = (0..<count).map { _ in random.chance(70) ? random.pick(interesting) : UInt8.random(in: 0...255, using: &random) }
            if random.chance(30) { bytes = Array("abcdefghij".utf8) + bytes }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            let invalid = UTF8Validation.firstInvalid(in: bytes)
            XCTAssertEqual(invalid == nil, valid, "\(bytes)")
            if let invalid {
                XCTAssertNotNil(String(validating: bytes[..<invalid.lowerBound], as: UTF8.self), "\(bytes): valid before \(invalid)")
            }
        }
    }

    /// Property: an edit of valid UTF-8 leaves it valid exactly when the bytes around the edit
    /// are (what the server checks after an edit of a grid dictionary instead of all of it).
    func testAnEditOfValidTextIsCheckedAroundTheEdit() {
        var random = SeededRandom(seed: 20_261_129)
        let pieces = ["a", "é", "中", "😀", "\n", "{", "\u{7F}"]
        for _ in 0..<20_000 {
            let old = Array((0..<Int.random(in: 0...12, using: &random)).map { _ in random.pick(pieces) }.joined().utf8)
            var new = old
            let at = Int.random(in: 0...old.count, using: &random)
            let end = min(old.count, at + Int.random(in: 0...4, using: &random))
            let inserted: [UInt8] =
                random.chance(50)
                ? Array(random.pick(pieces).utf8) : (0..<Int.random(in: 0...3, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            new.replaceSubrange(at..<end, with: inserted)
            let edit = ByteEdit.between(old, new)
            XCTAssertEqual(UTF8Validation.staysValid(new, after: edit), String(validating: new, as: UTF8.self) != nil, "\(old) → \(new)")
        }
    }
}

/// Which JSON is a grid dictionary: the quick scan of the root's keys and the tolerant reader
/// agree wherever the scan answers.
final class GridDictionaryShapeTests: XCTestCase {
    func testShapes() {
        let cases: [(String, Bool)] = [
            (#"{"rows": [{"size": "fill"}]}"#, true), ("{}", true), (" \n{ }", true),
            (#"{"name": "x", "version": "1.0.0"}"#, false), ("[1, 2, 3]", false), ("5", false),
            (#"{"name": "T", "patterns": [{"size": 1}], "repository": {"cols": []}}"#, false),
            (#"{"x-note": "a\"b", "space": 3}"#, true), (#"{"rows": [{"size": "fill",}"#, true),
            (#"{rows: [{"size": 1}]}"#, true), ("{“rows”: []}", true), (#"{"\u0072ows": []}"#, true),
            (#"{"a": {"b": [{"c": "}"}]}, "tag": 5}"#, true), (#"{"a": {"b": [{"c": "}"}]}, "z": 5}"#, false),
            (#"{"a":1"size":2}"#, true), (#"{"a":true"rows":[]}"#, true), ("", true), ("rows: []", true),
            (#"{"name": "x", "n": -1.5e3, "t": true, "f": false, "z": null}"#, false), (#"{"name": "x",}"#, false),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(GridDictionaryShape.isGridDictionary(Array(text.utf8)), expected, text)
            let read = JSONReader.read(text)
            XCTAssertEqual(read.diagnostics.hasErrors || GridDictionaryShape.isGridDictionary(read.root), expected, "the reader: \(text)")
        }
    }

    /// Property: wherever the scan finds a grid key, the tolerant reader finds the file is one
    /// too (or reports errors in it, which also keeps it checked).
    func testTheScanAgreesWithTheReader() {
        var random = SeededRandom(seed: 31)
        // Members of a root object, right or slightly wrong, so that many roots are complete.
        let members = [
            #""rows": []"#, #""x": 1"#, #""name": "a\"b""#, #""n": {"size": [1, {"c": "}"}]}"#, #""t": true"#,
            #""z": null"#, #""a":1"size":2"#, #""b" 3"#, #""c": -1.5e3"#, #"rows: 1"#, "“rows”: 1", #""d": [}"#,
            #""e": "x"#, #""tag": 5"#, #""f": falsey"#,
        ]
        var answered = 0
        for _ in 0..<5_000 {
            let chosen = (0..<Int.random(in: 0...4, using: &random)).map { _ in random.pick(members) }
            let text = "{" + chosen.joined(separator: random.pick([", ", ",", " "])) + random.pick(["}", "} ", "", ",}", "}}"])
            guard GridDictionaryShape.scanFindsGridKey(Array(text.utf8)) else { continue }
            answered += 1
            let read = JSONReader.read(text)
            XCTAssertTrue(read.diagnostics.hasErrors || GridDictionaryShape.isGridDictionary(read.root), text)
        }
        XCTAssertGreaterThan(answered, 500)
    }
}
