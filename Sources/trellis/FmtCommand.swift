import TrellisModel
import TrellisSyntax

/// `trellis fmt`: the canonical layout of Trellis files (TrellisSyntax.Formatter).
enum FmtCommand {
    static func run(_ words: [String]) throws -> Int32 {
        if Trellis.wantsHelp(words) { Terminal.write(Usage.fmt); return Trellis.Exit.ok }
        let arguments = try Arguments(words, valued: [], flags: ["--check", "--diff"])
        let check = arguments.has("--check")
        let diff = arguments.has("--diff")
        let paths = arguments.positionals.isEmpty ? ["-"] : try CheckCommand.expand(arguments.positionals).filter { $0 == "-" || !$0.hasSuffix(".json") }
        for path in arguments.positionals where path.hasSuffix(".json") {
            throw UsageError(message: "\(path) is JSON; `trellis fmt` formats .trellis files (JSON becomes Trellis with `trellis import`)")
        }
        var failed = false
        var changed: [String] = []
        for path in paths {
            let source = try Terminal.read(path)
            guard let formatted = Formatter.format(source) else {
                Terminal.printDiagnostics(Parser.parse(source).diagnostics, in: source)
                Terminal.error("\(source.name): not formatted: it has syntax errors\n")
                failed = true
                continue
            }
            let bytes = Array(formatted.utf8)
            if path == "-" && !check && !diff {
                Terminal.writeBytes(bytes)
                continue
            }
            guard bytes != source.bytes else { continue }
            changed.append(source.name)
            if diff { Terminal.write(LineDiff.unified(old: source.text, new: formatted, name: source.name)) }
            if !check && !diff { try Terminal.writeAtomically(bytes, to: path) }
        }
        if check {
            for name in changed { Terminal.write("would reformat \(name)\n") }
            if !changed.isEmpty { failed = true }
        }
        return failed ? Trellis.Exit.inputErrors : Trellis.Exit.ok
    }
}

/// A unified diff of two texts, by lines (longest common subsequence).
enum LineDiff {
    static func unified(old: String, new: String, name: String) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard a.count * b.count <= 25_000_000 else { return "--- \(name)\n+++ \(name) (formatted)\n(too large to diff)\n" }
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                lines.append(" " + a[i])
                i += 1
                j += 1
            } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                lines.append("-" + a[i])
                i += 1
            } else {
                lines.append("+" + b[j])
                j += 1
            }
        }
        return "--- \(name)\n+++ \(name) (formatted)\n" + lines.joined(separator: "\n") + "\n"
    }
}
