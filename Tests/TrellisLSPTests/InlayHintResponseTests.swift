import TrellisIDE
import TrellisLint
import TrellisModel
import TrellisSyntax
import XCTest

@testable import TrellisLSP

/// The inlay-hint response is written as JSON text, not built as values: each hint must say
/// what the hints of the analysis say, with the fields and the `data` that resolving reads.
final class InlayHintResponseTests: XCTestCase {
    func testEachHintCarriesItsPositionLabelKindAndData() throws {
        try check(encoding: "utf-16")
        try check(encoding: "utf-8")
    }

    private func check(encoding: String) throws {
        let server = InProcessServer(encodings: [encoding])
        let uri = "file:///tmp/hints-\u{5361}.trellis"
        let text = """
            preview 375x667@2x
            template pill { 28 padding(4) cols fill | 20 }
            layout home rows {
              // 标题 🍵
              44 cols 1/3 | fill | 60
              pill
              pill
              wrap padding(8) rows 20 | 30
            }

            """
        server.open(uri, text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let range = InProcessServer.object([("start", InProcessServer.position(0, 0)), ("end", InProcessServer.position(lines, 0))])
        let reply = try XCTUnwrap(
            server.request(
                "textDocument/inlayHint", InProcessServer.object([("textDocument", InProcessServer.object([("uri", .string(uri))])), ("range", range)])))
        let written = try XCTUnwrap(reply["result"]?.arrayElements)
        let source = SourceFile(name: uri, text: text)
        let analysis = Analysis(source, kind: .trellis, options: LintOptions())
        let expected = InlayHints.hints(analysis, in: 0..<source.bytes.count)
        XCTAssertGreaterThan(expected.count, 5)
        XCTAssertEqual(written.count, expected.count)
        for (hint, json) in zip(expected, written) {
            let position = encoding == "utf-8" ? source.utf8Position(of: hint.offset) : source.utf16Position(of: hint.offset)
            XCTAssertEqual(json["position"], InProcessServer.position(position.line, position.column))
            XCTAssertEqual(json["label"], JSONValue.string(hint.label))
            XCTAssertEqual(json["kind"], JSONValue.number(hint.kind == .length ? 1 : 2))
            XCTAssertEqual(json["paddingLeft"], hint.kind == .length ? JSONValue.bool(true) : nil)
            XCTAssertEqual(json["paddingRight"], hint.kind == .slot ? JSONValue.bool(true) : nil)
            // The first document the server opened, at version 1.
            XCTAssertEqual(json["data"], .array([.number(1), .number(1), .number(Double(hint.layout)), .number(Double(hint.grid))]))
            // Resolving it gives its tooltip.
            let resolved = server.request("inlayHint/resolve", json)
            let tooltip = InlayHints.tooltip(analysis, kind: hint.kind, layout: hint.layout, grid: hint.grid)
            XCTAssertEqual(resolved?["result"]?["tooltip"]?["value"], .string(tooltip), "\(json)")
        }
    }

    /// An answer of many chunks (the body is sent 256 KiB at a time) arrives whole: every
    /// hint, and the messages after it still read.
    func testALargeAnswerArrivesWhole() throws {
        let server = InProcessServer()
        let uri = "file:///tmp/many.trellis"
        let rows = (0..<2_000).map { "  \($0 % 50 + 10) cols 1/3 | fill | 60" }.joined(separator: "\n")
        let text = "preview 375x667@2x\nlayout many rows {\n" + rows + "\n}\n"
        server.open(uri, text)
        let range = InProcessServer.object([("start", InProcessServer.position(0, 0)), ("end", InProcessServer.position(2_010, 0))])
        let params = InProcessServer.object([("textDocument", InProcessServer.object([("uri", .string(uri))])), ("range", range)])
        let written = try XCTUnwrap(server.request("textDocument/inlayHint", params)?["result"]?.arrayElements)
        let analysis = Analysis(SourceFile(name: uri, text: text), kind: .trellis, options: LintOptions())
        XCTAssertEqual(written.count, InlayHints.hints(analysis, in: 0..<text.utf8.count).count)
        XCTAssertGreaterThan(written.count, 10_000)
        XCTAssertNotNil(server.request("shutdown", .null), "the message after the large one reads")
    }

    /// A hint keeps its tooltip only for the text it was given for: after an edit, or once its
    /// document was closed and opened again, resolving it gives it back as it was.
    func testAHintOfAnotherTextResolvesToItself() throws {
        let server = InProcessServer()
        let uri = "file:///tmp/stale.trellis"
        let text = "preview 375x667@2x\nlayout a rows 120 | fill\n"
        server.open(uri, text)
        let range = InProcessServer.object([("start", InProcessServer.position(0, 0)), ("end", InProcessServer.position(3, 0))])
        let params = InProcessServer.object([("textDocument", InProcessServer.object([("uri", .string(uri))])), ("range", range)])
        let hint = try XCTUnwrap(server.request("textDocument/inlayHint", params)?["result"]?.arrayElements?.first)
        XCTAssertNotNil(server.request("inlayHint/resolve", hint)?["result"]?["tooltip"])
        server.notify("textDocument/didClose", InProcessServer.object([("textDocument", InProcessServer.object([("uri", .string(uri))]))]))
        server.open(uri, text)
        XCTAssertEqual(server.request("inlayHint/resolve", hint)?["result"], hint)
    }
}
