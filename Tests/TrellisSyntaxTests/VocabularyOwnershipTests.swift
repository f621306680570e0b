import Foundation
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// The schema owns the grid vocabulary: no source file outside it spells a key (either
/// dialect, JSON or attribute), an alignment word, a color name or a borderline field as a
/// string literal. The few literals that are other vocabularies spelled alike (a frame's
/// `width`, the LSP's `color`) are listed here with the reason, and a listed word that is no
/// longer found fails too.
final class VocabularyOwnershipTests: XCTestCase {
    /// The files that declare the vocabulary.
    static let schemaFiles: Set<String> = [
        "TrellisSyntax/GridSchema.swift", "TrellisSyntax/AlignmentWord.swift",
        "TrellisSyntax/BorderlineField.swift", "TrellisSyntax/NamedColor.swift",
    ]

    /// Literals that spell a vocabulary word but mean something else, by file.
    static let otherMeanings: [String: (words: Set<String>, reason: String)] = [
        "TrellisSyntax/AttributeNameLookup.swift": (
            Set(GridSchema.entries.compactMap(\.attribute)),
            "the attribute names compiled into the parser's byte matcher; AttributeNameTests holds it equal to the schema"
        ),
        "TrellisModel/GravityWordMatcher.swift": (
            Set(GridSchema.alignmentWords), "the gravity words compiled into the lowering's byte matcher; GravityWordTests holds it equal to the schema"
        ),
        "TrellisSyntax/Lexer.swift": (["rows", "cols"], "the keyword matcher compares static strings; testKeywordsAreTheSchemasSpellings holds them equal"),
        "TrellisSyntax/FormatPrinterCells.swift": (["rows"], "the formatter's default split keyword, a static string whose bytes live as long as the program"),
        "TrellisLayout/FramesReport.swift": (
            ["width", "height", "size", "thick", "color", "dash", "anchor", "placeholder"], "the frames report's own fields and kinds (docs/frames.md)"
        ),
        "TrellisIDE/Preview.swift": (["width", "height"], "a viewport's and a frame's dimensions in the preview's JSON"),
        "TrellisIDE/Hover.swift": (["width", "height", "size"], "a view's dimensions and size named in a hover"),
        "TrellisLint/PassRules.swift": (["width", "height"], "a child's dimension named in a message"),
        "TrellisLint/StructureRules.swift": (["width", "height"], "a view's dimensions named in a message"),
        "TrellisLint/Reports.swift": (["offset"], "the byte offset in a JSON report"),
        "TrellisAPI/APIRequest.swift": (["offset"], "the field of a request that says where hover and completion look"),
        "TrellisAPI/TrellisAPI.swift": (["size", "color"], "the kinds of completion items, named in the API's answers"),
        "TrellisLSP/LanguageFeatures.swift": (["color", "red", "green", "placeholder"], "the fields of LSP's Color and prepareRename results"),
        "trellis/ParseCommand.swift": (["size"], "the name of a syntax node kind"),
        "trellis/PreviewCommand.swift": (["width", "height"], "a device's dimensions in the preview's JSON"),
        "trellis/Usage.swift": (["width", "height", "thick", "color", "dash"], "the frames report's fields, listed in the help"),
    ]

    static var vocabulary: Set<String> {
        var words = Set(GridSchema.allJSONSpellings)
        words.formUnion(GridSchema.entries.compactMap(\.attribute))
        words.formUnion(AlignmentWord.allCases.map(\.word))
        words.formUnion(NamedColor.allCases.map(\.name))
        words.formUnion(BorderlineField.allCases.map(\.name))
        return words
    }

    /// The string literals of a Swift file's code lines (comments skipped), with line numbers,
    /// those inside an interpolation `\(…)` too (each literal's text up to its first
    /// interpolation).
    static func literals(in text: String) -> [(line: Int, text: String)] {
        var found: [(Int, String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let characters = Array(line.drop { $0 == " " })
            guard !(characters.starts(with: ["/", "/"])) else { continue }
            // In a literal: its text so far, and the depth of parentheses of each interpolation open around it.
            var literal: String?
            var interpolations: [Int] = []
            var index = 0
            while index < characters.count {
                let character = characters[index]
                if var text = literal {
                    if character == "\\", index + 1 < characters.count {
                        if characters[index + 1] == "(" {
                            found.append((number + 1, text))
                            literal = nil
                            interpolations.append(0)
                        } else {
                            text.append(character)
                            text.append(characters[index + 1])
                            literal = text
                        }
                        index += 2
                        continue
                    }
                    if character == "\"" {
                        found.append((number + 1, text))
                        literal = nil
                    } else {
                        text.append(character)
                        literal = text
                    }
                } else if character == "\"" {
                    literal = ""
                } else if !interpolations.isEmpty, character == "(" {
                    interpolations[interpolations.count - 1] += 1
                } else if let depth = interpolations.last, character == ")" {
                    if depth == 0 {
                        interpolations.removeLast()
                        literal = ""  // the literal goes on after its interpolation
                    } else {
                        interpolations[interpolations.count - 1] -= 1
                    }
                } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                    break
                }
                index += 1
            }
        }
        return found
    }

    func testOnlyTheSchemaSpellsTheGridVocabulary() throws {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        let vocabulary = Self.vocabulary
        var used: [String: Set<String>] = [:]
        var files = 0
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            for file in TestPaths.files(in: sources.appendingPathComponent(module), withExtension: "swift") {
                let name = module + "/" + file.lastPathComponent
                guard !Self.schemaFiles.contains(name) else { continue }
                files += 1
                for literal in Self.literals(in: try TestPaths.text(file)) where vocabulary.contains(literal.text) {
                    if Self.otherMeanings[name]?.words.contains(literal.text) == true {
                        used[name, default: []].insert(literal.text)
                    } else {
                        XCTFail(
                            "\(name):\(literal.line) spells \"\(literal.text)\"; read it from the schema (GridKey, AlignmentWord, NamedColor, BorderlineField)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(files, 100)
        for (name, entry) in Self.otherMeanings {
            XCTAssertEqual(used[name] ?? [], entry.words, "\(name): the allowed words no longer found there can leave the list")
        }
    }

    func testTheScanFindsLiteralsAndSkipsComments() {
        let text = #"""
            let a = "spacing" + "x\"y"
            // "gravity" in a comment
            /// "padding" in a doc comment
            f("top", "\(n) left")
            """#
        XCTAssertEqual(Self.literals(in: text).map(\.text), ["spacing", #"x\"y"#, "top", "", " left"])
        XCTAssertEqual(Self.literals(in: text).map(\.line), [1, 1, 4, 4, 4])
        let nested = #"let m = "`\(axis == .rows ? "rows" : "cols")` given" // "gravity""#
        XCTAssertEqual(Self.literals(in: nested).map(\.text), ["`", "rows", "cols", "` given"])
    }

    func testKeywordsAreTheSchemasSpellings() {
        for kind in TokenKind.keywords {
            guard let spelling = kind.keywordSpelling else { return XCTFail("\(kind) has no spelling") }
            let tokens = Lexer.tokenize(Array(spelling.utf8)).tokens.filter { !$0.kind.isTrivia && $0.kind != .eof }
            XCTAssertEqual(tokens.map(\.kind), [kind], spelling)
        }
        XCTAssertEqual(TokenKind.kwRows.keywordSpelling, GridKey.rows.info.json)
        XCTAssertEqual(TokenKind.kwCols.keywordSpelling, GridKey.cols.info.json)
    }
}
