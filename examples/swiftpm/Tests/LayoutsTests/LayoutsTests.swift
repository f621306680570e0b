import Foundation
import Layouts
import XCTest

/// What an app sees: the compiled layouts come back from the target's bundle.
final class LayoutsTests: XCTestCase {
    func testEveryLayoutIsBundled() throws {
        for name in ["home", "card", "banner"] {
            let data = try XCTUnwrap(Layouts.json(named: name), "\(name).json is not in Bundle.module")
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            XCTAssertNotNil(object, "\(name).json is not a grid dictionary")
        }
    }

    func testTheJSONIsWhatTrellisBuilds() throws {
        let data = try XCTUnwrap(Layouts.json(named: "card"))
        let card = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(card["padding"] as? String, "{5,5,5,5}")
        let cols = try XCTUnwrap(card["cols"] as? [[String: Any]])
        XCTAssertEqual(cols.count, 2)
        XCTAssertEqual(cols[0]["size"] as? Double, 80)
    }

    func testThePackagesOptionSetsTheRuntimeOfFilesWithoutADirective() throws {
        let data = try XCTUnwrap(Layouts.json(named: "banner"))
        let banner = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(banner["spacing"] as? Double, 4, "trellis.toml's target 2 writes MyLayout 2.0's key")
        XCTAssertNil(banner["space"])
    }
}
