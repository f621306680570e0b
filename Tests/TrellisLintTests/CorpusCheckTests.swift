import Foundation
import TrellisLint
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// `trellis check` over every corpus file, in text and JSON: golden files in
/// Tests/golden/check, reviewed by hand (regenerate with TRELLIS_UPDATE_GOLDEN=1 and review).
final class CorpusCheckTests: XCTestCase {
    func testCorpusGoldens() throws {
        var compared = 0
        for folder in ["seeds", "mylayout"] {
            for url in try TestPaths.corpusFiles(folder) {
                let name = "corpus/\(folder)/\(url.lastPathComponent)"
                let source = SourceFile(name: name, bytes: try TestPaths.bytes(url))
                let diagnostics = Linter.lint(LoadedFile.load(source, kind: .json))
                let checked = [CheckedFile(source: source, diagnostics: diagnostics)]
                let text = DiagnosticRenderer.terminal(diagnostics, in: source, color: false) + CheckSummary(checked).line + "\n"
                let json = Reports.json(checked)
                for (output, ext) in [(text, "txt"), (json, "json")] {
                    let golden = TestPaths.packageRoot.appendingPathComponent(
                        "Tests/golden/check/\(folder)-\(url.deletingPathExtension().lastPathComponent).\(ext)")
                    if ProcessInfo.processInfo.environment["TRELLIS_UPDATE_GOLDEN"] != nil {
                        try output.write(to: golden, atomically: true, encoding: .utf8)
                    }
                    XCTAssertEqual(output, try TestPaths.text(golden), golden.lastPathComponent)
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared, 24)
    }

    /// The corpus's real mistakes are each found at the right line and column.
    func testEveryRealMistakeIsFoundWhereItIs() throws {
        let expectations: [(String, String, Int, Int)] = [
            ("seeds/viewgroup-card.raw.json", "J003", 2, 43),  // "thick"1
            ("seeds/viewgroup-card.raw.json", "J006", 1, 67),  // "right-⏎borderline"
            ("seeds/rows-example-1.json", "J004", 1, 27),  // ，
            ("seeds/rows-example-1.json", "J005", 1, 65),  // }}]}
            ("seeds/demo5-v1.raw.json", "M118", 3, 22),  // "anchor":"true"
            ("seeds/demo4-v1.raw.json", "J002", 5, 61),  // {"size":5,}
            ("mylayout/GridLayoutDemo4.json", "J002", 61, 22),
        ]
        for (path, code, line, column) in expectations {
            let source = SourceFile(name: path, bytes: try TestPaths.bytes(try TestPaths.corpus(path)))
            let diagnostics = Linter.lint(LoadedFile.load(source, kind: .json))
            let found = diagnostics.contains { diagnostic in
                let position = source.scalarPosition(of: diagnostic.range.lowerBound)
                return diagnostic.code.id == code && position.line + 1 == line && position.column + 1 == column
            }
            XCTAssertTrue(found, "\(code) at \(path):\(line):\(column)")
        }
    }
}
