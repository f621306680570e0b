import Foundation
import TrellisTestSupport
import XCTest

/// The commands that compare files with their version at a git revision: `check --against
/// REV` (D001 at the new file's lines, graded like any code) in a scratch repository.
final class BaselineCommandTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = try temporaryDirectory()
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func trellis(_ arguments: [String]) throws -> TrellisRun { try TrellisRun.run(arguments, in: root) }

    func git(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
    }

    func testCheckAgainstARevisionReportsViewsThatLandInAnotherGrid() throws {
        let outside = try trellis(["check", "--against", "HEAD", "."])
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("--against HEAD: no revision can be read here"), outside.stderr)
        try git(["init", "-q"])
        try write("home.trellis", "layout home rows {\n  40 tag(1)\n  60 tag(2)\n  fill\n}\n")
        try write("other.trellis", "layout other rows 20 | fill\n")
        try git(["add", "."])
        try git(["commit", "-q", "-m", "first"])
        XCTAssertEqual(try trellis(["check", "--against", "HEAD", "."]).stdout, "2 files checked: 0 errors, 0 warnings, 0 info\n")
        // A leaf inserted first: every view after it gets the next grid.
        try write("home.trellis", "layout home rows {\n  10\n  40 tag(1)\n  60 tag(2)\n  fill\n}\n")
        try write("new.trellis", "layout fresh rows 20 | fill\n")
        let run = try trellis(["check", "--against", "HEAD", "--format", "github", "."])
        XCTAssertEqual(run.status, 0, "D001 is a warning")
        // At the grid each view now gets: `10`, `40 tag(1)`, `60 tag(2)`, `fill`.
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 4, run.stdout)
        for (line, (number, said)) in zip(
            lines,
            [
                (2, "view #0 (tag 1) moves from 1 (now 2) to 1"), (3, "view #1 (tag 2) moves from 2 (now 3) to 2"), (4, "view #2 moves from 3 (now 4) to 3"),
                (5, "view #3 gains a grid: 4"),
            ])
        {
            XCTAssertTrue(line.hasPrefix("::warning file=home.trellis,line=\(number),col=3,"), String(line))
            XCTAssertTrue(line.contains("title=trellis D001::since HEAD, \(said) in layout `home`%0A"), String(line))
        }
        XCTAssertEqual(try trellis(["check", "--against", "HEAD", "--warnings-as-errors", "home.trellis"]).status, 1)
        XCTAssertFalse(try trellis(["check", "--against", "HEAD", "--disable", "D001", "home.trellis"]).stdout.contains("D001"))
        XCTAssertFalse(try trellis(["check", "home.trellis"]).stdout.contains("D001"), "opt-in: only with --against")
        // A project that grades D001 as an error fails the pull request.
        try write("trellis.toml", "[lint]\nerror = [\"D001\"]\n")
        XCTAssertEqual(try trellis(["check", "--against", "HEAD", "home.trellis"]).status, 1)
        // Silenced on the line, as every warning.
        try FileManager.default.removeItem(at: root.appendingPathComponent("trellis.toml"))
        try write("home.trellis", "layout home rows {\n  10\n  // trellis-ignore D001\n  40 tag(1)\n  60 tag(2)\n  fill\n}\n")
        let ignored = try trellis(["check", "--against", "HEAD", "--format", "github", "home.trellis"])
        XCTAssertFalse(ignored.stdout.contains("line=4,"), ignored.stdout)
        XCTAssertTrue(ignored.stdout.contains("line=5,"), ignored.stdout)
        let fixing = try trellis(["check", "--against", "HEAD", "--fix", "home.trellis"])
        XCTAssertEqual(fixing.status, 2)
        XCTAssertTrue(fixing.stderr.contains("--against reports what a change does; it fixes nothing"), fixing.stderr)
        let unknown = try trellis(["check", "--against", "nosuchrev", "home.trellis"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("`nosuchrev` is no revision of the repository"), unknown.stderr)
    }
}
