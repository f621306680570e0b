import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisLayout

/// The tree flattened straight from an authored grid equals the tree of its runtime model,
/// array by array and path by path, on random grids and every example.
final class LayoutTreeTests: XCTestCase {
    func testTreeFromAuthoredGridEqualsTreeFromRuntimeModel() throws {
        var random = SeededRandom(seed: 2026_11_25)
        var grids = (0..<3_000).map { _ in RandomGrids.grid(random: &random) }
        for url in TestPaths.files(in: TestPaths.examples, withExtension: "trellis") {
            let file = LoadedFile.load(SourceFile(name: url.path, bytes: try TestPaths.bytes(url)), kind: .trellis)
            grids += file.layouts.compactMap(\.grid)
        }
        for (number, grid) in grids.enumerated() {
            for dialect in [Dialect.v1, .v2] {
                let direct = LayoutTree(authored: grid, dialect: dialect)
                let viaRuntime = LayoutTree(RuntimeReading.root(authored: grid, dialect: dialect))
                XCTAssertNil(Self.difference(direct, viaRuntime), "grid \(number): \(grid.jsonValue(dialect: dialect))")
            }
        }
    }

    /// The first array that differs, by name.
    static func difference(_ one: LayoutTree, _ other: LayoutTree) -> String? {
        func same<T: Equatable>(_ key: KeyPath<LayoutTree, T>) -> Bool { one[keyPath: key] == other[keyPath: key] }
        let checks: [(String, Bool)] = [
            ("measure", one.measure.elementsEqual(other.measure) { $0 == $1 || ($0.isNaN && $1.isNaN) }),
            ("axis", same(\.axis)), ("parent", same(\.parent)), ("childStart", same(\.childStart)), ("childCount", same(\.childCount)),
            ("childList", same(\.childList)), ("subtreeEnd", same(\.subtreeEnd)), ("padTop", same(\.padTop)), ("padLeft", same(\.padLeft)),
            ("padBottom", same(\.padBottom)), ("padRight", same(\.padRight)), ("spacing", same(\.spacing)), ("gravity", same(\.gravity)),
            ("anchor", same(\.anchor)), ("placeholder", same(\.placeholder)), ("content", same(\.content)), ("depth", same(\.depth)),
            ("sources", same(\.sources)), ("firstBorderline", same(\.firstBorderline)), ("deepest", same(\.deepest)),
            ("paths", (0..<one.count).map(one.path(of:)) == (0..<other.count).map(other.path(of:))),
        ]
        return checks.first { !$0.1 }?.0
    }
}
