import TrellisModel
import TrellisPlatform
import TrellisSyntax

/// `trellis fmt`: the canonical layout of Trellis files, verified to keep their meaning.
enum FmtCommand {
    static func run(_ words: [String]) throws -> Int32 {
        if Trellis.wantsHelp(words) {
            Terminal.write(Usage.fmt)
            return Trellis.Exit.ok
        }
        let arguments = try Arguments(words, valued: [], flags: ["--check", "--diff"])
        let check = arguments.has("--check")
        let diff = arguments.has("--diff")
        for path in arguments.positionals where path.hasSuffix(".json") {
            throw UsageError(message: "\(path) is JSON; `trellis fmt` formats .trellis files (JSON becomes Trellis with `trellis import`)")
        }
        // A folder's files are its project's (`include`, `exclude`), as `check` reads them.
        var projects = Projects()
        let paths = try CheckCommand.expand(arguments.positionals.isEmpty ? ["."] : arguments.positionals, projects: &projects).filter {
            $0 == "-" || !$0.hasSuffix(".json")
        }
        if projects.printProblems() { return Trellis.Exit.inputErrors }
        var failed = false
        var changed: [String] = []
        var unchanged = 0
        // A file that cannot be read or rewritten is reported and the others are still done;
        // the run then exits 2.
        var refused = false
        for path in paths {
            // Rewritten in place: a regular file only (a FIFO or a device is refused unread).
            let source: SourceFile
            do {
                source = path == "-" || check || diff ? try Terminal.read(path) : try Terminal.readForRewrite(path)
            } catch let error as UsageError {
                Terminal.error("trellis: \(error.message)\n")
                refused = true
                continue
            }
            let formatted: String
            switch VerifiedFormatting.format(source, workers: LargeStack.sideBySide) {
            case .formatted(let text): formatted = text
            case .syntaxErrors(let diagnostics):
                Terminal.printDiagnostics(diagnostics, in: source)
                Terminal.error("\(source.name): not formatted: it has syntax errors\n")
                failed = true
                continue
            case .refused(let reason):
                Terminal.error("\(source.name): not formatted: \(reason); the file is left as it is (please report this as a bug)\n")
                failed = true
                continue
            case .notUTF8:
                Terminal.error(
                    "\(source.name): not formatted: it holds bytes that are not UTF-8, which formatted text cannot keep as they are; the file is left as it is\n"
                )
                failed = true
                continue
            case .stopped:
                // Only an editor's cancelled request stops the formatter; nothing asks here.
                continue
            }
            let bytes = Array(formatted.utf8)
            if path == "-" && !check && !diff {
                Terminal.writeBytes(bytes)
                continue
            }
            guard bytes != source.bytes else {
                unchanged += 1
                continue
            }
            changed.append(source.name)
            if diff { Terminal.write(UnifiedDiff.render(old: source.text, new: formatted, path: source.name)) }
            if !check && !diff {
                do {
                    try Terminal.rewrite(bytes, to: path, readAs: source.bytes)
                } catch let error as UsageError {
                    Terminal.error("trellis: \(error.message)\n")
                    changed.removeLast()
                    refused = true
                }
            }
        }
        if check {
            for name in changed { Terminal.write("would reformat \(name)\n") }
        }
        if !paths.contains("-") || check || diff {
            let verb = check || diff ? "would be reformatted" : "reformatted"
            Terminal.error("\(count(changed.count)) \(verb), \(count(unchanged)) already formatted\n")
        }
        if (check || diff) && !changed.isEmpty { failed = true }
        if refused { return Trellis.Exit.usage }
        return failed ? Trellis.Exit.inputErrors : Trellis.Exit.ok
    }

    static func count(_ files: Int) -> String { "\(files) file\(files == 1 ? "" : "s")" }
}
