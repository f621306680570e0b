import Foundation
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisLSP

/// Positions inside a character — a UTF-8 column inside a multibyte sequence, a UTF-16 column
/// between the halves of a surrogate pair — mean the character's start, so an edit never
/// splits a character and the server's text stays valid UTF-8.
final class PositionClampingTests: XCTestCase {
    typealias S = InProcessServer

    /// An edit whose ends fall inside `首`, `页` and `😀`, through the real server: the layout's
    /// name in the outline and the line the formatter writes show the server's text.
    func testAnEditInsideACharacterStartsAtTheCharacter() throws {
        for encoding in ["utf-8", "utf-16"] {
            let client = try LSPClient()
            _ = client.request(
                "initialize",
                S.object([
                    ("processId", .null), ("rootUri", .null),
                    ("capabilities", S.object([("general", S.object([("positionEncodings", .array([.string(encoding)]))]))])),
                ]))
            client.notify("initialized", S.object([]))
            let uri = "file:///t/首页.trellis"
            let line = "layout 首页 rows 20|fill // 😀 注释"
            client.notify(
                "textDocument/didOpen",
                S.object([
                    (
                        "textDocument",
                        S.object([
                            ("uri", .string(uri)), ("languageId", .string("trellis")), ("version", S.number(1)), ("text", .string(line + "\n")),
                        ])
                    )
                ]))
            func column(_ prefix: String) -> Int { encoding == "utf-8" ? prefix.utf8.count : prefix.utf16.count }
            // From inside `首` to inside `页` (UTF-8; in UTF-16 each is one unit): `首` is replaced, `页` stays.
            let inside = encoding == "utf-8" ? 1 : 0
            let start = column("layout ") + inside
            let end = column("layout 首") + inside
            // Inside the emoji (between its UTF-16 halves): before it.
            let emoji = column("layout 首页 rows 20|fill // ") + 1
            func change(_ version: Int, _ from: Int, _ to: Int, _ text: String) {
                client.notify(
                    "textDocument/didChange",
                    S.object([
                        ("textDocument", S.object([("uri", .string(uri)), ("version", S.number(version))])),
                        (
                            "contentChanges",
                            .array([
                                S.object([
                                    ("range", S.object([("start", S.position(0, from)), ("end", S.position(0, to))])),
                                    ("text", .string(text)),
                                ])
                            ])
                        ),
                    ]))
            }
            change(2, start, end, "新")
            change(3, emoji + column("新") - column("首"), emoji + column("新") - column("首"), "x")
            let document = S.object([("textDocument", S.object([("uri", .string(uri))]))])
            let symbols = client.request("textDocument/documentSymbol", document)?["result"]?.arrayElements ?? []
            XCTAssertEqual(symbols.first?["name"], .string("新页"), encoding)
            let formatting = S.object([
                ("textDocument", S.object([("uri", .string(uri))])),
                ("options", S.object([("tabSize", S.number(2)), ("insertSpaces", .bool(true))])),
            ])
            let edits = client.request("textDocument/formatting", formatting)?["result"]?.arrayElements ?? []
            XCTAssertEqual(edits.first?["newText"], .string("layout 新页 rows 20 | fill // x😀 注释\n"), encoding)
            _ = client.request("shutdown", .null)
            client.notify("exit", .null)
            XCTAssertEqual(client.finish(), 0)
        }
    }

    /// Random edits at random columns (most of them inside a character) over text with CJK,
    /// emoji and line breaks of all three kinds: after each, the server's text is valid UTF-8
    /// and equal to a model that applies the same clamping.
    func testRandomEditsKeepTheTextValidAndEqualToTheModel() {
        let snippets = ["", "x", "首", "😀", "é", "\n", "\r\n", "页😀", " | fill", "👍🏽", "\r", "注释\n// 😀"]
        for encoding in ["utf-8", "utf-16"] {
            let server = S(encodings: [encoding])
            let uri = "file:///t/random.trellis"
            var model = Array("// 首页 😀\nlayout 首页 rows 20 | fill // 😀 注释\r\n  é👍🏽 ½\rlast 😀😀".utf8)
            server.open(uri, String(decoding: model, as: UTF8.self))
            var random = SeededRandom(seed: encoding == "utf-8" ? 8 : 16)
            for step in 0..<2_000 {
                var changes: [JSONValue] = []
                for _ in 0..<Int.random(in: 1...2, using: &random) {
                    let lines = Self.lines(model)
                    func anyPosition(from line: Int = 0) -> (Int, Int) {
                        let chosen = min(lines.count, Int.random(in: line...(lines.count - 1), using: &random) + (random.chance(3) ? 1 : 0))
                        let text = chosen < lines.count ? String(decoding: model[lines[chosen]], as: UTF8.self) : ""
                        let length = encoding == "utf-8" ? text.utf8.count : text.utf16.count
                        return (chosen, Int.random(in: 0...(length + 2), using: &random))
                    }
                    let start = anyPosition()
                    let end = random.chance(70) ? (start.0, start.1 + Int.random(in: -1...4, using: &random)) : anyPosition(from: min(start.0, lines.count - 1))
                    let text = random.pick(snippets)
                    let lower = Self.offset(model, lines, start, utf8: encoding == "utf-8")
                    let upper = max(lower, Self.offset(model, lines, (end.0, max(0, end.1)), utf8: encoding == "utf-8"))
                    model.replaceSubrange(lower..<upper, with: Array(text.utf8))
                    changes.append(
                        S.object([
                            ("range", S.object([("start", S.position(start.0, start.1)), ("end", S.position(end.0, max(0, end.1)))])),
                            ("text", .string(text)),
                        ]))
                }
                server.notify(
                    "textDocument/didChange",
                    S.object([
                        ("textDocument", S.object([("uri", .string(uri)), ("version", S.number(step + 2))])), ("contentChanges", .array(changes)),
                    ]))
                let held = server.server.documents[uri]?.bytes ?? []
                XCTAssertNotNil(String(validating: held, as: UTF8.self), "\(encoding), step \(step): not UTF-8")
                XCTAssertEqual(held, model, "\(encoding), step \(step)")
                if held != model { break }
                if model.count > 4_000 {
                    model = Array(model.prefix(100))
                    server.open(uri, String(decoding: model, as: UTF8.self))
                }
            }
        }
    }

    /// The content of each line (without its break), as LSP counts lines: `\n`, `\r\n` and `\r` end one.
    static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 10 || bytes[index] == 13 {
                result.append(start..<index)
                if bytes[index] == 13, index + 1 < bytes.count, bytes[index + 1] == 10 { index += 1 }
                start = index + 1
            }
            index += 1
        }
        result.append(start..<bytes.count)
        return result
    }

    /// The model's clamping: past the last line is the end, past a line's end is its end, a
    /// column inside a character is the character's start.
    static func offset(_ bytes: [UInt8], _ lines: [Range<Int>], _ position: (line: Int, column: Int), utf8: Bool) -> Int {
        guard position.line < lines.count else { return bytes.count }
        var offset = lines[position.line].lowerBound
        var units = 0
        for scalar in String(decoding: bytes[lines[position.line]], as: UTF8.self).unicodeScalars {
            let width = utf8 ? scalar.utf8.count : scalar.utf16.count
            if units + width > position.column { break }
            units += width
            offset += scalar.utf8.count
        }
        return offset
    }
}
