import TrellisLint
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// The project file: its settings, and each key or value that is not the schema's said once
/// at its place (P002–P005).
final class ProjectFileTests: XCTestCase {
    static let example = """
        [project]
        target = 2                                   # 1, 2 or "any"
        previews = ["375x667@2x", "320xwrap@3x rtl"]
        include = ["layouts/**/*.trellis", "payloads/**/*.json"]
        exclude = ["**/fixtures/**"]
        out-dir = "build/layouts"

        [lint]
        disable = ["M112"]
        warnings-as-errors = true

        [[lint.per-path]]
        paths = ["legacy/**"]
        disable = ["m117"]
        """

    func read(_ text: String) -> ProjectFile { ProjectFile.read(SourceFile(name: "trellis.toml", text: text)) }

    func testTheIssuesExampleSetsEveryKey() {
        let file = read(Self.example)
        XCTAssertEqual(file.diagnostics.map(\.message), [])
        let settings = file.settings
        XCTAssertEqual(settings.target, .v2)
        XCTAssertEqual(settings.previews.map(\.description), ["375x667@2x", "320xwrap@3x rtl"])
        XCTAssertEqual(settings.outDir, "build/layouts")
        XCTAssertEqual(settings.codes.disabled, [.tagZero])
        XCTAssertTrue(settings.warningsAsErrors)
        XCTAssertTrue(settings.includes("layouts/a/home.trellis"))
        XCTAssertTrue(settings.includes("payloads/home.json"))
        XCTAssertFalse(settings.includes("layouts/fixtures/x.trellis"))
        XCTAssertFalse(settings.includes("package.json"))
        XCTAssertEqual(settings.codes(forPath: "legacy/old.trellis").disabled, [.tagZero, .spaceVersusSpacing])
        XCTAssertEqual(settings.codes(forPath: "layouts/home.trellis").disabled, [.tagZero])
        XCTAssertEqual(settings.codes(forPath: nil).disabled, [.tagZero])
    }

    /// `warn` and `error` beside `disable`, in `[lint]` and per path: a later table wins for a
    /// code both name; an error is never made a warning; a code is in one list of a table.
    func testSeveritiesPerCodeAndPerPath() {
        let text = """
            [lint]
            disable = ["M112"]
            warn = ["M105", "L003"]
            error = ["M117", "L001"]

            [[lint.per-path]]
            paths = ["legacy/**"]
            disable = ["M117"]
            warn = ["L001"]

            [[lint.per-path]]
            paths = ["legacy/strict/**"]
            error = ["M112", "M117"]
            """
        let file = read(text)
        XCTAssertEqual(file.diagnostics.map(\.message), [])
        let settings = file.settings
        let everywhere = settings.codes(forPath: "home.trellis")
        XCTAssertEqual(everywhere.disabled, [.tagZero])
        XCTAssertEqual(
            everywhere.severities,
            [.numberReadAsRatio: .warning, .sizeDependsOnUnknownView: .warning, .spaceVersusSpacing: .error, .childrenOverflow: .error])
        let legacy = settings.codes(forPath: "legacy/old.trellis")
        XCTAssertEqual(legacy.disabled, [.tagZero, .spaceVersusSpacing])
        XCTAssertEqual(legacy.severities[.childrenOverflow], .warning)
        XCTAssertNil(legacy.severities[.spaceVersusSpacing])
        // The stricter folder reports again what `[lint]` and the first table disabled.
        let strict = settings.codes(forPath: "legacy/strict/new.trellis")
        XCTAssertEqual(strict.disabled, [])
        XCTAssertEqual(strict.severities[.tagZero], .error)
        XCTAssertEqual(strict.severities[.spaceVersusSpacing], .error)

        let source = SourceFile(name: "trellis.toml", text: "[lint]\nwarn = [\"S004\", \"M104\", \"M112\"]\nerror = [\"M112\"]\ndisable = [\"U001\"]\n")
        let wrong = ProjectFile.read(source)
        XCTAssertEqual(
            wrong.diagnostics.map { "\($0.code.id) \(source.text(in: $0.range)) \($0.message)" },
            [
                "P004 \"S004\" `S004` (Unexpected tokens) is an error: the file does not build, or the runtime fails on it; it cannot be made a warning",
                "P004 \"M104\" `M104` (Size below -1) is an error: the file does not build, or the runtime fails on it; it cannot be made a warning",
                "P004 \"M112\" `M112` is in `warn` already: give each code in one of `disable`, `warn` and `error`",
                "P004 \"U001\" `U001` (Used file not found) is an error: the file does not build, or the runtime fails on it; it cannot be disabled",
            ])
        XCTAssertEqual(wrong.settings.codes.severities, [.tagZero: .warning])
    }

