import TrellisLint
import TrellisSyntax

/// `trellis init`: writes a commented `trellis.toml` in a folder (the current one by default),
/// never over an existing one.
enum InitCommand {
    static func run(_ words: [String]) throws -> Int32 {
        if Trellis.wantsHelp(words) {
            Terminal.write(Usage.initHelp)
            return Trellis.Exit.ok
        }
        let arguments = try Arguments(words, valued: ["--target"], flags: [])
        guard arguments.positionals.count <= 1 else { throw UsageError(message: "init takes one folder at most") }
        let folder = arguments.positionals.first ?? "."
        guard Files.kind(folder) == .directory else { throw UsageError(message: "no such directory: \(folder)") }
        let target = arguments.value("--target") ?? "2"
        guard ["1", "2", "any"].contains(target) else {
            throw UsageError(message: "--target takes 1 (MyLayout 1.x), 2 (MyLayout 2.0+) or any, not '\(target)'")
        }
        let path = Files.join(folder, ProjectFile.fileName)
        guard Files.kind(path) == nil else { throw UsageError(message: "\(path) exists; not overwritten") }
        let text = template(target: target == "any" ? "\"any\"" : target)
        // What is written is read back first: `init` never writes a file `check` would reject.
        let written = ProjectFile.read(SourceFile(name: path, text: text))
        guard written.diagnostics.isEmpty else { throw UsageError(message: "internal: the project file template has findings") }
        try Terminal.writeAtomically(Array(text.utf8), to: path)
        let project = Project(root: Files.canonical(folder), path: path, file: written)
        if Projects.files(of: project).isEmpty {
            Terminal.error("wrote \(path): the folder holds no .trellis or .json file yet; once it does, `trellis check` with no path checks them\n")
        } else {
            Terminal.error("wrote \(path): `trellis check` with no path now checks this project's files\n")
        }
        return Trellis.Exit.ok
    }

    /// The project file `init` writes: every key, with what it does.
    static func template(target: String) -> String {
        """
        # The Trellis project: every `trellis` command, the build plugin and the language server
        # read this file for the files in this folder and below (command-line flags win).
        # docs/project.md lists every key.

        [project]
        # The runtime the JSON is for: 1 (MyLayout 1.x, writes `space`), 2 (MyLayout 2.0+,
        # `spacing`) or "any" (both keys). A file's own `target` line wins.
        target = \(target)
        # Devices for the files that name none with `preview`: WIDTHxHEIGHT@SCALEx, a height of
        # `wrap` for a layout in a scroll view, ` rtl` for right-to-left.
        previews = ["375x667@2x", "320xwrap@3x"]
        # The project's files, for `trellis check` with no path (JSON files that are no grid
        # dictionaries are skipped).
        include = ["**/*.trellis", "**/*.json"]
        exclude = []
        # Where `trellis build` and `trellis watch` with no path write one NAME.json per layout
        # (never searched).
        # out-dir = "build/layouts"

        [lint]
        # Codes not to report (docs/diagnostics.md), codes reported as warnings or as errors
        # (an error of its own stays one), and whether a warning fails `check`.
        disable = []
        warn = []
        error = []
        warnings-as-errors = false

        # Codes reported otherwise in some files only; one such table per set of files, later
        # tables winning.
        # [[lint.per-path]]
        # paths = ["legacy/**"]
        # disable = ["\(DiagnosticCode.spaceVersusSpacing.id)"]
        # error = ["\(DiagnosticCode.unusedTemplate.id)"]

        """
    }
}
