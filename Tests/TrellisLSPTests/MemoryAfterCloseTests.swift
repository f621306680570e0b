import Foundation
import TrellisModel
import TrellisSyntax
import XCTest

@testable import TrellisLSP

/// What a closed document held is let go: the document store, the analyses and what they
/// computed for requests, the handled messages in the inbox, and the reader's buffer after a
/// large message. (The memory the allocator then returns is measured, not tested: docs/lsp.md.)
final class MemoryAfterCloseTests: XCTestCase {
    typealias S = InProcessServer

    /// Every request that computes and caches something, on a Trellis document and on a grid
    /// dictionary; then both are closed.
    func testClosingLetsGoOfEverythingTheDocumentsHeld() {
        let server = S()
        let rows = (0..<200).map { "  \(20 + $0 % 7) padding(\($0 % 9)) cols 50% | fill // 行 \($0) 😀\n" }.joined()
        let trellis = "preview 375x667@2x\ntemplate t { fill }\nlayout big rows {\n\(rows)  t\n}\n"
        let json = ##"{"rows": [{"size": 100, "bottom-borderline": {"color": "#FF0000"}}, {"size": "fill", "cols": [{"size": "50%"}, {}]}]}"##
        let documents = [("file:///t/big.trellis", trellis, "trellis"), ("file:///t/home.grid.json", json, "json")]
        var messages: [JSONValue] = []
        var id = 100
        for (uri, text, language) in documents {
            messages.append(
                S.message(
                    "textDocument/didOpen",
                    S.object([
                        (
                            "textDocument",
                            S.object([
                                ("uri", .string(uri)), ("languageId", .string(language)), ("version", S.number(1)), ("text", .string(text)),
                            ])
                        )
                    ])))
            let document = ("textDocument", S.object([("uri", .string(uri))]))
            let position = ("position", S.position(3, 4))
            let range = ("range", S.object([("start", S.position(0, 0)), ("end", S.position(40, 0))]))
            let requests: [(String, [(String, JSONValue)])] = [
                ("textDocument/hover", [document, position]), ("textDocument/completion", [document, position]),
                ("textDocument/inlayHint", [document, range]), ("textDocument/documentSymbol", [document]),
                ("textDocument/foldingRange", [document]), ("textDocument/semanticTokens/full", [document]),
                ("textDocument/semanticTokens/range", [document, range]), ("textDocument/documentColor", [document]),
                ("textDocument/formatting", [document, ("options", S.object([]))]), ("textDocument/diagnostic", [document]),
                ("textDocument/codeAction", [document, range, ("context", S.object([("diagnostics", .array([]))]))]),
                ("textDocument/references", [document, position]), ("textDocument/selectionRange", [document, ("positions", .array([S.position(3, 4)]))]),
            ]
            for (method, params) in requests {
                messages.append(S.message(method, id: id, S.object(params)))
                id += 1
            }
            messages.append(
                S.message("workspace/executeCommand", id: id, S.object([("command", .string("trellis.showJSON")), ("arguments", .array([.string(uri)]))])))
            id += 1
        }
        server.run(messages)
        XCTAssertEqual(server.server.documents.count, 2)
        XCTAssertEqual(server.server.analyses.count, 2)
        let answered = server.replies().filter { $0["id"] != nil }
        XCTAssertEqual(answered.count, id - 100 + 1, "every request is answered (and initialize)")
        XCTAssertTrue(answered.allSatisfy { $0["error"] == nil }, "\(answered.filter { $0["error"] != nil })")

        server.run(documents.map { uri, _, _ in S.message("textDocument/didClose", S.object([("textDocument", S.object([("uri", .string(uri))]))])) })
        XCTAssertTrue(server.server.documents.isEmpty)
        XCTAssertTrue(server.server.analyses.isEmpty)
        XCTAssertTrue(server.server.dirty.isEmpty)
        XCTAssertTrue(server.server.running.isEmpty)
        XCTAssertEqual(server.server.inbox.heldItems, 0, "handled messages (a whole document, for didOpen) are let go")
        // A request for a closed document computes nothing and keeps nothing.
        let hover = server.request(
            "textDocument/hover", S.object([("textDocument", S.object([("uri", .string(documents[0].0))])), ("position", S.position(3, 4))]))
        XCTAssertEqual(hover?["result"], .null)
        XCTAssertTrue(server.server.analyses.isEmpty)
    }

    /// A message taken from the inbox is not kept there, though the list is compacted only
    /// from time to time.
    func testTheInboxLetsGoOfWhatWasTaken() {
        let inbox = Inbox()
        let document = JSONValue.string(String(repeating: "x", count: 1 << 20))
        for _ in 0..<3 { inbox.put(.message(document)) }
        _ = inbox.take()
        XCTAssertEqual(inbox.heldItems, 2)
        _ = inbox.take()
        _ = inbox.take()
        XCTAssertEqual(inbox.heldItems, 0)
    }

    /// After a large message (a document sent whole), the reader keeps no room the size of it.
    func testTheReaderLetsGoOfALargeMessage() throws {
        let pipe = Pipe()
        let body = [UInt8](repeating: UInt8(ascii: " "), count: 3 << 20)
        let writer = pipe.fileHandleForWriting
        let thread = Thread {
            writer.write(Data(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body))
            try? writer.close()
        }
        thread.start()
        var reader = MessageReader(descriptor: pipe.fileHandleForReading.fileDescriptor)
        guard case .message(let read) = reader.next() else { return XCTFail("no message") }
        XCTAssertEqual(read.count, body.count)
        XCTAssertLessThanOrEqual(reader.buffer.capacity, MessageReader.keptCapacity)
        guard case .end = reader.next() else { return XCTFail("no end") }
    }
}
