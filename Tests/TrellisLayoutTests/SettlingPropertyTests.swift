import TrellisModel
import TrellisTestSupport
import XCTest

@testable import TrellisLayout

/// Properties of the screen driver (settling and relayout) over thousands of random trees.
final class SettlingPropertyTests: XCTestCase {
    /// A random tree of up to `depth` levels; `wrap` allows wrap sizes and overlap cells.
    func tree(_ random: inout SeededRandom, depth: Int, wrap: Bool) -> RuntimeGrid {
        var sizes: [Double] = [RuntimeReading.fill, 20, 44.5, 0.25, 0.5, -0.5, -0.3333]
        if wrap { sizes += [RuntimeReading.wrap, RuntimeReading.wrap, 0] }
        var grid = RuntimeGrid(measure: random.pick(sizes))
        if wrap, grid.measure == 0, random.chance(50) { grid.anchor = true }
        if random.chance(30) {
            grid.padding = EdgeInsets(
                top: random.pick([0, 3, 5.5]), left: random.pick([0, 2, 7]), bottom: random.pick([0, 4]), right: random.pick([0, 1.5, 9]))
        }
        if random.chance(30) { grid.spacing = random.pick([2, 5, 10.5]) }
        if random.chance(20) { grid.contentSize = PreviewSize(width: random.pick([10, 33]), height: random.pick([12, 40])) }
        if depth > 0, random.chance(depth > 2 ? 85 : 50) {
            grid.axis = random.chance(50) ? .rows : .cols
            grid.children = (0..<Int.random(in: 1...4, using: &random)).map { _ in tree(&random, depth: depth - 1, wrap: wrap) }
            if random.chance(15) { grid.anchor = true }
        }
        return grid
    }

    func frames(_ result: LayoutResult) -> [[Double]] {
        result.grids.map { grid in
            let view = grid.viewFrame.map { [$0.x, $0.y, $0.width, $0.height] } ?? []
            return [grid.frame.x, grid.frame.y, grid.frame.width, grid.frame.height] + view
        }
    }

    /// Without wrap sizes, overlap cells or a wrap height nothing reads the previous pass:
    /// exactly one pass, and laying the view out again changes nothing.
    func testLayoutsWithoutWrapTakeOnePassAndNeverMove() {
        var random = SeededRandom(seed: 9)
        for round in 0..<1_500 {
            var root = tree(&random, depth: 4, wrap: false)
            root.axis = root.axis ?? .rows
            let viewport = Viewport(
                width: random.pick([320, 375, 414.5]), height: random.pick([568, 667, 100]), scale: random.pick([2, 3]), rtl: random.chance(30))
            let screens = LayoutEngine.screens(root, viewport: viewport, relayouts: 3)
            XCTAssertEqual(screens.map(\.passes), [1, 2, 3, 4], "round \(round)")
            XCTAssertEqual(screens.first?.heights, [viewport.height ?? -1], "round \(round)")
            let first = screens.first.map(frames)
            for later in screens.dropFirst() { XCTAssertEqual(frames(later), first, "round \(round)") }
            XCTAssertEqual(
                frames(LayoutEngine.singlePass(root, viewport: viewport)).map { Array($0.prefix(4)) }, first?.map { Array($0.prefix(4)) }, "round \(round)")
        }
    }

    /// Settling is idempotent: a settled layout that a second layout does not move is not
    /// moved by any further layout, each of which takes one pass. The height history is the
    /// applied heights, each change larger than the runtime's tolerance.
    func testSettledStableLayoutsStaySettled() {
        var random = SeededRandom(seed: 12)
        var stable = 0, unsettled = 0
        for round in 0..<1_500 {
            var root = tree(&random, depth: 4, wrap: true)
            root.axis = root.axis ?? .rows
            let scale = random.pick([2.0, 3.0])
            let viewport = Viewport(width: random.pick([300, 375, 414]), height: nil, scale: scale, rtl: random.chance(20))
            let screens = LayoutEngine.screens(root, viewport: viewport, relayouts: 3)
            guard let first = screens.first, let last = screens.last else { return XCTFail("no result") }
            XCTAssertLessThanOrEqual(last.passes, LayoutEngine.maximumPasses * screens.count)
            XCTAssertTrue(screens.dropLast().allSatisfy(\.settled), "round \(round)")
            for (a, b) in zip(last.heights, last.heights.dropFirst()) { XCTAssertGreaterThan(abs(a - b), 1 / scale, "round \(round)") }
            XCTAssertEqual(last.height, last.heights.last, "round \(round)")
            guard last.settled else {
                unsettled += 1
                continue
            }
            guard screens.count == 4, frames(screens[1]) == frames(first), screens[1].height == first.height else { continue }
            stable += 1
            XCTAssertEqual(screens.map(\.passes), [first.passes, first.passes + 1, first.passes + 2, first.passes + 3], "round \(round)")
            for later in screens.dropFirst(2) { XCTAssertEqual(frames(later), frames(first), "round \(round)") }
        }
        XCTAssertGreaterThan(stable, 500)
        XCTAssertGreaterThan(unsettled, 0)
    }

    /// A relayout of a tree no grid of which reads the previous pass is not laid out: it
    /// shares the settled frames. Laying it out gives the same frames bit for bit, the same
    /// heights, and one pass more per relayout.
    func testRelayoutsThatCannotMoveAreTheSettledScreen() {
        var random = SeededRandom(seed: 31)
        var shortcuts = 0
        for round in 0..<2_000 {
            var root = tree(&random, depth: 4, wrap: random.chance(70))
            root.axis = root.axis ?? (random.chance(50) ? .rows : .cols)
            let viewport = Viewport(
                width: random.pick([300, 375, 414]), height: random.chance(50) ? nil : random.pick([100, 667]),
                scale: random.pick([2, 3]), rtl: random.chance(20))
            let shape = LayoutTree(root)
            guard !shape.anyReadsPreviousPass(wrapHeight: viewport.height == nil) else { continue }
            shortcuts += 1
            let shared = LayoutEngine.screens(shape, viewport: viewport, relayouts: 3)
            let laidOut = LayoutEngine.screens(shape, viewport: viewport, relayouts: 3, laysOutEveryRelayout: true)
            XCTAssertEqual(shared.map(\.passes), laidOut.map(\.passes), "round \(round)")
            XCTAssertEqual(shared.map(\.heights), laidOut.map(\.heights), "round \(round)")
            XCTAssertEqual(shared.map(\.settled), laidOut.map(\.settled), "round \(round)")
            XCTAssertEqual(shared.map(\.relayouts), laidOut.map(\.relayouts), "round \(round)")
            for (a, b) in zip(shared, laidOut) {
                let bits = { (result: LayoutResult) in self.frames(result).map { $0.map(\.bitPattern) } }
                XCTAssertEqual(bits(a), bits(b), "round \(round)")
            }
        }
        XCTAssertGreaterThan(shortcuts, 800)
    }
}
