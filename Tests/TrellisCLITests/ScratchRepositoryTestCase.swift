import Foundation
import TrellisTestSupport
import XCTest

/// Tests of the commands that read git (`trellis diff REV`, `--against REV`): each test gets a
/// scratch folder, files written into it, and `trellis` and `git` run in it (git with a fixed
/// author and no signing, its output read from a file outside the folder).
class ScratchRepositoryTestCase: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = try temporaryDirectory()
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func trellis(_ arguments: [String]) throws -> TrellisRun { try TrellisRun.run(arguments, in: root) }

    /// Runs git in the scratch folder; what it printed.
    @discardableResult
    func git(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = root
        let output = try temporaryDirectory().appendingPathComponent("git-output")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
        return try String(contentsOf: output, encoding: .utf8)
    }
}
