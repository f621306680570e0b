import TrellisSyntax
import XCTest

/// The formatter check's comparison of top-level items.
final class SameMeaningTests: XCTestCase {
    func same(_ old: String, _ new: String) -> Bool {
        let before = Parser.parse(SourceFile(name: "a", text: old)).tree
        let after = Parser.parse(SourceFile(name: "b", text: new)).tree
        let oldItems = before.root.children, newItems = after.root.children
        guard oldItems.count == newItems.count else { return false }
        return zip(oldItems, newItems).allSatisfy { SameMeaning.items(before, $0.index, after, $1.index) }
    }

    func testWhatTheFormatterMayChange() {
        XCTAssertTrue(same("layout a rows 1|2", "layout a rows {\n  1\n  2\n}"))
        XCTAssertTrue(same("layout a rows { tag(1) padding(2) }", "layout a rows {\n  _ padding(2) tag(1)\n}"))
        XCTAssertTrue(same("layout a json( {\"a\":1} ) rows 1", "layout a json({\"a\": 1}) rows 1"))
        XCTAssertTrue(same("layout a rows 1 // c\n", "// d\nlayout a rows 1\n"))
        XCTAssertTrue(same("template t { 50% }", "template t {\n  50%\n}"))
    }

    func testWhatItMayNot() {
        XCTAssertFalse(same("layout a rows 1|2", "layout a rows 1|2|3"))
        XCTAssertFalse(same("layout a rows 1|2", "layout a cols 1|2"))
        XCTAssertFalse(same("layout a rows 1|2", "layout b rows 1|2"))
        XCTAssertFalse(same("layout a rows 1 * 2", "layout a rows 1"))
        XCTAssertFalse(same("layout a rows 1 * 2", "layout a rows 1 * 3"))
        XCTAssertFalse(same("layout a rows { padding(1) padding(2) }", "layout a rows { padding(2) padding(1) }"))
        XCTAssertFalse(same("layout a rows { 10 tag(1) }", "layout a rows { 10 }"))
        XCTAssertFalse(same("layout a rows { 10 }", "layout a rows { 10 rows 1 }"))
        XCTAssertFalse(same("layout a rows { card }", "layout a rows { card 10 }"))
        XCTAssertFalse(same("target mylayout 2", "target mylayout 1"))
        XCTAssertFalse(same("target MyLayout 2", "target mylayout 2"), "a misspelt runtime is an error the formatter must keep")
        XCTAssertFalse(same("preview 375x667@2x", "preview 375x667@3x"))
        XCTAssertFalse(same("layout a rows { 10 json({\"a\": \"x\"}) }", "layout a rows { 10 json({\"a\": \"y\"}) }"))
    }
}
