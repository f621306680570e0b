import TrellisModel
import TrellisTestSupport
import XCTest

@testable import TrellisLayout

/// The compact columns of a layout tree read back what was stored.
final class LayoutTreeColumnsTests: XCTestCase {
    /// A grid's view slot is the number of grids before it that take a view, on random
    /// patterns of every length around the 64-grid words.
    func testSlotsCountTheGridsBeforeThatTakeAView() {
        var random = SeededRandom(seed: 5)
        for count in [0, 1, 2, 63, 64, 65, 127, 128, 129, 1_000] {
            for density in [0, 10, 50, 90, 100] {
                let takes = (0..<count).map { _ in random.chance(density) }
                let slots = LayoutTree.SlotColumn(count: count) { takes[$0] }
                var next = 0
                for grid in 0..<count {
                    XCTAssertEqual(slots[grid], takes[grid] ? next : nil, "count \(count), density \(density), grid \(grid)")
                    if takes[grid] { next += 1 }
                }
            }
        }
    }

    /// Insets are stored once per distinct value, told apart bit for bit: `-0` is not `0`,
    /// and a NaN is one value.
    func testInsetsAreInternedBitForBit() {
        var grid = RuntimeGrid(measure: RuntimeReading.fill)
        grid.axis = .rows
        let paddings: [Double] = [0, -0.0, 5, 0, .nan, 5, -0.0, .nan]
        grid.children = paddings.map { value in
            var child = RuntimeGrid(measure: 10)
            child.padding = EdgeInsets(top: value, left: 0, bottom: 0, right: 0)
            return child
        }
        let tree = LayoutTree(grid)
        XCTAssertEqual(tree.insets.values.count, 4)
        for (offset, value) in paddings.enumerated() {
            XCTAssertEqual(tree.insets[offset + 1].top.bitPattern, value.bitPattern, "child \(offset)")
        }
    }
}
