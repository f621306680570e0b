import TrellisLint
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// `check --fix` never changes meaning beyond what a diagnostic said: over generated grid
/// dictionaries and their Trellis imports with one injected mistake each, applying the safe
/// fixes restores the original runtime model exactly (or, for a renamed key, changes that key
/// only), and never the number or nesting of grids.
final class FixerPropertyTests: XCTestCase {
    /// A random grid dictionary as JSON text (keys the runtime reads, some nesting).
    func grid(_ random: inout SeededRandom, depth: Int) -> String {
        var members: [String] = [#""size": \#(random.pick([#""fill""#, #""wrap""#, "20", #""33%""#, #""-50%""#, "0.5"]))"#]
        if random.chance(30) { members.append(#""padding": "{\#(random.pick(["1,2,3,4", "5,5,5,5", "0,10,0,10"]))}""#) }
        if random.chance(20) { members.append(#""gravity": "\#(random.pick(["top|left", "centerY", "bottom"]))""#) }
        if random.chance(15) { members.append(#""tag": \#(random.pick([7, 1001]))"#) }
        if random.chance(10) { members.append(##""bottom-borderline": {"color": "#EEEEEE", "thick": 1}"##) }
        if depth < 3, random.chance(50) {
            let key = random.pick(["rows", "cols"])
            let children = (0..<Int.random(in: 1...4, using: &random)).map { _ in grid(&random, depth: depth + 1) }
            members.append("\"\(key)\": [" + children.joined(separator: ", ") + "]")
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// The tree's shape: how many grids and how they nest.
    func shape(_ grid: RuntimeGrid) -> String {
        var out = ""
        var stack: [(RuntimeGrid, Bool)] = [(grid, false)]
        while let (node, closing) = stack.popLast() {
            if closing {
                out += ")"
                continue
            }
            out += "("
            stack.append((node, true))
            for child in node.children.reversed() { stack.append((child, false)) }
        }
        return out
    }

    func runtime(_ bytes: [UInt8], kind: InputKind) -> RuntimeGrid? {
        LoadedFile.load(SourceFile(name: kind == .json ? "t.json" : "t.trellis", bytes: bytes), kind: kind, target: .v2).layouts.first?.runtime
    }

    func fixed(_ text: String, kind: InputKind) -> Fixer.Outcome {
        Fixer.fix(SourceFile(name: kind == .json ? "t.json" : "t.trellis", text: text), kind: kind, target: .v2, options: LintOptions(), unsafe: false)
    }

    /// The safe fixes of `broken` give back `original`'s runtime model, every grid in place,
    /// and no error remains.
    func assertFixRestores(_ broken: String, _ original: RuntimeGrid, kind: InputKind, round: Int, line: UInt = #line) throws {
        let outcome = fixed(broken, kind: kind)
        let place = "round \(round):\n\(broken)\n→\n\(String(decoding: outcome.bytes, as: UTF8.self))"
        let repaired = try XCTUnwrap(runtime(outcome.bytes, kind: kind), place, line: line)
        XCTAssertEqual(shape(repaired), shape(original), place, line: line)
        XCTAssertNil(repaired.firstDifference(from: original, path: ""), place, line: line)
        XCTAssertFalse(outcome.remaining.contains { $0.severity == .error }, place, line: line)
    }

    /// Mistakes people make in grid-dictionary JSON, each undone exactly by its safe fix.
    func injectJSON(_ text: String, _ random: inout SeededRandom) -> String? {
        let bytes = Array(text.utf8)
        // Punctuation outside strings only.
        var structural: [Int] = []
        var inString = false
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\"") { inString.toggle() } else if !inString { structural.append(index) }
        }
        let commas = structural.filter { bytes[$0] == UInt8(ascii: ",") }
        let colons = structural.filter { bytes[$0] == UInt8(ascii: ":") }
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            guard let comma = commas.randomElement(using: &random) else { return nil }
            return String(decoding: bytes[..<comma] + Array("，".utf8) + bytes[(comma + 1)...], as: UTF8.self)
        case 1:
            guard let colon = colons.randomElement(using: &random) else { return nil }
            return String(decoding: bytes[..<colon] + bytes[(colon + 1)...], as: UTF8.self)
        case 2:
            guard let close = structural.filter({ bytes[$0] == UInt8(ascii: "}") || bytes[$0] == UInt8(ascii: "]") }).randomElement(using: &random) else {
                return nil
            }
            return String(decoding: bytes[..<close] + Array(",".utf8) + bytes[close...], as: UTF8.self)
        default:
            return text.replacing(#""size""#, with: "size", maxReplacements: 1)
        }
    }

    func testSafeFixesUndoInjectedJSONMistakes() throws {
        var random = SeededRandom(seed: 31)
        var checked = 0
        for round in 0..<800 {
            let clean = grid(&random, depth: 0)
            guard let original = runtime(Array(clean.utf8), kind: .json), let broken = injectJSON(clean, &random) else { continue }
            try assertFixRestores(broken, original, kind: .json, round: round)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 700)
    }

    /// The same dictionaries imported to Trellis, with a separator typed as `,` or `，`, or a
    /// `)` left out at the end of a line.
    func testSafeFixesUndoInjectedTrellisMistakes() throws {
        var random = SeededRandom(seed: 32)
        var checked = 0
        for round in 0..<600 {
            let clean = grid(&random, depth: 0)
            guard let value = JSONReader.read(SourceFile(name: "t.json", text: clean)).root?.value else { continue }
            let trellis = Importer.importLayout(value, dialect: .v2, name: "t", source: "t.json").text
            guard let original = runtime(Array(trellis.utf8), kind: .trellis) else { continue }
            let mistake = random.pick(["，", ",", ")"])
            let broken: String
            if mistake == ")" {
                guard let range = trellis.range(of: ")\n") else { continue }
                broken = trellis.replacingCharacters(in: range, with: "\n")
            } else {
                guard let range = trellis.range(of: " | ") else { continue }
                broken = trellis.replacingCharacters(in: range, with: mistake)
            }
            try assertFixRestores(broken, original, kind: .trellis, round: round)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// On the corpus and the examples, fixing never changes the number or nesting of grids.
    func testFixingTheCorpusKeepsEveryGrid() throws {
        var files = try TestPaths.corpusFiles("seeds")
        files += try TestPaths.corpusFiles("mylayout")
        files += TestPaths.files(in: TestPaths.examples, withExtension: "trellis")
        for url in files {
            let kind: InputKind = url.pathExtension == "json" ? .json : .trellis
            let bytes = try TestPaths.bytes(url)
            guard let before = runtime(bytes, kind: kind) else { continue }
            let outcome = Fixer.fix(SourceFile(name: url.lastPathComponent, bytes: bytes), kind: kind, target: .v2, options: LintOptions(), unsafe: false)
            let after = try XCTUnwrap(runtime(outcome.bytes, kind: kind), url.lastPathComponent)
            XCTAssertEqual(shape(after), shape(before), url.lastPathComponent)
        }
    }
}
