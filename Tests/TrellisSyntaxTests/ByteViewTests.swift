import TrellisSyntax
import XCTest

/// A byte view is made only over a range inside its bytes, and reads what it was made over.
final class ByteViewTests: XCTestCase {
    func testAViewIsMadeOnlyInsideItsBytes() {
        let bytes = Array("top|left".utf8)
        XCTAssertEqual(ByteView.with(bytes, 0..<3) { $0.spells("top") }, true)
        XCTAssertEqual(ByteView.with(bytes, 4..<8) { $0.spells("left") }, true)
        XCTAssertEqual(ByteView.with(bytes, 8..<8) { $0.count }, 0)
        XCTAssertNil(ByteView.with(bytes, 4..<9) { $0.count })
        XCTAssertNil(ByteView.with(bytes, -1..<2) { $0.count })
        XCTAssertNil(ByteView.with([], 0..<1) { $0.count })
    }

    func testASliceIsCheckedAgainstTheView() {
        let bytes = Array("xx#ABCDEFyy".utf8)
        let result = ByteView.with(bytes, 2..<9) { view -> [Bool] in
            [
                view.slice(0..<7) != nil, view.slice(1..<8) == nil, view.slice(7..<7)?.count == 0,
                view.slice(1..<4)?.equals(Array("ABC".utf8)) == true, view[0] == UInt8(ascii: "#"), view[6] == UInt8(ascii: "F"),
            ]
        }
        XCTAssertEqual(result, [true, true, true, true, true, true])
    }

    func testSpellsAndEqualsCompareTheWholeView() {
        let bytes = Array("tops".utf8)
        XCTAssertEqual(ByteView.with(bytes, 0..<4) { $0.spells("top") }, false)
        XCTAssertEqual(ByteView.with(bytes, 0..<3) { $0.spells("tops") }, false)
        XCTAssertEqual(ByteView.with(bytes, 0..<4) { $0.equals(Array("tops".utf8)) }, true)
        XCTAssertEqual(ByteView.with(bytes, 0..<4) { $0.equals(Array("topz".utf8)) }, false)
        XCTAssertEqual(ByteView.empty.count, 0)
    }
}