    func testWithoutIncludeEveryTrellisAndJSONFileIsTheProjects() {
        let settings = read("[project]\nexclude = [\"vendor/**\"]\n").settings
        XCTAssertTrue(settings.includes("a/b.trellis"))
        XCTAssertTrue(settings.includes("c.json"))
        XCTAssertFalse(settings.includes("vendor/c.json"))
        XCTAssertFalse(settings.includes("README.md"))
    }

    func testEachMistakeIsSaidAtItsPlace() {
        let text = """
            [project]
            target = 3
            previews = ["375by667", "375x667@2", "375x667"]
            includes = []
            exclude = ["/abs"]
            out-dir = 5

            [lint]
            disable = ["M999"]
            warnings-as-errors = "yes"
            disable = []

            [lnit]
            x = 1

            [lint.per-path]
            [[lint.per-path]]
            disable = []
            """
        let source = SourceFile(name: "trellis.toml", text: text)
        let file = ProjectFile.read(source)
        let found = file.diagnostics.map { "\(source.lineIndex(of: $0.range.lowerBound) + 1) \($0.code.id) \(source.text(in: $0.range))" }
        XCTAssertEqual(
            found,
            [
                "2 P004 3", "3 P004 \"375by667\"", "3 P004 \"375x667@2\"", "3 P004 \"375x667\"", "4 P002 includes", "5 P004 \"/abs\"", "6 P003 5",
                "9 P004 \"M999\"", "10 P003 \"yes\"",
                "11 P005 disable", "13 P002 [lnit]", "16 P004 [lint.per-path]", "17 P004 [[lint.per-path]]",
            ])
        XCTAssertTrue(file.diagnostics.allSatisfy { $0.severity == .error })
        XCTAssertEqual(file.diagnostics.first { $0.code == .unknownProjectKey }?.message, "`[project]` has no key `includes`; did you mean `include`?")
        // What could be read still applies: the first `disable` counts.
        XCTAssertEqual(file.settings.codes.disabled, [])
    }

    /// What TOML makes invalid, and what names nothing, is said; the first value counts.
    func testTablesKeysAndFoldersThatNameNothing() {
        func messages(_ text: String) -> [String] { read(text).diagnostics.map(\.message) }
        let twice = read("[lint]\ndisable = [\"L003\"]\n[lint]\ndisable = []\n")
        XCTAssertEqual(twice.diagnostics.map(\.message), ["the table `[lint]` is opened twice; give its keys under the first"])
        XCTAssertEqual(twice.settings.codes.disabled, [.sizeDependsOnUnknownView])
        XCTAssertEqual(messages("lint.disable = []\n[lint]\ndisable = []\n"), ["`disable` is given twice in `[lint]`"])
        XCTAssertEqual(
            messages("\"lint.disable\" = [\"M112\"]\n"),
            ["there is no key `lint.disable`: a quoted key with a `.` names no key; write its parts unquoted"])
        XCTAssertEqual(messages("[[\"lint.per-path\"]]\npaths = []\n"), ["there is no table `[\"lint.per-path\"]`; did you mean `lint.per-path`?"])
        XCTAssertEqual(messages("target = 2\n"), ["`target` belongs in a table: write it under `[project]`"])
        for folder in ["/tmp/out", "", "../out", "./"] {
            XCTAssertEqual(
                messages("[project]\nout-dir = \"\(folder)\"\n"),
                ["`out-dir` is a folder inside the project, relative to its root, such as \"build/layouts\""], folder)
        }
        XCTAssertEqual(read("[project]\nout-dir = \"./build//layouts\"\n").settings.outDir, "build/layouts")
        // Keys under a header that could not be read are not called unknown.
        XCTAssertEqual(messages("[lint\ndisable = []\n"), ["expected `]` to close the table header"])
    }

    /// Any bytes give settings and diagnostics inside the file.
    func testAnyBytesGiveDiagnosticsInsideTheFile() {
        var random = SeededRandom(seed: 5)
        let words = Self.example.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for _ in 0..<1_000 {
            var parts = words
            for _ in 0..<Int.random(in: 1..<6, using: &random) where !parts.isEmpty {
                let index = Int.random(in: 0..<parts.count, using: &random)
                if random.chance(50) { parts.remove(at: index) } else { parts[index] = random.pick(["[", "=", "\"", "]]", "x", "首页", "true", "1"]) }
            }
            let text = parts.joined(separator: " ")
            let file = read(text)
            for diagnostic in file.diagnostics {
                XCTAssertTrue(diagnostic.range.upperBound <= text.utf8.count && diagnostic.range.lowerBound >= 0, text)
            }
        }
    }
}
