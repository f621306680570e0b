import TrellisLint
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// `--fix` on the corpus: every recoverable file becomes JSON that a strict reader accepts,
/// with the model the author intended (the model Trellis recovered from the broken file).
final class FixerTests: XCTestCase {
    func testCorpusFilesBecomeStrictJSONWithTheSameModel() throws {
        for folder in ["seeds", "mylayout"] {
            for url in try TestPaths.corpusFiles(folder) {
                let source = SourceFile(name: url.lastPathComponent, bytes: try TestPaths.bytes(url))
                let original = LoadedFile.load(source, kind: .json)
                let truncated = url.lastPathComponent.hasPrefix("viewgroup-card")
                let safe = Fixer.fix(source, kind: .json, target: nil, options: LintOptions(), unsafe: false)
                let outcome = truncated ? Fixer.fix(source, kind: .json, target: nil, options: LintOptions(), unsafe: true) : safe
                if truncated {
                    XCTAssertTrue(safe.remaining.contains { $0.code.id == "J009" }, "closing a truncated file needs review")
                }
                let strict = JSONReader.read(SourceFile(name: "fixed", bytes: outcome.bytes))
                XCTAssertEqual(strict.diagnostics.map(\.code.id), [], "\(url.lastPathComponent) is strict JSON after --fix")
                let fixed = LoadedFile.load(SourceFile(name: "fixed", bytes: outcome.bytes), kind: .json)
                let before = try XCTUnwrap(original.layouts.first).runtime
                let after = try XCTUnwrap(fixed.layouts.first).runtime
                XCTAssertNil(after.firstDifference(from: before, path: ""), url.lastPathComponent)
                XCTAssertFalse(outcome.remaining.contains { $0.severity == .error }, url.lastPathComponent)
            }
        }
    }

    func testFixesInTrellisFilesAndOverlaps() {
        let source = SourceFile(name: "t.trellis", text: "rows { 10 space(5)，fill padding(5 5 }")
        let outcome = Fixer.fix(source, kind: .trellis, target: nil, options: LintOptions(), unsafe: false)
        XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), "rows { 10 spacing(5);fill padding(5 5) }")
        XCTAssertEqual(outcome.remaining.map(\.code.id), [])
    }

    func testFixingIsIdempotent() throws {
        let url = try TestPaths.corpus("seeds/demo5-v1.raw.json")
        let first = Fixer.fix(SourceFile(name: "a", bytes: try TestPaths.bytes(url)), kind: .json, target: nil, options: LintOptions(), unsafe: false)
        let second = Fixer.fix(SourceFile(name: "a", bytes: first.bytes), kind: .json, target: nil, options: LintOptions(), unsafe: false)
        XCTAssertEqual(second.bytes, first.bytes)
        XCTAssertEqual(second.fixed.count, 0)
    }
}
