import Foundation
import TrellisModel
import TrellisTestSupport
import XCTest

/// End-to-end: the built `trellis` executable, its output, files and exit codes.
final class CLITests: XCTestCase {
    func trellis(_ arguments: [String], stdin: String? = nil) throws -> TrellisRun {
        try TrellisRun.run(arguments, stdin: stdin)
    }

    func testVersionAndHelp() throws {
        XCTAssertEqual(try trellis(["--version"]).stdout, "trellis 0.1.0\n")
        let help = try trellis(["--help"])
        XCTAssertEqual(help.status, 0)
        for command in ["build", "frames", "render", "EXIT CODES"] { XCTAssertTrue(help.stdout.contains(command)) }
        let buildHelp = try trellis(["build", "--help"])
        for option in ["--out-dir", "--layout", "--target", "--compact", "-o, --output"] { XCTAssertTrue(buildHelp.stdout.contains(option), option) }
        XCTAssertEqual(try trellis([]).status, 2)
    }

    func testOneLinerFromStandardInput() throws {
        let run = try trellis(["build", "-", "--compact"], stdin: "rows 33% | -50% | fill\n")
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, #"{"rows":[{"size":"33%"},{"size":"-50%"},{"size":"fill"}]}"# + "\n")
        XCTAssertEqual(run.stderr, "")
    }

