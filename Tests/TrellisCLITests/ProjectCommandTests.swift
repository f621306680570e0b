import Foundation
import TrellisTestSupport
import XCTest

/// A project (`trellis.toml`) through the real executable: `check` with no path reads the
/// project's files with its settings, flags win, its own mistakes come first, and `init`
/// writes one that reads clean and never over another.
final class ProjectCommandTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-project-\(UUID().uuidString)")
        for folder in ["layouts/cards", "legacy", "layouts/fixtures"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try write("layouts/home.trellis", "layout home rows 20 | fill\ntemplate unused { fill }\n")
        try write("layouts/cards/card.trellis", "layout card rows 20 | 30\n")
        try write("legacy/old.trellis", "layout old rows 20 | 30\ntemplate unused { fill }\n")
        try write("layouts/fixtures/broken.trellis", "layout broken rows {\n")
        try write("package.json", #"{"name": "shop"}"#)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    func trellis(_ arguments: [String], in folder: String = "") throws -> TrellisRun {
        try TrellisRun.run(arguments, in: folder.isEmpty ? root : root.appendingPathComponent(folder))
    }

    static let project = """
        [project]
        previews = ["320xwrap@3x"]
        include = ["layouts/**/*.trellis", "legacy/**"]
        exclude = ["**/fixtures/**"]

        [lint]
        warnings-as-errors = true

        [[lint.per-path]]
        paths = ["legacy/**"]
        disable = ["M014"]
        """

    func testNoWarningsAsErrorsTurnsTheProjectsOffForARun() throws {
        try write("trellis.toml", Self.project)
        let strict = try trellis(["check"])
        XCTAssertEqual(strict.status, 1, "the project's warnings-as-errors")
        let relaxed = try trellis(["check", "--no-warnings-as-errors"])
        XCTAssertEqual(relaxed.status, 0, relaxed.stdout)
        XCTAssertEqual(
            strict.stdout, String(relaxed.stdout.dropLast()) + " (warnings fail this run: warnings-as-errors)\n",
            "the same findings; the strict run says why it fails")
        XCTAssertEqual(try trellis(["check", "--warnings-as-errors", "--no-warnings-as-errors"]).status, 2)
    }

    func testCheckWithNoPathReadsTheProjectsFilesWithItsSettings() throws {
        try write("trellis.toml", Self.project)
        let run = try trellis(["check"])
        // The fixtures and package.json are not the project's; legacy's unused template is
        // not reported; the project's device is the layout rules' viewport.
        XCTAssertFalse(run.stdout.contains("broken.trellis"), run.stdout)
        XCTAssertFalse(run.stderr.contains("package.json"), run.stderr)
        XCTAssertTrue(run.stdout.contains("--> layouts/home.trellis:2:10"), run.stdout)
        XCTAssertFalse(run.stdout.contains("legacy/old.trellis:2"), run.stdout)
        XCTAssertTrue(run.stdout.contains("at 320xwrap@3x this fill cell gets 0 points"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("3 files checked: 0 errors, 2 warnings, 0 info (warnings fail this run: warnings-as-errors)\n"), run.stdout)
        XCTAssertEqual(run.status, 1, "warnings-as-errors")
        // From a folder inside the project, the same project is found.
        let inside = try trellis(["check"], in: "layouts/cards")
        XCTAssertTrue(inside.stdout.hasSuffix("3 files checked: 0 errors, 2 warnings, 0 info (warnings fail this run: warnings-as-errors)\n"), inside.stdout)
    }

    func testFlagsWinOverTheProject() throws {
        try write("trellis.toml", Self.project)
        let run = try trellis(["check", "layouts/home.trellis", "--viewport", "375x667@2x", "--disable", "M014"])
        XCTAssertEqual(run.stdout, "1 file checked: 0 errors, 0 warnings, 0 info\n")
        XCTAssertEqual(run.status, 0)
        // A file named on the command line is read even where `exclude` leaves it out.
        let excluded = try trellis(["check", "layouts/fixtures/broken.trellis"])
        XCTAssertTrue(excluded.stdout.contains("error[S003]"), excluded.stdout)
    }

    /// `warn` and `error` regrade a code in every file or per path; the exit status follows.
    func testSeveritiesPerCodeAndPerPath() throws {
        try write(
            "trellis.toml",
            "[project]\ninclude = [\"layouts/*.trellis\", \"legacy/**\"]\n\n[lint]\nerror = [\"M014\"]\n\n[[lint.per-path]]\npaths = [\"legacy/**\"]\nwarn = [\"M014\"]\n"
        )
        let run = try trellis(["check", "--format", "github"])
        XCTAssertTrue(run.stdout.contains("::error file=layouts/home.trellis,line=2,col=10,endLine=2,endColumn=16,title=trellis M014::"), run.stdout)
        XCTAssertTrue(run.stdout.contains("::warning file=legacy/old.trellis,line=2,col=10,endLine=2,endColumn=16,title=trellis M014::"), run.stdout)
        XCTAssertEqual(run.status, 1)
        let human = try trellis(["check"])
        XCTAssertTrue(human.stdout.contains("error[M014]: template `unused` is never used\n --> layouts/home.trellis:2:10"), human.stdout)
        XCTAssertTrue(human.stdout.hasSuffix("2 files checked: 1 error, 1 warning, 0 info\n"), human.stdout)
        // A flag that disables the code wins.
        XCTAssertEqual(try trellis(["check", "--disable", "M014"]).status, 0)
    }

    func testTheProjectFilesMistakesComeFirst() throws {
        try write("trellis.toml", "[project]\ntarget = 3\n\n[lint]\ndisabel = [\"M014\"]\n")
        let run = try trellis(["check", "layouts/cards/card.trellis"])
        XCTAssertTrue(
            run.stdout.hasPrefix(
                """
                error[P004]: `target` is 1 (MyLayout 1.x, `space`), 2 (MyLayout 2.0+, `spacing`) or "any"
                 --> trellis.toml:2:10
                """), run.stdout)
        XCTAssertTrue(run.stdout.contains("error[P002]: `[lint]` has no key `disabel`; did you mean `disable`?\n --> trellis.toml:5:1"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("2 files checked: 2 errors, 0 warnings, 0 info\n"), run.stdout)
        XCTAssertEqual(run.status, 1)
    }

    func testInitWritesAProjectFileThatReadsCleanAndNeverOverwrites() throws {
        let first = try trellis(["init", "--target", "1"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let written = try String(contentsOf: root.appendingPathComponent("trellis.toml"), encoding: .utf8)
        XCTAssertTrue(written.contains("\ntarget = 1\n"), written)
        let check = try trellis(["check"])
        XCTAssertFalse(check.stdout.contains("trellis.toml"), check.stdout)
        XCTAssertTrue(check.stdout.contains("4 files checked"), check.stdout)
        try write("trellis.toml", "# mine\n")
        let second = try trellis(["init"])
        XCTAssertEqual(second.status, 2)
        XCTAssertEqual(second.stderr, "trellis: trellis.toml exists; not overwritten\nRun 'trellis init --help' for usage.\n")
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("trellis.toml"), encoding: .utf8), "# mine\n")
    }

    func testFmtOfAFolderLeavesWhatTheProjectExcludes() throws {
        try write("trellis.toml", Self.project)
        try write("layouts/fixtures/ugly.trellis", "layout u rows 20|fill\n")
        let run = try trellis(["fmt", "--check", "layouts"])
        XCTAssertFalse(run.stdout.contains("ugly.trellis") || run.stderr.contains("ugly.trellis"), run.stdout + run.stderr)
    }

    func testBuildFramesAndRenderReadTheProject() throws {
        try write("trellis.toml", "[project]\ntarget = 2\npreviews = [\"320x480@3x\"]\ninclude = [\"layouts/*.trellis\"]\nout-dir = \"out\"\n")
        try write("layouts/spaced.trellis", "layout spaced spacing(3) rows 20 | fill\n")
        try write("layouts/own.trellis", "target mylayout 1\nlayout own spacing(3) rows 20 | fill\n")
        // The project's target where a file names none; the file's own line where it does.
        XCTAssertTrue(try trellis(["build", "layouts/spaced.trellis"]).stdout.contains(#""spacing": 3"#))
        XCTAssertTrue(try trellis(["build", "layouts/own.trellis"]).stdout.contains(#""space": 3"#))
        XCTAssertTrue(try trellis(["build", "layouts/own.trellis", "--target", "2"]).stdout.contains(#""spacing": 3"#))
        // The project's device where neither flags nor the file name one.
        XCTAssertTrue(try trellis(["frames", "layouts/spaced.trellis"]).stdout.hasPrefix("spaced @ 320x480@3x"))
        XCTAssertTrue(try trellis(["render", "layouts/spaced.trellis"]).stdout.contains("320x480@3x"))
        // With no path: the project's .trellis files into its out-dir.
        let build = try trellis(["build"])
        XCTAssertEqual(build.status, 0, build.stderr)
        let written = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("out").path).sorted()
        XCTAssertEqual(written, ["home.json", "own.json", "spaced.json"])
        try write("trellis.toml", "[project]\n")
        let none = try trellis(["build"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.hasPrefix("trellis: trellis.toml names no `out-dir`"), none.stderr)
    }

    /// `import` reads JSON for the project's target where `--target` says nothing.
    func testImportReadsForTheProjectsTarget() throws {
        try write("card.json", #"{"rows": [{"size": 20}, {"size": "fill"}]}"#)
        try write("trellis.toml", "[project]\ntarget = 2\n")
        XCTAssertTrue(try trellis(["import", "card.json"]).stdout.contains("\ntarget mylayout 2\n"))
        XCTAssertTrue(try trellis(["import", "card.json", "--target", "1"]).stdout.contains("\ntarget mylayout 1\n"))
        try write("trellis.toml", "[project]\ntarget = \"any\"\n")
        XCTAssertTrue(try trellis(["import", "card.json"]).stdout.contains("\ntarget mylayout 1\n"), "any: detected, else 1")
    }

    /// `import --out-dir` never writes two inputs, or an input and the shared file, to one file.
    func testImportRefusesToWriteTwoLayoutsToOneFile() throws {
        for folder in ["a", "b", "c"] { try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true) }
        try write("a/home.json", #"{"rows": [{"size": 20}]}"#)
        try write("b/home.json", #"{"rows": [{"size": 30}]}"#)
        try write("c/cards.json", #"{"rows": [{"size": 40}]}"#)
        let twice = try trellis(["import", "a/home.json", "b/home.json", "--out-dir", "out"])
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("a/home.json and b/home.json would both be written to out/home.trellis"), twice.stderr)
        let shared = try trellis(["import", "a/home.json", "c/cards.json", "--out-dir", "out", "--shared", "out/cards.trellis"])
        XCTAssertEqual(shared.status, 2)
        XCTAssertTrue(shared.stderr.contains("c/cards.json's layout would be written over the shared file out/cards.trellis"), shared.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/home.trellis").path), "nothing written")
    }

    /// What a folder walk reads: Trellis and JSON files only, never the project file or what
    /// `build` wrote; a mistyped include is an error, not a green run.
    func testTheWalkReadsOnlyTheProjectsLayouts() throws {
        try write("trellis.toml", "[project]\ninclude = [\"layouts/**\", \"**\"]\nexclude = [\"**/fixtures/**\"]\nout-dir = \"out\"\n")
        try write("layouts/README.md", "# cards\n")
        XCTAssertEqual(try trellis(["build"]).status, 0)
        let run = try trellis(["check"])
        XCTAssertFalse(run.stdout.contains("README.md") || run.stdout.contains("trellis.toml") || run.stdout.contains("out/"), run.stdout)
        XCTAssertEqual(run.stderr, "", "no note for package.json: the project's JSON that is no layout is skipped quietly")
        XCTAssertTrue(run.stdout.hasSuffix("3 files checked: 0 errors, 2 warnings, 0 info\n"), run.stdout)
        try write("trellis.toml", "[project]\ninclude = [\"layout/**/*.trellis\"]\n")
        let none = try trellis(["check"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.hasPrefix("trellis: trellis.toml: `include` matches no .trellis or .json file under ."), none.stderr)
    }

    /// Every command that reads the project says what is wrong in it, and paths read from a
    /// folder inside the project are relative to it.
    func testEveryCommandSaysWhatIsWrongInTheProject() throws {
        try write("trellis.toml", "[project]\nprevews = [\"320x480@3x\"]\nout-dir = \"out\"\n")
        for arguments in [["build"], ["frames", "layouts/home.trellis"], ["render", "layouts/home.trellis"], ["fmt", "--check", "layouts"]] {
            let run = try trellis(arguments)
            XCTAssertTrue(run.stderr.contains("error[P002]: `[project]` has no key `prevews`; did you mean `previews`?"), "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.status, 1, "\(arguments)")
        }
        try write("trellis.toml", "[project]\n")
        let inside = try trellis(["check", "--format", "github"], in: "layouts/cards")
        XCTAssertTrue(inside.stdout.contains("file=../home.trellis,line=2"), inside.stdout)
    }
}
