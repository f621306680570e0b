import TrellisLSP

/// `trellis lsp`: the language server, as `trellis-lsp` runs it; `--help` and `--version`
/// answer without starting it.
enum LSPCommand {
    static func run(_ words: [String]) throws -> Int32 {
        switch ServerCommandLine.parse(words) {
        case .serve: LanguageServer.runAndExit()
        case .help: Terminal.write(Usage.lsp)
        case .version: Terminal.write("trellis-lsp \(LanguageServer.version)\n")
        case .usage(let message): throw UsageError(message: message)
        }
        return Trellis.Exit.ok
    }
}
