#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The language server's command line, the same for `trellis-lsp` and `trellis lsp`: its help,
/// its version, `--stdio` (which clients such as VS Code's pass), or a usage error. Nothing
/// here starts the server.
public enum ServerCommandLine {
    /// What the words ask for.
    public enum Request: Equatable, Sendable {
        case serve, help, version
        case usage(String)
    }

    public static func parse(_ words: [String]) -> Request {
        if words.contains("--help") || words.contains("-h") { return .help }
        if words.contains("--version") || words.contains("-V") { return .version }
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--stdio" || word.hasPrefix("--clientProcessId=") { continue }
            if word == "--clientProcessId", index < words.count {
                index += 1
                continue
            }
            return .usage(word.hasPrefix("-") ? "unknown option '\(word)'" : "the server takes no files ('\(word)'): the editor opens them")
        }
        return .serve
    }

    /// `trellis-lsp`: help or version (exit 0), a usage error (exit 2), or the server.
    public static func runAndExit(_ words: [String]) -> Never {
        switch parse(words) {
        case .serve: LanguageServer.runAndExit()
        case .help: exit(emit(help, to: 1) ? 0 : 2)
        case .version: exit(emit("trellis-lsp \(LanguageServer.version)\n", to: 1) ? 0 : 2)
        case .usage(let message):
            _ = emit("trellis-lsp: \(message)\nRun 'trellis-lsp --help' for usage.\n", to: 2)
            exit(2)
        }
    }

    /// Writes all of `text`; false when it could not be written.
    public static func emit(_ text: String, to descriptor: Int32) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            // SAFETY: write(2) reads `$0.count` bytes from the slice's base: the slice's own bytes, in the closure.
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    public static let help = """
        trellis-lsp — the Trellis language server (also run as `trellis lsp`)

        USAGE
          trellis-lsp [--stdio]
          trellis lsp [--stdio]

        Speaks the Language Server Protocol 3.17 over standard input and output, for .trellis
        files and MyGridLayout grid-dictionary JSON (*.grid.json, or any JSON document that looks
        like a grid dictionary), with the same analysis as `trellis check`: diagnostics, hovers
        with each cell's frames at every preview device, completion, inlay hints, quick fixes,
        rename, formatting. An editor starts it; run by hand, it waits for LSP messages.

        EDITORS
          Point the editor's language client at the command `trellis-lsp` (on PATH; build it with
          `swift build -c release --product trellis-lsp`), for the file type *.trellis with the
          language id `trellis`, and *.json if you want grid JSON too (JSON that is no grid
          dictionary gets nothing from it, so it can run beside a JSON server). Ready packages for VS Code,
          Neovim, Helix, Zed and Emacs are in editors/ (docs/editors.md). Settings (viewports,
          target, rtl, diagnosticsBaseURL: where diagnostic codes link; none without it) come
          from the client's initializationOptions and workspace/didChangeConfiguration
          (docs/lsp.md).

        OPTIONS
          --stdio        Talk over standard input and output: the only transport, and the default
                         (accepted because clients such as VS Code's pass it)
          -h, --help     Show this help
          -V, --version  Print the version

        EXIT CODES
          0 after `shutdown` and `exit` · 1 `exit` without `shutdown`, or the input ended first ·
          2 usage error

        """
}