    /// `trellis parse`: the parser's tree with byte ranges, as text and as JSON; errors after it.
    func testParsePrintsTheSyntaxTree() throws {
        let text = try trellis(["parse", "-"], stdin: "layout 首页 rows 1 | fill // x\n")
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertEqual(
            text.stdout,
            """
            file 0..27
              layout 0..27
                cell 14..27
                  split 14..27
                    inline-list 19..27
                      cell 19..20
                        size 19..20
                      cell 23..27
                        size 23..27

            """)
        let json = try trellis(["parse", "--format", "json", "-"], stdin: "rows 1 | fill")
        let nodes = try XCTUnwrap(JSONReader.read(json.stdout).root?.value["nodes"]?.arrayElements)
        XCTAssertEqual(nodes.first?["kind"], .string("file"))
        XCTAssertEqual(nodes.first?["parent"], .null)
        XCTAssertEqual(nodes.map { $0["kind"]?.stringValue ?? "" }, ["file", "cell", "split", "inline-list", "cell", "size", "cell", "size"])
        XCTAssertEqual(nodes.last?["parent"], .number(6))
        let broken = try trellis(["parse", "-"], stdin: "rows 1 |")
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stdout.hasPrefix("file 0..8\n"), broken.stdout)
        XCTAssertTrue(broken.stderr.contains("error[S003]"), broken.stderr)
        XCTAssertEqual(try trellis(["parse", "examples/json/GridLayoutDemo4.json"]).status, 2)
        XCTAssertEqual(try trellis(["parse", "--format", "xml", "-"], stdin: "").status, 2)
    }

    func testBuildExampleMatchesGolden() throws {
        let run = try trellis(["build", "examples/GridLayoutDemo4.trellis"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, try TestPaths.text(TestPaths.examples.appendingPathComponent("golden/GridLayoutDemo4.json")))
        let v1 = try trellis(["build", "examples/GridLayoutDemo4.trellis", "--target", "1", "--compact"])
        XCTAssertTrue(v1.stdout.contains(#""space":5"#))
        XCTAssertFalse(v1.stdout.contains(#""spacing""#))
    }

    func testErrorsGoToStandardErrorWithACaretAndExitOne() throws {
        let run = try trellis(["build", "-"], stdin: "rows {\n  120 padding(5 5\n  fill\n}\n")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(
            run.stderr,
            """
            error[S003]: expected `)` to close the arguments of `padding`, found `fill`
             --> <stdin>:2:18
              |
            2 |   120 padding(5 5
              |       ------- arguments opened here
              |                  ^
              = help: insert `)`


            """)
    }

    func testUsageErrorsExitTwo() throws {
        XCTAssertEqual(try trellis(["build", "--bogus", "x"]).status, 2)
        XCTAssertEqual(try trellis(["build", "missing.trellis"]).status, 2)
        XCTAssertEqual(try trellis(["build", "-", "--target", "3"], stdin: "rows fill").status, 2)
        let several = try trellis(["build", "-"], stdin: "layout a rows fill\nlayout b cols fill")
        XCTAssertEqual(several.status, 2)
        XCTAssertTrue(several.stderr.contains("--layout"))
        XCTAssertEqual(try trellis(["frobnicate"]).status, 2)
    }

    func testOutputFilesAreWrittenAtomicallyAndNeverOverAnInput() throws {
        let folder = try temporaryDirectory()
        let input = folder.appendingPathComponent("two.trellis")
        try "layout first rows fill\nlayout second cols 1/3 | fill\n".write(to: input, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        XCTAssertEqual(try trellis(["build", input.path, "--out-dir", out.path, "--target", "2"]).status, 0)
        XCTAssertEqual(
            try String(contentsOf: out.appendingPathComponent("second.json"), encoding: .utf8),
            "{\n  \"cols\": [\n    {\n      \"size\": \"33.333333%\"\n    },\n    {\n      \"size\": \"fill\"\n    }\n  ]\n}\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("first.json").path))
        let single = folder.appendingPathComponent("first.json")
        XCTAssertEqual(try trellis(["build", input.path, "--layout", "first", "-o", single.path]).status, 0)
        XCTAssertEqual(try String(contentsOf: single, encoding: .utf8), "{\n  \"rows\": [\n    {\n      \"size\": \"fill\"\n    }\n  ]\n}\n")
        let refused = try trellis(["build", input.path, "--layout", "first", "-o", input.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(try String(contentsOf: input, encoding: .utf8), "layout first rows fill\nlayout second cols 1/3 | fill\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
    }

    /// `--target any` writes `space` and `spacing` with the same number, which every MyLayout
    /// version reads the same (tools/realrt/differential.py --target-any runs both builds);
    /// `check` knows such a file and warns where a grid gives one version another spacing.
    func testTargetAnyWritesBothSpacingKeys() throws {
        let built = try trellis(["build", "-", "--target", "any", "--compact"], stdin: "layout a rows 20 | fill spacing(5) cols 1 | 2\n")
        XCTAssertEqual(built.status, 0, built.stderr)
        XCTAssertEqual(built.stdout, #"{"rows":[{"size":20},{"size":"fill","space":5,"spacing":5,"cols":[{"size":1},{"size":2}]}]}"# + "\n")
        let clean = try trellis(["check", "-", "--target", "any"], stdin: built.stdout)
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        let mixed = try trellis(
            ["check", "-", "--format", "json", "--target", "any"],
            stdin: #"{"rows":[{"size":20,"space":3,"rows":[{"size":1}]},{"size":"fill","spacing":5,"space":4,"cols":[{"size":1}]}]}"#)
        XCTAssertEqual(mixed.stdout.components(separatedBy: "\"M117\"").count - 1, 2, mixed.stdout)
    }

    /// `--content SLOT=WxH`: the size a slot's view sets itself, which a gravity cell aligns
    /// (as MyLayout does for a view with myWidth and myHeight: tools/realrt --sized); without
    /// it a fixed cell's view is `CGFLOAT_MAX` long on the aligned axis (what realrt prints
    /// for this grid), and a wrap cell's is measured at 0 × 0.
    func testFramesContentSizesAlignViewsInGravityCells() throws {
        let grid = #"{"rows":[{"size":100,"gravity":"left|top"},{"size":100,"gravity":"centerX"},{"size":"wrap","gravity":"left"}]}"#
        let sized = try trellis(["frames", "-", "--format", "json", "--content", "0=30x20,1=30x20,2=30x20"], stdin: grid)
        XCTAssertEqual(sized.status, 0, sized.stderr)
        let report = JSONReader.read(sized.stdout).root?.value
        let grids = report?["layouts"]?.arrayElements?.first?["viewports"]?.arrayElements?.first?["grids"]?.arrayElements ?? []
        let views = grids.compactMap { $0["view"] }.map { view in ["x", "y", "width", "height"].map { RuntimeReading.double(view[$0]) } }
        XCTAssertEqual(views, [[0, 0, 30, 20], [172.5, 100, 30, 100], [0, 200, 30, 20]])
        let unsized = try trellis(["frames", "-", "--format", "json"], stdin: grid)
        let unsizedGrids =
            JSONReader.read(unsized.stdout).root?.value["layouts"]?.arrayElements?.first?["viewports"]?.arrayElements?.first?["grids"]?.arrayElements ?? []
        let unsizedViews = unsizedGrids.compactMap { $0["view"] }.map { view in
            ["x", "y", "width", "height"].map { view[$0]?.stringValue ?? JSONWriter.formatNumber(RuntimeReading.double(view[$0])) }
        }
        XCTAssertEqual(unsizedViews, [["0", "0", "CGFLOAT_MAX", "CGFLOAT_MAX"], ["-CGFLOAT_MAX", "100", "CGFLOAT_MAX", "100"], ["0", "200", "0", "0"]])
        let wrong = try trellis(["frames", "-", "--content", "0=30"], stdin: grid)
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("--content takes SLOT=WIDTHxHEIGHT"), wrong.stderr)
    }

    func testFramesOnEveryExampleAndCorpusFile() throws {
        for url in TestPaths.files(in: TestPaths.examples, withExtension: "trellis") {
            let run = try trellis(["frames", url.path])
            XCTAssertEqual(run.status, 0, url.lastPathComponent + run.stderr)
            XCTAssertTrue(run.stdout.contains("path"), url.lastPathComponent)
        }
        for name in ["GridLayoutDemo4.json", "GridLayoutDemo5.json"] {
            let run = try trellis(["frames", try TestPaths.corpus("mylayout/" + name).path, "--viewport", "375x667@2x", "--viewport", "320xwrap@3x", "--rtl"])
            XCTAssertEqual(run.status, 0)
            XCTAssertTrue(run.stderr.contains("warning[J002]"), "trailing commas are reported")
        }
        for folder in ["seeds", "mylayout"] {
            for url in try TestPaths.corpusFiles(folder) {
                let run = try trellis(["frames", url.path, "--format", "json"])
                let clean = !run.stderr.contains("error[")
                XCTAssertEqual(run.status, clean ? 0 : 1, url.lastPathComponent)
                XCTAssertTrue(run.stdout.hasPrefix("{\n \"layouts\""), url.lastPathComponent)
            }
        }
        let broken = try trellis(["frames", try TestPaths.corpus("seeds/viewgroup-card.raw.json").path])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stderr.contains("error[J003]: missing `:` after the key \"thick\""))
        XCTAssertTrue(broken.stderr.contains("the app would get no layout from this file"))
        XCTAssertTrue(broken.stdout.contains("1.1.1.1"), "the recovered layout's frames are shown")
    }

    func testFramesTextTable() throws {
        let run = try trellis(["frames", "-", "--viewport", "100x100@2x"], stdin: "rows 20 | 30% | -40% | fill")
        XCTAssertEqual(
            run.stdout,
            """
            stdin @ 100x100@2x → 100 × 100
            path    kind  size  x   y  width  height  slot  view
            (root)  rows  root  0   0    100     100     -
            1       leaf  20    0   0    100      20     0  0,0 100×20
            2       leaf  30%   0  20    100      30     1  0,20 100×30
            3       leaf  -40%  0  50    100      20     2  0,50 100×20
            4       leaf  fill  0  70    100      30     3  0,70 100×30


            """)
    }

    func testRenderWritesSVGAndHTML() throws {
        let folder = try temporaryDirectory()
        let svg = folder.appendingPathComponent("demo.svg")
        XCTAssertEqual(try trellis(["render", "examples/GridLayoutDemo5.trellis", "--viewport", "320x568@2x", "-o", svg.path]).status, 0)
        XCTAssertEqual(
            try String(contentsOf: svg, encoding: .utf8),
            try TestPaths.text(TestPaths.packageRoot.appendingPathComponent("Tests/golden/render/GridLayoutDemo5.svg")))
        let html = try trellis(["render", "examples/GridLayoutDemo4.trellis", "--format", "html"])
        XCTAssertEqual(html.status, 0)
        XCTAssertEqual(html.stdout.components(separatedBy: "<figure>").count - 1, 2, "one panel per preview viewport")
    }

    /// Never trap on input: random bytes through every command give diagnostics, not crashes.
    func testRandomInputNeverCrashesTheExecutable() throws {
        var random = SeededRandom(seed: 11)
        let alphabet = Array("rows cols {}()|;*#%\"\n 0123456789，：[]:,".utf8)
        for round in 0..<40 {
            let bytes = (0..<Int.random(in: 1...200, using: &random)).map { _ in
                round % 2 == 0 ? UInt8.random(in: 0...255, using: &random) : alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
            }
            let text = String(decoding: bytes, as: UTF8.self)
            for command in [["build", "-"], ["frames", "-"]] {
                let run = try trellis(command, stdin: text)
                XCTAssertTrue([0, 1, 2].contains(run.status), "\(command) crashed (\(run.status)) on \(bytes)")
            }
        }
    }

    /// Extreme numbers (out of Int range, overflowing to infinity, subnormal) through every
    /// command: findings or output, never a trap; JSON output stays valid JSON.
    func testExtremeNumbersNeverTrap() throws {
        let input =
            ##"{"padding":"{1e308,-1e308,1e-320,5}","space":1e300,"rows":[{"size":1,"tag":1e300},{"size":1e300},{"size":-1e300,"padding":"{1e308,1e308,1e308,1e308}"},{"size":"1e300%"},{"size":"-1e309%"},{"size":1e-300,"cols":[{"size":"wrap","padding":"{1e308,1e308,1e308,1e308}"},{"size":"fill"}]},{"top-borderline":{"thick":1e308,"head":-1e308,"color":"#FFFFFFFFFFFFFFFFFFFF"},"size":0.5}]}"##
        for command in [
            ["check", "-"], ["check", "-", "--format", "sarif"], ["frames", "-", "--format", "json", "--rtl"],
            ["frames", "-", "--viewport", "320xwrap@3x"], ["render", "-"], ["import", "-"],
        ] {
            let run = try trellis(command, stdin: input)
            XCTAssertTrue([0, 1].contains(run.status), "\(command): \(run.status)\n\(run.stderr.prefix(500))")
            if command.contains("json") || command.contains("sarif") {
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)), "\(command)")
            }
        }
        let trellisText = try trellis(["import", "-"], stdin: input).stdout
        XCTAssertEqual(try trellis(["build", "-"], stdin: trellisText).status, 0)
        XCTAssertEqual(try trellis(["frames", "-", "--format", "json"], stdin: "rows 1e308 | 1e308 | fill").status, 0)
    }
}
