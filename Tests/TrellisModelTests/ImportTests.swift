import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// `trellis import`: building the imported Trellis gives the same runtime model as the JSON
/// (same tree, same values, same unknown keys).
final class ImportTests: XCTestCase {
    func assertRoundTrip(_ value: JSONValue, dialect: Dialect? = nil, name: String = "t", file: StaticString = #filePath, line: UInt = #line) {
        let dialect = dialect ?? LoadedFile.detectDialect(value) ?? .default
        let result = Importer.importLayout(value, dialect: dialect, name: name, source: "\(name).json")
        let loaded = LoadedFile.load(SourceFile(name: "\(name).trellis", text: result.text), kind: .trellis)
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.message), [], "\(result.text)", file: file, line: line)
        guard let layout = loaded.layouts.first else { return XCTFail("no layout:\n\(result.text)", file: file, line: line) }
        XCTAssertEqual(loaded.dialect, dialect, file: file, line: line)
        let expected = RuntimeReading.root(value, dialect: dialect)
        if let difference = layout.runtime.firstDifference(from: expected, path: "") {
            XCTFail("\(difference)\nJSON: \(JSONWriter.string(value, style: .compact))\nTrellis:\n\(result.text)", file: file, line: line)
        }
        XCTAssertEqual(Formatter.format(SourceFile(name: "f", text: result.text)), result.text, "imports are formatted", file: file, line: line)
    }

    func testCorpusRoundTrips() throws {
        var count = 0
        for folder in ["seeds", "mylayout", "runtime"] {
            for url in try TestPaths.corpusFiles(folder) {
                let read = JSONReader.read(SourceFile(name: url.lastPathComponent, bytes: try TestPaths.bytes(url)))
                guard let value = read.root?.value else { continue }
                assertRoundTrip(value, name: url.deletingPathExtension().lastPathComponent)
                count += 1
            }
        }
        XCTAssertEqual(count, 160)
    }

    func testDemoImportsToAThirdOfItsLines() throws {
        let url = TestPaths.examples.appendingPathComponent("json/GridLayoutDemo4.json")
        let json = try TestPaths.text(url)
        let value = try XCTUnwrap(JSONReader.read(json).root?.value)
        let result = Importer.importLayout(value, dialect: .v2, name: "GridLayoutDemo4", source: "GridLayoutDemo4.json")
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).count
        let jsonLines = json.split(separator: "\n", omittingEmptySubsequences: false).count
        XCTAssertLessThanOrEqual(lines * 3, jsonLines, result.text)
        XCTAssertGreaterThanOrEqual(result.templates, 2)
        XCTAssertTrue(result.text.contains("20% * 5"))
    }

    func testIdiomaticSpellings() {
        let value =
            JSONReader.read(
                #"{"rows":[{"size":"33.333333%"},{"size":"-33.333333%"},{"size":"12.5%"},{"size":0.5},{"size":0.15},{"size":-99999},{"size":"20"},{"size":20,"x-note":"kept"}]}"#
            ).root?.value ?? .null
        let text = Importer.importLayout(value, dialect: .v1, name: "t", source: "t.json").text
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters() }
        for expected in ["1/3", "-1/3", "12.5%", "50%", "15%", "wrap", #"_ json({"size": "20"})"#, #"20 json({"x-note": "kept"})"#] {
            XCTAssertTrue(lines.contains(expected), "\(expected) in\n\(text)")
        }
        assertRoundTrip(value)
    }

    /// Property: 1,200 random grid dictionaries (seeded) round-trip.
    func testRandomGridDictionaries() {
        var generator = GridDictionaryGenerator(seed: 7_2026)
        for _ in 0..<1_200 {
            assertRoundTrip(generator.dictionary(depth: 0))
        }
    }
}

/// `import --shared`: dictionaries imported together, what they share in one file of
/// templates, each building back (its use read from memory) to what the runtime reads.
final class ImportSharedTests: XCTestCase {
    func testRandomDictionariesSharingSubtreesRoundTripThroughASharedFile() {
        var generator = GridDictionaryGenerator(seed: 32_2026)
        var sharedSome = 0
        for round in 0..<150 {
            // Three dictionaries built around two subtrees they have in common.
            let common = [generator.dictionary(depth: 1), generator.dictionary(depth: 1)]
            var values: [JSONValue] = []
            for _ in 0..<3 {
                var children = (0..<Int.random(in: 1...3, using: &generator.random)).map { _ in generator.dictionary(depth: 2) }
                for piece in common where generator.chance(80) { children.insert(piece, at: Int.random(in: 0...children.count, using: &generator.random)) }
                values.append(.object([JSONMember(generator.pick(["rows", "cols"]), .array(children + [generator.pick(common)]))]))
            }
            let dialect = Dialect.v2
            let inputs = values.enumerated().map { (value: $0.element, name: "l\($0.offset)", source: "l\($0.offset).json") }
            let result = Importer.importLayouts(inputs, dialect: dialect, sharedPath: "lib/cards.trellis", sharedSource: "the test")
            if result.shared.contains("template ") { sharedSome += 1 }
            var files = ["lib/cards.trellis": result.shared]
            for (index, layout) in result.layouts.enumerated() { files["l\(index).trellis"] = layout.text }
            let project = InMemoryFiles(files)
            XCTAssertEqual(
                project.load("lib/cards.trellis").diagnostics.filter { $0.severity == .error }.map(\.message), [], "round \(round)\n\(result.shared)")
            for (index, value) in values.enumerated() {
                let loaded = project.load("l\(index).trellis", target: dialect)
                XCTAssertEqual(
                    loaded.diagnostics.filter { $0.severity == .error }.map(\.message), [], "round \(round)\n\(result.shared)\n\(result.layouts[index].text)")
                guard let layout = loaded.layouts.first else { continue }
                if let difference = layout.runtime.firstDifference(from: RuntimeReading.root(value, dialect: dialect), path: "") {
                    XCTFail("round \(round): \(difference)\n\(result.shared)\n\(result.layouts[index].text)")
                }
            }
        }
        XCTAssertGreaterThan(sharedSome, 50, "the inputs share subtrees, so most imports share templates")
    }
}

