import TrellisSyntax
import TrellisTestSupport
import XCTest

/// The byte matcher of borderline fields (the lowering's) and the string switch (the JSON
/// rules') equal comparing with every case.
final class BorderlineFieldTests: XCTestCase {
    func testTheMatcherKnowsEveryFieldAndNothingElse() {
        let samples = NearMisses.samples(
            of: BorderlineField.allCases.map(\.name), extra: ["", "colo", "colors", "Color", "thik", "tails", "off", "dashes"],
            letters: "acdehiklorstf", seed: 7)
        for text in samples {
            let bytes = Array((" " + text + " ").utf8)
            let found = ByteView.with(bytes, 1..<(bytes.count - 1), BorderlineField.lookup) ?? nil
            XCTAssertEqual(found, BorderlineField(rawValue: text), text)
            XCTAssertEqual(BorderlineField(name: text), BorderlineField(rawValue: text), text)
        }
        XCTAssertNil(ByteView.with(Array("color".utf8), 1..<6, BorderlineField.lookup) ?? nil)
    }
}
