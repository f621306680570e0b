import TrellisModel
import XCTest

@testable import TrellisLayout

/// A frame is stored compactly; what it stores reads back as given.
final class GridFrameTests: XCTestCase {
    func testFramesAreCompactAndReadBackAsGiven() {
        XCTAssertEqual(MemoryLayout<GridFrame>.stride, 136)
        let rect = Rect(x: 1, y: 2, width: 3, height: 4)
        let box = Rect(x: 1.5, y: 2.5, width: 2, height: 3)
        for axis in [nil, Axis.rows, .cols] {
            for parentAxis in [nil, Axis.rows, .cols] {
                for flags in 0..<8 {
                    let view = flags & 1 == 0 ? nil : Rect(x: -1, y: 0, width: 9, height: 0.5)
                    let source = flags & 2 == 0 ? nil : 0..<0
                    let slot = flags & 4 == 0 ? nil : Int?(7)
                    let frame = GridFrame(
                        index: 123_456, depth: 999, frame: rect, contentBox: box, slot: slot, viewFrame: view,
                        measure: -0.25, axis: axis, parentAxis: parentAxis, isLeaf: flags & 1 != 0,
                        anchor: flags & 2 != 0, placeholder: flags & 4 != 0, sourceRange: source)
                    XCTAssertEqual(frame.index, 123_456)
                    XCTAssertEqual(frame.depth, 999)
                    XCTAssertEqual(frame.frame, rect)
                    XCTAssertEqual(frame.contentBox, box)
                    XCTAssertEqual(frame.viewFrame, view)
                    XCTAssertEqual(frame.slot, slot)
                    XCTAssertEqual(frame.sourceRange, source)
                    XCTAssertEqual(frame.measure, -0.25)
                    XCTAssertEqual(frame.axis, axis)
                    XCTAssertEqual(frame.parentAxis, parentAxis)
                    XCTAssertEqual([frame.isLeaf, frame.anchor, frame.placeholder], [flags & 1 != 0, flags & 2 != 0, flags & 4 != 0])
                }
            }
        }
        let far = GridFrame(
            index: 0, depth: 0, frame: rect, contentBox: box, slot: 0, viewFrame: nil, measure: 0, axis: nil,
            parentAxis: nil, isLeaf: true, anchor: false, placeholder: false, sourceRange: 5_000_000_000..<5_000_000_100)
        XCTAssertEqual(far.sourceRange, 5_000_000_000..<5_000_000_100)
        XCTAssertEqual(far.slot, 0)
    }
}
