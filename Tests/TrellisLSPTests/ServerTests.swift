import Foundation
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// The real `trellis-lsp` over stdio: lifecycle, errors, diagnostics, hovers, incremental
/// edits, positions in UTF-8 and UTF-16 with CJK and emoji, and garbage that must not stop it.
final class ServerTests: XCTestCase {
    func o(_ members: [(String, JSONValue)]) -> JSONValue { LSPClient.object(members) }
    func n(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// The capabilities the last `start` got.
    var lastCapabilities: JSONValue?

    func start(encodings: [String] = ["utf-16"], textDocument: JSONValue? = nil, options: JSONValue? = nil) throws -> LSPClient {
        let client = try LSPClient()
        var capabilities = [("general", o([("positionEncodings", .array(encodings.map { .string($0) }))]))]
        if let textDocument { capabilities.append(("textDocument", textDocument)) }
        var parameters: [(String, JSONValue)] = [("processId", .null), ("rootUri", .null), ("capabilities", o(capabilities))]
        if let options { parameters.append(("initializationOptions", options)) }
        let reply = client.request("initialize", o(parameters))
        lastCapabilities = reply?["result"]?["capabilities"]
        XCTAssertEqual(reply?["result"]?["serverInfo"]?["name"], .string("trellis-lsp"))
        client.notify("initialized", o([]))
        return client
    }

    func open(_ client: LSPClient, _ uri: String, _ text: String, language: String = "trellis") {
        client.notify(
            "textDocument/didOpen",
            o([("textDocument", o([("uri", .string(uri)), ("languageId", .string(language)), ("version", n(1)), ("text", .string(text))]))]))
    }

    func position(_ line: Int, _ character: Int) -> JSONValue { o([("line", n(line)), ("character", n(character))]) }

    /// The LSP position of `marker` in `text` (UTF-16 columns, or bytes with `utf8: true`).
    func position(of marker: String, in text: MarkedText, utf8: Bool = false) -> JSONValue {
        guard let place = text.position(marker, utf8: utf8) else {
            XCTFail("no \(marker) in the test's text")
            return .null
        }
        return position(place.line, place.character)
    }

    func testLifecycleAndErrors() throws {
        let early = try LSPClient()
        XCTAssertEqual(early.request("textDocument/hover", o([]))?["error"]?["code"], n(-32002))
        XCTAssertEqual(early.finish(), 1, "exit without shutdown")

        let client = try start()
        XCTAssertEqual(client.request("nope/nothing", o([]))?["error"]?["code"], n(-32601))
        XCTAssertEqual(client.request("textDocument/hover", o([("position", .string("x"))]))?["error"]?["code"], n(-32602))
        client.sendRaw(Array("Content-Length: 5\r\n\r\n{oops".utf8))
        XCTAssertEqual(client.response(id: .null)?["error"]?["code"], n(-32700))
        client.sendRaw(Array("Content-Length: 2\r\n\r\n[]".utf8))
        XCTAssertEqual(client.response(id: .null)?["error"]?["code"], n(-32600))
        client.sendRaw(Array("Bogus-Header: yes\r\n\r\n".utf8))
        XCTAssertNotNil(client.notification("window/logMessage"))
        XCTAssertEqual(client.request("shutdown", .null)?["result"], .null)
        XCTAssertEqual(client.request("textDocument/hover", o([]))?["error"]?["code"], n(-32600))
        client.notify("exit", .null)
        XCTAssertEqual(client.finish(), 0)
    }

    func testDiagnosticsAndHoverOnATrellisDocument() throws {
        let client = try start()
        let document = MarkedText("preview 375x667@2x\nlayout home rows 300 | 400 | 1️⃣fill\ntemplate unused { fill }\n")
        open(client, "file:///t/home.trellis", document.text)
        let published = try XCTUnwrap(client.notification("textDocument/publishDiagnostics"))
        let items = published["params"]?["diagnostics"]?.arrayElements ?? []
        XCTAssertEqual(items.compactMap { $0["code"]?.stringValue }, ["L001", "L002", "M014"])
        XCTAssertEqual(items.last?["tags"], .array([n(1)]), "an unused template is Unnecessary")
        XCTAssertNil(items.first?["codeDescription"], "no link unless the client says where the docs are")
        let hover = client.request(
            "textDocument/hover", o([("textDocument", o([("uri", .string("file:///t/home.trellis"))])), ("position", position(of: "1️⃣", in: document))]))
        let text = hover?["result"]?["contents"]?["value"]?.stringValue ?? ""
        XCTAssertTrue(text.hasPrefix("**home** · grid `3` · size `fill` · slot #2"), text)
        XCTAssertTrue(text.contains("| 375x667@2x | `fill`: 667 − 300 − 400 = -33 | 0,700 375×-33 |"), text)
        XCTAssertTrue(text.contains("⚠︎ negative height at 375x667@2x: the view gets 0"), text)
        _ = client.request("shutdown", .null)
        client.notify("exit", .null)
        XCTAssertEqual(client.finish(), 0)
    }

    /// Incremental edits in both encodings, on a line holding CJK and emoji.
    func testIncrementalEditsInUTF16AndUTF8() throws {
        for encoding in ["utf-16", "utf-8"] {
            let client = try start(encodings: encoding == "utf-8" ? ["utf-8", "utf-16"] : ["utf-16"])
            let uri = "file:///t/e.trellis"
            let document = MarkedText("layout 首页 rows 20 | 1️⃣f3️⃣ill2️⃣ // 😀 注释\n")
            let utf8 = encoding == "utf-8"
            open(client, uri, document.text)
            _ = client.notification("textDocument/publishDiagnostics")
            // Replace `fill` with `wrap`, then hover inside it.
            client.notify(
                "textDocument/didChange",
                o([
                    ("textDocument", o([("uri", .string(uri)), ("version", n(2))])),
                    (
                        "contentChanges",
                        .array([
                            o([
                                ("range", o([("start", position(of: "1️⃣", in: document, utf8: utf8)), ("end", position(of: "2️⃣", in: document, utf8: utf8))])),
                                ("text", .string("wrap")),
                            ])
                        ])
                    ),
                ]))
            let hover = client.request(
                "textDocument/hover", o([("textDocument", o([("uri", .string(uri))])), ("position", position(of: "3️⃣", in: document, utf8: utf8))]))
            let text = hover?["result"]?["contents"]?["value"]?.stringValue ?? ""
            XCTAssertTrue(text.contains("size `wrap`"), "\(encoding): \(text)")
            // Out-of-range positions clamp; they never stop the server.
            XCTAssertNotNil(client.request("textDocument/hover", o([("textDocument", o([("uri", .string(uri))])), ("position", position(99, 999))])))
            _ = client.request("shutdown", .null)
            client.notify("exit", .null)
            XCTAssertEqual(client.finish(), 0)
        }
    }

    /// Typing into numbers, colours and comments reparses from the last tree (`Parser.reparse`);
    /// after each of 150 random edits, incremental or not, the edited document's diagnostics
    /// are those of the same text opened afresh.
    func testEditedDocumentsDiagnoseLikeFreshOnes() throws {
        let client = try start()
        let uri = "file:///t/typed.trellis"
        var lines = [
            "// 首页 😀", "preview 375x667@2x", "template card { 20 padding(4) }", "layout home rows {",
            "  44 padding(8 16) bottom-borderline(color #EEEEEE thick 1) // header",
            "  cols 120 | fill | 33% card", "  fill rows 1/3 | 50 | -50% // 注释", "  300 * 2", "  padding(3", "}",
        ]
        open(client, uri, lines.joined(separator: "\n"))
        var random = SeededRandom(seed: 11_23)
        let typed = ["1", "0", "9", " ", "x", "%", "E", "注", "a", "(", "\""]
        func pulled(_ document: String) -> String {
            let reply = client.request("textDocument/diagnostic", o([("textDocument", o([("uri", .string(document))]))]))
            return String(decoding: JSONWriter.write(reply?["result"] ?? .null, style: .compact), as: UTF8.self)
        }
        for step in 0..<150 {
            let line = Int.random(in: 0..<lines.count, using: &random)
            let units = Array(lines[line].utf16)
            // Mostly after a digit, a hex letter or inside a comment, where the shortcut applies.
            let digits = units.indices.filter { (48...57).contains(units[$0]) || (65...70).contains(units[$0]) }
            // Never between the two halves of an emoji.
            func whole(_ offset: Int) -> Int { offset > 0 && offset < units.count && UTF16.isTrailSurrogate(units[offset]) ? offset + 1 : offset }
            let start = whole(digits.isEmpty || random.chance(30) ? Int.random(in: 0...units.count, using: &random) : random.pick(digits) + 1)
            let end = whole(random.chance(25) ? min(units.count, start + 1) : start)
            let snippet = random.pick(typed)
            lines[line] = String(decoding: units[..<start], as: UTF16.self) + snippet + String(decoding: units[end...], as: UTF16.self)
            client.notify(
                "textDocument/didChange",
                o([
                    ("textDocument", o([("uri", .string(uri)), ("version", n(step + 2))])),
                    (
                        "contentChanges",
                        .array([o([("range", o([("start", position(line, start)), ("end", position(line, end))])), ("text", .string(snippet))])])
                    ),
                ]))
            let fresh = "file:///t/fresh.trellis"
            open(client, fresh, lines.joined(separator: "\n"))
            XCTAssertEqual(pulled(uri), pulled(fresh).replacingOccurrences(of: fresh, with: uri), "step \(step):\n\(lines.joined(separator: "\n"))")
            client.notify("textDocument/didClose", o([("textDocument", o([("uri", .string(fresh))]))]))
        }
        _ = client.request("shutdown", .null)
        client.notify("exit", .null)
        XCTAssertEqual(client.finish(), 0)
    }

    func testSymbolsAndFormatting() throws {
        let client = try start()
        let uri = "file:///t/s.trellis"
        let document = MarkedText("template card { 50% }\n2️⃣layout 1️⃣home rows card|fill\n3️⃣")
        open(client, uri, document.text)
        let symbols = client.request("textDocument/documentSymbol", o([("textDocument", o([("uri", .string(uri))]))]))?["result"]?.arrayElements ?? []
        XCTAssertEqual(symbols.compactMap { $0["name"]?.stringValue }, ["card", "home"])
        XCTAssertEqual(symbols.last?["selectionRange"]?["start"], position(of: "1️⃣", in: document))
        let edits =
            client.request(
                "textDocument/formatting",
                o([("textDocument", o([("uri", .string(uri))])), ("options", o([("tabSize", n(2)), ("insertSpaces", .bool(true))]))]))?["result"]?.arrayElements
            ?? []
        // Only the changed line is replaced.
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits.first?["newText"], .string("layout home rows card | fill\n"))
        XCTAssertEqual(edits.first?["range"]?["start"], position(of: "2️⃣", in: document))
        XCTAssertEqual(edits.first?["range"]?["end"], position(of: "3️⃣", in: document))
        _ = client.request("shutdown", .null)
        client.notify("exit", .null)
        XCTAssertEqual(client.finish(), 0)
    }

