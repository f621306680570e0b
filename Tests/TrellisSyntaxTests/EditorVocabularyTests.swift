import TrellisSyntax
import TrellisTestSupport
import XCTest

/// Editor packages that must know grid keys themselves (Emacs decides which JSON buffers to
/// start the server for before any server runs) spell exactly the schema's keys.
final class EditorVocabularyTests: XCTestCase {
    func testEmacsKnowsTheSchemasGridKeys() throws {
        let source = try TestPaths.text(TestPaths.packageRoot.appendingPathComponent("editors/emacs/trellis-eglot.el"))
        let start = try XCTUnwrap(source.range(of: "(defconst trellis-grid-json-keys"))
        let end = try XCTUnwrap(source.range(of: ")", range: start.upperBound..<source.endIndex))
        let keys = source[start.upperBound..<end.lowerBound].split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        XCTAssertEqual(keys.sorted(), GridSchema.allJSONSpellings)
    }
}
