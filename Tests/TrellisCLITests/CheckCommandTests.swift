import Foundation
import TrellisTestSupport
import XCTest

/// `trellis check` through the real executable: paths, formats, flags, exit codes.
final class CheckCommandTests: XCTestCase {
    func trellis(_ arguments: [String], stdin: String? = nil) throws -> TrellisRun {
        try TrellisRun.run(arguments, stdin: stdin)
    }

    func testCleanExamplesExitZero() throws {
        // examples/json holds MyLayout's demo (trailing commas) and a broken card for the tour.
        let trellisFiles = TestPaths.files(in: TestPaths.examples, withExtension: "trellis").map(\.path)
        let run = try trellis(["check", "examples/golden", "examples/swiftpm"] + trellisFiles)
        XCTAssertEqual(run.status, 0, run.stdout)
        // 10 .trellis files and their 10 golden JSON outputs, and the SwiftPM example's 3
        // layouts and its file of shared templates. The infos: one L003 per layout with wrap or overlap cells (views Trellis
        // cannot measure), and the seed card's root size kept in its golden JSON (the .trellis
        // file silences it). The banner's gravity cell states its view's size (content), so
        // no M108.
        XCTAssertTrue(run.stdout.hasSuffix("24 files checked: 0 errors, 0 warnings, 11 info\n"), run.stdout)
    }

    func testCorpusFolderIsSearchedAndErrorsExitOne() throws {
        let run = try trellis(["check", try TestPaths.corpus("seeds").path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.hasSuffix("10 files checked: 12 errors, 14 warnings, 8 info\n"), run.stdout)
    }

    func testWarningsAsErrorsAndDisable() throws {
        let json = #"{"rows":[{"size":"20"}]}"#
        XCTAssertEqual(try trellis(["check", "-"], stdin: json).status, 0)
        XCTAssertEqual(try trellis(["check", "-", "--warnings-as-errors"], stdin: json).status, 1)
        let disabled = try trellis(["check", "-", "--warnings-as-errors", "--disable", "m102"], stdin: json)
        XCTAssertEqual(disabled.status, 0)
        XCTAssertEqual(disabled.stdout, "1 file checked: 0 errors, 0 warnings, 0 info\n")
    }

    func testGitHubAnnotations() throws {
        let run = try trellis(["check", "-", "--format", "github"], stdin: "{\"rows\":[{\"size\":\"150%\"}]}")
        XCTAssertEqual(
            run.stdout,
            "::warning file=<stdin>,line=1,col=18,endLine=1,endColumn=24,title=trellis M103::\"150%25\" is read as a FIXED 1.5 points, not 150%25 of anything%0AOnly the exact strings \"100%25\" and \"-100%25\" mean fill; percentages must lie between -100%25 and 100%25.%0Ahelp: write \"fill\"\n"
        )
        XCTAssertEqual(run.stderr, "1 file checked: 0 errors, 1 warning, 0 info\n")
    }

    func testJSONFormatIsParseable() throws {
        let run = try trellis(["check", "-", "--format", "json"], stdin: "rows 300 | 400 | fill")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let summary = object?["summary"] as? [String: Any]
        XCTAssertEqual(summary?["warnings"] as? Int, 2)
        XCTAssertEqual(object?["version"] as? Int, 1)
    }

    func testFixRewritesFilesAtomicallyAndReports() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rows.json")
        try Data(try TestPaths.bytes(try TestPaths.corpus("seeds/rows-example-1.json"))).write(to: file)
        let run = try trellis(["check", file.path, "--fix"])
        XCTAssertEqual(run.status, 0, run.stdout)
        XCTAssertEqual(run.stderr, "fixed 2 in \(file.path): J004, J005\n")
        XCTAssertEqual(
            try String(contentsOf: file, encoding: .utf8),
            #"{"rows":[{"size":"33.33%"}, {"size":"33.33%"}, {"size":"33.33%"}]}"# + "\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["rows.json"])
        XCTAssertEqual(try trellis(["check", "-", "--fix"], stdin: "{}").status, 2)
    }

    /// Every corpus file, fixed (with the reviewed fixes too), is JSON that Python's strict
    /// `json` module accepts.
    func testFixedCorpusPassesAStrictParser() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for sub in ["seeds", "mylayout"] {
            for url in try TestPaths.corpusFiles(sub) {
                try Data(try TestPaths.bytes(url)).write(to: folder.appendingPathComponent("\(sub)-\(url.lastPathComponent)"))
            }
        }
        let run = try trellis(["check", folder.path, "--fix", "--unsafe-fixes"])
        XCTAssertEqual(run.status, 0, run.stdout)
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = [
            "python3", "-c", "import json, pathlib, sys; [json.loads(p.read_text()) for p in pathlib.Path(sys.argv[1]).glob('*.json')]", folder.path,
        ]
        try python.run()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0, "a fixed file is not strict JSON")
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try trellis(["check", "no/such/path"]).status, 2)
        XCTAssertEqual(try trellis(["check", "--format", "xml", "examples"]).status, 2)
        XCTAssertTrue(try trellis(["check", "--help"]).stdout.contains("--warnings-as-errors"))
    }

    func testFmtCheckDiffAndInPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-fmt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.trellis")
        try "rows   10|fill // 注释\n".write(to: file, atomically: true, encoding: .utf8)
        let check = try trellis(["fmt", "--check", file.path])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stdout, "would reformat \(file.path)\n")
        let diff = try trellis(["fmt", "--diff", file.path])
        XCTAssertTrue(diff.stdout.contains("-rows   10|fill // 注释\n+rows 10 | fill // 注释"), diff.stdout)
        XCTAssertEqual(try trellis(["fmt", file.path]).status, 0)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "rows 10 | fill // 注释\n")
        XCTAssertEqual(try trellis(["fmt", "--check", file.path]).status, 0)
        let broken = folder.appendingPathComponent("b.trellis")
        try "rows { 10 padding(1 ".write(to: broken, atomically: true, encoding: .utf8)
        let run = try trellis(["fmt", broken.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("error[S003]"))
        XCTAssertEqual(try String(contentsOf: broken, encoding: .utf8), "rows { 10 padding(1 ", "left untouched")
        XCTAssertEqual(try trellis(["fmt", "-"], stdin: "cols 1|2").stdout, "cols 1 | 2\n")
        XCTAssertEqual(try trellis(["fmt", "--check", "examples"]).status, 0)
    }
}