    /// Links go where `diagnosticsBaseURL` says; an empty setting (editors sync every key) is unset.
    func testDiagnosticLinksOnlyWhereConfigured() throws {
        let base = "https://example.org/trellis/diagnostics.md"
        let client = try start(options: o([("diagnosticsBaseURL", .string(base))]))
        open(client, "file:///t/home.trellis", "preview 375x667@2x\nlayout home rows 300 | 400 | fill\n")
        let linked = client.notification("textDocument/publishDiagnostics")?["params"]?["diagnostics"]?.arrayElements ?? []
        XCTAssertEqual(linked.first?["codeDescription"]?["href"], .string(base + "#l001"))
        client.notify("workspace/didChangeConfiguration", o([("settings", o([("trellis", o([("diagnosticsBaseURL", .string(""))]))]))]))
        let unlinked = client.notification("textDocument/publishDiagnostics")?["params"]?["diagnostics"]?.arrayElements ?? []
        XCTAssertEqual(unlinked.first?["code"], .string("L001"))
        XCTAssertNil(unlinked.first?["codeDescription"])
        _ = client.request("shutdown", .null)
        client.notify("exit", .null)
        XCTAssertEqual(client.finish(), 0)
    }

    /// A setting synced as `null` (VS Code sends its whole section) is unset again: the file's
    /// own `target` line counts once more.
    func testClearedSettingsAreUnset() throws {
        let client = try start(options: o([("target", n(2))]))
        let uri = "file:///t/s.trellis"
        open(client, uri, "target mylayout 1\nlayout a spacing(5) rows fill\n")
        let show = o([("command", .string("trellis.showJSON")), ("arguments", .array([.string(uri)]))])
        let forced = client.request("workspace/executeCommand", show)?["result"]?["content"]?.stringValue ?? ""
        XCTAssertTrue(forced.contains(#""spacing""#), forced)
        let cleared = o([("target", .null), ("viewports", .array([])), ("rtl", .bool(false)), ("diagnosticsBaseURL", .string(""))])
        client.notify("workspace/didChangeConfiguration", o([("settings", o([("trellis", cleared)]))]))
        let own = client.request("workspace/executeCommand", show)?["result"]?["content"]?.stringValue ?? ""
        XCTAssertTrue(own.contains(#""space""#) && !own.contains(#""spacing""#), own)
        _ = client.request("shutdown", .null)
        client.notify("exit", .null)
        XCTAssertEqual(client.finish(), 0)
    }

    /// Formatting is for Trellis files: a client that registers capabilities dynamically gets
    /// it registered for them only (so JSON keeps the editor's own formatter); the others get
    /// it statically, and JSON documents get no edits.
    func testFormattingIsRegisteredForTrellisFilesOnly() throws {
        let dynamic = o([("dynamicRegistration", .bool(true))])
        let client = try start(textDocument: o([("formatting", dynamic), ("rangeFormatting", dynamic)]))
        XCTAssertNil(lastCapabilities?["documentFormattingProvider"])
        XCTAssertNil(lastCapabilities?["documentRangeFormattingProvider"])
        let registration = try XCTUnwrap(client.notification("client/registerCapability"))
        XCTAssertNotNil(registration["id"], "a request")
        let registered = registration["params"]?["registrations"]?.arrayElements ?? []
        XCTAssertEqual(registered.compactMap { $0["method"]?.stringValue }, ["textDocument/formatting", "textDocument/rangeFormatting"])
        for entry in registered {
            XCTAssertEqual(
                entry["registerOptions"]?["documentSelector"], .array([o([("language", .string("trellis"))]), o([("pattern", .string("**/*.trellis"))])]))
        }
        client.send(o([("jsonrpc", .string("2.0")), ("id", registration["id"] ?? .null), ("result", .null)]))
        XCTAssertEqual(client.request("shutdown", .null)?["result"], .null, "the client's response is taken quietly")
        client.notify("exit", .null)
        XCTAssertEqual(client.finish(), 0)

        let plain = try start()
        XCTAssertEqual(lastCapabilities?["documentFormattingProvider"], .bool(true))
        open(plain, "file:///t/home.grid.json", #"{"rows":[{"size":"fill"}],  "tag":1}"#, language: "json")
        let edits = plain.request(
            "textDocument/formatting",
            o([("textDocument", o([("uri", .string("file:///t/home.grid.json"))])), ("options", o([("tabSize", n(2)), ("insertSpaces", .bool(true))]))]))
        XCTAssertEqual(edits?["result"], .array([]), "JSON is left to the editor's JSON formatter")
        _ = plain.request("shutdown", .null)
        plain.notify("exit", .null)
        XCTAssertEqual(plain.finish(), 0)
    }

    /// Snippets only for a client that declares `snippetSupport`; plain text for the rest.
    func testCompletionsFollowSnippetSupport() throws {
        let document = MarkedText("layout a rows {\n  1️⃣\n}\n")
        let place = o([("textDocument", o([("uri", .string("file:///t/c.trellis"))])), ("position", position(of: "1️⃣", in: document))])
        for snippets in [false, true] {
            let completion = o([("completionItem", o([("snippetSupport", .bool(snippets))]))])
            let client = try start(textDocument: o([("completion", completion)]))
            open(client, "file:///t/c.trellis", document.text)
            let items = client.request("textDocument/completion", place)?["result"]?["items"]?.arrayElements ?? []
            let rows = try XCTUnwrap(items.first { $0["label"] == .string("rows") })
            XCTAssertEqual(rows["insertTextFormat"], n(snippets ? 2 : 1))
            XCTAssertEqual(rows["textEdit"]?["newText"], .string(snippets ? "rows ${1:fill} | ${2:fill}" : "rows fill | fill"))
            XCTAssertFalse(!snippets && items.contains { $0["insertTextFormat"] == n(2) }, "no snippet for a client without them")
            _ = client.request("shutdown", .null)
            client.notify("exit", .null)
            XCTAssertEqual(client.finish(), 0)
        }
    }

    func testGridJSONDocuments() throws {
        let client = try start()
        open(client, "file:///t/home.grid.json", #"{"rows":[{"size":"150%"},{"size":"fill"}],"space":5}"#, language: "json")
        let items = client.notification("textDocument/publishDiagnostics")?["params"]?["diagnostics"]?.arrayElements ?? []
        XCTAssertEqual(items.compactMap { $0["code"]?.stringValue }, ["M103"])
        let package = MarkedText(#"{"1️⃣name":"x"}"#)
        open(client, "file:///t/package.json", package.text, language: "json")
        XCTAssertEqual(client.notification("textDocument/publishDiagnostics")?["params"]?["diagnostics"], .array([]))
        // JSON that is no grid dictionary is the editor's JSON server's business: nothing here.
        let place = o([("textDocument", o([("uri", .string("file:///t/package.json"))])), ("position", position(of: "1️⃣", in: package))])
        XCTAssertEqual(client.request("textDocument/hover", place)?["result"], .null)
        XCTAssertEqual(client.request("textDocument/completion", place)?["result"]?["items"], .array([]))
        let symbols = client.request("textDocument/documentSymbol", o([("textDocument", o([("uri", .string("file:///t/package.json"))]))]))
        XCTAssertEqual(symbols?["result"]?.arrayElements?.count ?? 0, 0)
        _ = client.request("shutdown", .null)
        client.notify("exit", .null)
        XCTAssertEqual(client.finish(), 0)
    }

    /// Thousands of random and malformed messages: the server answers a hover correctly after.
    func testGarbageNeverStopsTheServer() throws {
        let client = try start()
        let document = MarkedText("layout g rows 20 | f1️⃣ill\n")
        open(client, "file:///t/g.trellis", document.text)
        var random = SeededRandom(seed: 77)
        let pieces = [
            "{", "}", "[", "]", "\"jsonrpc\"", ":", "\"2.0\"", ",", "\"method\"", "\"id\"", "1", "null", "\"textDocument/didChange\"", "\"params\"", "é", "😀",
        ]
        for batch in 0..<20 {
            for _ in 0..<100 {
                let body = Array((0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined().utf8)
                client.sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
            }
            // A request after each batch drains the replies, so neither pipe fills up.
            XCTAssertNotNil(
                client.request(
                    "textDocument/hover", o([("textDocument", o([("uri", .string("file:///t/g.trellis"))])), ("position", position(of: "1️⃣", in: document))])),
                "batch \(batch)")
        }
        let hover = client.request(
            "textDocument/hover", o([("textDocument", o([("uri", .string("file:///t/g.trellis"))])), ("position", position(of: "1️⃣", in: document))]))
        XCTAssertTrue(hover?["result"]?["contents"]?["value"]?.stringValue?.contains("grid `2`") ?? false)
        _ = client.request("shutdown", .null)
        client.notify("exit", .null)
        XCTAssertEqual(client.finish(), 0)
    }

    /// While the server is busy, a request whose document changes behind it is answered
    /// `ContentModified`, and one cancelled before it is handled `RequestCancelled`.
    func testCancellationAndContentModified() throws {
        let client = try start()
        let big =
            (0..<4_000).map { "template t\($0) { fill padding(\($0 % 9)) cols 20 | fill | 30% }" }.joined(separator: "\n")
            + "\nlayout big rows " + (0..<2_000).map { "t\($0)" }.joined(separator: " | ") + "\n"
        open(client, "file:///t/big.trellis", big)
        let small = MarkedText("layout s rows 20 | f1️⃣ill\n")
        open(client, "file:///t/small.trellis", small.text)
        // The same place in both documents: the big one's is inside its first template.
        func hover(_ uri: String, id: Int) -> JSONValue {
            o([
                ("jsonrpc", .string("2.0")), ("id", n(id)), ("method", .string("textDocument/hover")),
                ("params", o([("textDocument", o([("uri", .string(uri))])), ("position", position(of: "1️⃣", in: small))])),
            ])
        }
        // The first request keeps the server busy analysing the big document; the rest queue.
        client.send(hover("file:///t/big.trellis", id: 900))
        client.send(hover("file:///t/small.trellis", id: 901))
        client.notify(
            "textDocument/didChange",
            o([
                ("textDocument", o([("uri", .string("file:///t/small.trellis")), ("version", n(2))])),
                ("contentChanges", .array([o([("text", .string("layout s rows 30 | fill\n"))])])),
            ]))
        client.send(hover("file:///t/small.trellis", id: 902))
        client.notify("$/cancelRequest", o([("id", n(902))]))
        client.send(hover("file:///t/small.trellis", id: 903))
        XCTAssertNotNil(client.response(id: n(900))?["result"])
        XCTAssertEqual(client.response(id: n(901))?["error"]?["code"], n(-32801))
        XCTAssertEqual(client.response(id: n(902))?["error"]?["code"], n(-32800))
        let answered = client.response(id: n(903))?["result"]?["contents"]?["value"]?.stringValue ?? ""
        XCTAssertTrue(answered.contains("size `30`") || answered.contains("size `fill`"), answered)
        _ = client.request("shutdown", .null)
        client.notify("exit", .null)
        XCTAssertEqual(client.finish(), 0)
    }

    /// Random requests of every method with random parameters, and random incremental edits
    /// mirrored locally: the server never dies, a hover answers after each batch, and the
    /// document it holds builds the same JSON as the local copy.
    func testRandomRequestsAndEditsNeverStopTheServer() throws {
        let client = try start()
        let uri = "file:///t/fuzz.trellis"
        var text = "// 首页\nlayout f rows 20 | fill cols 30% | fill\n"
        open(client, uri, text)
        let anchor = MarkedText("layout g rows 20 | f1️⃣ill\n")
        open(client, "file:///t/anchor.trellis", anchor.text)
        var random = SeededRandom(seed: 2026)
        let methods = [
            "textDocument/hover", "textDocument/completion", "textDocument/inlayHint", "inlayHint/resolve", "textDocument/documentSymbol",
            "textDocument/foldingRange", "textDocument/selectionRange", "textDocument/semanticTokens/full", "textDocument/semanticTokens/range",
            "textDocument/documentColor", "textDocument/colorPresentation", "textDocument/definition", "textDocument/references",
            "textDocument/documentHighlight", "textDocument/prepareRename", "textDocument/rename", "textDocument/formatting",
            "textDocument/rangeFormatting", "textDocument/codeAction", "workspace/executeCommand", "textDocument/diagnostic",
        ]
        let snippets = ["|", " fill", " 20", "\n", "", "rows ", "首", "(", ")", "{", "}", " padding(5)", "*", " 1/3", "template t { 50% }\n", " t"]
        func anyValue() -> JSONValue {
            switch Int.random(in: 0..<7, using: &random) {
            case 0: return .null
            case 1: return n(Int.random(in: -5...500, using: &random))
            case 2: return .string(["", "x", uri, "file:///nope"].randomElement(using: &random) ?? "")
            case 3: return position(Int.random(in: -1...6, using: &random), Int.random(in: -1...60, using: &random))
            case 4:
                return o([
                    ("start", position(Int.random(in: 0...4, using: &random), Int.random(in: 0...40, using: &random))),
                    ("end", position(Int.random(in: 0...6, using: &random), Int.random(in: 0...60, using: &random))),
                ])
            case 5: return .array([.string(uri), .string("375x667@2x")])
            default: return .bool(true)
            }
        }
        for batch in 0..<30 {
            for _ in 0..<100 {
                if Bool.random(using: &random) {
                    // An incremental edit at a valid UTF-16 position (the text has no surrogates).
                    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    let line = Int.random(in: 0..<lines.count, using: &random)
                    let units = Array(lines[line].utf16)
                    let start = Int.random(in: 0...units.count, using: &random)
                    let end = Int.random(in: start...units.count, using: &random)
                    let snippet = snippets.randomElement(using: &random) ?? ""
                    var edited = lines
                    edited[line] = String(decoding: units[..<start], as: UTF16.self) + snippet + String(decoding: units[end...], as: UTF16.self)
                    text = edited.joined(separator: "\n")
                    client.notify(
                        "textDocument/didChange",
                        o([
                            ("textDocument", o([("uri", .string(uri)), ("version", n(batch * 100 + 2))])),
                            (
                                "contentChanges",
                                .array([o([("range", o([("start", position(line, start)), ("end", position(line, end))])), ("text", .string(snippet))])])
                            ),
                        ]))
                } else {
                    let method = methods.randomElement(using: &random) ?? "textDocument/hover"
                    var params: [(String, JSONValue)] = [("textDocument", o([("uri", .string(uri))]))]
                    for key in ["position", "range", "positions", "newName", "context", "color", "command", "arguments", "data"]
                    where Bool.random(using: &random) {
                        params.append((key, anyValue()))
                    }
                    client.send(
                        o([
                            ("jsonrpc", .string("2.0")), ("id", n(10_000 + batch * 100)), ("method", .string(method)),
                            ("params", Int.random(in: 0..<10, using: &random) == 0 ? anyValue() : o(params)),
                        ]))
                }
            }
            let hover = client.request(
                "textDocument/hover", o([("textDocument", o([("uri", .string("file:///t/anchor.trellis"))])), ("position", position(of: "1️⃣", in: anchor))]))
            XCTAssertTrue(hover?["result"]?["contents"]?["value"]?.stringValue?.contains("grid `2`") ?? false, "batch \(batch)")
            let shown = client.request("workspace/executeCommand", o([("command", .string("trellis.showJSON")), ("arguments", .array([.string(uri)]))]))
            let local = LoadedFile.load(SourceFile(name: uri, bytes: Array(text.utf8)), kind: .trellis)
            let expected = local.layouts.first.map { String(decoding: $0.jsonBytes(style: .pretty), as: UTF8.self) }
            XCTAssertEqual(shown?["result"]?["content"]?.stringValue, expected, "batch \(batch): the server's copy of\n\(text)")
        }
        _ = client.request("shutdown", .null)
        client.notify("exit", .null)
        XCTAssertEqual(client.finish(), 0)
    }
}
