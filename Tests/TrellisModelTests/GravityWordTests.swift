import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisModel

/// The byte matcher of gravity words (the lowering's fast path) equals comparing with every
/// word of the schema's ``AlignmentWord``, and the runtime's order is the schema's.
final class GravityWordTests: XCTestCase {
    func testTheMatcherKnowsEveryWordAndNothingElse() {
        var random = SeededRandom(seed: 5)
        var samples = AlignmentWord.allCases.map(\.word) + ["", "to", "tops", "Top", "centerx", "center", "widths", "heigh", "trailin"]
        let letters = Array("abcdeghilnorstwxyXY".unicodeScalars).map(String.init)
        for _ in 0..<20_000 {
            var text = random.chance(50) ? random.pick(AlignmentWord.allCases).word : ""
            if random.chance(50), !text.isEmpty { text.removeLast() }
            for _ in 0..<Int.random(in: 0..<3, using: &random) { text += random.pick(letters) }
            samples.append(text)
        }
        for text in samples {
            let bytes = Array(("|" + text + "|").utf8)
            let found = bytes.withUnsafeBufferPointer { Gravity.isWord($0, 1..<(bytes.count - 1)) }
            XCTAssertEqual(found, AlignmentWord(word: text) != nil, text)
        }
    }

    func testTheRuntimesOrderIsTheSchemas() {
        XCTAssertEqual(Gravity.wordsInRuntimeOrder.map(\.0), GridSchema.alignmentWords)
        XCTAssertEqual(Gravity.parse("centerX|bottom"), Gravity(rawValue: Gravity.centerX | Gravity.bottom))
    }
}
