import TrellisLint
import TrellisModel
import TrellisSyntax

/// A project file found for some input, and the folder it is the root of.
struct Project {
    /// The folder holding `trellis.toml` (canonical, no trailing `/`).
    var root: String
    /// The project file's path as reports name it.
    var path: String
    var file: ProjectFile

    var settings: ProjectSettings { file.settings }

    /// The lint options a file of this project is read with: `flags` (the command line's),
    /// then where they say nothing the project's codes for its path and its devices.
    func options(for path: String, over flags: LintOptions) -> LintOptions {
        flags.over(settings, forPath: relative(path))
    }

    /// The project's `out-dir`, as reports show it; nil when it names none.
    var outDir: String? { settings.outDir.map { Projects.shown(Files.join(root, $0)) } }

    /// `path` relative to the root (`layouts/home.trellis`), or nil for a file outside it.
    func relative(_ path: String) -> String? {
        let full = Files.canonical(path)
        let prefix = root == "/" ? "/" : root + "/"
        guard full.hasPrefix(prefix) else { return nil }
        return String(full.dropFirst(prefix.count))
    }
}

/// Finds the project file of a path by walking up from its folder, as ruff and taplo do; each
/// folder is asked once per run.
struct Projects {
    private var byFolder: [String: Project?] = [:]
    /// Each folder named in the paths given, in its absolute, symlink-free form.
    private var canonicalFolders: [String: String] = [:]
    /// Project files whose findings were printed (each once per run).
    private var reported: Set<String> = []

    /// For the commands other than `check` (which reports project files as files): the
    /// findings of each project file found so far, printed once; whether one is an error.
    mutating func printProblems(style: Inputs.DiagnosticStyle = .human) -> Bool {
        var errors = false
        for project in found where !project.file.diagnostics.isEmpty && reported.insert(project.path).inserted {
            let source = SourceFile(name: Projects.shown(project.path), bytes: project.file.source.bytes)
            switch style {
            case .human: Terminal.printDiagnostics(project.file.diagnostics, in: source)
            case .compiler: Terminal.error(DiagnosticRenderer.compiler(project.file.diagnostics, in: source))
            }
            if project.file.diagnostics.hasErrors { errors = true }
        }
        return errors
    }

    /// The project of the folder `folder` (canonical), or nil when no folder up to the root
    /// holds a `trellis.toml`. A project file that cannot be read is a usage error.
    mutating func project(ofFolder folder: String) throws -> Project? {
        var visited: [String] = []
        var current = folder
        var found: Project?
        while true {
            if let known = byFolder[current] {
                found = known
                break
            }
            visited.append(current)
            let candidate = Files.join(current, ProjectFile.fileName)
            if Files.kind(candidate) == .regular {
                let source = try Terminal.read(candidate)
                found = Project(root: current, path: candidate, file: ProjectFile.read(source))
                break
            }
            let parent = Files.directoryName(current)
            if parent.isEmpty || parent == current { break }
            current = parent
        }
        for folder in visited { byFolder[folder] = found }
        return found
    }

    /// For a command given no path (`build`, `watch`, `preview`): the project of the current
    /// folder and those of its files `keep` accepts, as reports show them; a usage error that
    /// says what to do where there is no project, or it holds no such file.
    mutating func filesOfCurrentProject(_ command: String, _ what: String, keep: (String) -> Bool) throws -> (Project, [String]) {
        guard let project = try project(ofFolder: Files.canonical(".")) else {
            throw UsageError(message: "no input file; with no path, \(command) needs a trellis.toml (trellis init)")
        }
        let files = Projects.files(of: project).filter(keep).map(Projects.shown)
        guard !files.isEmpty else {
            throw UsageError(message: "the project holds no \(what) (its include: \(Projects.shown(project.path)))")
        }
        return (project, files)
    }

    /// The project of a file (or folder) given on the command line; nil for standard input.
    mutating func project(of path: String) throws -> Project? {
        guard path != "-" else { return nil }
        if Files.isPlainFile(path) {
            // A file that is no link lies in its folder's canonical form: found once per folder
            // (a thousand files of one folder cost one `realpath`, not one each).
            let named = Files.directoryName(path)
            let folder = named.isEmpty ? "." : named
            if let known = canonicalFolders[folder] { return try project(ofFolder: known) }
            let canonical = Files.canonical(folder)
            canonicalFolders[folder] = canonical
            return try project(ofFolder: canonical)
        }
        let full = Files.canonical(path)
        let folder = Files.kind(full) == .directory ? full : Files.directoryName(full)
        return try project(ofFolder: folder.isEmpty ? "/" : folder)
    }

    /// The project files found so far, each once, in the order first found.
    var found: [Project] {
        var seen: Set<String> = []
        var result: [Project] = []
        for case let project? in byFolder.values.sorted(by: { ($0?.path ?? "") < ($1?.path ?? "") }) where seen.insert(project.path).inserted {
            result.append(project)
        }
        return result
    }

    /// The runtime a file is read for: the flag (`--target`), else for a Trellis file without
    /// its own `target` line and for JSON the default (`--default-target`, else the project's),
    /// else nil (the file's line, or the keys the JSON uses).
    static func target(flag: Dialect?, default fallback: Dialect?, source: SourceFile, kind: InputKind) -> Dialect? {
        if let flag { return flag }
        guard let fallback else { return nil }
        guard kind == .trellis else { return fallback }
        // Most files never spell the keyword: no parse is needed to know they name no target.
        guard ByteSearch.contains(Array("target".utf8), in: source.bytes) else { return fallback }
        return Parser.parse(source).tree.nodes.contains { $0.kind == .targetDirective } ? nil : fallback
    }

    /// A path as reports show it: relative to the current folder (`../home.trellis` from a
    /// folder beside it), as the user would type it.
    static func shown(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        if path == Files.canonical(".") { return "." }
        let here = Files.canonical(".").split(separator: "/")
        let there = path.split(separator: "/")
        var common = 0
        while common < here.count, common < there.count - 1, here[common] == there[common] { common += 1 }
        let up = Array(repeating: "..", count: here.count - common)
        // Far up (the root's siblings), the absolute path reads better.
        if up.count > 3 { return path }
        return (up + there[common...].map(String.init)).joined(separator: "/")
    }

    /// The files of a project: under its root, the `.trellis` and `.json` files `include`
    /// matches and `exclude` does not, sorted. Hidden files and folders, `node_modules` and
    /// the `out-dir` (what `build` writes) are never searched; JSON files that are no grid
    /// dictionaries are skipped when read.
    static func files(of project: Project) -> [String] {
        var found: [String] = []
        var folders = [""]
        let output = project.settings.outDir.map { $0.split(separator: "/").filter { $0 != "." }.joined(separator: "/") }
        while let folder = folders.popLast() {
            let onDisk = folder.isEmpty ? project.root : Files.join(project.root, folder)
            for (name, kind) in Files.entries(onDisk) {
                if name.hasPrefix(".") || name == "node_modules" { continue }
                let relative = folder.isEmpty ? name : folder + "/" + name
                if kind == .directory {
                    if relative != output { folders.append(relative) }
                } else if kind == .regular, name.hasSuffix(".trellis") || name.hasSuffix(".json"), project.settings.includes(relative) {
                    found.append(relative)
                }
            }
        }
        return found.sorted().map { Files.join(project.root, $0) }
    }
}
