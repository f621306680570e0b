import TrellisTestSupport
import XCTest

@testable import TrellisSyntax

/// The lookup of attribute names (a `SpellingTable`: by length, then the bytes) equals
/// comparing with every spelling the schema gives.
final class AttributeNameTests: XCTestCase {
    func testLookupFindsEverySpellingAndNothingElse() {
        var random = SeededRandom(seed: 3)
        var samples = AttributeName.allCases.map(\.spelling)
        samples += ["", "ta", "tagg", "Tag", "anchors", "actio", "action", "anchor", "jsonx", "padding(", "é-borderline", "top-borderlinf"]
        let letters = Array("abcdefghijklmnoprstuy-é".unicodeScalars).map(String.init)
        for _ in 0..<20_000 {
            var text = random.chance(50) ? random.pick(AttributeName.allCases).spelling : ""
            if random.chance(50), !text.isEmpty { text.removeLast() }
            for _ in 0..<Int.random(in: 0..<3, using: &random) { text += random.pick(letters) }
            samples.append(text)
        }
        for text in samples {
            let bytes = Array(("  " + text + " ").utf8)
            let expected = AttributeName.allCases.first { $0.spelling == text }
            XCTAssertEqual(AttributeName.lookup(bytes, 2..<(bytes.count - 1)), expected, text)
        }
        XCTAssertNil(AttributeName.lookup([UInt8]("tag".utf8), 1..<4))
    }
}
