import TrellisIDE
import TrellisLint
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisAPI

/// The API answers each command as the rest of Trellis does, and every request, however
/// broken, with an object.
final class TrellisAPITests: XCTestCase {
    func testCheckAnswersTheReportOfCheck() throws {
        let text = "layout home rows { 50% | 60% }\n"
        let answer = try call(["command": .string("check"), "source": .string(text), "name": .string("home.trellis")])
        let source = SourceFile(name: "home.trellis", text: text)
        let file = CheckedFile(source: source, diagnostics: Analysis(source, kind: .trellis, oneOff: true).diagnostics)
        let report = Reports.json(renderedFiles: [Reports.jsonFile(file)], summary: CheckSummary([file]))
        XCTAssertEqual(answer["report"]?.stringValue, String(decoding: report, as: UTF8.self))
        XCTAssertEqual(answer["exit"], .number(0))
        XCTAssertTrue(answer["report"]?.stringValue?.contains("M106") ?? false, "\(answer)")
    }

    func testBuildAnswersEachLayoutsJSON() throws {
        let text = "layout a rows { 10 | fill }\nlayout b cols { 20 }\n"
        let answer = try call(["command": .string("build"), "source": .string(text), "compact": .bool(true), "target": .string("2")])
        let file = LoadedFile.load(SourceFile(name: "input", text: text), kind: .trellis, target: .v2)
        let expected = file.layouts.map { String(decoding: $0.jsonBytes(style: .compact) + [10], as: UTF8.self) }
        XCTAssertEqual(answer["layouts"]?.arrayElements?.compactMap { $0["json"]?.stringValue }, expected)
        XCTAssertEqual(answer["layouts"]?.arrayElements?.compactMap { $0["name"]?.stringValue }, ["a", "b"])
        let broken = try call(["command": .string("build"), "source": .string("layout a rows { 10 |\n")])
        XCTAssertEqual(broken["exit"], .number(1))
        XCTAssertEqual(broken["layouts"], .array([]))
    }

    func testFramesRenderAndFormat() throws {
        let text = "layout a  rows { 10 | fill }\n"
        let frames = try call(["command": .string("frames"), "source": .string(text), "viewports": .array([.string("320x480@2x")])])
        XCTAssertTrue(frames["frames"]?.stringValue?.contains("\"width\": 320") ?? false, "\(frames)")
        let svg = try call(["command": .string("render"), "source": .string(text)])
        XCTAssertTrue(svg["svg"]?.stringValue?.hasPrefix("<svg") ?? false, "\(svg)")
        let formatted = try call(["command": .string("format"), "source": .string(text)])
        XCTAssertEqual(formatted["formatted"]?.stringValue, "layout a rows {\n  10\n  fill\n}\n")
    }

    /// Offsets count UTF-16 code units by default and bytes on request; an offset inside a
    /// character is taken as that character's start.
    func testHoverAndCompletionCountOffsetsAsTheCallerDoes() throws {
        let text = "// 首页 😀\nlayout a rows { fill }\n"
        let utf16 = Array(text.utf16).count - "ll }\n".utf16.count
        let byte = Array(text.utf8).count - "ll }\n".utf8.count
        let hover16 = try call(["command": .string("hover"), "source": .string(text), "offset": .number(Double(utf16))])
        let hover8 = try call([
            "command": .string("hover"), "source": .string(text), "offset": .number(Double(byte)), "positionEncoding": .string("utf-8"),
        ])
        XCTAssertNotNil(hover16["hover"]?["markdown"]?.stringValue, "\(hover16)")
        XCTAssertEqual(hover16["hover"]?["markdown"], hover8["hover"]?["markdown"])
        XCTAssertEqual(hover16["hover"]?["start"], .number(Double(utf16 - 2)))
        XCTAssertEqual(hover8["hover"]?["start"], .number(Double(byte - 2)))
        let inside = PositionEncoding.utf16.byteOffset(7, in: Array(text.utf8))
        XCTAssertEqual(inside, PositionEncoding.utf16.byteOffset(6, in: Array(text.utf8)), "inside the emoji's surrogate pair")
        XCTAssertEqual(PositionEncoding.utf16.byteOffset(8, in: Array(text.utf8)), inside + 4)
        let completion = try call(["command": .string("completion"), "source": .string("layout a rows { 10 pad }\n"), "offset": .number(22)])
        XCTAssertTrue(completion["items"]?.arrayElements?.contains { $0["label"]?.stringValue == "padding" } ?? false, "\(completion)")
    }

