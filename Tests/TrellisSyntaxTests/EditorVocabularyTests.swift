import TrellisSyntax
import TrellisTestSupport
import XCTest

/// Editor packages that highlight without the server (Emacs's and Vim's syntax, the TextMate
/// grammar) or decide before it runs (which JSON buffers Emacs starts it for) keep their own
/// word lists; each list is the schema's, word for word.
final class EditorVocabularyTests: XCTestCase {
    func text(_ path: String) throws -> String {
        try TestPaths.text(TestPaths.packageRoot.appendingPathComponent(path))
    }

    /// The words between `opening` and the first `closing` after it: the strings in `quote`s
    /// when `quoted`, else the words separated by spaces or `|`.
    func words(in source: String, after opening: String, until closing: String, quoted: Bool, quote: Character = "\"") throws -> [String] {
        let start = try XCTUnwrap(source.range(of: opening), opening)
        let end = try XCTUnwrap(source.range(of: closing, range: start.upperBound..<source.endIndex), opening)
        let body = source[start.upperBound..<end.lowerBound]
        if quoted { return body.split(separator: quote).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) } }
        return body.split(whereSeparator: { $0 == " " || $0 == "|" || $0 == "\n" }).map(String.init)
    }

    var attributes: [String] { AttributeName.allCases.map(\.spelling) }

    func testEmacsListsAreTheSchemas() throws {
        let mode = try text("editors/emacs/trellis-mode.el")
        XCTAssertEqual(try words(in: mode, after: "(defconst trellis--attributes", until: ")", quoted: true), attributes)
        XCTAssertEqual(try words(in: mode, after: "(defconst trellis--gravity-words", until: ")", quoted: true), GridSchema.alignmentWords)
        XCTAssertEqual(try words(in: mode, after: "(defconst trellis--color-names", until: ")", quoted: true), GridSchema.colorNames)
        XCTAssertEqual(try words(in: mode, after: "(defconst trellis--borderline-fields", until: ")", quoted: true), GridSchema.borderlineFields)
        let eglot = try text("editors/emacs/trellis-eglot.el")
        XCTAssertEqual(try words(in: eglot, after: "(defconst trellis-grid-json-keys", until: ")", quoted: true).sorted(), GridSchema.allJSONSpellings)
    }

    func testVimSyntaxListsAreTheSchemas() throws {
        let syntax = try text("editors/nvim/syntax/trellis.vim")
        XCTAssertEqual(try words(in: syntax, after: "syn keyword trellisGravity ", until: " contained", quoted: false), GridSchema.alignmentWords)
        XCTAssertEqual(try words(in: syntax, after: "syn keyword trellisField ", until: " contained", quoted: false), GridSchema.borderlineFields)
        XCTAssertEqual(try words(in: syntax, after: "syn keyword trellisColor ", until: " contained", quoted: false), GridSchema.colorNames)
    }

    func testNeovimGridKeysAreTheSchemas() throws {
        let attach = try text("editors/nvim/lua/trellis/attach.lua")
        XCTAssertEqual(try words(in: attach, after: "for _, key in ipairs({", until: "})", quoted: true, quote: "'").sorted(), GridSchema.allJSONSpellings)
    }

    func testTextMateAlternationsAreTheSchemas() throws {
        let grammar = try text("editors/grammars/trellis.tmLanguage.json")
        XCTAssertEqual(try words(in: grammar, after: #""\\b(?:top|"#, until: #")\\b""#, quoted: false), Array(GridSchema.alignmentWords.dropFirst()))
        XCTAssertEqual(try words(in: grammar, after: #""\\b(?:color|"#, until: #")\\b""#, quoted: false), Array(GridSchema.borderlineFields.dropFirst()))
        XCTAssertEqual(try words(in: grammar, after: #""(?i)\\b(?:"#, until: #")\\b""#, quoted: false), GridSchema.colorNames)
    }
}
