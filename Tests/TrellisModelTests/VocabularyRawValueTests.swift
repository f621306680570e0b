import TrellisSyntax
import XCTest

@testable import TrellisModel

/// The enums whose raw values are vocabulary words spell them as the schema does, and the
/// runtime's gravity words carry MyGravity's bits (`MyLayoutDef.h`), written out here.
final class VocabularyRawValueTests: XCTestCase {
    func testAxesAndEdgesAreTheSchemasWords() {
        for axis in [Axis.rows, .cols] { XCTAssertEqual(axis.rawValue, axis.gridKey.jsonName) }
        for edge in Edge.allCases { XCTAssertEqual(edge.rawValue + "-borderline", edge.gridKey.jsonName) }
    }

    func testGravityWordsHaveTheRuntimesBits() {
        let expected: [(String, UInt16)] = [
            ("top", 0x100), ("bottom", 0x400), ("left", 1), ("right", 4), ("leading", 32), ("trailing", 64),
            ("centerX", 2), ("centerY", 0x200), ("width", 7), ("height", 0x700),
        ]
        XCTAssertEqual(Gravity.wordsInRuntimeOrder.map(\.0), expected.map(\.0))
        XCTAssertEqual(Gravity.wordsInRuntimeOrder.map(\.1), expected.map(\.1))
    }
}
