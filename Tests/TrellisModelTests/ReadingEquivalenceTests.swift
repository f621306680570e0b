import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisModel

/// The faster reading paths against the ones they replaced, on thousands of generated
/// inputs: the runtime model read straight from the syntax equals the one read from the plain
/// value, and the byte-level `padding` reader equals the string-based one.
final class ReadingEquivalenceTests: XCTestCase {
    func testRuntimeFromSyntaxEqualsRuntimeFromPlainValue() {
        var generator = GridDictionaryGenerator(seed: 2026_11_23)
        for round in 0..<3_000 {
            // Written compact or pretty, now and then with a mistake the reader recovers from.
            var text = String(decoding: JSONWriter.write(generator.dictionary(depth: 0), style: generator.chance(50) ? .pretty : .compact), as: UTF8.self)
            if generator.chance(5), let brace = text.lastIndex(of: "}") { text.insert(",", at: brace) }
            if generator.chance(5) { text = String(text.prefix(text.count * 2 / 3)) }
            if generator.chance(5) { text = text.replacingOccurrences(of: "\"tag\"", with: "\"tag\": 1, \"tag\"") }
            let read = JSONReader.read(text)
            guard let root = read.root else { continue }
            for dialect in [Dialect.v1, .v2] {
                let fromSyntax = RuntimeReading.root(root, dialect: dialect)
                let fromValue = RuntimeReading.root(root.value, dialect: dialect)
                XCTAssertNil(fromSyntax.firstDifference(from: fromValue, path: ""), "round \(round): \(text)")
                assertRanges(fromSyntax, root, text: text)
            }
            XCTAssertEqual(LoadedFile.detectDialect(root), LoadedFile.detectDialect(root.value), text)
        }
    }

    /// The runtime model computed from the authored model equals the one read from the grid
    /// dictionary it lowers to: lowered random programs, and random grids with odd values
    /// (negative zero, 100 %, unreadable colors, repeated edges, raw members that replace keys).
    func testRuntimeFromAuthoredGridEqualsRuntimeFromItsDictionary() {
        var programs = ProgramGenerator(seed: 2026_11_24)
        var grids: [Grid] = []
        for _ in 0..<2_000 {
            let tree = Parser.parse(SourceFile(name: "p.trellis", text: programs.program())).tree
            grids += Lowering.lower(tree).document.layouts.map(\.root)
        }
        var random = SeededRandom(seed: 11)
        for _ in 0..<3_000 { grids.append(Self.randomGrid(depth: 0, random: &random)) }
        for (index, grid) in grids.enumerated() {
            for dialect in [Dialect.v1, .v2] {
                let direct = RuntimeReading.root(authored: grid, dialect: dialect)
                var read = RuntimeReading.root(grid.jsonValue(dialect: dialect), dialect: dialect)
                LoadedFile.attach(grid, to: &read)
                XCTAssertNil(direct.firstDifference(from: read, path: ""), "grid \(index): \(grid.jsonValue(dialect: dialect))")
                XCTAssertTrue(Self.sameSourceFacts(direct, read), "grid \(index)")
            }
        }
    }

    static func sameSourceFacts(_ one: RuntimeGrid, _ other: RuntimeGrid) -> Bool {
        one.sourceRange == other.sourceRange && one.contentSize == other.contentSize && one.children.count == other.children.count
            && zip(one.children, other.children).allSatisfy { sameSourceFacts($0, $1) }
    }

