import Foundation
import TrellisTestSupport
import XCTest

/// Streams that never end (`/dev/zero`, an endless pipe) are read up to 64 MB, then refused
/// with an error; a regular file is read whole, a short pipe as before.
final class StreamLimitTests: XCTestCase {
    func testADeviceIsReadUpTo64MB() throws {
        let run = try TrellisRun.run(["check", "/dev/zero"], timeout: 10)
        XCTAssertNotEqual(run.status, TrellisRun.timedOut, "/dev/zero was read without end")
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("trellis: /dev/zero is larger than 64 MB; not read\n"), run.stderr)
    }

    func testStandardInputIsReadUpTo64MB() throws {
        for command in [["build", "-"], ["fmt", "-"], ["check", "-"]] {
            let run = try TrellisRun.run(command, stdinPath: "/dev/zero", timeout: 10)
            XCTAssertNotEqual(run.status, TrellisRun.timedOut, "\(command): standard input was read without end")
            XCTAssertEqual(run.status, 2, "\(command): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("trellis: standard input is larger than 64 MB; not read\n"), run.stderr)
        }
    }

    func testAShortPipeIsReadWhole() throws {
        let process = Process()
        process.executableURL = TestPaths.products.appendingPathComponent("trellis")
        process.arguments = ["build", "-", "--compact"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("rows 20 | fill".utf8))
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(String(decoding: printed, as: UTF8.self), #"{"rows":[{"size":20},{"size":"fill"}]}"# + "\n")
    }
}
