import Foundation
import TrellisTestSupport
import XCTest

/// Every ```console block in README.md and docs/ is run and compared with what the real
/// executable prints (standard error, then standard output). `$ ` starts a command; the lines
/// after it are its output, where `…` stands for any number of lines; a command shown without
/// output must still run without a usage error. Commands run in a scratch folder laid out like
/// the repository (examples/, layouts/), so nothing in the repository is written; they read
/// only what the repository ships, so the tour works from a bare clone.
final class DocsConsoleTests: XCTestCase {
    struct Step {
        var command: String
        var expected: [String]
        var place: String
    }

    static func steps(in url: URL) throws -> [Step] {
        let text = try TestPaths.text(url)
        var steps: [Step] = []
        var inside = false
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```console") {
                inside = true
                continue
            }
            if inside, line.hasPrefix("```") {
                inside = false
                continue
            }
            guard inside else { continue }
            if line.hasPrefix("$ ") {
                steps.append(Step(command: String(line.dropFirst(2)), expected: [], place: "\(url.lastPathComponent):\(number + 1)"))
            } else if !steps.isEmpty {
                steps[steps.count - 1].expected.append(String(line))
            }
        }
        return steps
    }

    /// Whether `lines` match `pattern`, where a pattern line `…` matches any run of lines.
    static func matches(_ lines: ArraySlice<String>, _ pattern: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return lines.isEmpty }
        if first == "…" {
            let rest = pattern.dropFirst()
            for start in lines.startIndex...lines.endIndex where matches(lines[start...], rest) { return true }
            return false
        }
        guard let line = lines.first, line == first else { return false }
        return matches(lines.dropFirst(), pattern.dropFirst())
    }

    func testEveryConsoleBlockMatchesTheRealOutput() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-docs-\(UUID().uuidString)")
        let work = scratch.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.copyItem(at: TestPaths.examples, to: work.appendingPathComponent("examples"))
        try FileManager.default.copyItem(at: TestPaths.examples, to: work.appendingPathComponent("layouts"))
        let binary = TestPaths.products.appendingPathComponent("trellis").path
        let documents =
            [TestPaths.packageRoot.appendingPathComponent("README.md")]
            + TestPaths.files(in: TestPaths.packageRoot.appendingPathComponent("docs"), withExtension: "md")
        var checked = 0
        for document in documents {
            for step in try Self.steps(in: document) {
                XCTAssertFalse(step.command.contains("shared/"), "\(step.place): `\(step.command)` reads ../shared, which a clone does not have")
                let command = step.command.replacingOccurrences(of: "swift run trellis", with: "'\(binary)'")
                let run = try shell(command, in: work)
                XCTAssertNotEqual(run.status, 2, "\(step.place): `\(step.command)` is a usage error:\n\(run.output)")
                XCTAssertLessThan(run.status, 64, "\(step.place): `\(step.command)` crashed:\n\(run.output)")
                guard !step.expected.isEmpty else { continue }
                var lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if lines.last == "" { lines.removeLast() }
                var pattern = step.expected
                while pattern.last == "" { pattern.removeLast() }
                XCTAssertTrue(
                    Self.matches(lines[...], pattern[...]),
                    "\(step.place): `\(step.command)` printed:\n\(run.output)\n--- the docs say:\n\(pattern.joined(separator: "\n"))")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 8)
    }

    /// The docs offer only versions a user can depend on: no release is tagged, so they name
    /// a commit, and the version they quote is the tool's own.
    func testTheDocsNameVersionsThatExist() throws {
        let version = try TrellisRun.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(version, "trellis 0.1.0")
        for name in ["README.md", "docs/swiftpm.md", "docs/ci.md"] {
            let text = try TestPaths.text(TestPaths.packageRoot.appendingPathComponent(name))
            XCTAssertFalse(text.contains("from: \""), "\(name) depends on a release that does not exist")
            XCTAssertNil(text.range(of: #"rev: v[0-9]"#, options: .regularExpression), "\(name) names a tag that does not exist")
        }
        XCTAssertTrue(try TestPaths.text(TestPaths.packageRoot.appendingPathComponent("docs/swiftpm.md")).contains("`\(version.dropFirst("trellis ".count))`"))
    }

    func shell(_ command: String, in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Standard error first, then standard output, as the docs show them.
        process.arguments = ["-c", "{ \(command)\n} 2>.stderr >.stdout; status=$?; cat .stderr .stdout; rm -f .stderr .stdout; exit $status"]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
