import Foundation
import TrellisTestSupport
import XCTest

/// `use` through the real executable: the shop example builds, frames and renders from its
/// folder and from anywhere else; mistakes are reported at the `use`; `--fix` removes an
/// unused one; a used file's errors are reported once in it and once at each use.
final class UseCommandTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-use-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let shop = TestPaths.examples.appendingPathComponent("shop")
        try FileManager.default.copyItem(at: shop, to: root.appendingPathComponent("shop"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    func read(_ path: String) throws -> String { try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }

    func trellis(_ arguments: [String], in folder: String = "", stdin: String? = nil) throws -> TrellisRun {
        try TrellisRun.run(arguments, stdin: stdin, in: folder.isEmpty ? root : root.appendingPathComponent(folder))
    }

    func testTheShopBuildsChecksAndDrawsWithItsSharedCards() throws {
        let check = try trellis(["check"], in: "shop")
        XCTAssertEqual(check.stdout, "4 files checked: 0 errors, 0 warnings, 0 info\n")
        XCTAssertEqual(check.status, 0, check.stderr)
        let build = try trellis(["build"], in: "shop")
        XCTAssertEqual(build.status, 0, build.stderr)
        for name in ["everyday", "holiday", "campaign"] {
            let json = try read("shop/build/\(name).json")
            XCTAssertTrue(json.contains("\"action\": \"showProduct:\""), "\(name): \(json)")
        }
        // The same JSON from another folder (paths are relative to the file that uses).
        let elsewhere = try trellis(["build", "shop/layouts/holiday.trellis"])
        XCTAssertEqual(elsewhere.stdout, try read("shop/build/holiday.json"))
        let frames = try trellis(["frames", "shop/layouts/campaign.trellis", "--viewport", "375x667@2x"])
        XCTAssertEqual(frames.status, 0, frames.stderr)
        XCTAssertTrue(frames.stdout.contains("3.1"), frames.stdout)
        let render = try trellis(["render", "shop/layouts/everyday.trellis", "-o", "everyday.svg"])
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(try read("everyday.svg").hasPrefix("<svg"))
    }

    func testAMistypedPathIsReportedAtTheUseWithTheNearestFile() throws {
        try write("home.trellis", "use \"shop/card.trellis\"\nlayout home rows product\n")
        let run = try trellis(["check", "home.trellis"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.hasPrefix("error[U001]: no file `shop/card.trellis`; did you mean `shop/cards.trellis`?\n --> home.trellis:1:5\n"), run.stdout)
        XCTAssertFalse(run.stdout.contains("M001"), "the use says why `product` is unknown: \(run.stdout)")
        let build = try trellis(["build", "home.trellis"])
        XCTAssertEqual(build.status, 1)
        XCTAssertTrue(build.stderr.contains("error[U001]"), build.stderr)
    }

    func testAUsedFilesErrorIsReportedInItAndOnceAtEachUse() throws {
        try write("shop/cards.trellis", try read("shop/cards.trellis").replacingOccurrences(of: "tag(100)", with: "tagg(100)"))
        let run = try trellis(["check"], in: "shop")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.hasPrefix("error[M004]: unknown attribute `tagg`; did you mean `tag`?\n  --> cards.trellis:13:23\n"), run.stdout)
        XCTAssertEqual(run.stdout.components(separatedBy: "\nerror[M004]").count - 1, 0, run.stdout)
        XCTAssertEqual(run.stdout.components(separatedBy: "\nerror[U004]").count - 1, 3, run.stdout)
        XCTAssertEqual(run.stdout.components(separatedBy: "= note: cards.trellis:13:23: error[M004]: unknown attribute `tagg`").count - 1, 3, run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("4 files checked: 4 errors, 0 warnings, 0 info\n"), run.stdout)
    }

    func testFixRemovesAUseNothingNeedsAndMovesALateOne() throws {
        try write("shop/extra.trellis", "template extra { 10 }\n")
        try write("shop/page.trellis", "use \"extra.trellis\"\nlayout page rows banner\nuse \"cards.trellis\"\n")
        let run = try trellis(["check", "--fix", "page.trellis"], in: "shop")
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertEqual(try read("shop/page.trellis"), "use \"cards.trellis\"\nlayout page rows banner\n")
    }

    func testStandardInputUsesFilesRelativeToTheCurrentFolder() throws {
        let run = try trellis(["build", "-", "--compact"], in: "shop", stdin: "use \"cards.trellis\"\nlayout x rows banner | fill\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "{\"rows\":[{\"size\":120,\"tag\":100,\"action\":\"showCampaign:\"},{\"size\":\"fill\"}]}\n")
    }

    func testATemplateAnotherCheckedFileUsesIsNotUnused() throws {
        try write("home.trellis", "template card { 10 }\nlayout home rows fill\n")
        try write("other.trellis", "use \"home.trellis\"\nlayout other rows card\n")
        // Alone, home.trellis cannot know: its card is unused there.
        XCTAssertTrue(try trellis(["check", "home.trellis"]).stdout.contains("warning[M014]"))
        let both = try trellis(["check", "home.trellis", "other.trellis"])
        XCTAssertEqual(both.stdout, "2 files checked: 0 errors, 0 warnings, 0 info\n")
    }
}
