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
            XCTAssertEqual(json["paddingLeft"], JSONValue.bool(hint.kind == .length))
            XCTAssertEqual(json["paddingRight"], JSONValue.bool(hint.kind == .slot))
            XCTAssertEqual(
                json["data"],
                InProcessServer.object([
                    ("uri", .string(uri)), ("version", .number(1)), ("layout", .number(Double(hint.grids[0].layout))),
                    ("grid", .number(Double(hint.grids[0].index))), ("slot", .bool(hint.kind == .slot)),
                ]))
            // Resolving it gives its tooltip.
            let resolved = server.request("inlayHint/resolve", json)
            XCTAssertNotNil(resolved?["result"]?["tooltip"], "\(json)")
        }
    }
}