    static func randomGrid(depth: Int, random: inout SeededRandom) -> Grid {
        var grid = Grid()
        let numbers: [Double] = [0, -0.0, 1, 20, 0.5, -0.25, 1e20, 1e-7, 123.456, -3, .infinity, 1e15, 99999.5]
        if random.chance(70) {
            grid.size = random.pick([.number(random.pick(numbers)), .percent(random.pick([50, 100, -100, 33.3, 0, -0.0, 1e-5, 250])),
                                     .fill, .wrap, .raw(.string("7")), .raw(.bool(true)), .raw(.null), .raw(.string("x%"))])
        }
        if random.chance(40) {
            grid.padding = EdgeInsets(top: random.pick(numbers), left: random.pick(numbers), bottom: random.pick(numbers), right: random.pick(numbers))
        }
        if random.chance(30) { grid.spacing = random.pick(numbers) }
        if random.chance(30) { grid.gravity = random.pick(["top|left", "center", "bogus", "", "fill", "bottom|right|x"]) }
        if random.chance(20) { grid.overlap = random.pick(["bottom|left", "none", "", "center"]) }
        grid.anchor = random.chance(15)
        grid.placeholder = random.chance(10)
        if random.chance(20) { grid.tag = random.pick([0, 1, -5, Int.max, 1 << 60, 9_007_199_254_740_993]) }
        if random.chance(20) { grid.action = random.pick(["tap:", "", "go"]) }
        if random.chance(10) { grid.actionData = random.pick([.null, .string("数据"), .object([JSONMember("a", .number(1))])]) }
        for _ in 0..<Int.random(in: 0...3, using: &random) where random.chance(40) {
            var line = Borderline(edge: random.pick(Edge.allCases))
            if random.chance(60) { line.color = random.pick(["#EEEEEE", "red", "#abc", "nonsense", "#80FF0000"]) }
            if random.chance(50) { line.thick = random.pick([0.5, 2, 0, -1]) }
            if random.chance(30) { line.head = random.pick(numbers) }
            if random.chance(30) { line.dash = 3 }
            grid.borderlines.append(line)
        }
        if random.chance(8) {
            grid.extra = [random.pick([JSONMember("x-note", .string("n")), JSONMember("size", .number(30)), JSONMember("tag", .string("12")),
                                       JSONMember("space", .number(4)), JSONMember("spacing", .number(6)),
                                       JSONMember("rows", .array([.object([JSONMember("size", .number(10))])]))])]
        }
        if random.chance(20) { grid.contentSize = PreviewSize(width: 10, height: 20) }
        if random.chance(50) { grid.sourceRange = 3..<9 }
        if depth < 3, random.chance(50) {
            grid.axis = random.pick([.rows, .cols])
            for _ in 0..<Int.random(in: 0...3, using: &random) { grid.children.append(randomGrid(depth: depth + 1, random: &random)) }
        }
        return grid
    }

    /// Every grid carries the range of the object it was read from (`cols` before `rows`).
    func assertRanges(_ grid: RuntimeGrid, _ node: JSONNode, text: String) {
        XCTAssertEqual(grid.sourceRange, node.range, text)
        let elements = ["cols", "rows"].flatMap { node.member($0)?.value.elements ?? [] }
        guard grid.children.count == elements.count else { return }
        for (child, element) in zip(grid.children, elements) { assertRanges(child, element, text: text) }
    }

    func testBytePaddingReaderEqualsStringReader() {
        var random = SeededRandom(seed: 7)
        let pieces = ["{", "}", ",", " ", "\t", "\n", "\r", "\r\n", "1", "0", "-", "+", ".", "5", "e", "E", "x", "inf", "nan",
                      "0x1p3", "12", "3.25", "１", "\u{301}", "_", "9999999999999999999"]
        var samples = ["{1,2,3,4}", "{1, 2,3 ,4}", " {0,10,0,10} ", "{\r\n1,2,3,4}", "{1,2,3,4}\r\n", "{1e1,2,3,4}",
                       "{+1,-2,.5,5.}", "{inf,1,1,1}", "{}", "{,,,}", "{1,2,3,4,5}", "{1,2,3}", "1,2,3,4"]
        for _ in 0..<20_000 {
            var text = random.chance(60) ? "{" : ""
            for index in 0..<Int.random(in: 0..<9, using: &random) {
                text += random.chance(30) && index > 0 ? "," : random.pick(pieces)
            }
            if random.chance(60) { text += "}" }
            samples.append(text)
        }
        for text in samples {
            XCTAssertEqual(RuntimeReading.padding(text), Self.stringPadding(text), text.debugDescription)
        }
    }

    /// The reader `padding` replaced: `UIEdgeInsetsFromString` on Swift strings.
    static func stringPadding(_ text: String) -> EdgeInsets {
        let trimmed = text.trimmingSpaces
        guard trimmed.hasPrefix("{"), trimmed.hasSuffix("}"), trimmed.count >= 2 else { return .zero }
        let parts = trimmed.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return .zero }
        var values: [Double] = []
        for part in parts {
            guard let value = Double(String(part).trimmingSpaces), value.isFinite else { return .zero }
            values.append(value)
        }
        return EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }
}
