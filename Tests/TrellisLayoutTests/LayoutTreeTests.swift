import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisLayout

/// The tree flattened straight from an authored grid, or read straight from a grid
/// dictionary's syntax, equals the tree of its runtime model, array by array and path by path,
/// on random grids, every example and every corpus file.
final class LayoutTreeTests: XCTestCase {
    func testTreeFromAuthoredGridEqualsTreeFromRuntimeModel() throws {
        var random = SeededRandom(seed: 2026_11_25)
        var grids = (0..<3_000).map { _ in RandomGrids.grid(random: &random) }
        for url in TestPaths.files(in: TestPaths.examples, withExtension: "trellis") {
            let file = LoadedFile.load(SourceFile(name: url.path, bytes: try TestPaths.bytes(url)), kind: .trellis)
            grids += file.layouts.compactMap(\.grid)
        }
        for (number, grid) in grids.enumerated() {
            for dialect in [Dialect.v1, .v2, .any] {
                let direct = LayoutTree(authored: grid, dialect: dialect)
                let viaRuntime = LayoutTree(RuntimeReading.root(authored: grid, dialect: dialect))
                XCTAssertNil(Self.difference(direct, viaRuntime), "grid \(number): \(grid.jsonValue(dialect: dialect))")
            }
        }
    }

    func testTreeReadFromJSONSyntaxEqualsTreeFromRuntimeModel() throws {
        var random = SeededRandom(seed: 2026_11_26)
        var texts: [String] = []
        for round in 0..<3_000 {
            let grid = RandomGrids.grid(random: &random)
            var text = String(
                decoding: JSONWriter.write(
                    grid.jsonValue(dialect: round % 2 == 0 ? .v1 : .v2),
                    style: random.chance(50) ? .pretty : .compact), as: UTF8.self)
            // Now and then a mistake the reader recovers from, a key given twice, or a
            // children list that is not an array of objects.
            if random.chance(5), let brace = text.lastIndex(of: "}") { text.insert(",", at: brace) }
            if random.chance(5) { text = String(text.prefix(text.count * 2 / 3)) }
            if random.chance(5) { text = text.replacingOccurrences(of: "\"size\"", with: "\"size\": \"wrap\", \"size\"") }
            if random.chance(5) { text = text.replacingOccurrences(of: "\"rows\": [", with: "\"rows\": [7, ") }
            texts.append(text)
        }
        for url in try TestPaths.corpusFiles("seeds", "mylayout", "runtime") { texts.append(try TestPaths.text(url)) }
        for (number, text) in texts.enumerated() {
            guard let root = JSONReader.read(text).root else { continue }
            for dialect in [Dialect.v1, .v2, .any] {
                let direct = LayoutTree(read: root, dialect: dialect)
                let viaRuntime = LayoutTree(RuntimeReading.root(root, dialect: dialect))
                XCTAssertNil(Self.difference(direct, viaRuntime), "text \(number): \(text)")
            }
        }
    }

    /// The first array that differs, by name.
    /// Each grid with borderlines and its lines, as a layout reads them (from the runtime
    /// values, the JSON, or an arena).
    static func borderlines(_ tree: LayoutTree) -> [Int: [RuntimeBorderline]] {
        Dictionary(uniqueKeysWithValues: (0..<tree.borderlines.count).map { (tree.borderlines.grid(at: $0), tree.borderlines.lines(at: $0)) })
    }

    static func difference(_ one: LayoutTree, _ other: LayoutTree) -> String? {
        func same<T: Equatable>(_ key: KeyPath<LayoutTree, T>) -> Bool { one[keyPath: key] == other[keyPath: key] }
        func bits(_ insets: GridInsets) -> [UInt64] { [insets.top, insets.left, insets.bottom, insets.right, insets.spacing].map(\.bitPattern) }
        let checks: [(String, Bool)] = [
            ("measure", one.measure.elementsEqual(other.measure) { $0 == $1 || ($0.isNaN && $1.isNaN) }),
            ("axis", same(\.axis)), ("parent", same(\.parent)), ("childStart", same(\.childStart)), ("childCount", same(\.childCount)),
            ("childList", same(\.childList)),
            ("insets", one.count == other.count && (0..<one.count).allSatisfy { bits(one.insets[$0]) == bits(other.insets[$0]) }),
            ("gravity", same(\.gravity)),
            ("anchor", same(\.anchor)), ("placeholder", same(\.placeholder)), ("content", same(\.content)), ("depth", same(\.depth)),
            ("sources", same(\.sources)), ("firstBorderline", same(\.firstBorderline)), ("deepest", same(\.deepest)), ("slots", same(\.slots)),
            ("paths", (0..<one.count).map(one.path(of:)) == (0..<other.count).map(other.path(of:))),
            ("borderlines", borderlines(one) == borderlines(other)),
        ]
        return checks.first { !$0.1 }?.0
    }
}
