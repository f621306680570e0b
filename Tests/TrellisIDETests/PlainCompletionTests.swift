import TrellisIDE
import TrellisModel
import XCTest

/// Completions for clients that take no snippets: every snippet has a plain text, the
/// placeholders filled with their defaults.
final class PlainCompletionTests: XCTestCase {
    func items(_ text: String, kind: InputKind = .trellis) -> [String: CompletionItem] {
        let (analysis, offsets) = Fixture.analysis(text, kind: kind)
        return Dictionary(Completion.items(analysis, at: offsets[0]).map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func testPlaceholdersBecomeTheirDefaults() throws {
        let top = items("1️⃣")
        XCTAssertEqual(top["target"]?.plainInsertText, "target mylayout 1")
        XCTAssertEqual(top["template"]?.plainInsertText, "template name {\n  fill\n}")
        XCTAssertEqual(top["layout"]?.plainInsertText, "layout name rows fill")
        let cell = items("layout a rows {\n  1️⃣\n}\n")
        XCTAssertEqual(cell["rows"]?.plainInsertText, "rows fill | fill")
        XCTAssertEqual(cell["1/3"]?.plainInsertText, "1/3")
        XCTAssertEqual(cell["-50%"]?.plainInsertText, "-50%")
    }

    func testNoPlainTextHoldsSnippetSyntax() {
        let places = [
            "1️⃣", "target 1️⃣", "layout a rows {\n  1️⃣\n}\n", "layout a rows 20 1️⃣\n", "layout a rows 20 gravity(1️⃣)\n",
            "layout a rows 20 top-borderline(1️⃣)\n", "layout a rows 20 top-borderline(color 1️⃣)\n", "layout a rows 20 * 1️⃣\n",
        ]
        var snippets = 0
        for place in places {
            for item in items(place).values where item.isSnippet {
                snippets += 1
                let plain = item.plainInsertText
                XCTAssertFalse(plain.contains("${") || plain.contains("$1") || plain.contains("$0"), "\(item.label): \(plain)")
                XCTAssertFalse(plain.isEmpty, item.label)
            }
        }
        XCTAssertGreaterThan(snippets, 10)
        let json = items(#"{"rows": [{1️⃣}]}"#, kind: .json)
        for item in json.values where item.isSnippet {
            XCTAssertFalse(item.plainInsertText.contains("${"), item.label)
        }
    }
}
