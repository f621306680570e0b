import Foundation
import TrellisTestSupport
import XCTest

/// `trellis diff` through the real executable: two files (mixed Trellis and JSON), its exit
/// status and JSON, and the git mode in a scratch repository with commits, where a change to
/// a shared file shows in the layouts that use it.
final class DiffCommandTests: ScratchRepositoryTestCase {
    func testTwoFilesAndTheExitStatus() throws {
        try write("a.trellis", "layout home rows 20 | 30 tag(7) | fill\n")
        try write("b.trellis", "layout home rows 20 | 10 | 30 tag(8) | fill\n")
        try write("same.json", #"{"rows": [{"size": 20}, {"size": 30, "tag": 7}, {"size": "fill"}]}"#)
        let changed = try trellis(["diff", "a.trellis", "b.trellis"])
        XCTAssertEqual(changed.status, 1)
        XCTAssertEqual(
            changed.stdout,
            """
            layout home:
              2 added (10)
              view #1 (tag 7) moves from 2 (now 3) to 2
              view #2 moves from 3 (now 4) to 3
              view #3 gains a grid: 4
              3 (was 2) tag: 7 → 8
              at 375x667@2x:
                3 moves down 10: 0,20 375×30 → 0,30 375×30
                4 moves down 10, height 617 → 607: 0,50 375×617 → 0,60 375×607

            """)
        // The same layout as JSON: no change, whatever the file kinds and names.
        let same = try trellis(["diff", "a.trellis", "same.json"])
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(same.stdout, "no change on the screen (1 layout compared)\n")
        // Every reported frame is what `trellis frames` gives on that side.
        let json = try trellis(["diff", "a.trellis", "b.trellis", "--format", "json", "--viewport", "320x480@3x"])
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["changed"] as? Bool, true)
        let layouts = try XCTUnwrap(report["layouts"] as? [[String: Any]])
        let viewport = try XCTUnwrap((layouts.first?["viewports"] as? [[String: Any]])?.first)
        XCTAssertEqual(viewport["viewport"] as? String, "320x480@3x")
        let changes = try XCTUnwrap(viewport["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.map { $0["kind"] as? String ?? "" }, ["added", "view", "view", "view", "key", "frame", "frame"])
        func frames(_ file: String) throws -> [String: [String: Double]] {
            let run = try trellis(["frames", file, "--format", "json", "--viewport", "320x480@3x"])
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let grids = ((object["layouts"] as? [[String: Any]])?.first?["viewports"] as? [[String: Any]])?.first?["grids"] as? [[String: Any]] ?? []
            var byPath: [String: [String: Double]] = [:]
            for grid in grids {
                byPath[grid["path"] as? String ?? ""] = ["x", "y", "width", "height"].reduce(into: [:]) { $0[$1] = (grid[$1] as? NSNumber)?.doubleValue }
            }
            return byPath
        }
        let (before, after) = (try frames("a.trellis"), try frames("b.trellis"))
        for change in changes where change["kind"] as? String == "frame" {
            XCTAssertEqual((change["before"] as? [String: Double]), before[change["beforePath"] as? String ?? ""])
            XCTAssertEqual((change["after"] as? [String: Double]), after[change["path"] as? String ?? ""])
        }
        // A bare layout takes its file's name: with the other layouts matched by name, the one
        // left on each side are compared.
        try write("first.trellis", "rows 20 | fill\nlayout named rows 10 | fill\n")
        try write("second.trellis", "rows 30 | fill\nlayout named rows 10 | fill\n")
        let bare = try trellis(["diff", "first.trellis", "second.trellis"])
        XCTAssertTrue(bare.stdout.hasPrefix("layout second:\n  1 size: 20 → 30\n"), bare.stdout)
        XCTAssertTrue(bare.stdout.contains("layout named: no change on the screen\n"), bare.stdout)
        // Not a grid dictionary, or no such file: said as such.
        try write("package.json", #"{"name": "x"}"#)
        XCTAssertTrue(try trellis(["diff", "a.trellis", "package.json"]).stderr.contains("package.json is no grid dictionary"))
        XCTAssertTrue(try trellis(["diff", "a.trellis", "nosuch.trellis"]).stderr.contains("cannot read nosuch.trellis: no such file or directory"))
        // A file with errors has no layout to compare: exit 2.
        try write("broken.trellis", "layout home rows {\n")
        let broken = try trellis(["diff", "a.trellis", "broken.trellis"])
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("broken.trellis has errors: no layout to compare"), broken.stderr)
    }

    func testRevisionsFollowSharedFilesAndSayWhereGitIsMissing() throws {
        let outside = try trellis(["diff", "HEAD"])
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("no revision can be read here"), outside.stderr)
        try git(["init", "-q"])
        try write("cards.trellis", "template card { 40 }\n")
        try write("layouts/home.trellis", "use \"../cards.trellis\"\nlayout home rows card | fill\n")
        try write("layouts/other.trellis", "// another screen\nlayout other rows {\n  10\n  20\n  30\n  40\n  fill\n}\n")
        try write("package.json", #"{"name": "x"}"#)
        try git(["add", "."])
        try git(["commit", "-q", "-m", "first"])
        XCTAssertEqual(try trellis(["diff", "HEAD"]).stdout, "no layout file changed\n")
        // The shared card grows: the layout that uses it changes, the other does not.
        try write("cards.trellis", "template card { 60 }\n")
        let run = try trellis(["diff", "HEAD"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("layouts/home.trellis:\n  layout home:\n    1 size: 40 → 60\n"), run.stdout)
        XCTAssertFalse(run.stdout.contains("other"), run.stdout)
        try git(["commit", "-q", "-am", "second"])
        let between = try trellis(["diff", "HEAD~1", "HEAD"])
        XCTAssertEqual(between.stdout, run.stdout, "two revisions compare as a revision and the work tree did")
        // Annotations at the new file's lines, for a pull request.
        let github = try trellis(["diff", "HEAD~1", "HEAD", "--format", "github"])
        XCTAssertEqual(
            github.stdout,
            """
            ::notice file=layouts/home.trellis,line=2,col=18,title=trellis diff%3A home::1 size: 40 → 60
            ::notice file=layouts/home.trellis,line=2,col=18,title=trellis diff%3A home::at 375x667@2x: 1 height 40 → 60: 0,0 375×40 → 0,0 375×60
            ::notice file=layouts/home.trellis,line=2,col=25,title=trellis diff%3A home::at 375x667@2x: 2 moves down 20, height 627 → 607: 0,40 375×627 → 0,60 375×607

            """)
        // docs/diff.md's recipe: `git diff` and `git log -p --ext-diff` summarise layout files.
        try write(".gitattributes", "*.trellis diff=trellis\n")
        try git(["config", "diff.trellis.command", TestPaths.products.appendingPathComponent("trellis").path + " diff --git"])
        let log = try git(["log", "-p", "--ext-diff", "-1", "--", "cards.trellis", "layouts/home.trellis"])
        XCTAssertTrue(log.contains("trellis diff cards.trellis\n  no layout in this file: `trellis diff REV` shows the layouts that use it\n"), log)
        try write("layouts/home.trellis", "use \"../cards.trellis\"\nlayout home rows card | 20 | fill\n")
        let worktree = try git(["diff"])
        XCTAssertTrue(worktree.contains("trellis diff layouts/home.trellis\n  layout home:\n    2 added (20)\n"), worktree)
        // A version with errors is compared as no layout, with a note, as `diff REV` does.
        try write("layouts/home.trellis", "use \"../cards.trellis\"\nlayout home rows card | 20 | (\n")
        let broken = try git(["diff"])
        XCTAssertTrue(broken.contains("  note: layouts/home.trellis:2:30 has errors (expected a cell after `|`, found `(`)"), broken)
        XCTAssertTrue(broken.contains("  layout home: only in the old version\n"), broken)
        try write("layouts/home.trellis", "use \"../cards.trellis\"\nlayout home rows card | 20 | fill\n")
        // A rename: git gives nine arguments; the revision mode compares the file with its old name.
        try git(["commit", "-q", "-am", "third"])
        try git(["mv", "layouts/other.trellis", "layouts/renamed.trellis"])
        try write("layouts/renamed.trellis", "// another screen\nlayout other rows {\n  15\n  20\n  30\n  40\n  fill\n}\n")
        let renamed = try git(["diff", "--cached", "-M"])
        XCTAssertTrue(renamed.contains("trellis diff layouts/other.trellis → layouts/renamed.trellis\n"), renamed)
        try git(["add", "layouts/renamed.trellis"])
        let moved = try trellis(["diff", "HEAD"])
        XCTAssertTrue(moved.stdout.hasPrefix("layouts/other.trellis → layouts/renamed.trellis:\n  layout other:\n    1 size: 10 → 15\n"), moved.stdout)
        // In JSON the two names are two fields.
        let movedJSON = try trellis(["diff", "HEAD", "--format", "json"])
        XCTAssertTrue(
            movedJSON.stdout.contains(#""file": "layouts/renamed.trellis",\#n      "beforeFile": "layouts/other.trellis","#), movedJSON.stdout)
        // A rename alone is said, with no change on the screen (exit 0).
        try write("layouts/renamed.trellis", "// another screen\nlayout other rows {\n  10\n  20\n  30\n  40\n  fill\n}\n")
        let renameOnly = try trellis(["diff", "HEAD"])
        XCTAssertEqual(renameOnly.status, 0)
        XCTAssertEqual(renameOnly.stdout, "layouts/other.trellis → layouts/renamed.trellis:\n  no change on the screen (1 layout compared)\n")
        let unknown = try trellis(["diff", "nosuchrev"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("`nosuchrev` is neither a file nor a revision"), unknown.stderr)
    }

    /// `--format html`: both versions per viewport, the cells each change touches marked in
    /// its color, and every change listed with a link to its cell.
    func testTheHTMLMarksTheCellsTheChangesTouch() throws {
        try write("a.trellis", "layout home rows 20 | 30 tag(7) | fill\n")
        try write("b.trellis", "layout home rows 20 | 10 | 30 tag(8) | fill\n")
        let run = try trellis(["diff", "a.trellis", "b.trellis", "--format", "html"])
        XCTAssertEqual(run.status, 1, run.stderr)
        func marked(_ side: String) throws -> [String: String] {
            var found: [String: String] = [:]
            let pattern = try NSRegularExpression(pattern: #"<g class="changed changed-(\w+)" id="l0v0\#(side)-g(\d+)""#)
            let text = run.stdout as NSString
            for match in pattern.matches(in: run.stdout, range: NSRange(location: 0, length: text.length)) {
                found[text.substring(with: match.range(at: 2))] = text.substring(with: match.range(at: 1))
            }
            return found
        }
        // Old: the grids views #1 and #2 leave (they also move and read a tag differently).
        XCTAssertEqual(try marked("b"), ["2": "view", "3": "view"])
        // New: the grid added, and the grids views #1–#3 land in.
        XCTAssertEqual(try marked("a"), ["2": "added", "3": "view", "4": "view"])
        XCTAssertTrue(run.stdout.contains(##"<li><a href="#l0v0a-g2">2 added (10)</a></li>"##), run.stdout)
        XCTAssertTrue(run.stdout.contains(##"<li><a href="#l0v0a-g4">4 moves down 10, height 617 → 607: 0,50 375×617 → 0,60 375×607</a></li>"##), run.stdout)
        XCTAssertTrue(run.stdout.contains("<figcaption>before: a.trellis — 375 × 667 pt</figcaption>"), run.stdout)
        XCTAssertFalse(run.stdout.contains("<script"), "the page is static")
        // No change: said, and nothing drawn.
        let same = try trellis(["diff", "a.trellis", "a.trellis", "--format", "html"])
        XCTAssertEqual(same.status, 0)
        XCTAssertTrue(same.stdout.contains("no change on the screen (1 layout compared)"), same.stdout)
        XCTAssertFalse(same.stdout.contains("<svg"), same.stdout)
    }

    /// The revisions' files are read in one batch: names with spaces and Chinese, a file
    /// removed, one added, and JSON that is no grid dictionary all come through as `git show`
    /// gave them.
    func testRevisionFilesReadInOneBatch() throws {
        try git(["init", "-q"])
        try write("a b.trellis", "layout ab rows 20 | fill\n")
        try write("首页.trellis", "layout 首页 rows 30 | fill\n")
        try write("gone.trellis", "layout gone rows 10 | fill\n")
        try write("package.json", #"{"name": "x"}"#)
        try git(["add", "."])
        try git(["commit", "-q", "-m", "first"])
        try write("a b.trellis", "layout ab rows 25 | fill\n")
        try write("首页.trellis", "layout 首页 rows 35 | fill\n")
        try FileManager.default.removeItem(at: root.appendingPathComponent("gone.trellis"))
        try write("new.trellis", "layout new rows 5 | fill\n")
        try write("package.json", #"{"name": "y"}"#)
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", "second"])
        let run = try trellis(["diff", "HEAD~1", "HEAD"])
        XCTAssertEqual(run.status, 1, run.stderr)
        for expected in [
            "a b.trellis:\n  layout ab:\n    1 size: 20 → 25\n", "gone.trellis:\n  layout gone: only in the old version\n",
            "new.trellis:\n  layout new: only in the new version\n", "首页.trellis:\n  layout 首页:\n    1 size: 30 → 35\n",
        ] {
            XCTAssertTrue(run.stdout.contains(expected), run.stdout)
        }
        XCTAssertFalse(run.stdout.contains("package.json"), run.stdout)
        // The page draws a layout only one version has, whole, marked as added.
        let page = try trellis(["diff", "HEAD~1", "HEAD", "--format", "html"])
        XCTAssertTrue(page.stdout.contains(#"<g class="changed changed-removed" id="l1v0b-g0""#), page.stdout)
        XCTAssertTrue(page.stdout.contains(#"<g class="changed changed-added" id="l2v0a-g0""#), page.stdout)
    }
}
