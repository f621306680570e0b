import Foundation
import TrellisTestSupport
import XCTest

/// The commands that compare files with their version at a git revision: `check --against
/// REV` (D001 at the new file's lines, graded like any code) in a scratch repository.
final class BaselineCommandTests: ScratchRepositoryTestCase {
    func testCheckAgainstARevisionReportsViewsThatLandInAnotherGrid() throws {
        try write("home.trellis", "layout home rows {\n  40 tag(1)\n  60 tag(2)\n  fill\n}\n")
        let outside = try trellis(["check", "--against", "HEAD", "."])
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("--against HEAD: no revision can be read here"), outside.stderr)
        try git(["init", "-q"])
        let noCommit = try trellis(["check", "--against", "HEAD", "home.trellis"])
        XCTAssertTrue(noCommit.stderr.contains("has no commit yet"), noCommit.stderr)
        try write("other.trellis", "layout other rows 20 | fill\n")
        try git(["add", "."])
        try git(["commit", "-q", "-m", "first"])
        XCTAssertEqual(try trellis(["check", "--against", "HEAD", "."]).stdout, "2 files checked: 0 errors, 0 warnings, 0 info\n")
        // A leaf inserted first: every view after it gets the next grid.
        try write("home.trellis", "layout home rows {\n  10\n  40 tag(1)\n  60 tag(2)\n  fill\n}\n")
        try write("new.trellis", "layout fresh rows 20 | fill\n")
        let run = try trellis(["check", "--against", "HEAD", "--format", "github", "."])
        XCTAssertEqual(run.status, 0, "D001 is a warning")
        // At the grid each view now gets: `10`, `40 tag(1)`, `60 tag(2)` (view #3 gains the
        // last leaf, `fill`: it moved from nowhere).
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, run.stdout)
        XCTAssertTrue(run.stderr.contains("note: new.trellis is not in HEAD: compared with no layout"), run.stderr)
        for (line, (number, said)) in zip(
            lines,
            [(2, "view #0 (tag 1) moves from 1 (now 2) to 1"), (3, "view #1 (tag 2) moves from 2 (now 3) to 2"), (4, "view #2 moves from 3 (now 4) to 3")])
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

    /// Grid dictionaries, renamed files and templates: an unchanged JSON file has nothing to
    /// say, a renamed file is compared with its old name, and the views that land inside a
    /// template's cells are one finding at the cell that uses the template.
    func testJSONRenamesAndTemplates() throws {
        try git(["init", "-q"])
        try write("grid.json", #"{"rows": [{"size": 20, "tag": 1}, {"size": "fill", "tag": 2}]}"#)
        // Long enough for git to see the rename of an edited file (half of it alike).
        let screen = (1...12).map { "  \($0 * 10) tag(\($0))\n" }.joined()
        try write("old-name.trellis", "layout screen rows {\n" + screen + "  fill\n}\n")
        try write("cards.trellis", "template card { 50 cols { 30%; fill } }\nlayout cards rows {\n  card\n  card\n}\n")
        try git(["add", "."])
        try git(["commit", "-q", "-m", "first"])
        XCTAssertEqual(try trellis(["check", "--against", "HEAD", "grid.json"]).stdout, "1 file checked: 0 errors, 0 warnings, 0 info\n")
        try write("grid.json", #"{"rows": [{"size": 10}, {"size": 20, "tag": 1}, {"size": "fill", "tag": 2}]}"#)
        let json = try trellis(["check", "--against", "HEAD", "--format", "github", "grid.json"])
        XCTAssertTrue(json.stdout.contains("view #0 (tag 1) moves from 1 (now 2) to 1 in layout `grid`"), json.stdout)
        try git(["mv", "old-name.trellis", "new-name.trellis"])
        try write("new-name.trellis", "layout screen rows {\n  5\n" + screen + "  fill\n}\n")
        let renamed = try trellis(["check", "--against", "HEAD", "new-name.trellis"])
        XCTAssertTrue(renamed.stdout.contains("view #0 (tag 1) moves from 1 (now 2) to 1 in layout `screen`"), renamed.stdout + renamed.stderr)
        // A shorter row inserted first: its two leaves take views #0 and #1 (each at its own
        // cell, line 3), and views #2–#3 land in the first card's cells: one finding at the
        // card's use (line 4). The last card's leaves, new, go to views #4–#5: not reported.
        try write("cards.trellis", "template card { 50 cols { 30%; fill } }\nlayout cards rows {\n  20 cols { 30%; fill }\n  card\n  card\n}\n")
        let cards = try trellis(["check", "--against", "HEAD", "--format", "github", "cards.trellis"])
        let lines = cards.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, cards.stdout)
        XCTAssertTrue(lines[0].contains("line=3,col=13,") && lines[0].contains("view #0 moves from 1.1 (now 2.1) to 1.1"), cards.stdout)
        XCTAssertTrue(lines[1].contains("line=3,col=18,"), cards.stdout)
        XCTAssertTrue(lines[2].contains("line=4,col=3,") && lines[2].contains("views #2–#3 land in other grids here in layout `cards`"), cards.stdout)
        // An identical card inserted first: every view keeps its frame and reads alike.
        try write("cards.trellis", "template card { 50 cols { 30%; fill } }\nlayout cards rows {\n  card\n  card\n  card\n}\n")
        XCTAssertEqual(try trellis(["check", "--against", "HEAD", "cards.trellis"]).stdout, "1 file checked: 0 errors, 0 warnings, 0 info\n")
    }
}
