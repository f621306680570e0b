import Foundation
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisIDE
@testable import TrellisLSP

/// A cancelled request is answered `RequestCancelled` (-32800) and its result is dropped;
/// formatting works in the background, so a cancellation is answered at once and other
/// requests are answered meanwhile; long work looks whether it was cancelled between chunks
/// and stops there.
final class CancellationTests: XCTestCase {
    typealias S = InProcessServer

    func testACancelledFormattingIsAnsweredAndItsResultDropped() throws {
        let client = try LSPClient()
        _ = client.request("initialize", S.object([("processId", .null), ("rootUri", .null), ("capabilities", S.object([]))]))
        client.notify("initialized", S.object([]))
        let big = "file:///t/big.trellis"
        let text = (0..<6_000).map { "layout l\($0) rows 20|fill cols 1|2 // 注释 \($0)" }.joined(separator: "\n") + "\n"
        let small = MarkedText("layout s rows 20 | f1️⃣ill\n")
        for (uri, content) in [(big, text), ("file:///t/small.trellis", small.text)] {
            client.notify(
                "textDocument/didOpen",
                S.object([
                    (
                        "textDocument",
                        S.object([
                            ("uri", .string(uri)), ("languageId", .string("trellis")), ("version", S.number(1)), ("text", .string(content)),
                        ])
                    )
                ]))
        }
        func request(_ id: Int, _ method: String, _ uri: String, _ extra: [(String, JSONValue)] = []) -> JSONValue {
            S.object([
                ("jsonrpc", .string("2.0")), ("id", S.number(id)), ("method", .string(method)),
                ("params", S.object([("textDocument", S.object([("uri", .string(uri))]))] + extra)),
            ])
        }
        let options = [("options", S.object([("tabSize", S.number(2)), ("insertSpaces", .bool(true))]))]
        _ = client.notification("textDocument/publishDiagnostics")
        _ = client.notification("textDocument/publishDiagnostics")
        // Formatting 1 and a hover: the hover is answered while 1 works.
        client.send(request(1, "textDocument/formatting", big, options))
        client.send(request(2, "textDocument/hover", "file:///t/small.trellis", [("position", S.position(of: "1️⃣", in: small))]))
        var replies: [JSONValue] = []
        func read(until id: Int) {
            while let message = client.readMessage() {
                guard message["method"] == nil else { continue }
                replies.append(message)
                if message["id"] == S.number(id) { return }
            }
        }
        read(until: 2)
        // The cancellation of 1 is answered at once; formatting 3 is worked on after 1, so when
        // it is answered, 1's work is over and anything it would have sent was sent.
        client.notify("$/cancelRequest", S.object([("id", S.number(1))]))
        client.send(request(3, "textDocument/formatting", big, options))
        read(until: 3)
        XCTAssertEqual(replies.compactMap { $0["id"] }, [S.number(2), S.number(1), S.number(3)])
        XCTAssertTrue(replies.first?["result"]?["contents"]?["value"]?.stringValue?.contains("size `fill`") ?? false)
        XCTAssertEqual(replies[safe: 1]?["error"]?["code"], S.number(-32800))
        XCTAssertEqual(replies.last?["result"]?.arrayElements?.count, 6_000, "every line is formatted")
        _ = client.request("shutdown", .null)
        client.notify("exit", .null)
        XCTAssertEqual(client.finish(), 0)
    }

    /// A formatting request whose document changes while it works is answered `ContentModified`.
    func testAFormattingOfAnEditedDocumentIsContentModified() {
        let server = S()
        let uri = "file:///t/f.trellis"
        server.open(uri, "layout a rows 20|fill\n")
        let document = S.object([("uri", .string(uri))])
        // The change is handled after the job is submitted and before its result comes back.
        _ = server.server.handle(S.message("textDocument/formatting", id: 7, S.object([("textDocument", document), ("options", S.object([]))])))
        server.notify(
            "textDocument/didChange",
            S.object([
                ("textDocument", S.object([("uri", .string(uri)), ("version", S.number(2))])),
                ("contentChanges", .array([S.object([("text", .string("layout b rows 1|2\n"))])])),
            ]))
        XCTAssertEqual(server.server.running.count, 1)
        server.run([])
        let reply = server.replies().last { $0["id"] == S.number(7) }
        XCTAssertEqual(reply?["error"]?["code"], S.number(-32801))
    }

    /// A cancellation that comes after its request was answered is not kept.
    func testALateCancellationIsForgotten() {
        let server = S()
        let document = MarkedText("layout a rows 20 | f1️⃣ill\n")
        server.open("file:///t/a.trellis", document.text)
        let hover = S.object([("textDocument", S.object([("uri", .string("file:///t/a.trellis"))])), ("position", S.position(of: "1️⃣", in: document))])
        XCTAssertNotNil(server.request("textDocument/hover", hover)?["result"])
        server.run([S.message("$/cancelRequest", S.object([("id", S.number(server.nextID - 1))]))])
        XCTAssertEqual(server.server.inbox.recordedCancellations, 0)
    }

    /// Semantic tokens look every `stride` tokens and stop at the first look that finds the
    /// request cancelled.
    func testSemanticTokensStopAtTheFirstLookAfterACancellation() {
        let text = (0..<20).map { "layout l\($0) rows 20 | fill" }.joined(separator: "\n")
        let analysis = Analysis(SourceFile(name: "t.trellis", text: text), kind: .trellis)
        var looks = 0
        let whole = SemanticTokensData.result(analysis, in: nil, encoding: .utf16, stride: 10) {
            looks += 1
            return false
        }
        XCTAssertNotNil(whole)
        XCTAssertEqual(looks, SemanticTokens.tokens(analysis).count / 10)
        looks = 0
        XCTAssertNil(
            SemanticTokensData.result(analysis, in: nil, encoding: .utf16, stride: 10) {
                looks += 1
                return true
            })
        XCTAssertEqual(looks, 1)
    }

    /// Formatting looks between its stages and while it writes its edits, and stops at the
    /// first look that finds it cancelled.
    func testFormattingStopsAtTheFirstLookAfterACancellation() {
        let analysis = Analysis(SourceFile(name: "t.trellis", text: "layout a rows 20|fill\nlayout b rows 1|2\n"), kind: .trellis)
        var looks = 0
        let edits = LanguageServer.formattingEdits(analysis, in: nil, encoding: .utf16) {
            looks += 1
            return false
        }
        XCTAssertEqual(edits.map { String(decoding: $0, as: UTF8.self) }?.components(separatedBy: "newText").count, 3)
        // The formatter's: before each of the two layouts, after printing; its check's after
        // parsing, before formatting again and before each layout then; after all (8); then
        // after formatting and after the line diff; with a range, after choosing the range's
        // edits too.
        XCTAssertEqual(looks, 10)
        for stop in 1...11 {
            looks = 0
            XCTAssertNil(
                LanguageServer.formattingEdits(analysis, in: 0..<5, encoding: .utf16) {
                    looks += 1
                    return looks == stop
                })
            XCTAssertEqual(looks, stop)
        }
        let many = (0..<7).map { TextEdit(range: $0..<$0, replacement: "x") }
        looks = 0
        XCTAssertNil(
            LSPJSON.edits(many, in: analysis.source, encoding: .utf8, stride: 2) {
                looks += 1
                return true
            })
        XCTAssertEqual(looks, 1)
    }
}
