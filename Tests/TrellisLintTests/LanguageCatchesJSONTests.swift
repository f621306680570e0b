import TrellisLayout
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisLint

/// Whatever `trellis check` flags in the JSON a Trellis file builds to, it flags in the
/// Trellis file too, at its Trellis spelling: the language never lets a silent runtime
/// failure through that the JSON check would catch.
final class LanguageCatchesJSONTests: XCTestCase {
    /// The Trellis codes that report what a JSON code reports (the language's own code for
    /// the same value where it differs).
    static let equivalents: [String: Set<String>] = [
        "M103": ["M006"], "M104": ["M104", "M006"], "J008": ["M009", "J008"],
    ]
    /// Codes that cannot correspond: `content(WxH)` sizes a view in Trellis previews only, so
    /// the JSON's rules see an unknown view (L003) or a gravity view that sets no size (M108)
    /// where the Trellis file's do not.
    static let previewOnly: Set<String> = ["L003", "M108"]

    static let sizes = [
        "10", "33%", "-50%", "1/3", "fill", "wrap", "0", "_", "20.5", "150%", "-150%", "100%", "-100%", "0.5",
        "-0.5", "1.5", "-1.2", "-1", "1", "3/2", "1e9", "-0", "99.9999%", "100.0%", "200",
    ]
    static let attributes = [
        "padding(5)", "padding(-5)", "padding(1 2 3 4)", "padding(0.5)", "spacing(3)", "spacing(-3)",
        "gravity(top|left)", "gravity(centerY)", "gravity(width)", "overlap(bottom | left)", "overlap(top)",
        "anchor", "placeholder", "anchor(false)", "tag(7)", "tag(0)", "tag(-1)", "tag(1.5)",
        "action(handleTap:)", "action(tap)", "action(a:b:)", "action-data(\"数据\")",
        "bottom-borderline(color #EEEEEE thick 1)", "top-borderline(color #EEE thick 0.5)",
        "left-borderline(color red thick 2 dash 3)", "top-borderline(thick 0)",
        "json({\"x-a\": [1, 2]})", "json({\"size\": \"20\"})", "json({\"tag\": \"5\"})",
        "json({\"padding\": \"{5t ,5,5,5}\"})", "json({\"gravity\": 3})", "json({\"anchor\": 1})",
        "json({\"rows\": []})", "content(10x20)", "json({\"overlap\": \"bottom\"})", "json({\"gravity\": \"top\"})",
    ]

    func cell(_ random: inout SeededRandom, depth: Int) -> String {
        var parts: [String] = []
        if random.chance(80) { parts.append(random.pick(Self.sizes)) }
        for _ in 0..<Int.random(in: 0...2, using: &random) { parts.append(random.pick(Self.attributes)) }
        if depth < 3, random.chance(50) {
            let children = (0..<Int.random(in: 1...4, using: &random)).map { _ in cell(&random, depth: depth + 1) }
            parts.append(random.pick(["rows", "cols"]) + " { " + children.joined(separator: " ; ") + " }")
        }
        return parts.isEmpty ? "fill" : parts.joined(separator: " ")
    }

    func codes(_ file: LoadedFile) -> Set<String> { Set(Linter.lint(file).map(\.code.id)) }

    func testEveryJSONFindingIsFoundInTheTrellisFile() {
        var random = SeededRandom(seed: 2026_11_25)
        var compared = 0
        var seen: Set<String> = []
        for round in 0..<1_500 {
            let children = (0..<Int.random(in: 1...3, using: &random)).map { _ in cell(&random, depth: 1) }
            let text = "target mylayout \(random.pick([1, 2]))\nlayout l rows { \(children.joined(separator: " ; ")) }\n"
            let trellis = LoadedFile.load(SourceFile(name: "p.trellis", text: text), kind: .trellis)
            guard let layout = trellis.layouts.first else { continue }
            let trellisCodes = codes(trellis)
            let json = LoadedFile.load(SourceFile(name: "p.json", bytes: layout.jsonBytes(style: .pretty)), kind: .json, target: trellis.dialect)
            for code in codes(json).subtracting(Self.previewOnly) {
                seen.insert(code)
                let wanted = Self.equivalents[code] ?? [code]
                XCTAssertFalse(trellisCodes.isDisjoint(with: wanted), "round \(round): \(code) in the JSON, none of \(wanted.sorted()) in\n\(text)")
            }
            compared += 1
        }
        XCTAssertEqual(compared, 1_500)
        // The generator reaches the rules it is about.
        XCTAssertTrue(seen.isSuperset(of: ["M103", "M104", "M105", "J008", "M111", "M116", "M101", "M118", "M102"]), "\(seen.sorted())")
    }

    /// A finding inside a template's cell is reported once, at the template, with its uses.
    func testAFindingInATemplateIsReportedOnceWithItsUses() {
        let text = "template card { 50% rows { 10 cols 60% | 50% } }\nlayout home rows {\n  card\n  card | card\n}\n"
        let diagnostics = Linter.lint(LoadedFile.load(SourceFile(name: "t.trellis", text: text), kind: .trellis))
        let ratios = diagnostics.filter { $0.code.id == "M106" && $0.message.contains("cols") }
        XCTAssertEqual(ratios.count, 1)
        XCTAssertEqual(ratios.first?.labels.map(\.message), Array(repeating: "`card` used here", count: 3))
        XCTAssertTrue(ratios.first?.notes.contains { $0.contains("3 copies of its 3 uses") } == true, "\(ratios.first?.notes ?? [])")
    }

    func testOverlapInAnEscapeHatchOverwritesTheCellsSizeAndGravity() {
        let text = "layout l rows { 20 json({\"overlap\":\"bottom\"}) ; _ gravity(top) json({\"overlap\":\"top\"}) }"
        let diagnostics = Linter.lint(LoadedFile.load(SourceFile(name: "t.trellis", text: text), kind: .trellis)).filter { $0.code.id == "M111" }
        let bytes = Array(text.utf8)
        XCTAssertEqual(diagnostics.map { String(decoding: bytes[$0.range], as: UTF8.self) }, ["20", "gravity"])
    }

    func testAnEscapeHatchKeyTheCellGivesToo() {
        let text = "rows { 10 tag(3) json({\"size\": \"20\", \"tag\": 5, \"x-note\": 1}) }"
        let diagnostics = Linter.lint(LoadedFile.load(SourceFile(name: "t.trellis", text: text), kind: .trellis)).filter { $0.code.id == "M009" }
        let bytes = Array(text.utf8)
        XCTAssertEqual(diagnostics.map { String(decoding: bytes[$0.range], as: UTF8.self) }, ["\"size\"", "\"tag\""])
    }
}
