import Foundation
import TrellisTestSupport
import XCTest

/// `trellis import --shared`: several grid dictionaries imported together, what they share
/// written once as a file of templates that each layout uses, building back to the same JSON.
final class ImportSharedTests: XCTestCase {
    func testTheShopsJSONImportsBackIntoSharedCardsAndBuildsTheSameJSON() throws {
        let folder = try temporaryDirectory()
        let json = folder.appendingPathComponent("json")
        let shop = TestPaths.examples.appendingPathComponent("shop")
        XCTAssertEqual(try TrellisRun.run(["build", "--out-dir", json.path], in: shop).status, 0)
        let names = ["campaign", "everyday", "holiday"]
        let out = folder.appendingPathComponent("imported")
        let run = try TrellisRun.run(
            ["import"] + names.map { json.appendingPathComponent("\($0).json").path } + [
                "--out-dir", out.path, "--shared", out.appendingPathComponent("cards.trellis").path,
            ])
        XCTAssertEqual(run.status, 0, run.stderr)
        let cards = try String(contentsOf: out.appendingPathComponent("cards.trellis"), encoding: .utf8)
        XCTAssertTrue(cards.contains("template "), cards)
        for name in names {
            let text = try String(contentsOf: out.appendingPathComponent("\(name).trellis"), encoding: .utf8)
            let rebuilt = try TrellisRun.run(["build", out.appendingPathComponent("\(name).trellis").path, "--target", "2"])
            XCTAssertEqual(rebuilt.status, 0, rebuilt.stderr)
            let original = try String(contentsOf: json.appendingPathComponent("\(name).json"), encoding: .utf8)
            XCTAssertEqual(
                try JSONSerialization.jsonObject(with: Data(rebuilt.stdout.utf8)) as? NSDictionary,
                try JSONSerialization.jsonObject(with: Data(original.utf8)) as? NSDictionary, text)
        }
        // Each layout file uses the shared one, and what only one layout repeats stays its own.
        let everyday = try String(contentsOf: out.appendingPathComponent("everyday.trellis"), encoding: .utf8)
        XCTAssertTrue(everyday.contains("use \"cards.trellis\"\n"), everyday)
        XCTAssertEqual(try TrellisRun.run(["check", out.path]).stdout.suffix(26), "0 errors, 0 warnings, 1 info\n".suffix(26))
    }

    func testSharedNeedsAnOutputFolder() throws {
        let run = try TrellisRun.run(["import", "a.json", "--shared", "cards.trellis"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("--shared writes a file of templates beside the layouts: give --out-dir DIR"), run.stderr)
    }
}
