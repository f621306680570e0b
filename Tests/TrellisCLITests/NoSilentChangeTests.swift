import Foundation
import TrellisTestSupport
import XCTest

/// The command line never changes a layout's structure without saying so, never traps, and
/// never clobbers: the traps of the language, formatting, fixing and writing, end to end.
final class NoSilentChangeTests: XCTestCase {
    func trellis(_ arguments: [String], stdin: String? = nil, in directory: URL? = nil, environment: [String: String] = [:]) throws -> TrellisRun {
        try TrellisRun.run(arguments, stdin: stdin, in: directory, environment: environment)
    }

    func build(_ text: String) throws -> TrellisRun { try trellis(["build", "-", "--compact"], stdin: text) }

    // MARK: the language's traps

    func testAttributesAfterARepetitionAreAnErrorWithAFix() throws {
        let run = try build("rows { fill * 3 padding(5) }")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("error[S006]"), run.stderr)
        XCTAssertTrue(run.stderr.contains("help: move this attribute before `* 3`"), run.stderr)
        let folder = try temporaryDirectory()
        let file = folder.appendingPathComponent("p.trellis")
        try "layout p rows { 56 cols fill * 3 gravity(centerX); fill }\n".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try trellis(["check", file.path, "--fix"]).status, 0)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "layout p rows { 56 cols fill gravity(centerX) * 3; fill }\n")
        let built = try trellis(["build", file.path, "--compact"])
        XCTAssertEqual(
            built.stdout,
            #"{"rows":[{"size":56,"cols":[{"size":"fill","gravity":"centerX"},{"size":"fill","gravity":"centerX"},{"size":"fill","gravity":"centerX"}]},{"size":"fill"}]}"#
                + "\n")
    }

    /// Review findings: no safe fix may change the number or nesting of grids.
    func testRepetitionFixesNeverChangeTheGridsSilently() throws {
        let folder = try temporaryDirectory()
        for (text, fixed) in [
            ("rows fill * 3 cols 1|2 | 20", "rows fill * 3 cols 1|2 | 20"),
            ("rows fill * 2 * 3 | 20", "rows fill * 2 * 3 | 20"),
            ("rows { fill * 3 padding(5) * 2\n 20 }", "rows { fill padding(5) * 3 * 2\n 20 }"),
        ] {
            let file = folder.appendingPathComponent("r.trellis")
            try text.write(to: file, atomically: true, encoding: .utf8)
            _ = try trellis(["check", file.path, "--fix"])
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), fixed, text)
        }
    }

    func testTemplateChainsWithinTheLimitBuild() throws {
        let chain = (0..<250).map { "template t\($0) { rows t\($0 + 1) | fill }" }.joined(separator: "\n") + "\ntemplate t250 { fill }\nlayout a rows t0\n"
        let run = try trellis(["check", "-"], stdin: chain)
        XCTAssertFalse(run.stdout.contains("M016") || run.stdout.contains("M014"), String(run.stdout.prefix(400)))
        let long = (0..<400).map { "template t\($0) { rows t\($0 + 1) | fill }" }.joined(separator: "\n") + "\ntemplate t400 { fill }\nlayout a rows t0\n"
        let deep = try trellis(["check", "-"], stdin: long)
        XCTAssertTrue(deep.stdout.contains("error[M016]"))
        XCTAssertFalse(deep.stdout.contains("M014"), "templates past the limit are not called unused")
    }

    func testCommentsAfterASplitKeywordAreFormatted() throws {
        let run = try trellis(["fmt", "-"], stdin: "rows // c\n  10 | 20\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "rows { // c\n  10\n  20\n}\n")
    }

    func testCommasNeverOpenARow() throws {
        for text in ["fill cols 50%,50%", "fill cols 50%，50%"] {
            let folder = try temporaryDirectory()
            let file = folder.appendingPathComponent("c.trellis")
            try text.write(to: file, atomically: true, encoding: .utf8)
            XCTAssertEqual(try trellis(["build", file.path]).status, 1, text)
            XCTAssertEqual(try trellis(["check", file.path, "--fix"]).status, 0, text)
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "fill cols 50%|50%", text)
            XCTAssertEqual(try trellis(["build", file.path, "--compact"]).stdout, #"{"size":"fill","cols":[{"size":"50%"},{"size":"50%"}]}"# + "\n")
        }
        XCTAssertTrue(try build("rows { 20, fill }").stderr.contains("error[S007]"))
    }

    func testLineStructureMeansWhatItLooksLike() throws {
        XCTAssertEqual(try build("rows {\n  50%\n  cols { 1 | 2 }\n}").stdout, #"{"rows":[{"size":"50%"},{"cols":[{"size":1},{"size":2}]}]}"# + "\n")
        XCTAssertEqual(try build("rows {\n  50%\n    cols { 1 | 2 }\n}").stdout, #"{"rows":[{"size":"50%","cols":[{"size":1},{"size":2}]}]}"# + "\n")
        let twoCells = try build("rows { 20 fill }")
        XCTAssertEqual(twoCells.status, 1)
        XCTAssertTrue(twoCells.stderr.contains("error[S008]"), twoCells.stderr)
        XCTAssertTrue(try build("rows 1 * 2 * 3").stderr.contains("help: write `* 6`"))
    }

    func testByteOrderMarksAndUnicodeNames() throws {
        XCTAssertEqual(try build("\u{FEFF}rows fill").stdout, #"{"rows":[{"size":"fill"}]}"# + "\n")
        let folder = try temporaryDirectory()
        let run = try trellis(["build", "-", "--out-dir", folder.path], stdin: "layout 首页 rows fill | 20\nlayout 详情 cols fill")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["详情.json", "首页.json"].sorted())
    }

    // MARK: formatting

    func testFmtFormatsTheCurrentFolderAndPrintsAPatch() throws {
        let folder = try temporaryDirectory()
        try "rows 1|2".write(to: folder.appendingPathComponent("a.trellis"), atomically: true, encoding: .utf8)
        try "rows {\r\n  fill   cols 1|2 // keep\r\n}\r\n".write(to: folder.appendingPathComponent("b.trellis"), atomically: true, encoding: .utf8)
        let check = try trellis(["fmt", "--check"], in: folder)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stdout, "would reformat a.trellis\nwould reformat b.trellis\n")
        let diff = try trellis(["fmt", "--diff"], in: folder)
        XCTAssertEqual(diff.status, 1)
        XCTAssertTrue(
            diff.stdout.hasPrefix("--- a/a.trellis\n+++ b/a.trellis\n@@ -1 +1 @@\n-rows 1|2\n\\ No newline at end of file\n+rows 1 | 2\n"), diff.stdout)
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "apply", "--check", "--unsafe-paths", "-"]
        git.currentDirectoryURL = folder
        let pipe = Pipe()
        git.standardInput = pipe
        git.standardError = FileHandle.nullDevice
        try git.run()
        pipe.fileHandleForWriting.write(Data(diff.stdout.utf8))
        try pipe.fileHandleForWriting.close()
        git.waitUntilExit()
        XCTAssertEqual(git.terminationStatus, 0, "git apply accepts the diff")
        let written = try trellis(["fmt"], in: folder)
        XCTAssertEqual(written.status, 0)
        XCTAssertEqual(written.stderr, "2 files reformatted, 0 files already formatted\n")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("b.trellis"), encoding: .utf8), "rows {\r\n  fill cols 1 | 2 // keep\r\n}\r\n")
        XCTAssertEqual(try trellis(["fmt", "--check"], in: folder).status, 0)
    }

    // MARK: writing

    func testWritesKeepLinksAndModesAndNeverReplaceDevices() throws {
        let folder = try temporaryDirectory()
        let real = folder.appendingPathComponent("real.trellis")
        let link = folder.appendingPathComponent("link.trellis")
        try "rows 1|2".write(to: real, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real.path)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.trellis")
        XCTAssertEqual(try trellis(["fmt", link.path]).status, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "real.trellis")
        XCTAssertEqual(try String(contentsOf: real, encoding: .utf8), "rows 1 | 2\n")
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? NSNumber)?.intValue, 0o640)
        XCTAssertEqual(try trellis(["build", "-", "-o", "/dev/null"], stdin: "rows fill").status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "/dev/null"))
        let missing = try trellis(["build", "-", "-o", folder.appendingPathComponent("no/such/x.json").path], stdin: "rows fill")
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no such directory"), missing.stderr)
        XCTAssertEqual(try trellis(["build", "-", "-o", "-", "--compact"], stdin: "rows fill").stdout, #"{"rows":[{"size":"fill"}]}"# + "\n")
    }

    func testAFailingMultiFileBuildWritesNothing() throws {
        let folder = try temporaryDirectory()
        let out = folder.appendingPathComponent("out")
        let run = try trellis(["build", "-", "--out-dir", out.path], stdin: "layout home rows fill\nlayout home cols fill")
        XCTAssertNotEqual(run.status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("home.json").path))
    }

    func testAFullDiskOrClosedOutputIsAnErrorNotATrap() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        let run = try TrellisRun.run(["--version"], stdoutPath: "/dev/full")
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("cannot write to standard output"), run.stderr)
    }

    func testFoldersAreSearchedForRegularFilesOnly() throws {
        let folder = try temporaryDirectory()
        try "rows fill".write(to: folder.appendingPathComponent("a.trellis"), atomically: true, encoding: .utf8)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.json").path, 0o644), 0)
        let run = try trellis(["check", folder.path])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.hasSuffix("1 file checked: 0 errors, 0 warnings, 0 info\n"), run.stdout)
    }

    // MARK: never down

    func testLongTemplateChainsAreADiagnostic() throws {
        let chain = (0..<1_200).map { "template t\($0) { rows t\($0 + 1) | fill }" }.joined(separator: "\n") + "\ntemplate t1200 { fill }\nlayout a rows t0\n"
        for command in ["build", "check", "frames"] {
            let run = try trellis([command, "-"], stdin: chain)
            XCTAssertEqual(run.status, 1, command)
            XCTAssertTrue((run.stderr + run.stdout).contains("error[M016]"), command)
        }
    }

    func testRepeatedFindingsAreCapped() throws {
        let text = "rows " + Array(repeating: "fill", count: 3_000).joined(separator: " | ")
        let run = try trellis(["check", "-", "--viewport", "100x100@2x"], stdin: text)
        XCTAssertTrue(run.stdout.contains("more L002 findings in layout `stdin` are not shown"), String(run.stdout.suffix(500)))
        XCTAssertTrue(run.stdout.hasSuffix("1 file checked: 0 errors, 100 warnings, 0 info\n"))
    }

    // MARK: the command line

    func testTheCommandLineHelpsWithMistakes() throws {
        XCTAssertTrue(try trellis(["biuld"]).stderr.contains("did you mean 'build'?"))
        XCTAssertTrue(try trellis(["--verison"]).stderr.contains("unknown option '--verison'; did you mean '--version'?"))
        let typo = try trellis(["chek", "x"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("unknown command 'chek'; did you mean 'check'?"))
        let option = try trellis(["check", "--fromat", "json"])
        XCTAssertTrue(option.stderr.contains("unknown option --fromat; did you mean '--format'?\nRun 'trellis check --help' for usage."), option.stderr)
        XCTAssertEqual(try trellis(["help", "nope"]).status, 2)
        XCTAssertTrue(try trellis(["frames", "-", "--viewport", "375x667@5x"], stdin: "rows fill").stderr.contains("the scale is from 1 to 4"))
        XCTAssertTrue(try trellis(["check", "-", "--disable", "L00l"], stdin: "rows fill").stderr.contains("no diagnostic code L00L; did you mean 'L001'?"))
        XCTAssertTrue(try trellis(["check", "-", "--color", "always"], stdin: #"{"rows":[{"size":"150%"}]}"#).stdout.contains("\u{1B}["))
        XCTAssertTrue(
            try trellis(["check", "-"], stdin: #"{"rows":[{"size":"150%"}]}"#, environment: ["FORCE_COLOR": "1", "NO_COLOR": ""]).stdout.contains("\u{1B}["))
        XCTAssertFalse(try trellis(["check", "-"], stdin: #"{"rows":[{"size":"150%"}]}"#).stdout.contains("\u{1B}["))
    }

    func testAnEmptyFileIsTreatedAlikeByEveryCommand() throws {
        for command in ["build", "frames", "render"] {
            let run = try trellis([command, "-"], stdin: "")
            XCTAssertEqual(run.status, 1, command)
            XCTAssertTrue(run.stderr.contains("warning[M017]: the file is empty: it defines no layout"), command)
        }
        XCTAssertTrue(try trellis(["check", "-"], stdin: "").stdout.contains("warning[M017]"))
    }

    func testEscapeHatchesAreLintedAsJSON() throws {
        let run = try trellis(["check", "-"], stdin: #"rows fill json({"top-borderline": "red"})"#)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.contains("error[M122]: `top-borderline` must be an object"), run.stdout)
    }

    func testImportSaysWhatItCouldNotKeep() throws {
        let run = try trellis(["import", "-"], stdin: #"{"rows":[{"size":20,,}],"bogus"}"#)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("note: 1:21: `,` is not in the import (skipped)"), run.stderr)
        XCTAssertTrue(run.stderr.contains("note: 1:32: \"bogus\" has no value: imported as null"), run.stderr)
        let bare = try trellis(["import", "-"], stdin: #"{"x":1 size:"fill"}"#)
        XCTAssertTrue(bare.stdout.contains(#""size": "fill""#) || bare.stdout.contains("fill"), bare.stdout)
        XCTAssertFalse(bare.stdout.contains("\"ize\""), bare.stdout)
    }
}
