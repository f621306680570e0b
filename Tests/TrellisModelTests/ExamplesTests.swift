import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// Each example, built for each dialect, means exactly what the corpus JSON it was written
/// from means to the runtime (same tree, same values after the runtime's parsing rules).
final class ExamplesTests: XCTestCase {
    static let pairs: [(example: String, corpus: [String])] = [
        ("GridLayoutDemo4", ["mylayout/GridLayoutDemo4.json"]),
        ("GridLayoutDemo5", ["mylayout/GridLayoutDemo5.json"]),
        ("demo4-v1", ["seeds/demo4-v1.unwrapped.json", "seeds/demo4-v1.raw.json"]),
        ("demo5-v1", ["seeds/demo5-v1.unwrapped.json", "seeds/demo5-v1.raw.json"]),
        ("rows-example-1", ["seeds/rows-example-1.json"]),
        ("rows-example-2", ["seeds/rows-example-2.json"]),
        ("rows-example-3", ["seeds/rows-example-3.json"]),
        ("overlap-cell", ["seeds/overlap-cell.json"]),
        ("viewgroup-card", ["seeds/viewgroup-card.unwrapped.json", "seeds/viewgroup-card.raw.json"]),
    ]

    func testExamplesMatchTheCorpusModelInBothDialects() throws {
        for (example, corpusPaths) in Self.pairs {
            let url = TestPaths.examples.appendingPathComponent(example + ".trellis")
            for corpusPath in corpusPaths {
                let json = JSONReader.read(SourceFile(name: corpusPath, bytes: try TestPaths.bytes(try TestPaths.corpus(corpusPath))))
                let value = try XCTUnwrap(json.root?.value, corpusPath)
                let corpusDialect = LoadedFile.detectDialect(value) ?? .v1
                let expected = RuntimeReading.root(value, dialect: corpusDialect)
                for dialect in [Dialect.v1, .v2] {
                    let file = LoadedFile.load(SourceFile(name: url.path, bytes: try TestPaths.bytes(url)), kind: .trellis, target: dialect)
                    XCTAssertEqual(file.diagnostics, [], example)
                    let layout = try XCTUnwrap(file.layouts.first, example)
                    XCTAssertNil(layout.runtime.firstDifference(from: expected, path: ""), "\(example) (target \(dialect.rawValue)) vs \(corpusPath)")
                    // The JSON written for a dialect names spacing as that dialect reads it.
                    let text = JSONWriter.string(layout.json)
                    XCTAssertFalse(text.contains("\"\(dialect.otherSpacingKey ?? "")\""), example)
                }
            }
        }
    }

    func testDemoIsAtMostAThirdOfTheJSON() throws {
        let trellis = try TestPaths.text(TestPaths.examples.appendingPathComponent("GridLayoutDemo4.trellis"))
        let json = try TestPaths.text(TestPaths.examples.appendingPathComponent("json/GridLayoutDemo4.json"))
        let trellisLines = trellis.split(separator: "\n", omittingEmptySubsequences: false).count
        let jsonLines = json.split(separator: "\n", omittingEmptySubsequences: false).count
        XCTAssertLessThanOrEqual(trellisLines * 3, jsonLines, "\(trellisLines) lines of Trellis for \(jsonLines) of JSON")
    }

    /// Golden JSON: the built output of every example is reviewed in examples/*.json.
    func testBuiltJSONMatchesTheGoldenFiles() throws {
        for url in TestPaths.files(in: TestPaths.examples, withExtension: "trellis") {
            let file = LoadedFile.load(SourceFile(name: url.path, bytes: try TestPaths.bytes(url)), kind: .trellis)
            for layout in file.layouts {
                let golden = url.deletingLastPathComponent().appendingPathComponent("golden/\(LoadedFile.stem(of: url.path)).json")
                let built = JSONWriter.string(layout.json)
                if ProcessInfo.processInfo.environment["TRELLIS_UPDATE_GOLDEN"] != nil {
                    try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try built.write(to: golden, atomically: true, encoding: .utf8)
                }
                XCTAssertEqual(built, try TestPaths.text(golden), golden.lastPathComponent)
            }
        }
    }
}
