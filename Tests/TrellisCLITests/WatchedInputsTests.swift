import Foundation
import TrellisTestSupport
import XCTest

/// `preview` and `watch` with missing inputs: when none of the named files exists they stop
/// at once, as `trellis build` does; a file missing among others is waited for, and `watch`
/// never claims to keep a JSON it never wrote.
final class WatchedInputsTests: XCTestCase {
    func testOnlyMissingFilesStopPreviewAndWatchAtOnce() throws {
        let folder = try temporaryDirectory()
        let missing = folder.appendingPathComponent("nothere.trellis").path
        let build = try TrellisRun.run(["build", missing])
        for arguments in [
            ["preview", missing], ["watch", missing, "-o", folder.appendingPathComponent("out").path],
            ["preview", missing, folder.appendingPathComponent("neither.trellis").path],
        ] {
            let run = try TrellisRun.run(arguments, timeout: 10)
            XCTAssertNotEqual(run.status, TrellisRun.timedOut, "\(arguments[0]) started on missing files")
            XCTAssertEqual(run.status, build.status, arguments[0])
            XCTAssertTrue(run.stderr.hasPrefix("trellis: cannot read \(missing): no such file or directory\n"), run.stderr)
            XCTAssertEqual(run.stdout, "")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing is made")
    }

    func testWatchWaitsForAFileMissingAmongOthers() throws {
        let folder = try temporaryDirectory()
        let present = folder.appendingPathComponent("card.trellis")
        try "layout card rows 40 | fill\n".write(to: present, atomically: true, encoding: .utf8)
        let missing = folder.appendingPathComponent("later.trellis").path
        let out = folder.appendingPathComponent("out")
        // Stopped after a second and a half: the first builds are printed by then.
        let run = try TrellisRun.run(["watch", present.path, missing, "-o", out.path], timeout: 1.5)
        XCTAssertEqual(run.status, TrellisRun.timedOut, "watch keeps watching: \(run.stderr)")
        XCTAssertTrue(run.stdout.contains("\(present.path) → \(out.appendingPathComponent("card.json").path)\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\(missing): cannot read it (no such file; built when it appears); no JSON written yet\n"), run.stdout)
        XCTAssertFalse(run.stdout.contains("kept the last JSON"), run.stdout)
    }

    func testWatchRebuildsAFileWhenAFileItUsesChanges() throws {
        let folder = try temporaryDirectory()
        let cards = folder.appendingPathComponent("cards.trellis")
        try "template card { 10 }\n".write(to: cards, atomically: true, encoding: .utf8)
        let home = folder.appendingPathComponent("home.trellis")
        try "use \"cards.trellis\"\nlayout home rows card | fill\n".write(to: home, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        // The shared card changes while watch runs (saved as editors save: a rename over it).
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
            try? "template card { 20 }\n".write(to: cards, atomically: true, encoding: .utf8)
        }
        let run = try TrellisRun.run(["watch", home.path, "-o", out.path], timeout: 3)
        XCTAssertEqual(run.status, TrellisRun.timedOut, "watch keeps watching: \(run.stderr)")
        XCTAssertEqual(run.stdout.components(separatedBy: "→ \(out.appendingPathComponent("home.json").path)").count - 1, 2, run.stdout)
        let json = try String(contentsOf: out.appendingPathComponent("home.json"), encoding: .utf8)
        XCTAssertTrue(json.contains("\"size\": 20"), json)
        // The shared file an input too (a project's files, say): its change still rebuilds home.
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
            try? "template card { 30 }\n".write(to: cards, atomically: true, encoding: .utf8)
        }
        let both = try TrellisRun.run(["watch", home.path, cards.path, "-o", out.path], timeout: 3)
        XCTAssertEqual(both.stdout.components(separatedBy: "→ \(out.appendingPathComponent("home.json").path)").count - 1, 2, both.stdout)
        XCTAssertTrue(try String(contentsOf: out.appendingPathComponent("home.json"), encoding: .utf8).contains("\"size\": 30"))
    }
}
