import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// Every ```trellis block in docs/ and the README compiles without errors, so the reference stays true.
final class DocumentationTests: XCTestCase {
    func testTrellisBlocksInTheDocsCompile() throws {
        let folder = TestPaths.packageRoot.appendingPathComponent("docs")
        var blocks = 0
        for url in TestPaths.files(in: folder, withExtension: "md") + [TestPaths.packageRoot.appendingPathComponent("README.md")] {
            let text = try TestPaths.text(url)
            var inside = false
            var current: [Substring] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```trellis") {
                    inside = true
                    current = []
                    continue
                }
                if inside, line.hasPrefix("```") {
                    inside = false
                    blocks += 1
                    let source = current.joined(separator: "\n")
                    let file = LoadedFile.load(SourceFile(name: url.lastPathComponent, text: source), kind: .trellis)
                    let errors = file.diagnostics.filter { $0.severity == .error }
                    XCTAssertEqual(errors.map(\.message), [], "\(url.lastPathComponent):\n\(source)")
                    continue
                }
                if inside { current.append(line) }
            }
        }
        XCTAssertGreaterThanOrEqual(blocks, 8)
    }
}
