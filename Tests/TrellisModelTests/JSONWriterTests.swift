import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisModel

final class JSONWriterTests: XCTestCase {
    func testNumbersStringsAndLayout() {
        let value = JSONValue.object([
            JSONMember("i", .number(120)), JSONMember("n", .number(-0.5)), JSONMember("big", .number(1e20)),
            JSONMember("s", .string("引号\"\\\n\u{01}")), JSONMember("a", .array([])), JSONMember("o", .object([])),
            JSONMember("l", .array([.bool(true), .null])),
        ])
        XCTAssertEqual(
            JSONWriter.string(value, style: .compact),
            #"{"i":120,"n":-0.5,"big":1e+20,"s":"引号\"\\\n\u0001","a":[],"o":{},"l":[true,null]}"#)
        XCTAssertEqual(JSONWriter.string(.object([JSONMember("a", .array([.number(1)]))])), "{\n  \"a\": [\n    1\n  ]\n}\n")
    }

    func testWriterOutputReadsBackToTheSameValue() {
        let value = JSONValue.object([JSONMember("x", .array([.number(0.1), .number(1.0 / 3), .string("😀")]))])
        XCTAssertEqual(JSONReader.read(JSONWriter.string(value)).root?.value, value)
    }

    /// Integers of every length, both signs, and the extremes the writer prints whole.
    func testIntegersOfEveryLength() {
        var values = [0, 1, -1, 9, 10, -10, Int.max, Int.min, Int.min + 1]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power, -(power - 1)]
        }
        for value in values {
            var bytes: [UInt8] = []
            JSONWriter.appendInteger(value, into: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(value))
        }
    }

    /// Numbers with a few decimals are written without a string, exactly as Swift's shortest
    /// round-trip form (`description`) writes them; every other number goes through it.
    func testDecimalsAreWrittenAsSwiftWritesThem() {
        var random = SeededRandom(seed: 2026_11_24)
        var values: [Double] = [
            0.5, -0.5, 0.1, 0.2, 0.1 + 0.2, 33.333333, -33.333333, 66.666667, 0.001, 0.0015, 0.000999, 999_999_999.5,
            1e9 + 0.5, 123_456.789, 0.3, 2.675, 1.005, 1 / 3, 2 / 3, 1e-7, 123_456_789.123_456_7, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        ]
        for _ in 0..<200_000 {
            let decimals = Int.random(in: 1...12, using: &random)
            let digits = Int64.random(in: 1...999_999_999_999_999, using: &random)
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            values.append(Double(digits) / scale * (random.chance(50) ? 1 : -1))
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &random)))
            values.append(Double.random(in: -1000...1000, using: &random))
        }
        var fast = 0
        for value in values where value.isFinite && value != value.rounded(.towardZero) {
            var bytes: [UInt8] = []
            if JSONWriter.appendFewDecimals(value, to: &bytes) { fast += 1 }
            XCTAssertEqual(JSONWriter.formatNumber(value), value.description, "\(value.bitPattern)")
            if !bytes.isEmpty { XCTAssertEqual(String(decoding: bytes, as: UTF8.self), value.description, "\(value.bitPattern)") }
        }
        XCTAssertGreaterThan(fast, 50_000)
        // A ratio's percentage, which no product by a power of ten lands on exactly.
        var bytes: [UInt8] = []
        XCTAssertTrue(JSONWriter.appendFewDecimals(-33.333333, to: &bytes))
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "-33.333333")
    }
}

final class GridJSONWriterTests: XCTestCase {
    /// The direct writer and the value writer produce the same text for every example.
    func testDirectWriterMatchesTheValueWriter() throws {
        var checked = 0
        for url in TestPaths.files(in: TestPaths.examples, withExtension: "trellis") {
            let source = SourceFile(name: url.path, bytes: try TestPaths.bytes(url))
            for dialect in [Dialect.v1, .v2, .any] {
                for layout in LoadedFile.load(source, kind: .trellis, target: dialect).layouts {
                    let grid = try XCTUnwrap(layout.grid)
                    for style in [JSONWriter.Style.pretty, .compact] {
                        XCTAssertEqual(
                            GridJSONWriter.write(grid, dialect: dialect, style: style),
                            JSONWriter.write(grid.jsonValue(dialect: dialect), style: style), url.lastPathComponent)
                        checked += 1
                    }
                }
            }
        }
        let tricky = LoadedFile.load(
            SourceFile(name: "t", text: #"rows { _ ; 0 json({"x": [1, {"y": null}]}) action-data("数据") cols { } ; 1/3 top-borderline(color red) }"#),
            kind: .trellis)
        let grid = try XCTUnwrap(tricky.layouts.first?.grid)
        XCTAssertEqual(GridJSONWriter.write(grid, dialect: .v1), JSONWriter.write(grid.jsonValue(dialect: .v1)))
        XCTAssertGreaterThan(checked, 30)
    }

    /// On random grids (odd numbers, raw members, borderlines with any fields, strings that
    /// need escapes), in both dialects and both styles. The grids are shaped as the lowering
    /// shapes them: one borderline per edge in the runtime's order (the value writer orders
    /// them by key, the direct writer as listed), and tags below 10^15 (the value writer holds
    /// a tag as a double and prints 10^15 and above with an exponent; the direct writer prints
    /// the integer).
    func testDirectWriterMatchesTheValueWriterOnRandomGrids() {
        var random = SeededRandom(seed: 41)
        let tricky = ["a\"b", "back\\slash", "line\nbreak", "\u{01}\u{1F}", "引号", "😀", "tab\there", ""]
        func roughen(_ grid: inout Grid) {
            var lastPerEdge: [Edge: Borderline] = [:]
            for line in grid.borderlines { lastPerEdge[line.edge] = line }
            grid.borderlines = lastPerEdge.values.sorted { $0.edge.order < $1.edge.order }
            if let tag = grid.tag, tag.magnitude >= 1_000_000_000_000_000 { grid.tag = tag % 1_000_000 }
            if grid.action != nil, random.chance(40) { grid.action = random.pick(tricky) }
            if grid.gravity != nil, random.chance(30) { grid.gravity = random.pick(tricky) }
            for index in grid.borderlines.indices where random.chance(30) { grid.borderlines[index].color = random.pick(tricky) }
            if random.chance(5) { grid.extra.append(JSONMember(random.pick(tricky), .array([.string(random.pick(tricky)), .number(-0.0)]))) }
            for index in grid.children.indices { roughen(&grid.children[index]) }
        }
        for _ in 0..<3_000 {
            var grid = RandomGrids.grid(random: &random)
            roughen(&grid)
            for dialect in [Dialect.v1, .v2, .any] {
                for style in [JSONWriter.Style.pretty, .compact] {
                    var appended = Array("prefix".utf8)
                    GridJSONWriter.write(grid, dialect: dialect, style: style, into: &appended)
                    let expected = JSONWriter.write(grid.jsonValue(dialect: dialect), style: style)
                    let direct = GridJSONWriter.write(grid, dialect: dialect, style: style)
                    XCTAssertTrue(direct == expected, String(decoding: direct, as: UTF8.self) + " ≠ " + String(decoding: expected, as: UTF8.self))
                    XCTAssertTrue(appended == Array("prefix".utf8) + expected)
                }
            }
        }
    }
}
