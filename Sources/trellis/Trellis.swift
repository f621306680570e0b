import TrellisModel
import TrellisSyntax

/// The `trellis` command: dispatches to a subcommand and maps outcomes to exit codes
/// (0 ok, 1 errors in the input, 2 usage errors).
enum Trellis {
    static let version = "0.1.0"

    enum Exit {
        static let ok: Int32 = 0
        static let inputErrors: Int32 = 1
        static let usage: Int32 = 2
    }

    static let commands = ["build", "frames", "render", "check", "fmt", "import", "preview", "watch", "lsp", "parse", "help"]

    static func run(_ arguments: [String]) -> Int32 {
        var words = arguments
        do {
            try Terminal.takeColorOption(&words)
        } catch let error as UsageError {
            Terminal.error("trellis: \(error.message)\nRun 'trellis --help' for usage.\n")
            return Exit.usage
        } catch {
            return Exit.usage
        }
        guard let command = words.first else {
            Terminal.error(Usage.main)
            return Exit.usage
        }
        let rest = Array(words.dropFirst())
        do {
            switch command {
            case "--help", "-h", "help":
                guard let topic = rest.first, topic != "--help", topic != "-h" else {
                    Terminal.write(Usage.main)
                    return Exit.ok
                }
                guard let text = Usage.text(for: topic) else {
                    throw UsageError(message: "no help for '\(topic)'" + suggestion(topic, among: commands))
                }
                Terminal.write(text)
                return Exit.ok
            case "--version", "-V":
                Terminal.write("trellis \(version)\n")
                return Exit.ok
            case "build": return try BuildCommand.run(rest)
            case "frames": return try FramesCommand.run(rest)
            case "render": return try RenderCommand.run(rest)
            case "check": return try CheckCommand.run(rest)
            case "fmt": return try FmtCommand.run(rest)
            case "import": return try ImportCommand.run(rest)
            case "preview": return try PreviewCommand.run(rest)
            case "watch": return try WatchCommand.run(rest)
            case "lsp": return try LSPCommand.run(rest)
            case "parse": return try ParseCommand.run(rest)
            case "init": return try InitCommand.run(rest)
            case "diff": return try DiffCommand.run(rest)
            default:
                let what = command.hasPrefix("-") ? "unknown option" : "unknown command"
                throw UsageError(message: "\(what) '\(command)'" + suggestion(command, among: commands + ["--help", "--version"]))
            }
        } catch let error as UsageError {
            let help = command != "help" && Usage.text(for: command) != nil ? "trellis \(command) --help" : "trellis --help"
            Terminal.error("trellis: \(error.message)\nRun '\(help)' for usage.\n")
            return Exit.usage
        } catch {
            Terminal.error("trellis: \(error)\n")
            return Exit.usage
        }
    }

    /// `; did you mean 'check'?` when a close candidate exists (never the word itself).
    static func suggestion(_ word: String, among candidates: [String]) -> String {
        Suggestion.closest(to: word, among: candidates.filter { $0 != word }.sorted()).map { "; did you mean '\($0)'?" } ?? ""
    }

    static func dialect(_ text: String?, option: String = "--target") throws -> Dialect? {
        guard let text else { return nil }
        guard let dialect = Dialect(word: text) else {
            throw UsageError(
                message:
                    "\(option) takes 1 (MyLayout 1.x, `space`), 2 (MyLayout 2.0+, `spacing`) or any (both keys, read the same by every version), not '\(text)'")
        }
        return dialect
    }

    static func wantsHelp(_ words: [String]) -> Bool {
        words.contains("--help") || words.contains("-h")
    }
}
