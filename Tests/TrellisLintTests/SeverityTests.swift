import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// `DiagnosticCode.severity` is the severity every finding of a code has (or one of its
/// `milderSeverities`): on the examples, the annotated fixtures, generated programs (whole
/// and with words dropped or swapped), their JSON (whole and broken), an input for each code
/// those miss, and the corpus. Every code is seen but the two 4 GiB limits.
final class SeverityTests: XCTestCase {
    func testEveryFindingHasItsCodesSeverity() throws {
        var sources: [(SourceFile, InputKind)] = []
        for folder in [TestPaths.examples, TestPaths.packageRoot.appendingPathComponent("Tests/fixtures/diagnostics")] {
            for url in TestPaths.files(in: folder, withExtension: "trellis") {
                sources.append((SourceFile(name: url.lastPathComponent, bytes: try TestPaths.bytes(url)), .trellis))
            }
        }
        var generator = ProgramGenerator(seed: 31)
        var random = SeededRandom(seed: 32)
        let words = [
            "gravity(topp)", "colour", "spase(2)", "tag(0)", "padding(1 2 3)", "* 0", "120%", "-2", "|", "{", "}", "rowz", "anchor", "overlap(top)", "wrap",
        ]
        for number in 0..<400 {
            let program = generator.program()
            var parts = program.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            for _ in 0..<Int.random(in: 0..<4, using: &random) where !parts.isEmpty {
                let index = Int.random(in: 0..<parts.count, using: &random)
                if random.chance(50) { parts[index] = random.pick(words) } else { parts.remove(at: index) }
            }
            sources.append((SourceFile(name: "p\(number).trellis", text: program), .trellis))
            sources.append((SourceFile(name: "m\(number).trellis", text: parts.joined(separator: " ")), .trellis))
            for layout in LoadedFile.load(SourceFile(name: "p.trellis", text: program), kind: .trellis).layouts {
                var json = Array(layout.jsonBytes(style: .pretty))
                sources.append((SourceFile(name: "j\(number).json", bytes: json), .json))
                if !json.isEmpty { json.remove(at: Int.random(in: 0..<json.count, using: &random)) }
                sources.append((SourceFile(name: "b\(number).json", bytes: json), .json))
            }
        }
        // The codes the inputs above never show, each by a small input of its own.
        let chain = (0...310).map { "template t\($0) { rows t\($0 + 1) | fill }" }.joined(separator: "\n")
        let deep = (0...305).map { "template d\($0) { rows \($0 == 305 ? "fill" : "d\($0 + 1)") | fill }" }.joined(separator: "\n")
        let targeted = [
            "layout a rows 20 action(\"handleTap:)",
            "layout a " + String(repeating: "rows { ", count: Parser.maximumDepth + 2) + "fill",
            "template a { rows b | fill }\ntemplate b { rows a | fill }\nlayout x rows a | fill",
            "template t { rows 1 * 1000 }\nlayout x rows t * 1001",
            "preview 375x667@5x\nlayout a rows fill",
            chain + "\nlayout x rows t0 | fill",
            deep + "\nlayout x rows d0 | fill",
            "preview 375x667@2x rtl\nlayout a cols { 100 bottom-borderline(color red thick 1); fill }",
            "preview 300xwrap@2x\n" + PassRuleTests.neverSettles,
        ]
        for (number, text) in targeted.enumerated() { sources.append((SourceFile(name: "t\(number).trellis", text: text), .trellis)) }
        sources.append((SourceFile(name: "deep.json", text: String(repeating: "[", count: JSONReader.maximumDepth + 2)), .json))
        // What only the corpus shows otherwise (a clone without ../shared must hold them too).
        for (number, text) in [#"{"rows":[{"size":"33%"}，{"size":"150%"},{"size":0.5}]}"#].enumerated() {
            sources.append((SourceFile(name: "c\(number).json", text: text), .json))
        }
        if let files = try? TestPaths.corpusFiles("seeds", "mylayout", "runtime") {
            for url in files { sources.append((SourceFile(name: url.lastPathComponent, bytes: try TestPaths.bytes(url)), .json)) }
        }
        var seen: Set<String> = []
        // On the executables' stack: the targeted inputs nest as deep as the limits allow.
        let inputs = sources
        let found = OnLargeStack.run {
            inputs.map { source, kind in [nil, Dialect.any].map { Linter.lint(LoadedFile.load(source, kind: kind, target: $0)) } }
        }
        for ((source, _), findings) in zip(sources, found) {
            for diagnostics in findings {
                for diagnostic in diagnostics {
                    seen.insert(diagnostic.code.id)
                    let allowed = [diagnostic.code.severity] + diagnostic.code.milderSeverities
                    XCTAssertTrue(
                        allowed.contains(diagnostic.severity),
                        "\(source.name): \(diagnostic.code) is \(diagnostic.severity), not \(allowed): \(diagnostic.message)")
                }
            }
        }
        // The project file's codes, from its own tests' broken file.
        for diagnostic in ProjectFile.read(SourceFile(name: "trellis.toml", text: Self.brokenProjectFile)).diagnostics {
            seen.insert(diagnostic.code.id)
            XCTAssertEqual(diagnostic.severity, diagnostic.code.severity, diagnostic.message)
        }
        // The codes of `use`, from a project in memory with each mistake.
        let project = InMemoryFiles([
            "cards.trellis": "template card { 10 }\ntemplate twice { 5 }\n",
            "more.trellis": "template twice { 6 }\ntemplate more { 1 }\n",
            "broken.trellis": "template bad { 10 oops(1) }\n",
            "loop.trellis": "use \"home.trellis\"\ntemplate loop { 1 }\n",
            "../away.trellis": "template away { 1 }\n",
            "home.trellis": """
            use "cards.trellis"
            use "more.trellis"
            use "missing.trellis"
            use "broken.trellis"
            use "loop.trellis"
            use "../away.trellis"
            layout home rows card | twice | bad | away
            use "unused.trellis"
            """,
        ])
        for diagnostic in Linter.lint(project.load("home.trellis", inside: ["home.trellis", "cards.trellis", "more.trellis", "broken.trellis"])) {
            seen.insert(diagnostic.code.id)
            XCTAssertEqual(diagnostic.severity, diagnostic.code.severity, diagnostic.message)
        }
        let unused = InMemoryFiles(["cards.trellis": "template card { 10 }\n", "home.trellis": "use \"cards.trellis\"\nlayout home rows fill\n"])
        for diagnostic in Linter.lint(unused.load("home.trellis")) {
            seen.insert(diagnostic.code.id)
            XCTAssertEqual(diagnostic.severity, diagnostic.code.severity, diagnostic.message)
        }
        // A change against a baseline version (`check --against`): a leaf inserted first.
        let baseline = LoadedFile.load(SourceFile(name: "t.trellis", text: "layout l rows 20 | fill\n"), kind: .trellis)
        let changed = LoadedFile.load(SourceFile(name: "t.trellis", text: "layout l rows 10 | 20 | fill\n"), kind: .trellis)
        let changes = zip(baseline.layouts, changed.layouts).map { old, new in
            ScreenDiff.compare(name: new.name, old: old.runtime, new: new.runtime, viewports: [Viewport(width: 375, height: 667, scale: 2)])
        }
        for diagnostic in BaselineRules.findings(changed, changes: changes, revision: "HEAD", options: LintOptions()) {
            seen.insert(diagnostic.code.id)
            XCTAssertEqual(diagnostic.severity, diagnostic.code.severity, diagnostic.message)
        }
        // Every code is held, but the two limits no test can reach (a file of 4 GiB; the
        // readers' tests lower the limit to see them).
        let unreachable: Set<String> = [DiagnosticCode.fileTooLarge.id, DiagnosticCode.jsonFileTooLarge.id]
        let unseen = DiagnosticCode.allCases.map(\.id).filter { !seen.contains($0) && !unreachable.contains($0) }
        XCTAssertEqual(unseen, [], "codes no input shows, so their severity is not held")
    }

    static let brokenProjectFile = """
        [project]
        target = 3
        out-dir = 5
        include = []
        include = []
        bad line
        [lnit]
        """
}
