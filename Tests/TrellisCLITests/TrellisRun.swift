import Foundation
import TrellisTestSupport

/// One run of the built `trellis` executable (or another product, e.g. `trellis-lsp`): exit
/// status and both streams.
struct TrellisRun {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The status of a run stopped at its `timeout`.
    static let timedOut: Int32 = -1

    /// `stdinPath`: standard input from that file (a device, a FIFO) instead of `stdin`.
    /// `timeout`: the run is killed after that many seconds, with the status ``timedOut``.
    static func run(
        _ arguments: [String], stdin: String? = nil, in directory: URL? = nil, environment: [String: String] = [:], stdoutPath: String? = nil,
        stdinPath: String? = nil, timeout: Double? = nil, product: String = "trellis"
    ) throws -> TrellisRun {
        let process = Process()
        process.executableURL = TestPaths.products.appendingPathComponent(product)
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? TestPaths.packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["FORCE_COLOR"] = nil
        env["CLICOLOR_FORCE"] = nil
        for (name, value) in environment { env[name] = value.isEmpty ? nil : value }
        process.environment = env
        // Files, not pipes: a child that fills one pipe while we drain the other would deadlock.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["in", "out", "err"].map { folder.appendingPathComponent($0) }
        try Data((stdin ?? "").utf8).write(to: paths[0])
        for path in paths.dropFirst() { _ = FileManager.default.createFile(atPath: path.path, contents: nil) }
        let input = try FileHandle(forReadingFrom: stdinPath.map { URL(fileURLWithPath: $0) } ?? paths[0])
        let output = try FileHandle(forWritingTo: stdoutPath.map { URL(fileURLWithPath: $0) } ?? paths[1])
        let errors = try FileHandle(forWritingTo: paths[2])
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var killed = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed = true
            }
        }
        process.waitUntilExit()
        try input.close()
        try output.close()
        try errors.close()
        let printed = stdoutPath == nil ? try Data(contentsOf: paths[1]) : Data()
        return TrellisRun(
            status: killed ? timedOut : process.terminationStatus, stdout: String(decoding: printed, as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: paths[2]), as: UTF8.self))
    }
}
