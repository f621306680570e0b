import Foundation
import TrellisLayout
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// MyLayout's demos 4 and 5 as the corpus holds them (with trailing commas) and as the
/// examples write them in Trellis give the same frames. Frames themselves are checked against
/// MyLayout's own code in `RuntimeFramesTests` (one pass too: `--single-pass` fixtures).
final class DemoFramesTests: XCTestCase {
    /// The corpus demo files with their trailing commas read (with a warning) and give the
    /// same frames as the copies without them that corpus/runtime lays out.
    func testDemoFilesWithTrailingCommas() throws {
        for demo in ["GridLayoutDemo4", "GridLayoutDemo5"] {
            let raw = LoadedFile.load(
                SourceFile(name: demo + ".json", bytes: try TestPaths.bytes(try TestPaths.corpus("mylayout/\(demo).json"))), kind: .json, target: .v2)
            XCTAssertFalse(raw.diagnostics.hasErrors)
            XCTAssertTrue(raw.diagnostics.contains { $0.code.id == "J002" }, "the trailing commas are reported")
            let stripped = LoadedFile.load(
                SourceFile(name: demo + ".json", bytes: try TestPaths.bytes(try TestPaths.corpus("runtime/\(demo)_375xwrap_r0.json"))), kind: .json, target: .v2
            )
            XCTAssertFalse(stripped.diagnostics.contains { $0.code.id == "J002" })
            let viewport = Viewport(width: 375, height: 667, scale: 2)
            let a = FramesReport.jsonText([
                LayoutFrames(name: demo, results: [LayoutEngine.layout(try XCTUnwrap(raw.layouts.first).runtime, viewport: viewport)])
            ])
            let b = FramesReport.jsonText([
                LayoutFrames(name: demo, results: [LayoutEngine.layout(try XCTUnwrap(stripped.layouts.first).runtime, viewport: viewport)])
            ])
            XCTAssertEqual(a, b, demo)
        }
    }

    /// The Trellis examples give the same frames as the corpus JSON they were written from.
    func testTrellisExamplesGiveTheCorpusFrames() throws {
        for (example, json) in [("GridLayoutDemo4", "mylayout/GridLayoutDemo4.json"), ("GridLayoutDemo5", "mylayout/GridLayoutDemo5.json")] {
            let trellis = LoadedFile.load(
                SourceFile(name: example, bytes: try TestPaths.bytes(TestPaths.examples.appendingPathComponent(example + ".trellis"))), kind: .trellis)
            let corpus = LoadedFile.load(SourceFile(name: example, bytes: try TestPaths.bytes(try TestPaths.corpus(json))), kind: .json, target: .v2)
            for viewport in [
                Viewport(width: 375, height: 667, scale: 2), Viewport(width: 320, height: 568, scale: 2, rtl: true),
                Viewport(width: 393, height: nil, scale: 3),
            ] {
                let a = LayoutEngine.layout(try XCTUnwrap(trellis.layouts.first).runtime, viewport: viewport)
                let b = LayoutEngine.layout(try XCTUnwrap(corpus.layouts.first).runtime, viewport: viewport)
                XCTAssertEqual(a.grids.map(\.frame), b.grids.map(\.frame), example)
                XCTAssertEqual(a.grids.map(\.slot), b.grids.map(\.slot), example)
            }
        }
    }
}
