import Foundation
import TrellisTestSupport
import XCTest

/// A full file system never leaves a partial file: a file with two hard links is written into
/// (not replaced), and its space is reserved before a byte of it changes. End to end on a
/// 64 KB tmpfs (mounting needs root; the test is skipped, visibly, where it cannot mount).
final class FullDiskTests: XCTestCase {
    func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// A 64 KB tmpfs, unmounted after the test.
    func smallFileSystem() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mounted = try run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path])
        guard mounted.status == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw XCTSkip("cannot mount a small tmpfs here (it needs root): \(mounted.output)")
        }
        addTeardownBlock {
            _ = try? self.run("/bin/umount", [folder.path])
            try? FileManager.default.removeItem(at: folder)
        }
        return folder
    }

    /// Fills the file system with one file until it refuses a byte more.
    func fill(_ folder: URL) {
        let descriptor = open(folder.appendingPathComponent("filler").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x2E, count: 512)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    func testFmtOfAHardLinkedFileOnAFullDiskLeavesItWhole() throws {
        let folder = try smallFileSystem()
        let file = folder.appendingPathComponent("a.trellis")
        let link = folder.appendingPathComponent("b.trellis")
        // 2.4 KB that formats to 4.8 KB: the new text needs a block the disk does not have.
        let original = Data(("rows " + Array(repeating: "1", count: 1_200).joined(separator: "|") + "\n").utf8)
        try original.write(to: file)
        try FileManager.default.linkItem(at: file, to: link)
        fill(folder)

        let refused = try TrellisRun.run(["fmt", file.path])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("cannot write \(file.path): No space left on device; the file is left as it was"), refused.stderr)
        XCTAssertEqual(try Data(contentsOf: file), original, "byte-identical after the refused fmt")
        XCTAssertEqual(try Data(contentsOf: link), original)
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: file.path)[.referenceCount] as? NSNumber)?.intValue, 2)

        // With room again, both names see the formatted text (written into, not replaced).
        try FileManager.default.removeItem(at: folder.appendingPathComponent("filler"))
        let formatted = try TrellisRun.run(["fmt", file.path])
        XCTAssertEqual(formatted.status, 0, formatted.stderr)
        let text = try String(contentsOf: link, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("rows {\n  1\n  1\n"), String(text.prefix(40)))
        XCTAssertEqual(try TrellisRun.run(["fmt", "--check", link.path]).status, 0)
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: link.path)[.referenceCount] as? NSNumber)?.intValue, 2)
    }
}
