import TrellisIDE
import TrellisLint
import TrellisModel
import TrellisSyntax

/// `trellis check`: lint `.trellis` files and MyGridLayout JSON, for people and for CI.
enum CheckCommand {
    static func run(_ words: [String]) throws -> Int32 {
        if Trellis.wantsHelp(words) {
            Terminal.write(Usage.check)
            return Trellis.Exit.ok
        }
        let arguments = try Arguments(
            words, valued: ["--target", "--viewport", "--format", "--disable", "--against"],
            flags: ["--warnings-as-errors", "--no-warnings-as-errors", "--fix", "--unsafe-fixes", "--rtl"])
        if arguments.has("--warnings-as-errors"), arguments.has("--no-warnings-as-errors") {
            throw UsageError(message: "--warnings-as-errors and --no-warnings-as-errors say opposite things: give one")
        }
        // A project's `warnings-as-errors` is off for this run (a local look at warnings).
        let projectStrictness = !arguments.has("--no-warnings-as-errors")
        let target = try Trellis.dialect(arguments.value("--target"))
        let format = arguments.value("--format") ?? "text"
        guard ["text", "json", "github", "sarif"].contains(format) else {
            throw UsageError(message: "--format takes text, json, github or sarif, not '\(format)'")
        }
        var viewports: [Viewport] = []
        for text in arguments.all("--viewport") { viewports.append(try Inputs.viewport(text)) }
        let rtl = arguments.has("--rtl")
        let words = Set(arguments.all("--disable").flatMap { $0.split(separator: ",").map { $0.filter { $0 != " " && $0 != "\t" }.uppercased() } })
        var disabled: Set<DiagnosticCode> = []
        for word in words.sorted() {
            guard let code = DiagnosticCode(rawValue: word) else {
                throw UsageError(
                    message: "--disable: there is no diagnostic code \(word)" + Trellis.suggestion(word, among: DiagnosticCode.allCases.map(\.id))
                        + " (docs/diagnostics.md lists them)")
            }
            guard code.severity != .error else {
                throw UsageError(
                    message: "--disable: \(code) (\(code.title)) is an error: the file does not build, or the runtime fails on it; it cannot be disabled")
            }
            disabled.insert(code)
        }
        // The project file of each input (walking up from its folder); with no path, the
        // project's files, or else the current folder's.
        var projects = Projects()
        let paths: [String]
        // A project's JSON files that are no grid dictionaries are skipped without a word.
        var quietSkips = false
        if arguments.positionals.isEmpty, let project = try projects.project(ofFolder: Files.canonical(".")) {
            paths = Projects.files(of: project).map(Projects.shown)
            quietSkips = true
            // A mistyped `include` must not make CI pass having checked nothing.
            if paths.isEmpty, project.file.diagnostics.isEmpty {
                throw UsageError(message: "\(Projects.shown(project.path)): `include` matches no .trellis or .json file under \(Projects.shown(project.root))")
            }
        } else {
            paths = try expand(arguments.positionals.isEmpty ? ["."] : arguments.positionals, projects: &projects)
        }
        let fixing = arguments.has("--fix") || arguments.has("--unsafe-fixes")
        if fixing, paths.contains("-") { throw UsageError(message: "--fix rewrites files; it cannot fix standard input") }
        let against = arguments.value("--against")
        if fixing, against != nil { throw UsageError(message: "--against reports what a change does; it fixes nothing: give --fix without it") }
        // What each file is checked with: the flags, and where they say nothing, its project's.
        var settings: [FileSettings] = []
        for path in paths {
            let project = try projects.project(of: path)
            // A file's own `target` line wins over its project's (read where it is analysed).
            let flags = LintOptions(viewports: viewports, disabled: disabled, rtl: rtl)
            let options = project?.options(for: path, over: flags) ?? flags
            settings.append(
                FileSettings(
                    options: options, target: target, projectTarget: project?.settings.target,
                    warningsAsErrors: projectStrictness && (project?.settings.warningsAsErrors ?? false)))
        }
        var checked: [CheckedFile] = []
        // A project file's own findings come first, each file once.
        var rendered: [[UInt8]] = []
        // The run's findings and reports are not freed one by one: the process exits next.
        defer { KeptUntilExit.keep((checked, rendered)) }
        let color = Terminal.colorOnStdout
        for project in projects.found where !project.file.diagnostics.isEmpty {
            let file = CheckedFile(
                source: SourceFile(name: Projects.shown(project.path), bytes: project.file.source.bytes), diagnostics: project.file.diagnostics)
            checked.append(file)
            rendered.append(render(file, format: format, color: color))
        }
        // JSON files that are not grid dictionaries (`package.json`): skipped, with one note.
        var skipped: [String] = []
        // Files whose warnings fail the run (the flag, or their project's `warnings-as-errors`).
        var strict: [Bool] = checked.map { _ in false }
        // The files each file uses, read once for the run before the files are analysed in parallel.
        var resolver = UsesOnDisk.resolver()
        var usedFiles: [UsedFiles?] = []
        // The templates the files checked take from other files (`file\0name`): not unused there.
        var takenFromFiles: Set<String> = []
        for path in paths {
            // A regular file only: a FIFO is never waited on here (its reader below says what it is).
            guard path != "-", InputKind.of(path: path) == .trellis, case .success(let bytes) = Files.read(path, regularOnly: true) else {
                usedFiles.append(nil)
                continue
            }
            let (uses, parsed) = resolver.usedFiles(of: SourceFile(name: path, bytes: bytes), at: path, kind: .trellis)
            usedFiles.append(uses)
            if let tree = parsed?.tree { takenFromFiles.formUnion(UsesOnDisk.templatesTaken(by: tree, uses: uses)) }
        }
        // `--against REV`: each file's version at the revision, read before the files are
        // analysed in parallel.
        var baselines: [Baseline.Version?] = paths.map { _ in nil }
        if let against, paths.contains(where: { $0 != "-" }) {
            var baseline = try Baseline(against, paths: paths)
            for (index, path) in paths.enumerated() where path != "-" {
                let version = baseline.version(of: path, target: target, projectTarget: settings[index].projectTarget)
                if let note = version.note { Terminal.error("note: \(note)\n") }
                baselines[index] = version
            }
        }
        if !fixing {
            // Files are independent: analysed and rendered on every core, reported in the
            // order given; a file that cannot be read stops the run where it did before.
            let inputs = zip(zip(paths, settings), zip(usedFiles, baselines)).map { ($0.0, $0.1, $1.0, $1.1) }
            let keepsTexts = format == "sarif" || !takenFromFiles.isEmpty
            let outcomes = ParallelMap.map(inputs) { path, setting, uses, baseline -> Result<(CheckedFile, [UInt8])?, Error> in
                Result {
                    let source = try Terminal.read(path)
                    let kind: InputKind = path == "-" ? Inputs.sniff(source) : InputKind.of(path: path)
                    var uses = uses
                    if path == "-", kind == .trellis {
                        // Read once: standard input is no file to read again.
                        var resolver = UsesOnDisk.resolver()
                        uses = resolver.usedFiles(of: source, at: path, kind: kind).uses
                    }
                    if kind == .json, !Analysis.looksLikeGridDictionary(source.bytes) { return nil }
                    // The same analysis as the language server's, so the two never disagree.
                    let chosen = Projects.target(flag: setting.target, default: setting.projectTarget, source: source, kind: kind)
                    // Compared with a baseline, the file's syntax is kept: its runtime model is read again.
                    let analysis = Analysis(source, kind: kind, options: setting.options, target: chosen, oneOff: baseline == nil, uses: uses)
                    var file = CheckedFile(source: analysis.file.source, diagnostics: analysis.diagnostics)
                    if let baseline, let against, !file.diagnostics.hasErrors {
                        file.diagnostics = Baseline.findings(analysis, since: baseline, revision: against, options: setting.options, in: file.diagnostics)
                    }
                    let report = render(file, format: format, color: color)
                    // Once rendered, only the findings are read again (the summary), unless the
                    // report is written from the texts at the end (SARIF) or a finding another
                    // file's use drops makes it rendered again: the text goes now, and the next
                    // file's work reuses its memory.
                    if !keepsTexts { file.source = SourceFile(name: file.source.name, bytes: []) }
                    return (file, report)
                }
            }
            for (index, outcome) in outcomes.enumerated() {
                guard var (file, bytes) = try outcome.get() else {
                    skipped.append(paths[index])
                    continue
                }
                let kept = keepingTaken(file, path: paths[index], takenFromFiles)
                if kept.count != file.diagnostics.count {
                    file.diagnostics = kept
                    bytes = render(file, format: format, color: color)
                }
                checked.append(file)
                rendered.append(bytes)
                strict.append(settings[index].warningsAsErrors)
            }
        }
        // A file that cannot be read or rewritten is reported and the others are still fixed;
        // the run then exits 2.
        var refused = false
        // What each file fixed was read with, for the findings that remain once all are written.
        var fixedFiles: [(path: String, setting: FileSettings, kind: InputKind, target: Dialect?, bytes: [UInt8], report: Int)] = []
        for ((path, setting), uses) in zip(zip(paths, settings), usedFiles) where fixing {
            let options = setting.options
            let source: SourceFile
            do {
                source = try Terminal.readForRewrite(path)
            } catch let error as UsageError {
                Terminal.error("trellis: \(error.message)\n")
                refused = true
                continue
            }
            let kind: InputKind = path == "-" ? Inputs.sniff(source) : InputKind.of(path: path)
            if kind == .json, !Analysis.looksLikeGridDictionary(source.bytes) {
                skipped.append(path)
                continue
            }
            let target = Projects.target(flag: setting.target, default: setting.projectTarget, source: source, kind: kind)
            var outcome = Fixer.fix(source, kind: kind, target: target, options: options, unsafe: arguments.has("--unsafe-fixes"), uses: uses)
            if outcome.bytes != source.bytes {
                do {
                    try Terminal.rewrite(outcome.bytes, to: path, readAs: source.bytes)
                    Terminal.error("fixed \(outcome.fixed.count) in \(path): " + outcome.fixed.map(\.code.id).joined(separator: ", ") + "\n")
                } catch let error as UsageError {
                    Terminal.error("trellis: \(error.message)\n")
                    refused = true
                    // Nothing was written: the file's own findings are what it still has.
                    outcome = Fixer.Outcome(
                        bytes: source.bytes, fixed: [],
                        remaining: Linter.lint(LoadedFile.load(source, kind: kind, target: target, uses: uses), options: options))
                }
            }
            // The text the reports point into (a UTF-16 or UTF-32 file's, as UTF-8).
            let shown = LoadedFile.readable(SourceFile(name: path, bytes: outcome.bytes), kind: kind)
            let file = CheckedFile(source: shown, diagnostics: outcome.remaining)
            fixedFiles.append((path, setting, kind, target, outcome.bytes, checked.count))
            checked.append(file)
            rendered.append(render(file, format: format, color: color))
            strict.append(setting.warningsAsErrors)
        }
        // A file fixed may be one that others use: what remains in those is found again with
        // the files as written now, not as they were read. And as without --fix, a template
        // another checked file takes is not unused.
        var freshResolver = UsesOnDisk.resolver()
        for entry in fixedFiles {
            var file = checked[entry.report]
            if entry.kind == .trellis, usedFiles.contains(where: { !($0?.files.isEmpty ?? true) }) {
                let source = SourceFile(name: entry.path, bytes: entry.bytes)
                let (uses, parsed) = freshResolver.usedFiles(of: source, at: entry.path, kind: .trellis)
                if !uses.files.isEmpty {
                    let loaded = LoadedFile.load(source, kind: .trellis, target: entry.target, parsed: parsed, uses: uses)
                    file.diagnostics = Linter.lint(loaded, options: entry.setting.options)
                }
            }
            file.diagnostics = keepingTaken(file, path: entry.path, takenFromFiles)
            checked[entry.report] = file
            rendered[entry.report] = render(file, format: format, color: color)
        }
        if !skipped.isEmpty, !quietSkips {
            let names = skipped.prefix(5).joined(separator: ", ") + (skipped.count > 5 ? ", …" : "")
            Terminal.error(
                "note: skipped \(skipped.count) JSON \(skipped.count == 1 ? "file" : "files") that \(skipped.count == 1 ? "is not a grid dictionary" : "are not grid dictionaries") (no grid key such as `rows`, `cols` or `size` at the root): \(names)\n"
            )
        }
        let summary = CheckSummary(checked)
        let strictWarnings = zip(checked, strict).contains { file, strict in strict && file.diagnostics.contains { $0.severity == .warning } }
        let failed = summary.errors > 0 || (arguments.has("--warnings-as-errors") && summary.warnings > 0) || strictWarnings
        // Why a run with warnings alone fails.
        let why = summary.errors == 0 && failed ? " (warnings fail this run: warnings-as-errors)" : ""
        switch format {
        case "json": Terminal.writeBytes(pieces: { write in Reports.json(renderedFiles: rendered, summary: summary, write: write) })
        case "sarif": Terminal.write(SARIFReport.render(checked, toolVersion: Trellis.version))
        case "github":
            Terminal.writeBytes(pieces: { write in rendered.forEach(write) })
            Terminal.error(summary.line + why + "\n")
        default:
            Terminal.writeBytes(pieces: { write in rendered.forEach(write) })
            Terminal.write(summary.line + why + "\n")
        }
        if refused { return Trellis.Exit.usage }
        return failed ? Trellis.Exit.inputErrors : Trellis.Exit.ok
    }

