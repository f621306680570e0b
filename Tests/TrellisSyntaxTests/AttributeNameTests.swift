import TrellisTestSupport
import XCTest

@testable import TrellisSyntax

/// The byte matcher of attribute names (a switch on length and first byte) equals comparing
/// with every spelling the schema gives.
final class AttributeNameTests: XCTestCase {
    func testLookupFindsEverySpellingAndNothingElse() {
        let samples = NearMisses.samples(
            of: AttributeName.allCases.map(\.spelling),
            extra: ["", "ta", "tagg", "Tag", "anchors", "actio", "action", "anchor", "jsonx", "padding(", "é-borderline", "top-borderlinf"],
            letters: "abcdefghijklmnoprstuy-é", seed: 3)
        for text in samples {
            let bytes = Array(("  " + text + " ").utf8)
            let expected = AttributeName.allCases.first { $0.spelling == text }
            XCTAssertEqual(AttributeName.lookup(bytes, 2..<(bytes.count - 1)), expected, text)
        }
        XCTAssertNil(AttributeName.lookup([UInt8]("tag".utf8), 1..<4))
    }
}