    /// A `use` reads the request's `files` (paths relative to one folder, as `name` is): a
    /// path they do not give is a missing file, and the request's text stands at its name.
    func testAUseReadsTheRequestsFiles() throws {
        let home = "use \"../cards.trellis\"\nlayout home rows { banner | fill }\n"
        let cards = "template banner { 120 tag(100) }\n"
        func request(_ command: String, files: [JSONMember]?) -> KeyValuePairs<String, JSONValue> {
            ["command": .string(command), "source": .string(home), "name": .string("layouts/home.trellis"), "files": files.map(JSONValue.object) ?? .null]
        }
        let built = try call(request("build", files: [JSONMember("cards.trellis", .string(cards))]))
        XCTAssertEqual(built["exit"], .number(0), "\(built)")
        XCTAssertTrue(built["layouts"]?.arrayElements?.first?["json"]?.stringValue?.contains("\"tag\": 100") ?? false, "\(built)")
        for files in [nil, [JSONMember("layouts/cards.trellis", .string(cards))]] {
            let missing = try call(request("check", files: files))
            XCTAssertEqual(missing["exit"], .number(1))
            let report = missing["report"]?.stringValue ?? ""
            XCTAssertTrue(report.contains("no file `cards.trellis` (`../cards.trellis` from this file's folder)"), report)
        }
        let near = try call(request("check", files: [JSONMember("card.trellis", .string(cards))]))
        XCTAssertTrue(near["report"]?.stringValue?.contains("did you mean `../card.trellis`?") ?? false, "\(near)")
        // The text at the request's name is its `source`, whatever `files` gives there.
        let cycle = try call(
            request(
                "check",
                files: [
                    JSONMember("cards.trellis", .string("use \"layouts/home.trellis\"\n" + cards)),
                    JSONMember("layouts/home.trellis", .string("layout stale rows { fill }\n")),
                ]))
        XCTAssertTrue(
            cycle["report"]?.stringValue?.contains("use cycle: `layouts/home.trellis` → `cards.trellis` → `layouts/home.trellis`") ?? false, "\(cycle)")
        // Paths are normalised: `./` in the name and the keys, as the command line takes them.
        let dotted = try call([
            "command": .string("build"), "source": .string(home), "name": .string("./layouts/home.trellis"),
            "files": .object([JSONMember("./layouts/../cards.trellis", .string(cards))]),
        ])
        XCTAssertEqual(dotted["exit"], .number(0), "\(dotted)")
        // Without a name the text is `input`, in the folder the paths are relative to.
        let unnamed = try call([
            "command": .string("check"), "source": .string("use \"cards.trellis\"\nlayout home rows { banner }\n"),
            "files": .object([JSONMember("cards.trellis", .string(cards))]),
        ])
        XCTAssertEqual(unnamed["exit"], .number(0), "\(unnamed)")
        // A grid dictionary uses nothing: its answer is the same with files or without.
        let dictionary: KeyValuePairs<String, JSONValue> = ["command": .string("check"), "source": .string("{\"rows\": [{\"size\": 10}]}")]
        let withFiles = try call([
            "command": .string("check"), "source": .string("{\"rows\": [{\"size\": 10}]}"),
            "files": .object([JSONMember("cards.trellis", .string(cards))]),
        ])
        XCTAssertEqual(withFiles, try call(dictionary))
        for (files, message) in [
            (JSONValue.array([]), "`files` is an object: each path to its text"),
            (.object([JSONMember("cards.trellis", .number(1))]), "`files`: the value of \"cards.trellis\" is not a text"),
            (
                .object([JSONMember("cards.trellis", .string(cards)), JSONMember("./cards.trellis", .string(""))]),
                "`files`: \"cards.trellis\" and \"./cards.trellis\" are one path (cards.trellis): give its text once"
            ),
        ] {
            let answer = try call(["command": .string("check"), "source": .string(home), "files": files])
            XCTAssertEqual(answer["error"]?.stringValue, message)
        }
    }