    /// A file's findings without M014 for the templates another checked file takes
    /// (`file\0name` in `taken`).
    static func keepingTaken(_ file: CheckedFile, path: String, _ taken: Set<String>) -> [Diagnostic] {
        guard !taken.isEmpty, path != "-" else { return file.diagnostics }
        let prefix = Files.canonical(path) + "\u{0}"
        return file.diagnostics.filter { finding in
            finding.code != .unusedTemplate || !taken.contains(prefix + file.source.text(in: finding.range))
        }
    }

    /// One file's part of the report (nothing for SARIF, which is written whole).
    static func render(_ file: CheckedFile, format: String, color: Bool) -> [UInt8] {
        switch format {
        case "json": return Reports.jsonFile(file)
        case "github": return Array(Reports.github(file).utf8)
        case "sarif": return []
        default: return Array(DiagnosticRenderer.terminal(file.diagnostics, in: file.source, color: color).utf8)
        }
    }

    /// What one file is checked with.
    struct FileSettings: Sendable {
        var options: LintOptions
        /// `--target`.
        var target: Dialect?
        var projectTarget: Dialect?
        var warningsAsErrors: Bool
    }

    /// Files as given; directories searched (sorted) for regular `.trellis` files and `.json`
    /// files that look like grid dictionaries, within a project only those its `include` and
    /// `exclude` pick. Hidden folders and `node_modules` are skipped.
    static func expand(_ paths: [String], projects: inout Projects) throws -> [String] {
        var result: [String] = []
        for path in paths {
            let kind = path == "-" ? nil : Files.kind(path)
            guard path == "-" || kind != nil else {
                throw UsageError(message: "no such file or directory: \(path)")
            }
            guard path != "-", kind == .directory else {
                result.append(path)
                continue
            }
            var found: [String] = []
            var folders = [path]
            while let folder = folders.popLast() {
                for (name, kind) in Files.entries(folder) {
                    if name.hasPrefix(".") || name == "node_modules" { continue }
                    let full = folder == "." ? name : Files.join(folder, name)
                    if kind == .directory {
                        folders.append(full)
                    } else if kind == .regular, name.hasSuffix(".trellis") || (name.hasSuffix(".json") && looksLikeGridDictionary(full)),
                        try inProject(full, projects: &projects)
                    {
                        // Regular files only: a FIFO or device named `*.json` would block or never end.
                        found.append(full)
                    }
                }
            }
            result += found.sorted()
        }
        return result
    }

    /// Whether a file found in a folder is one of its project's (any file is, outside a project).
    static func inProject(_ path: String, projects: inout Projects) throws -> Bool {
        guard let project = try projects.project(of: path), let relative = project.relative(path) else { return true }
        return project.settings.includes(relative)
    }

    /// A JSON file that is a grid dictionary (`GridDictionaryShape`); an unreadable one is
    /// kept, so that its error is reported.
    static func looksLikeGridDictionary(_ path: String) -> Bool {
        guard case .success(let bytes) = Files.read(path) else { return true }
        return Analysis.looksLikeGridDictionary(bytes)
    }
}
