import TrellisTestSupport
import XCTest

@testable import TrellisLayout

final class LabelPlacementTests: XCTestCase {
    /// Property: the grid of cells places exactly the labels that a comparison with every box
    /// placed before would place, for boxes on and across cell edges, touching, huge,
    /// non-finite and far away.
    func testPlacesWhatComparingWithEveryBoxPlaces() {
        var random = SeededRandom(seed: 2026_11_24)
        let coordinates: [Double] = [0, 1, 63.9, 64, 64.1, 128, 15.9, 16, 200, 1000, -5, -64, 1e9, 2e9, .infinity, -.infinity, .nan]
        for round in 0..<300 {
            var placement = LabelPlacement()
            var placed: [Rect] = []
            for _ in 0..<200 {
                let box: Rect
                if random.chance(20) {
                    box = Rect(x: random.pick(coordinates), y: random.pick(coordinates), width: random.pick([0, 4.6, 46, 64, 1e5]), height: 9)
                } else {
                    box = Rect(
                        x: Double(Int.random(in: -100...600, using: &random)) / 2, y: Double(Int.random(in: -50...400, using: &random)) / 2,
                        width: Double(Int.random(in: 1...30, using: &random)) * 4.6, height: 9)
                }
                let expected = !placed.contains { LabelPlacement.overlap($0, box) }
                if expected { placed.append(box) }
                XCTAssertEqual(placement.place(box), expected, "round \(round): \(box)")
            }
        }
    }
}
