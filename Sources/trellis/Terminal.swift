import TrellisModel
import TrellisSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard streams, colors and file access for the commands. All I/O of the CLI is here.
enum Terminal {
    static func write(_ text: String) {
        Streams.write(Array(text.utf8), to: 1)
    }

    static func writeBytes(_ bytes: [UInt8]) {
        Streams.write(bytes, to: 1)
    }

    /// Writes what `produce` hands out, in order, through one 64 KiB buffer: small pieces are
    /// gathered into few system calls, a piece of 64 KiB or more is written as it is (after
    /// what the buffer holds), and a large output is never joined in memory first.
    static func writeBytes(pieces produce: (([UInt8]) -> Void) -> Void) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        produce { piece in
            if buffer.count + piece.count > 1 << 16, !buffer.isEmpty {
                Streams.write(buffer, to: 1)
                buffer.removeAll(keepingCapacity: true)
            }
            if piece.count >= 1 << 16 { Streams.write(piece, to: 1) } else { buffer += piece }
        }
        if !buffer.isEmpty { Streams.write(buffer, to: 1) }
    }

    static func error(_ text: String) {
        Streams.write(Array(text.utf8), to: 2)
    }

    /// `--color auto|always|never`, for every command.
    enum ColorChoice { case auto, always, never }
    nonisolated(unsafe) static var colorChoice = ColorChoice.auto

    /// Removes `--color WHEN` / `--color=WHEN` from the words and records it.
    static func takeColorOption(_ words: inout [String]) throws {
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--" { return }
            var value: String?
            if word == "--color" {
                guard index + 1 < words.count else { throw UsageError(message: "--color needs a value: auto, always or never") }
                value = words[index + 1]
                words.removeSubrange(index...(index + 1))
            } else if word.hasPrefix("--color=") {
                value = String(word.dropFirst("--color=".count))
                words.remove(at: index)
            } else {
                index += 1
                continue
            }
            switch value {
            case "auto": colorChoice = .auto
            case "always": colorChoice = .always
            case "never": colorChoice = .never
            default: throw UsageError(message: "--color takes auto, always or never, not '\(value ?? "")'")
            }
        }
    }

    /// Color: `--color` first; else NO_COLOR turns it off, FORCE_COLOR or CLICOLOR_FORCE
    /// (set, not "0") on; else only on a terminal.
    static func color(on descriptor: Int32) -> Bool {
        switch colorChoice {
        case .always: return true
        case .never: return false
        case .auto:
            if Files.environment("NO_COLOR").map({ !$0.isEmpty }) ?? false { return false }
            for name in ["FORCE_COLOR", "CLICOLOR_FORCE"] {
                if let value = Files.environment(name), !value.isEmpty, value != "0" { return true }
            }
            return isatty(descriptor) == 1
        }
    }

    static var colorOnStderr: Bool { color(on: 2) }

    static var colorOnStdout: Bool { color(on: 1) }

    /// Reads a path, or standard input for `-`. A pipe, a device or a terminal is read up to
    /// 64 MB (``Files/streamLimit``); past that it is an error, not an endless read.
    static func read(_ path: String) throws -> SourceFile {
        if path == "-" {
            switch Files.readAll(0) {
            case .success(let bytes): return SourceFile(name: "<stdin>", bytes: bytes)
            case .failure(let failure) where failure.code == Files.tooLarge.code:
                throw UsageError(message: "standard input is larger than \(Files.streamLimit >> 20) MB; not read")
            case .failure(let failure): throw UsageError(message: "cannot read standard input: \(failure)")
            }
        }
        return try read(path, regularOnly: false)
    }

    /// Reads a file that is to be rewritten in place (`fmt`, `check --fix`): a regular file
    /// only. A FIFO or a device is refused before it is opened for reading (it could block, or
    /// never end).
    static func readForRewrite(_ path: String) throws -> SourceFile {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFDIR {
            throw notRegular(path, status)
        }
        return try read(path, regularOnly: true)
    }

    static func notRegular(_ path: String, _ status: stat) -> UsageError {
        UsageError(message: "\(path) is \(Files.describe(status)), not a regular file; it cannot be rewritten in place")
    }

    private static func read(_ path: String, regularOnly: Bool) throws -> SourceFile {
        switch Files.read(path, regularOnly: regularOnly) {
        case .success(let bytes): return SourceFile(name: path, bytes: bytes)
        case .failure(let failure):
            if Files.kind(path) == .directory { throw UsageError(message: "\(path) is a directory") }
            var status = stat()
            if regularOnly, failure.code == EINVAL, stat(path, &status) == 0 { throw notRegular(path, status) }
            if failure.code == Files.tooLarge.code { throw UsageError(message: "\(path) is larger than \(Files.streamLimit >> 20) MB; not read") }
            let reason =
                failure.code == ENOENT ? "no such file or directory" : failure.code == EACCES ? "permission denied or not readable" : failure.description
            throw UsageError(message: "cannot read \(path): \(reason)")
        }
    }

    /// Writes a new file or replaces one (`-o`, `--out-dir`): see ``FileWriting/write(_:to:expecting:)``.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            writeBytes(bytes)
            return
        }
        try FileWriting.write(bytes, to: path, expecting: nil)
    }

    /// Rewrites an input in place (`fmt`, `check --fix`), refusing when it changed since read.
    static func rewrite(_ bytes: [UInt8], to path: String, readAs original: [UInt8]) throws {
        try FileWriting.write(bytes, to: path, expecting: original)
    }

    /// The canonical absolute form of a path, to refuse writing over an input.
    static func canonical(_ path: String) -> String {
        Files.canonical(path)
    }

    static func printDiagnostics(_ diagnostics: [Diagnostic], in source: SourceFile) {
        guard !diagnostics.isEmpty else { return }
        let sorted = diagnostics.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }.map(\.element)
        error(DiagnosticRenderer.terminal(sorted, in: source, color: colorOnStderr))
    }
}

extension Terminal {
    static func createDirectory(_ path: String) throws {
        try Files.makeDirectories(path)
    }
}
