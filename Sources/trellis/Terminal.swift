import Foundation
import TrellisModel
import TrellisSyntax

/// Standard streams, colors and file access for the commands. All I/O of the CLI is here.
enum Terminal {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func writeBytes(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Color on stderr only on a terminal, and never with NO_COLOR set.
    static var colorOnStderr: Bool {
        ProcessInfo.processInfo.environment["NO_COLOR"] == nil && isatty(2) == 1
    }

    static var colorOnStdout: Bool {
        ProcessInfo.processInfo.environment["NO_COLOR"] == nil && isatty(1) == 1
    }

    /// Reads a path, or standard input for `-`.
    static func read(_ path: String) throws -> SourceFile {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return SourceFile(name: "<stdin>", bytes: [UInt8](data))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw UsageError(message: "\(path) is a directory")
            }
            throw UsageError(message: "cannot read \(path)")
        }
        return SourceFile(name: path, bytes: [UInt8](data))
    }

    /// Writes atomically: a temporary file beside the target, then a rename.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).trellis-\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(bytes).write(to: temporary)
            // Keep the permissions of a file being replaced; rename(2) replaces atomically.
            if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
               let permissions = attributes[.posixPermissions] {
                try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
            }
            guard rename(temporary.path, path) == 0 else {
                throw UsageError(message: String(cString: strerror(errno)))
            }
        } catch let error as UsageError {
            try? FileManager.default.removeItem(at: temporary)
            throw UsageError(message: "cannot write \(path): \(error.message)")
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw UsageError(message: "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// The canonical absolute form of a path, to refuse writing over an input.
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    static func printDiagnostics(_ diagnostics: [Diagnostic], in source: SourceFile) {
        guard !diagnostics.isEmpty else { return }
        error(DiagnosticRenderer.terminal(diagnostics, in: source, color: colorOnStderr))
    }
}

extension Terminal {
    static func createDirectory(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
}
