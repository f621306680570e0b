import TrellisIDE
import TrellisLint
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisLSP

/// Published diagnostics are written as JSON text, not built as values: the text must be byte
/// for byte the compact JSON of the values (``LanguageServer/diagnosticJSON(_:uri:source:)``)
/// in both position encodings, with and without documentation links, on random programs and
/// their findings (labels, notes, tags, Chinese text and emoji in messages and before ranges),
/// and when most of the text is copied from the list written before an edit.
final class DiagnosticsTextTests: XCTestCase {
    func testTextEqualsTheValuesWritten() {
        var generator = ProgramGenerator(seed: 20_261_126)
        var compared = 0
        for encoding in ["utf-16", "utf-8"] {
            let server = InProcessServer(encodings: [encoding])
            for program in 0..<150 {
                if program == 75 { server.server.settings.documentationBase = "https://example.com/diagnostics.md" }
                let text = program.isMultiple(of: 3) ? generator.manyLayouts() : generator.program()
                let uri = "file:///tmp/%E5%8D%A1\(program).trellis"
                let source = SourceFile(name: uri, bytes: Array(text.utf8))
                var diagnostics = Analysis(source, kind: .trellis, options: LintOptions()).diagnostics
                // A message with every kind of character JSON escapes.
                diagnostics.append(Diagnostic(code: .childrenOverflow, range: 0..<0, message: "\"\\\u{1}\t\n/ 卡片 😀", notes: ["\r\n"]))
                let values = JSONWriter.write(.array(diagnostics.map { server.server.diagnosticJSON($0, uri: uri, source: source) }), style: .compact)
                let written = server.server.diagnosticsText(diagnostics, uri: uri, source: source)
                XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: values, as: UTF8.self), "\(encoding), program \(program):\n\(text)")
                compared += diagnostics.count
            }
        }
        XCTAssertGreaterThan(compared, 1_000)
    }

    /// Property: through random edits of files of many layouts (whose untouched layouts keep
    /// their findings), the list written by copying from the last one is the values written.
    func testTextCopiedFromTheLastListEqualsTheValuesWritten() {
        var generator = ProgramGenerator(seed: 20_261_128)
        var copied = 0
        var copiedWhole = 0
        var compared = 0
        let typed = ["1", " ", "\n", "\n  ", "fill ", "%", "卡", "😀", "| 20", "wrap\n", ""]
        for encoding in ["utf-16", "utf-8"] {
            let server = InProcessServer(encodings: [encoding])
            for file in 0..<12 {
                let uri = "file:///tmp/%E5%8D%A1\(file).trellis"
                var text = Array(generator.manyLayouts())
                server.open(uri, String(text))
                for step in 0..<25 {
                    if step == 12 { server.server.settings.documentationBase = file.isMultiple(of: 2) ? "https://example.com/d.md" : nil }
                    let start = Int.random(in: 0...text.count, using: &generator.random)
                    let end = min(text.count, start + Int.random(in: 0...2, using: &generator.random))
                    text.replaceSubrange(start..<end, with: Array(generator.random.pick(typed)))
                    server.notify(
                        "textDocument/didChange",
                        InProcessServer.object([
                            ("textDocument", InProcessServer.object([("uri", .string(uri)), ("version", InProcessServer.number(step + 2))])),
                            ("contentChanges", .array([InProcessServer.object([("text", .string(String(text)))])])),
                        ]))
                    guard let document = server.server.documents[uri], let analysis = server.server.analysis(document) else {
                        return XCTFail("\(uri) is not analysed")
                    }
                    let diagnostics = analysis.diagnostics
                    let base = server.server.settings.documentationBase
                    copied += server.server.writtenDiagnostics[uri]?.reusableBodies(for: diagnostics, documentationBase: base).count { $0 != nil } ?? 0
                    let written = server.server.diagnosticsText(document)
                    copiedWhole += server.server.writtenDiagnostics[uri]?.copiedWhole ?? 0
                    let values = JSONWriter.write(
                        .array(diagnostics.map { server.server.diagnosticJSON($0, uri: uri, source: analysis.source) }), style: .compact)
                    XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: values, as: UTF8.self), "\(encoding):\n\(String(text))")
                    compared += diagnostics.count
                }
            }
        }
        XCTAssertGreaterThan(copied, compared / 2, "most findings are copied")
        // An edit within a line leaves the positions of every finding off that line as they were.
        XCTAssertGreaterThan(copiedWhole, compared / 4, "findings copied whole, ranges and all")
    }
}
