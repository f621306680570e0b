import Foundation
import TrellisTestSupport
import XCTest

/// What the commands make of inputs that are not what they seem: JSON that is no grid
/// dictionary, names with hyphens and digits, long runs, odd values and other encodings.
final class InputShapeTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryDirectory()
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    func testJSONThatIsNoGridDictionaryIsSkippedWithOneNote() throws {
        let package = try write("package.json", Array(#"{"name": "x", "version": "1.0.0"}"#.utf8))
        let array = try write("list.json", Array("[1, 2, 3]".utf8))
        let grammar = try write("grammars/trellis.tmLanguage.json", Array(#"{"name": "T", "patterns": [{"size": 1}]}"#.utf8))
        let grid = try write("home.json", Array(#"{"rows": [{"size": "fill"}]}"#.utf8))
        let named = try TrellisRun.run(["check", package, array, grid])
        XCTAssertEqual(named.status, 0, named.stdout + named.stderr)
        XCTAssertTrue(named.stdout.hasSuffix("1 file checked: 0 errors, 0 warnings, 0 info\n"), named.stdout)
        XCTAssertEqual(named.stderr.components(separatedBy: "note: skipped").count, 2, named.stderr)
        XCTAssertTrue(named.stderr.contains("skipped 2 JSON files that are not grid dictionaries"), named.stderr)
        let searched = try TrellisRun.run(["check", folder.path])
        XCTAssertEqual(searched.status, 0)
        XCTAssertFalse(searched.stdout.contains(grammar), "a folder search passes over a TextMate grammar")
        XCTAssertTrue(searched.stdout.hasSuffix("1 file checked: 0 errors, 0 warnings, 0 info\n"), searched.stdout)
        XCTAssertEqual(try TrellisRun.run(["check", "-"], stdin: "[1, 2, 3]").status, 0)
        XCTAssertEqual(try TrellisRun.run(["check", package, "--fix"]).status, 0)
        // A grid dictionary with syntax errors is still one; so is a file that is no JSON at all
        // or empty, whose errors are reported, never skipped.
        for (name, text) in [
            ("broken.json", #"{"rows": [{"size": "fill",}"#), ("missing-comma.json", #"{"a":1"size":2}"#),
            ("empty.json", ""), ("garbage.json", "rows: []"),
        ] {
            let run = try TrellisRun.run(["check", try write(name, Array(text.utf8))])
            XCTAssertEqual(run.status, 1, "\(name): \(run.stdout)")
            XCTAssertFalse(run.stderr.contains("skipped"), name)
        }
    }

    func testImportKeepsNamesAndLongRunsAndBuildsBack() throws {
        let name = try write("rows-example-1.json", Array(#"{"rows": [{"size": "33.33%"}, {"size": "33.33%"}]}"#.utf8))
        let imported = try TrellisRun.run(["import", name])
        XCTAssertTrue(imported.stdout.contains("layout rows-example-1 rows"), imported.stdout)
        let layout = try write("layout.trellis", Array(imported.stdout.utf8))
        XCTAssertEqual(
            try TrellisRun.run(["build", layout, "--expect-layout", "rows-example-1", "-o", folder.appendingPathComponent("o.json").path]).status, 0)

        let cells = Array(repeating: #"{"size": 10}"#, count: 10_001).joined(separator: ",")
        let long = try write("long.json", Array(#"{"rows": [\#(cells)]}"#.utf8))
        let output = folder.appendingPathComponent("long.trellis").path
        let run = try TrellisRun.run(["import", long, "-o", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertTrue(text.contains("10 * 10000"), text)
        let built = try TrellisRun.run(["build", output, "--compact"])
        XCTAssertEqual(built.status, 0, built.stderr)
        XCTAssertEqual(built.stdout.components(separatedBy: "\"size\":10").count - 1, 10_001)
    }

    func testImportSaysWhatTheRuntimeMakesOfOddValues() throws {
        let padding = try write("pad.json", Array(#"{"rows": [{"size": "fill", "padding": "{5t ,5,5,5}"}]}"#.utf8))
        let imported = try TrellisRun.run(["import", padding])
        XCTAssertTrue(imported.stderr.contains("warning[M116]: padding \"{5t ,5,5,5}\" is malformed"), imported.stderr)
        XCTAssertTrue(try TrellisRun.run(["check", padding]).stdout.contains("warning[M116]"))
        let asserts = try write("asserts.json", Array(#"{"rows": [{"size": -2}, {"size": "150%"}]}"#.utf8))
        let run = try TrellisRun.run(["import", asserts])
        XCTAssertEqual(run.status, 1, "the JSON has an error (M104)")
        XCTAssertTrue(run.stdout.contains(#"json({"size": -2})"#), run.stdout)
        XCTAssertTrue(run.stdout.contains(#"json({"size": "150%"})"#), run.stdout)
    }

    func testOtherEncodingsAndInvalidUTF8() throws {
        let utf16 = try write("u16.json", [0xFF, 0xFE] + Array(#"{"rows":[{"size":"fill"}]}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let run = try TrellisRun.run(["check", utf16])
        XCTAssertEqual(run.status, 0, run.stdout)
        XCTAssertTrue(run.stdout.contains("info[J014]: the file is UTF-16LE"), run.stdout)
        XCTAssertTrue(run.stdout.contains(#"1 | {"rows":[{"size":"fill"}]}"#), "the snippet shows the text, not its code units:\n\(run.stdout)")
        let before = try Data(contentsOf: URL(fileURLWithPath: utf16))
        XCTAssertEqual(try TrellisRun.run(["check", utf16, "--fix"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: utf16)), before, "--fix leaves a UTF-16 file alone")
        let imported = try TrellisRun.run(["import", utf16])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("layout u16 rows fill"), imported.stdout)
        let invalid = try write("bad.json", Array(#"{"rows":[{"tag":""#.utf8) + [0xFF] + Array(#""}]}"#.utf8))
        let bad = try TrellisRun.run(["check", invalid])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stdout.contains("error[J014]: invalid UTF-8 (byte 0xFF)"), bad.stdout)
    }

    /// A file that cannot be rewritten is reported, and the others are still done (exit 2).
    func testOneReadOnlyFileDoesNotStopTheOthers() throws {
        let locked = try write("a.trellis", Array("rows  20|fill\n".utf8))
        let open = try write("b.trellis", Array("rows  20|fill\n".utf8))
        let lockedJSON = try write("a.json", Array(#"{"rows": [{"size": 20},]}"#.utf8))
        let openJSON = try write("b.json", Array(#"{"rows": [{"size": 20},]}"#.utf8))
        for path in [locked, lockedJSON] { try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path) }
        let fmt = try TrellisRun.run(["fmt", locked, open])
        XCTAssertEqual(fmt.status, 2)
        XCTAssertTrue(fmt.stderr.contains("a.trellis is read-only; not rewritten"), fmt.stderr)
        XCTAssertEqual(try String(contentsOfFile: open, encoding: .utf8), "rows 20 | fill\n")
        XCTAssertEqual(try String(contentsOfFile: locked, encoding: .utf8), "rows  20|fill\n")
        let fix = try TrellisRun.run(["check", "--fix", lockedJSON, openJSON])
        XCTAssertEqual(fix.status, 2)
        XCTAssertTrue(fix.stdout.contains("warning[J002]"), "the refused file's findings are still reported:\n\(fix.stdout)")
        XCTAssertEqual(try String(contentsOfFile: openJSON, encoding: .utf8), #"{"rows": [{"size": 20}]}"#)
    }

    func testNamesAndTyposThroughTheExecutable() throws {
        let file = try write("names.trellis", Array("layout a-é rows fill\nlayout card-1 rows 150% | fill\n".utf8))
        let run = try TrellisRun.run(["build", file, "--out-dir", folder.appendingPathComponent("out").path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("error[M006]: a percentage lies between -100% and 100%"), run.stderr)
        XCTAssertFalse(run.stderr.contains("\u{FFFD}"), run.stderr)
        XCTAssertFalse(run.stderr.contains("S001"), run.stderr)
        let typo = try TrellisRun.run(["check", "-"], stdin: "rowz 33% | fill\n")
        XCTAssertTrue(typo.stdout.hasSuffix("1 file checked: 1 error, 0 warnings, 0 info\n"), typo.stdout)
    }
}
