import Foundation
import TrellisTestSupport
import XCTest

/// What trellis refuses to write, end to end: a FIFO or a device named for a rewrite in place
/// (refused without waiting on it). Each refusal exits 2 and leaves everything as it was.
final class RewriteRefusalTests: XCTestCase {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-refuse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testFIFOsAndDevicesAreNotRewrittenInPlace() throws {
        let folder = try temporaryDirectory()
        let fifo = folder.appendingPathComponent("pipe.trellis")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        for arguments in [["fmt", fifo.path], ["check", "--fix", fifo.path]] {
            let run = try TrellisRun.run(arguments, timeout: 20)
            XCTAssertNotEqual(run.status, TrellisRun.timedOut, "\(arguments) waited on the FIFO")
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("\(fifo.path) is a FIFO, not a regular file; it cannot be rewritten in place"), run.stderr)
        }
        let device = try TrellisRun.run(["fmt", "/dev/null"], timeout: 20)
        XCTAssertEqual(device.status, 2, device.stderr)
        XCTAssertTrue(device.stderr.contains("/dev/null is a character device, not a regular file"), device.stderr)
        // Standard input is still formatted to standard output, and --check still reads a stream.
        XCTAssertEqual(try TrellisRun.run(["fmt", "-"], stdin: "rows 1|2").stdout, "rows 1 | 2\n")
        XCTAssertEqual(try TrellisRun.run(["fmt", "--check", "/dev/null"], timeout: 20).status, 0)
    }
}
