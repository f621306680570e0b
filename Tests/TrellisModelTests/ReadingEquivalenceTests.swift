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
            if generator.chance(10), text.count > 2 {
                // A bracket, quote or colon lost: the reader recovers in many ways.
                let cut = text.index(text.startIndex, offsetBy: round % (text.count - 1))
                text.remove(at: cut)
            }
            let read = JSONReader.read(text)
            guard let root = read.root else { continue }
            for dialect in [Dialect.v1, .v2, .any] {
                let fromSyntax = RuntimeReading.root(root, dialect: dialect)
                let fromValue = RuntimeReading.root(root.value, dialect: dialect)
                XCTAssertNil(fromSyntax.firstDifference(from: fromValue, path: ""), "round \(round): \(text)")
                assertRanges(fromSyntax, root, text: text)
            }
            XCTAssertEqual(LoadedFile.detectDialect(root), LoadedFile.detectDialect(root.value), text)
            XCTAssertEqual(LoadedFile.detectDialect(space: read.hasSpaceKey, spacing: read.hasSpacingKey), LoadedFile.detectDialect(root.value), text)
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
        for _ in 0..<3_000 { grids.append(RandomGrids.grid(random: &random)) }
        for (index, grid) in grids.enumerated() {
            for dialect in [Dialect.v1, .v2, .any] {
                let direct = RuntimeReading.root(authored: grid, dialect: dialect)
                // The text the independent writer writes, as the app reads it (a non-finite
                // number is written `null`).
                let text = JSONWriter.write(grid.jsonValue(dialect: dialect), style: .compact)
                guard let node = JSONReader.read(SourceFile(name: "grid.json", bytes: text)).root else { return XCTFail("grid \(index)") }
                var read = RuntimeReading.root(node, dialect: dialect)
                read.clearSourceRanges()
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

    /// Lowers `program` with and without the fast paths: the same grids and diagnostics.
    func assertFastPathsEqualTheGeneralPath(_ program: String, line: UInt = #line) {
        let tree = Parser.parse(SourceFile(name: "p.trellis", text: program)).tree
        let fast = Lowering.lower(tree, fastPaths: true)
        let general = Lowering.lower(tree, fastPaths: false)
        XCTAssertEqual(
            fast.document.layouts.map { $0.root.jsonValue(dialect: .v2) }, general.document.layouts.map { $0.root.jsonValue(dialect: .v2) }, program, line: line
        )
        XCTAssertEqual(
            fast.diagnostics.map { "\($0.code) \($0.range) \($0.message)" }, general.diagnostics.map { "\($0.code) \($0.range) \($0.message)" }, program,
            line: line)
    }

    /// The lowering's allocation-free reading of `padding` and `spacing` numbers gives the
    /// grids and diagnostics of the general path, on well-formed and broken argument lists.
    func testFastAttributePathsEqualTheGeneralPath() {
        var random = SeededRandom(seed: 5)
        let pieces = ["(", ")", "5", "1.5", ",", " ", "\n", " // c\n", "x", "-2", "1e3", "0x10", "|", "\"s\"", "10", "0", "9e999"]
        for _ in 0..<4_000 {
            var arguments: [String] = []
            for _ in 0..<2 {
                var text = random.chance(85) ? "(" : ""
                for _ in 0..<Int.random(in: 0..<7, using: &random) { text += random.pick(pieces) }
                if random.chance(85) { text += ")" }
                arguments.append(text)
            }
            let program = "layout l rows {\n  20 padding\(arguments[0]) spacing\(arguments[1])\n  fill\n}\n"
            assertFastPathsEqualTheGeneralPath(program)
        }
    }

    /// Gravity words read from their bytes give the text, grids and diagnostics of the
    /// general path (which reads each word as a string and joins them).
    func testGravityFastPathEqualsTheGeneralPath() {
        var random = SeededRandom(seed: 6)
        let pieces = [
            "top", "left", "bottom", "right", "centerX", "centerY", "width", "height", "leading", "trailing",
            "|", "|", ",", " ", "Top", "fill", "\"s|t\"", "x", "5", "top|left", "(", "😀",
        ]
        for _ in 0..<4_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<6, using: &random) { text += random.pick(pieces) }
            let name = random.chance(50) ? "gravity" : "overlap"
            let program = "layout l rows {\n  20 \(name)(\(text))\n}\n"
            assertFastPathsEqualTheGeneralPath(program)
        }
    }

    /// A selector read as one run of bytes gives the action and diagnostics of the general
    /// path (which joins its tokens' texts).
    func testSelectorFastPathEqualsTheGeneralPath() {
        var random = SeededRandom(seed: 8)
        let pieces = ["handleTap", ":", ":", "with", "x_1", " ", "\"s\"", ",", "_", "动作", "5", "|", " // c\n"]
        for _ in 0..<4_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<6, using: &random) { text += random.pick(pieces) }
            assertFastPathsEqualTheGeneralPath("layout l rows {\n  20 action(\(text))\n}\n")
        }
    }

    /// A borderline color read from its bytes (`#RRGGBB`) gives the color and diagnostics of
    /// the general path, which reads it as a string and checks it.
    func testBorderlineColorFastPathEqualsTheGeneralPath() {
        var random = SeededRandom(seed: 9)
        let colors = ["#EEEEEE", "#eeeeee", "#AbC123", "#abc", "#80FF0000", "#EEEEEG", "#EEEEE", "red", "Red", "nonsense", "\"#EEEEEE\"", "12", "#", "#😀😀😀"]
        let rest = ["", " thick 1", " thick 0.5", ", head 2", " dash", " colour red", " color red"]
        for _ in 0..<2_000 {
            let edge = random.pick(["top", "left", "bottom", "right"])
            let program =
                "layout l rows {\n  20 \(edge)-borderline(color \(random.pick(colors))\(random.pick(rest))) bottom-borderline(color \(random.pick(colors)))\n}\n"
            assertFastPathsEqualTheGeneralPath(program)
        }
    }

    /// A ratio size is read from its bytes as `Double(String)` reads each side: huge sides
    /// become infinities (then "not strictly between -1 and 1"), zero denominators are named.
    func testRatiosReadAsTheStandardLibraryReadsThem() {
        let sides = ["1", "2", "3", "0", "-1", "1.5", "0.25", "10", "1e3", "1e999", "7", "-0", "123456789012345678"]
        for numerator in sides {
            for denominator in sides where !denominator.hasPrefix("-") {
                let spelled = "\(numerator)/\(denominator)"
                let lowered = Lowering.lower(Parser.parse(SourceFile(name: "r.trellis", text: "rows \(spelled) | fill\n")).tree)
                let size = lowered.document.layouts.first?.root.children.first?.size
                guard let top = Double(numerator), let bottom = Double(denominator) else { return XCTFail(spelled) }
                let ratio = top / bottom
                if bottom == 0 {
                    XCTAssertTrue(lowered.diagnostics.contains { $0.message.contains("divides by zero") }, spelled)
                } else if ratio > -1, ratio < 1, ratio != 0 {
                    XCTAssertEqual(size, .percent(Lowering.percent(ofRatio: ratio)), spelled)
                } else {
                    XCTAssertTrue(lowered.diagnostics.contains { $0.message.contains("strictly between -1 and 1") }, spelled)
                }
            }
        }
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
        let pieces = [
            "{", "}", ",", " ", "\t", "\n", "\r", "\r\n", "1", "0", "-", "+", ".", "5", "e", "E", "x", "inf", "nan",
            "0x1p3", "12", "3.25", "１", "\u{301}", "_", "9999999999999999999",
        ]
        var samples = [
            "{1,2,3,4}", "{1, 2,3 ,4}", " {0,10,0,10} ", "{\r\n1,2,3,4}", "{1,2,3,4}\r\n", "{1e1,2,3,4}",
            "{+1,-2,.5,5.}", "{inf,1,1,1}", "{}", "{,,,}", "{1,2,3,4,5}", "{1,2,3}", "1,2,3,4",
        ]
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

/// What is read back from the written JSON of the deepest tree the lowering builds: whole,
/// where a file of that depth would pass the reader's limit.
final class WrittenJSONDepthTests: XCTestCase {
    func testTheDeepestLayoutReadsBackWhole() throws {
        // Three files' worth of nesting, each within the parser's 256: 100 + 100 + 100 levels.
        func nest(_ levels: Int, around leaf: String) -> String {
            String(repeating: "rows { ", count: levels) + leaf + String(repeating: " }", count: levels)
        }
        let depth = Lowering.maximumDepth
        let program = """
            template c { \(nest(99, around: "fill")) }
            template b { \(nest(100, around: "c")) }
            layout deep json({"x": 1}) \(nest(100, around: "b"))
            """
        // On the executables' stack, as the tools read it (AddressSanitizer's frames are large).
        let (file, read, written) = OnLargeStack.run {
            let file = LoadedFile.load(SourceFile(name: "deep.trellis", text: program), kind: .trellis)
            return (file, file.layouts.first?.runtime, file.layouts.first?.json)
        }
        XCTAssertFalse(file.diagnostics.hasErrors, "\(file.diagnostics.map(\.message))")
        var runtime = try XCTUnwrap(read)
        var levels = 1
        while let child = runtime.children.first {
            runtime = child
            levels += 1
        }
        XCTAssertEqual(levels, depth)
        var json = try XCTUnwrap(written)
        var jsonLevels = 1
        while let child = json["rows"]?.arrayElements?.first {
            json = child
            jsonLevels += 1
        }
        XCTAssertEqual(jsonLevels, depth)
    }
}
