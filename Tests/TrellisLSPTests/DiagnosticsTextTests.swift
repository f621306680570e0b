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
/// their findings (labels, notes, tags, Chinese text and emoji in messages and before ranges).
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
}