/// Random grid dictionaries: every key, every size form, wrong types, unknown keys, deep trees.
struct GridDictionaryGenerator {
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    mutating func pick<T>(_ options: [T]) -> T { random.pick(options) }
    mutating func chance(_ percent: Int) -> Bool { random.chance(percent) }

    mutating func size() -> JSONValue {
        pick([
            .number(120), .number(0), .number(0.5), .number(0.15), .number(-0.25), .number(-0.3333), .number(12.5), .number(-2),
            .number(-99999), .number(-99998), .string("fill"), .string("wrap"), .string("33%"), .string("-50%"), .string("33.333333%"),
            .string("-33.333333%"), .string("100%"), .string("150%"), .string("100.0%"), .string("20"), .string("auto"), .string("abc%"),
            .string("33.30%"), .bool(true), .null, .array([]),
        ])
    }

    mutating func color() -> JSONValue {
        pick([.string("#EEEEEE"), .string("#80FF0000"), .string("#AAA"), .string("red"), .string("Gray"), .string("fill"), .string("not a color"), .number(3)])
    }

    mutating func member() -> JSONMember {
        switch Int.random(in: 0..<16, using: &random) {
        case 0:
            return JSONMember(
                "padding", pick([.string("{1,2,3,4}"), .string("{5, 5, 5, 5}"), .string("{0,0,0,0}"), .string("10,0,10,0"), .string(""), .number(5)]))
        case 1: return JSONMember(pick(["space", "spacing"]), pick([.number(5), .number(2.5), .string("5"), .null]))
        case 2:
            return JSONMember(
                "gravity", pick([.string("top|left"), .string("centerX"), .string("Top"), .string("topcenterX"), .string("bottom|trailing"), .number(1)]))
        case 3: return JSONMember("overlap", pick([.string("bottom|left"), .string("center"), .string("top")]))
        case 4: return JSONMember("anchor", pick([.bool(true), .bool(false), .string("true"), .string("no"), .number(1)]))
        case 5: return JSONMember("placeholder", pick([.bool(true), .bool(false), .string("YES")]))
        case 6: return JSONMember("tag", pick([.number(1001), .number(0), .number(12.7), .string("42"), .number(-3)]))
        case 7:
            return JSONMember(
                "action", pick([.string("handleTap:"), .string("handleTap"), .string("a:b:"), .string("not a selector"), .string(""), .number(2)]))
        case 8:
            return JSONMember(
                "action-data", pick([.string("https://例子.cn/😀"), .object([JSONMember("id", .number(3))]), .array([.number(1), .null]), .null, .bool(false)]))
        case 9, 10:
            var fields: [JSONMember] = []
            if chance(80) { fields.append(JSONMember("color", color())) }
            for key in ["thick", "head", "tail", "offset", "dash"] where chance(40) {
                fields.append(JSONMember(key, pick([.number(1), .number(0), .number(2.5), .string("1")])))
            }
            if chance(10) { fields.append(JSONMember("colour", .string("red"))) }
            return JSONMember(
                pick(["top-borderline", "left-borderline", "bottom-borderline", "right-borderline"]),
                chance(90) ? .object(fields) : .string("1px solid"))
        case 11: return JSONMember(pick(["x-note", "gravty", "Size", "rows-extra"]), pick([.string("kept"), .number(1), .object([])]))
        default: return JSONMember("size", size())
        }
    }

    mutating func dictionary(depth: Int) -> JSONValue {
        var members: [JSONMember] = []
        for _ in 0..<Int.random(in: 0...4, using: &random) { members.append(member()) }
        if depth < 5, chance(depth == 0 ? 90 : 45) {
            let count = Int.random(in: 1...5, using: &random)
            var children: [JSONValue] = []
            let repeated = chance(30) ? dictionary(depth: depth + 1) : nil
            for _ in 0..<count {
                if chance(3) {
                    children.append(.number(5))
                    continue
                }
                children.append(repeated ?? dictionary(depth: depth + 1))
            }
            let keys = chance(5) ? ["cols", "rows"] : [pick(["rows", "cols"])]
            for key in keys { members.append(JSONMember(key, .array(children))) }
        }
        if chance(3) { members.append(JSONMember("rows", .object([]))) }
        return .object(members)
    }
}

extension Substring {
    func trimmingCharacters() -> String { String(drop(while: { $0 == " " })) }
}
