import TrellisSyntax
import TrellisTestSupport
import XCTest

/// The byte matcher of borderline fields (the lowering's) and the string switch (the JSON
/// rules') equal comparing with every case.
final class BorderlineFieldTests: XCTestCase {
    func testTheMatcherKnowsEveryFieldAndNothingElse() {
        var random = SeededRandom(seed: 7)
        var samples = BorderlineField.allCases.map(\.name) + ["", "colo", "colors", "Color", "thik", "tails", "off", "dashes"]
        let letters = Array("acdehiklorstf".unicodeScalars).map(String.init)
        for _ in 0..<20_000 {
            var text = random.chance(50) ? random.pick(BorderlineField.allCases).name : ""
            if random.chance(50), !text.isEmpty { text.removeLast() }
            for _ in 0..<Int.random(in: 0..<3, using: &random) { text += random.pick(letters) }
            samples.append(text)
        }
        for text in samples {
            let bytes = Array((" " + text + " ").utf8)
            let found = bytes.withUnsafeBufferPointer { BorderlineField.lookup($0, 1..<(bytes.count - 1)) }
            XCTAssertEqual(found, BorderlineField(rawValue: text), text)
            XCTAssertEqual(BorderlineField(name: text), BorderlineField(rawValue: text), text)
        }
        XCTAssertNil(Array("color".utf8).withUnsafeBufferPointer { BorderlineField.lookup($0, 1..<6) })
    }
}
