import Foundation
import TrellisTestSupport
import XCTest

/// `trellis import` through the real executable.
final class ImportCommandTests: XCTestCase {
    func trellis(_ arguments: [String], stdin: String? = nil) throws -> TrellisRun {
        try TrellisRun.run(arguments, stdin: stdin)
    }

    func testDemoImportsWithAWarningAndBuildsBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let demo = TestPaths.examples.appendingPathComponent("json/GridLayoutDemo4.json")
        let output = folder.appendingPathComponent("home.trellis")
        let run = try trellis(["import", demo.path, "-o", output.path])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("warning[J002]"))
        let imported = try String(contentsOf: output, encoding: .utf8)
        XCTAssertTrue(imported.hasPrefix("// Imported from GridLayoutDemo4.json by trellis import.\ntarget mylayout 2\n"))
        XCTAssertEqual(try trellis(["fmt", "--check", output.path]).status, 0, "imports are formatted")
        XCTAssertEqual(try trellis(["check", output.path]).status, 0)
        let built = try trellis(["build", output.path, "--compact"])
        XCTAssertEqual(built.status, 0)
        let frames = try trellis(["frames", output.path, "--format", "json", "--viewport", "375x667@2x"])
        let reference = try trellis(["frames", demo.path, "--format", "json", "--viewport", "375x667@2x"])
        XCTAssertEqual(frames.stdout.replacingOccurrences(of: "\"home\"", with: "\"GridLayoutDemo4\""), reference.stdout)
    }

    func testSeveralInputsAndBrokenFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let seeds = try TestPaths.corpus("seeds")
        let run = try trellis([
            "import", seeds.appendingPathComponent("rows-example-2.json").path,
            seeds.appendingPathComponent("viewgroup-card.raw.json").path, "--out-dir", folder.path,
        ])
        XCTAssertEqual(run.status, 1, "the view-group card has errors")
        XCTAssertTrue(run.stderr.contains("importing the layout as recovered"))
        XCTAssertEqual(
            try String(contentsOf: folder.appendingPathComponent("rows-example-2.trellis"), encoding: .utf8),
            "// Imported from rows-example-2.json by trellis import.\ntarget mylayout 1\n\nlayout rows-example-2 rows -33.33% | -50% | fill\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("viewgroup-card.raw.trellis").path))
        XCTAssertEqual(try trellis(["import", "a.json", "b.json"]).status, 2)
        XCTAssertEqual(
            try trellis(["import", "-"], stdin: #"{"cols":[{"size":"1%"}]}"#).stdout,
            "// Imported from standard input by trellis import.\ntarget mylayout 1\n\nlayout stdin cols 1%\n")
    }
}
