import Foundation
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// What the screen shows, against MyLayout's own code: frames that `tools/realrt` (MyLayout
/// 2.0.0 and 1.9.10 compiled unmodified, run headless) printed, checked through the real
/// executable as a user runs it: `trellis frames INPUT --format json FLAGS`, within 0.001; the
/// layout's size, passes and settling, every grid's frame and slot, and every view Trellis
/// reports. Two sets: shared/corpus/runtime, and the fixtures in Tests/golden/runtime that
/// `tools/realrt/differential.py --write-fixtures` wrote (they need nothing beside the clone).
/// `.ci/run` also runs the live comparison on fresh random cases.
final class RuntimeFramesTests: XCTestCase {
    struct Case {
        var input: URL
        var flags: [String]
        var expected: URL
    }

    func cases(in folder: URL) throws -> [Case] {
        let bytes = try TestPaths.bytes(folder.appendingPathComponent("manifest.json"))
        let entries = try XCTUnwrap(JSONReader.read(SourceFile(name: "manifest", bytes: bytes)).root?.value["cases"]?.arrayElements)
        return try entries.map { entry in
            Case(input: folder.appendingPathComponent(try XCTUnwrap(entry["input"]?.stringValue)),
                 flags: (entry["flags"]?.arrayElements ?? []).compactMap(\.stringValue),
                 expected: folder.appendingPathComponent(try XCTUnwrap(entry["expected"]?.stringValue)))
        }
    }

    func testTheRuntimeCorpusMatchesThroughTheExecutable() throws {
        let cases = try cases(in: try TestPaths.corpus("runtime"))
        XCTAssertGreaterThanOrEqual(cases.count, 148)
        let views = try assertMatches(cases)
        XCTAssertGreaterThan(views, 1_500)
    }

    func testTheCommittedFixturesMatchThroughTheExecutable() throws {
        let cases = try cases(in: TestPaths.packageRoot.appendingPathComponent("Tests/golden/runtime"))
        XCTAssertGreaterThanOrEqual(cases.count, 40)
        let views = try assertMatches(cases)
        XCTAssertGreaterThan(views, 400)
    }

    /// Compares each case; returns how many views were compared.
    func assertMatches(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        var viewsCompared = 0
        for entry in cases {
            let name = entry.input.lastPathComponent + " " + entry.flags.joined(separator: " ")
            let run = try TrellisRun.run(["frames", entry.input.path, "--format", "json"] + entry.flags)
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)", file: file, line: line)
            let got = try XCTUnwrap(firstViewport(JSONReader.read(run.stdout).root?.value), name, file: file, line: line)
            let want = try XCTUnwrap(firstViewport(JSONReader.read(try TestPaths.text(entry.expected)).root?.value), name, file: file, line: line)
            XCTAssertEqual(got["passes"], want["passes"], "\(name): passes", file: file, line: line)
            XCTAssertEqual(got["settled"], want["settled"], "\(name): settled", file: file, line: line)
            for key in ["width", "height"] { assertClose(got[key], want[key], "\(name) \(key)", file: file, line: line) }
            let gotGrids = got["grids"]?.arrayElements ?? [], wantGrids = want["grids"]?.arrayElements ?? []
            XCTAssertEqual(gotGrids.count, wantGrids.count, name, file: file, line: line)
            for (grid, expected) in zip(gotGrids, wantGrids) {
                let place = "\(name) grid \(expected["path"]?.stringValue ?? "?")"
                XCTAssertEqual(grid["path"], expected["path"], place, file: file, line: line)
                XCTAssertEqual(grid["slot"], expected["slot"], place, file: file, line: line)
                for key in ["x", "y", "width", "height"] { assertClose(grid[key], expected[key], "\(place) \(key)", file: file, line: line) }
                // Every view Trellis reports is where MyLayout puts it. (Trellis leaves out a
                // view whose frame depends on the view's own size: issue #29, item 3.)
                guard let view = grid["view"] else { continue }
                let expectedView = try XCTUnwrap(expected["view"], "\(place): MyLayout places no view", file: file, line: line)
                viewsCompared += 1
                for key in ["x", "y", "width", "height"] { assertClose(view[key], expectedView[key], "\(place) view \(key)", file: file, line: line) }
            }
        }
        return viewsCompared
    }

    func firstViewport(_ report: JSONValue?) -> JSONValue? {
        report?["layouts"]?.arrayElements?.first?["viewports"]?.arrayElements?.first
    }

    func assertClose(_ got: JSONValue?, _ want: JSONValue?, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(RuntimeReading.double(got), RuntimeReading.double(want), accuracy: 0.001, message, file: file, line: line)
    }

    /// `trellis check` names every case that never settles (L005) and no other, at the
    /// case's viewport.
    func testCheckNamesExactlyTheLayoutsThatNeverSettle() throws {
        var neverSettle = 0
        for entry in try cases(in: try TestPaths.corpus("runtime")) {
            var flags = entry.flags
            if let index = flags.firstIndex(of: "--relayout") { flags.removeSubrange(index...(index + 1)) }
            let run = try TrellisRun.run(["check", entry.input.path, "--format", "json"] + flags)
            let report = try XCTUnwrap(JSONReader.read(run.stdout).root?.value, entry.input.lastPathComponent)
            let diagnostics = report["files"]?.arrayElements?.first?["diagnostics"]?.arrayElements ?? []
            let saysNeverSettles = diagnostics.contains { $0["code"]?.stringValue == "L005" }
            let want = firstViewport(JSONReader.read(try TestPaths.text(entry.expected)).root?.value)
            let settled = want?["settled"] != .bool(false)
            XCTAssertEqual(saysNeverSettles, !settled, "\(entry.input.lastPathComponent) \(entry.flags)")
            if !settled { neverSettle += 1 }
        }
        XCTAssertGreaterThan(neverSettle, 0)
    }
}
