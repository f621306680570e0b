import Foundation
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// shared/corpus/screen: what the screen shows (settling, relayout, view frames) from an
/// independent implementation, checked through the real executable as a user runs it:
/// `trellis frames INPUT --format json FLAGS`, within 0.001, passes and settling exactly.
final class ScreenFramesTests: XCTestCase {
    static var folder: URL { get throws { try TestPaths.corpus("screen") } }

    func manifest() throws -> [JSONValue] {
        let bytes = try TestPaths.bytes(Self.folder.appendingPathComponent("manifest.json"))
        return try XCTUnwrap(JSONReader.read(SourceFile(name: "manifest", bytes: bytes)).root?.value["cases"]?.arrayElements)
    }

    func testEveryScreenCaseMatchesThroughTheExecutable() throws {
        let cases = try manifest()
        XCTAssertGreaterThanOrEqual(cases.count, 66)
        var viewsCompared = 0, fillGravityViews = 0
        for entry in cases {
            let input = try XCTUnwrap(entry["input"]?.stringValue)
            let flags = (entry["flags"]?.arrayElements ?? []).compactMap(\.stringValue)
            let run = try TrellisRun.run(["frames", Self.folder.appendingPathComponent(input).path, "--format", "json"] + flags)
            XCTAssertEqual(run.status, 0, "\(input): \(run.stderr)")
            let got = try XCTUnwrap(firstViewport(JSONReader.read(run.stdout).root?.value), input)
            let expectedText = try TestPaths.text(Self.folder.appendingPathComponent(try XCTUnwrap(entry["expected"]?.stringValue)))
            let want = try XCTUnwrap(firstViewport(JSONReader.read(expectedText).root?.value), input)
            XCTAssertEqual(got["passes"], entry["passes"], "\(input): passes")
            XCTAssertEqual(got["settled"], entry["settled"], "\(input): settled")
            for key in ["width", "height"] { assertClose(got[key], want[key], "\(input) \(key)") }
            let gotGrids = got["grids"]?.arrayElements ?? [], wantGrids = want["grids"]?.arrayElements ?? []
            XCTAssertEqual(gotGrids.count, wantGrids.count, input)
            let source = try XCTUnwrap(JSONReader.read(try TestPaths.text(Self.folder.appendingPathComponent(input))).root?.value)
            let rtl = flags.contains("--rtl")
            for (grid, expected) in zip(gotGrids, wantGrids) {
                let path = expected["path"]?.stringValue ?? "?"
                let place = "\(input) grid \(path)"
                XCTAssertEqual(grid["path"], expected["path"], place)
                XCTAssertEqual(grid["slot"], expected["slot"], place)
                for key in ["x", "y", "width", "height"] { assertClose(grid[key], expected[key], "\(place) \(key)") }
                // A view whose frame depends on its own size (gravity, overlap) has none, as
                // there. The reference leaves out every grid with a gravity; Trellis gives a
                // frame where the gravity only fills (`width`, `height`): the content box.
                if grid["view"] != nil, expected["view"] == nil {
                    let bits = Gravity.parse(node(source, path)?["gravity"]?.stringValue ?? node(source, path)?["overlap"]?.stringValue ?? "").rawValue
                    XCTAssertTrue([0, Gravity.width].contains(bits & 0xFF) && [0, Gravity.height].contains(bits & 0xFF00) && bits != 0, "\(place): view")
                    fillGravityViews += 1
                    continue
                }
                XCTAssertEqual(grid["view"] != nil, expected["view"] != nil, "\(place): view")
                guard let expectedView = expected["view"] else { continue }
                let view = try XCTUnwrap(grid["view"], "\(place): no view")
                viewsCompared += 1
                for key in ["y", "width", "height"] { assertClose(view[key], expectedView[key], "\(place) view \(key)") }
                var wantX = RuntimeReading.double(expectedView["x"])
                if rtl {
                    // The one place Trellis follows MyGridLayout.m rather than the reference: a
                    // leaf's view is placed with the RTL-swapped paddings (`paddingLeading` is
                    // the right padding) and then mirrored, so the left padding stays on the
                    // left. The reference keeps the right padding on the left.
                    let padding = RuntimeReading.padding(node(source, path)?["padding"]?.stringValue ?? "")
                    wantX += padding.left - padding.right
                }
                XCTAssertEqual(RuntimeReading.double(view["x"]), wantX, accuracy: 1 / 3 + 0.001, "\(place) view x")
            }
        }
        XCTAssertGreaterThan(viewsCompared, 800)
        XCTAssertGreaterThan(fillGravityViews, 0)
    }

    func firstViewport(_ report: JSONValue?) -> JSONValue? {
        report?["layouts"]?.arrayElements?.first?["viewports"]?.arrayElements?.first
    }

    /// The grid dictionary at a dotted path.
    func node(_ root: JSONValue, _ path: String) -> JSONValue? {
        var current: JSONValue? = root
        for part in path.split(separator: ".") {
            guard let index = Int(part), let grid = current else { return nil }
            let children = (grid["rows"] ?? grid["cols"])?.arrayElements ?? []
            current = children.indices.contains(index - 1) ? children[index - 1] : nil
        }
        return current
    }

    func assertClose(_ got: JSONValue?, _ want: JSONValue?, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(RuntimeReading.double(got), RuntimeReading.double(want), accuracy: 0.001, message, file: file, line: line)
    }

    /// `trellis check` names the three cases that never settle (L005) and exactly the cases
    /// whose frames a second layout changes (L006: a warning where a view moves, information
    /// where only invisible grid rectangles do), and is quiet on the others.
    func testCheckNamesLayoutsThatNeverSettleOrMove() throws {
        var neverSettle: [String] = [], moving: [String] = [], visible: [String] = []
        for entry in try manifest() {
            let input = try XCTUnwrap(entry["input"]?.stringValue)
            var flags = (entry["flags"]?.arrayElements ?? []).compactMap(\.stringValue)
            if let index = flags.firstIndex(of: "--relayout") { flags.removeSubrange(index...(index + 1)) }
            let run = try TrellisRun.run(["check", Self.folder.appendingPathComponent(input).path, "--format", "json"] + flags)
            let report = try XCTUnwrap(JSONReader.read(run.stdout).root?.value, input)
            let diagnostics = report["files"]?.arrayElements?.first?["diagnostics"]?.arrayElements ?? []
            let codes = Set(diagnostics.compactMap { $0["code"]?.stringValue })
            if diagnostics.contains(where: { $0["code"]?.stringValue == "L006" && $0["severity"]?.stringValue == "warning" }) { visible.append(input) }
            if codes.contains("L005") { neverSettle.append(input) }
            if codes.contains("L006") { moving.append(input) }
            if entry["settled"] == .bool(false) { XCTAssertTrue(codes.contains("L005"), input) }
        }
        XCTAssertEqual(neverSettle, ["case_0022.json", "case_0026.json", "case_0044.json"])
        let fixedSize = moving.filter { ["case_0031.json", "case_0039.json", "case_0041.json", "case_0051.json", "case_0057.json"].contains($0) }
        XCTAssertEqual(fixedSize.count, 5, "\(moving)")
        XCTAssertEqual(visible, ["case_0002.json", "case_0006.json", "case_0014.json", "case_0039.json", "case_0041.json", "case_0051.json", "case_0052.json", "case_0057.json", "case_0058.json"])
        XCTAssertEqual(moving.count, 14, "\(moving)")
    }
}
