import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisModel

/// The byte matcher of gravity words (the lowering's fast path) equals comparing with every
/// word of the schema's ``AlignmentWord`` (`VocabularyRawValueTests` checks their order and bits).
final class GravityWordTests: XCTestCase {
    func testTheMatcherKnowsEveryWordAndNothingElse() {
        let samples = NearMisses.samples(
            of: AlignmentWord.allCases.map(\.word), extra: ["", "to", "tops", "Top", "centerx", "center", "widths", "heigh", "trailin"],
            letters: "abcdeghilnorstwxyXY", seed: 5)
        for text in samples {
            let bytes = Array(("|" + text + "|").utf8)
            let found = ByteView.with(bytes, 1..<(bytes.count - 1), Gravity.isWord) ?? false
            XCTAssertEqual(found, AlignmentWord(word: text) != nil, text)
        }
    }
}
