import Foundation
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// What the screen shows, against MyLayout's own code: frames that `tools/realrt` (MyLayout
/// 2.0.0 and 1.9.10 compiled unmodified, run headless) printed, checked through the real
/// executable as a user runs it: `trellis frames INPUT --format json FLAGS`, within 0.001; the
/// layout's size, passes and settling, every grid's frame and slot, every view MyLayout places
/// (`"CGFLOAT_MAX"` where it leaves one), and every borderline by the area it paints, its
/// state and its values. Two sets: shared/corpus/runtime, and the fixtures in Tests/golden/runtime
/// that `tools/realrt/differential.py --write-fixtures` wrote (fresh cases, some laid out one
/// pass, and corpus/frames' inputs laid out one pass; they need nothing beside the clone).
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
            Case(
                input: folder.appendingPathComponent(try XCTUnwrap(entry["input"]?.stringValue)),
                flags: (entry["flags"]?.arrayElements ?? []).compactMap(\.stringValue),
                expected: folder.appendingPathComponent(try XCTUnwrap(entry["expected"]?.stringValue)))
        }
    }

    func testTheRuntimeCorpusMatchesThroughTheExecutable() throws {
        let cases = try cases(in: try TestPaths.corpus("runtime"))
        XCTAssertGreaterThanOrEqual(cases.count, 148)
        let compared = try assertMatches(cases)
        XCTAssertGreaterThan(compared.views, 1_500)
        XCTAssertGreaterThan(compared.borderlines, 150)
    }

    func testTheCommittedFixturesMatchThroughTheExecutable() throws {
        let cases = try cases(in: TestPaths.packageRoot.appendingPathComponent("Tests/golden/runtime"))
        XCTAssertGreaterThanOrEqual(cases.count, 106)
        XCTAssertGreaterThanOrEqual(cases.filter { $0.flags.contains("--single-pass") }.count, 66, "one fresh pass too")
        let compared = try assertMatches(cases)
        XCTAssertGreaterThan(compared.views, 400)
        XCTAssertGreaterThan(compared.borderlines, 20)
    }

    /// Compares each case; returns how many views and borderlines were compared.
    func assertMatches(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) throws -> (views: Int, borderlines: Int) {
        var viewsCompared = 0, borderlinesCompared = 0
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
                // Every view is where MyLayout puts it, CGFLOAT_MAX included.
                XCTAssertEqual(grid["view"] == nil, expected["view"] == nil, "\(place): a view on one side only", file: file, line: line)
                if let view = grid["view"], let expectedView = expected["view"] {
                    viewsCompared += 1
                    for key in ["x", "y", "width", "height"] { assertSame(view[key], expectedView[key], "\(place) view \(key)", file: file, line: line) }
                }
                borderlinesCompared += assertSameBorderlines(
                    grid["borderlines"]?.arrayElements ?? [], expected["borderlines"]?.arrayElements ?? [],
                    place, file: file, line: line)
            }
        }
        return (viewsCompared, borderlinesCompared)
    }

    /// A grid's borderlines against realrt's, matched by MyLayout's side: the painted area
    /// (realrt's `paint`, turned to a positive size; any two areas of no width or height are
    /// the same: nothing), edge, state, thickness, dash and colour. Returns how many.
    func assertSameBorderlines(_ got: [JSONValue], _ want: [JSONValue], _ place: String, file: StaticString, line: UInt) -> Int {
        XCTAssertEqual(
            got.map { $0["side"]?.stringValue ?? "" }.sorted(), want.map { $0["side"]?.stringValue ?? "" }.sorted(), "\(place) borderline sides", file: file,
            line: line)
        var compared = 0
        for expected in want {
            guard let side = expected["side"]?.stringValue, let mine = got.first(where: { $0["side"]?.stringValue == side }) else { continue }
            compared += 1
            let subject = "\(place) \(side) borderline"
            for key in ["edge", "state", "color"] { XCTAssertEqual(mine[key], expected[key], "\(subject) \(key)", file: file, line: line) }
            for key in ["thick", "dash", "alpha"] { assertClose(mine[key], expected[key], "\(subject) \(key)", file: file, line: line) }
            let paint = expected["paint"]
            for key in ["x", "y", "width", "height"] where mine[key]?.stringValue != nil || paint?[key]?.stringValue != nil {
                XCTAssertEqual(mine[key]?.stringValue, paint?[key]?.stringValue, "\(subject) painted \(key)", file: file, line: line)
            }
            var area = ["x", "y", "width", "height"].map { RuntimeReading.double(paint?[$0]) }
            if area[2] < 0 {
                area[0] += area[2]
                area[2] = -area[2]
            }
            if area[3] < 0 {
                area[1] += area[3]
                area[3] = -area[3]
            }
            let painted = ["x", "y", "width", "height"].map { RuntimeReading.double(mine[$0]) }
            if (area[2] == 0 || area[3] == 0) && (painted[2] == 0 || painted[3] == 0) { continue }
            for (index, key) in ["x", "y", "width", "height"].enumerated() {
                XCTAssertEqual(painted[index], area[index], accuracy: 0.001, "\(subject) painted \(key)", file: file, line: line)
            }
        }
        return compared
    }

    /// Two numbers of a frame: within 0.001, or the same string (`"CGFLOAT_MAX"`).
    func assertSame(_ got: JSONValue?, _ want: JSONValue?, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        if got?.stringValue != nil || want?.stringValue != nil {
            XCTAssertEqual(got?.stringValue, want?.stringValue, message, file: file, line: line)
        } else {
            assertClose(got, want, message, file: file, line: line)
        }
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