    func testEveryRequestIsAnsweredWithAnObject() throws {
        for request in [
            "", "[]", "{", "{\"command\": 3}", "{\"command\": \"check\"}", "{\"command\": \"nope\", \"source\": \"\"}",
            "{\"command\": \"check\", \"source\": \"\", \"target\": \"3\"}", "{\"command\": \"hover\", \"source\": \"\", \"offset\": -1}",
            "{\"command\": \"check\", \"source\": \"\", \"viewports\": [\"big\"]}", "\u{FF}\u{FE}",
        ] {
            let answer = JSONReader.read(SourceFile(name: "answer", bytes: TrellisAPI.respond(to: Array(request.utf8))))
            XCTAssertNotNil(answer.root?.member("error"), request)
        }
        var random = SeededRandom(seed: 2026)
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0..<60, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let text = String(decoding: bytes, as: UTF8.self)
            for command in ["check", "build", "frames", "render", "format", "hover", "completion", "preview", "tokens", "cell"] {
                let answer = try call([
                    "command": .string(command), "source": .string(text), "kind": .string("trellis"), "offset": .number(Double(bytes.count / 2)),
                ])
                XCTAssertNil(answer["error"], "\(command) of \(bytes)")
            }
        }
    }

    /// `preview` answers from one analysis what the playground shows: diagnostics with ranges
    /// in the caller's units, the tokens the language server sends, the first layout's JSON as
    /// `build` writes it, and the picture the live preview draws at the device asked for.
    func testPreviewAnswersWhatThePlaygroundShows() throws {
        let text = "// 首页 😀\nlayout home rows {\n  50% | 60%\n  fill\n}\n"
        let answer = try call(["command": .string("preview"), "source": .string(text), "device": .string("320x480@2x")])
        let source = SourceFile(name: "input", text: text)
        let analysis = Analysis(source, kind: .trellis, oneOff: true)
        let bytes = Array(text.utf8)

        let diagnostics = try XCTUnwrap(answer["diagnostics"]?.arrayElements)
        XCTAssertEqual(diagnostics.count, analysis.diagnostics.count)
        XCTAssertFalse(diagnostics.isEmpty, "50% | 60% overflows")
        for (shown, diagnostic) in zip(diagnostics, analysis.diagnostics) {
            XCTAssertEqual(shown["code"]?.stringValue, diagnostic.code.id)
            let start = PositionEncoding.utf16.offset(ofByte: diagnostic.range.lowerBound, in: bytes)
            XCTAssertEqual(shown["start"], .number(Double(start)))
            XCTAssertEqual(shown["end"], .number(Double(PositionEncoding.utf16.offset(ofByte: diagnostic.range.upperBound, in: bytes))))
            let (line, column) = source.utf16Position(of: diagnostic.range.lowerBound)
            XCTAssertEqual(shown["line"], .number(Double(line + 1)))
            XCTAssertEqual(shown["column"], .number(Double(column + 1)))
        }

        let tokens = try XCTUnwrap(
            answer["tokens"]?.arrayElements?.compactMap { element -> Double? in
                if case .number(let number) = element { return number }
                return nil
            })
        let expected = SemanticTokens.tokens(analysis).flatMap { token in
            [token.range.lowerBound, token.range.upperBound].map { Double(PositionEncoding.utf16.offset(ofByte: $0, in: bytes)) } + [
                Double(token.type.rawValue)
            ]
        }
        XCTAssertEqual(tokens, expected)
        XCTAssertEqual(answer["tokenTypes"]?.arrayElements?.count, SemanticTokenType.allCases.count)

        let file = LoadedFile.load(source, kind: .trellis)
        XCTAssertEqual(answer["json"]?.stringValue, file.layouts.first.map { String(decoding: $0.jsonBytes(style: .pretty), as: UTF8.self) })
        let picture = try XCTUnwrap(answer["picture"])
        XCTAssertEqual(picture, Preview.render(analysis, layout: 0, viewport: Viewport(width: 320, height: 480, scale: 2)))
        XCTAssertEqual(picture["width"], .number(320))

        let broken = try call(["command": .string("preview"), "source": .string("layout a rows { 10 |\n")])
        XCTAssertEqual(broken["json"], .null)
        XCTAssertEqual(broken["picture"], .null)
        XCTAssertEqual(broken["errors"], .bool(true))
    }

    /// The picture and the JSON are of the layout asked for, else (a name the text no longer
    /// has) the first, which the answer names; `landscape` turns the device, the file's own
    /// included.
    func testPreviewChoosesTheLayoutAndTurnsTheDevice() throws {
        let text = "preview 320x568@2x rtl\nlayout a rows { 10 }\nlayout b cols { 20 }\n"
        let second = try call(["command": .string("preview"), "source": .string(text), "layout": .string("b")])
        XCTAssertEqual(second["layout"]?.stringValue, "b")
        XCTAssertTrue(second["json"]?.stringValue?.contains("\"cols\"") ?? false, "the JSON is the chosen layout's: \(second)")
        XCTAssertEqual(try call(["command": .string("preview"), "source": .string("// no layout\n")])["json"], .null)
        let gone = try call(["command": .string("preview"), "source": .string(text), "layout": .string("renamed")])
        XCTAssertEqual(gone["layout"]?.stringValue, "a")
        XCTAssertNotEqual(gone["picture"], .null)
        let turned = try call(["command": .string("preview"), "source": .string(text), "landscape": .bool(true)])
        XCTAssertEqual(turned["picture"]?["width"], .number(568))
        XCTAssertTrue(turned["picture"]?["svg"]?.stringValue?.contains("568x320@2x rtl") ?? false, "the file's device keeps its direction")
        let wrap = try call(["command": .string("preview"), "source": .string(text), "device": .string("320xwrap@3x"), "landscape": .bool(true)])
        XCTAssertEqual(wrap["picture"]?["width"], .number(320), "a wrap height stays")
    }

    /// `cell` explains a grid's length as the hover does, at the device asked for.
    func testCellExplainsTheArithmetic() throws {
        let text = "layout home padding(10) rows {\n  100\n  fill\n  fill\n}\n"
        let answer = try call(["command": .string("cell"), "source": .string(text), "device": .string("375x667@2x"), "grid": .number(2)])
        XCTAssertEqual(answer["cell"]?["path"]?.stringValue, "2")
        XCTAssertEqual(answer["cell"]?["rule"]?.stringValue, "fill")
        XCTAssertEqual(answer["cell"]?["arithmetic"]?.stringValue, "`fill`: (667 − 20 − 100) / 2 = 273.5")
        let outside = try call(["command": .string("cell"), "source": .string(text), "grid": .number(9)])
        XCTAssertEqual(outside["cell"], .null)
    }

    private func call(_ members: KeyValuePairs<String, JSONValue>) throws -> JSONValue {
        let request = JSONWriter.write(.object(members.map { JSONMember($0.key, $0.value) }), style: .compact)
        let answer = JSONReader.read(SourceFile(name: "answer", bytes: TrellisAPI.respond(to: request)))
        return try XCTUnwrap(answer.root?.value)
    }
}
