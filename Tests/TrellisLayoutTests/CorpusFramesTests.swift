import Foundation
import TrellisLayout
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// shared/corpus/frames: ONE fresh layout pass (`LayoutEngine.singlePass`) from an independent implementation of the runtime's
/// arithmetic. Every case must match within 0.001 points, slots exactly; the printed
/// report must also be byte-identical to the expected file.
final class CorpusFramesTests: XCTestCase {
    struct Case {
        var input: String
        var expected: String
        var viewport: Viewport
        var target: Dialect
    }

    static func cases() throws -> [Case] {
        let folder = try TestPaths.corpus("frames")
        let manifest = try XCTUnwrap(JSONReader.read(SourceFile(name: "manifest", bytes: try TestPaths.bytes(folder.appendingPathComponent("manifest.json")))).root?.value)
        var result: [Case] = []
        for entry in manifest["cases"]?.arrayElements ?? [] {
            let flags = (entry["flags"]?.arrayElements ?? []).compactMap(\.stringValue)
            var viewport = Viewport.default
            var target = Dialect.v1
            var index = 0
            while index < flags.count {
                switch flags[index] {
                case "--viewport": viewport = try XCTUnwrap(Viewport.parse(flags[index + 1])); index += 1
                case "--target": target = flags[index + 1] == "2" ? .v2 : .v1; index += 1
                case "--rtl": viewport.rtl = true
                default: XCTFail("unknown flag \(flags[index])")
                }
                index += 1
            }
            if flags.contains("--rtl") { viewport.rtl = true }
            result.append(Case(input: try XCTUnwrap(entry["input"]?.stringValue), expected: try XCTUnwrap(entry["expected"]?.stringValue),
                               viewport: viewport, target: target))
        }
        return result
    }

    func testEveryReferenceCaseMatches() throws {
        let folder = try TestPaths.corpus("frames")
        let cases = try Self.cases()
        XCTAssertGreaterThanOrEqual(cases.count, 66)
        for item in cases {
            let source = SourceFile(name: item.input, bytes: try TestPaths.bytes(folder.appendingPathComponent(item.input)))
            let file = LoadedFile.load(source, kind: .json, target: item.target)
            let layout = try XCTUnwrap(file.layouts.first)
            let result = LayoutEngine.singlePass(layout.runtime, viewport: item.viewport)
            let report = FramesReport.jsonText([LayoutFrames(name: layout.name, results: [result])])
            let expectedText = try TestPaths.text(folder.appendingPathComponent(item.expected))
            let expected = try XCTUnwrap(JSONReader.read(expectedText).root?.value)
            let viewport = try XCTUnwrap(expected["layouts"]?.arrayElements?.first?["viewports"]?.arrayElements?.first)
            let grids = viewport["grids"]?.arrayElements ?? []
            XCTAssertEqual(result.grids.count, grids.count, item.input)
            XCTAssertEqual(result.height, RuntimeReading.double(viewport["height"]), accuracy: 0.001, item.input)
            for (grid, want) in zip(result.grids, grids) {
                let place = "\(item.input) grid \(want["path"]?.stringValue ?? "?")"
                XCTAssertEqual(result.path(of: grid.index), want["path"]?.stringValue, place)
                XCTAssertEqual(grid.frame.x, RuntimeReading.double(want["x"]), accuracy: 0.001, place)
                XCTAssertEqual(grid.frame.y, RuntimeReading.double(want["y"]), accuracy: 0.001, place)
                XCTAssertEqual(grid.frame.width, RuntimeReading.double(want["width"]), accuracy: 0.001, place)
                XCTAssertEqual(grid.frame.height, RuntimeReading.double(want["height"]), accuracy: 0.001, place)
                XCTAssertEqual(grid.slot.map(Double.init), want["slot"].flatMap { $0 == .null ? nil : RuntimeReading.double($0) }, place)
            }
            XCTAssertEqual(report, expectedText, "\(item.input): report text")
        }
    }

    /// The corpus demo files with their trailing commas read (with a warning) and give the
    /// same frames as the stripped copies in frames/.
    func testDemoFilesWithTrailingCommas() throws {
        for demo in ["GridLayoutDemo4", "GridLayoutDemo5"] {
            let raw = LoadedFile.load(SourceFile(name: demo + ".json", bytes: try TestPaths.bytes(try TestPaths.corpus("mylayout/\(demo).json"))), kind: .json, target: .v2)
            XCTAssertFalse(raw.diagnostics.hasErrors)
            let stripped = LoadedFile.load(SourceFile(name: demo + ".json", bytes: try TestPaths.bytes(try TestPaths.corpus("frames/\(demo)_375x667.json"))), kind: .json, target: .v2)
            let viewport = Viewport(width: 375, height: 667, scale: 2)
            let a = FramesReport.jsonText([LayoutFrames(name: demo, results: [LayoutEngine.layout(try XCTUnwrap(raw.layouts.first).runtime, viewport: viewport)])])
            let b = FramesReport.jsonText([LayoutFrames(name: demo, results: [LayoutEngine.layout(try XCTUnwrap(stripped.layouts.first).runtime, viewport: viewport)])])
            XCTAssertEqual(a, b, demo)
        }
    }

    /// The Trellis examples give the same frames as the corpus JSON they were written from.
    func testTrellisExamplesGiveTheCorpusFrames() throws {
        for (example, json) in [("GridLayoutDemo4", "mylayout/GridLayoutDemo4.json"), ("GridLayoutDemo5", "mylayout/GridLayoutDemo5.json")] {
            let trellis = LoadedFile.load(SourceFile(name: example, bytes: try TestPaths.bytes(TestPaths.examples.appendingPathComponent(example + ".trellis"))), kind: .trellis)
            let corpus = LoadedFile.load(SourceFile(name: example, bytes: try TestPaths.bytes(try TestPaths.corpus(json))), kind: .json, target: .v2)
            for viewport in [Viewport(width: 375, height: 667, scale: 2), Viewport(width: 320, height: 568, scale: 2, rtl: true), Viewport(width: 393, height: nil, scale: 3)] {
                let a = LayoutEngine.layout(try XCTUnwrap(trellis.layouts.first).runtime, viewport: viewport)
                let b = LayoutEngine.layout(try XCTUnwrap(corpus.layouts.first).runtime, viewport: viewport)
                XCTAssertEqual(a.grids.map(\.frame), b.grids.map(\.frame), example)
                XCTAssertEqual(a.grids.map(\.slot), b.grids.map(\.slot), example)
            }
        }
    }
}
