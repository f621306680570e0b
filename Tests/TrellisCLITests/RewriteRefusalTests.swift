import Foundation
import TrellisTestSupport
import XCTest

/// What trellis refuses to write, end to end: a FIFO or a device named for a rewrite in place
/// (refused without waiting on it), a read-only file, an output path that is a loop of links.
/// Each refusal exits 2 and leaves everything as it was.
final class RewriteRefusalTests: XCTestCase {
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

    func testReadOnlyFilesAreNotRewritten() throws {
        let folder = try temporaryDirectory()
        let file = folder.appendingPathComponent("ro.trellis")
        // Formatting changes the first, the safe fix (S007) the second.
        for (command, text) in [("fmt", "rows 1|2"), ("check", "fill cols 50%,50%")] {
            try? FileManager.default.removeItem(at: file)
            try text.write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
            let run = try TrellisRun.run(command == "fmt" ? ["fmt", file.path] : ["check", "--fix", file.path])
            XCTAssertEqual(run.status, 2, "\(command): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("\(file.path) is read-only; not rewritten"), run.stderr)
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), text)
            XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)?.intValue, 0o444)
        }
        XCTAssertEqual(try TrellisRun.run(["check", file.path]).status, 1, "checking without --fix reads it all the same")
    }

    func testALoopOfLinksIsNotReplaced() throws {
        let folder = try temporaryDirectory()
        let a = folder.appendingPathComponent("a")
        let b = folder.appendingPathComponent("b")
        try FileManager.default.createSymbolicLink(atPath: b.path, withDestinationPath: "a")
        try FileManager.default.createSymbolicLink(atPath: a.path, withDestinationPath: "b")
        let run = try TrellisRun.run(["build", "-", "-o", a.path], stdin: "rows fill")
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("cannot write \(a.path): too many levels of symbolic links"), run.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: a.path), "b")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: b.path), "a")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["a", "b"])
    }
}
