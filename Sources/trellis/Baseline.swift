import TrellisIDE
import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisSyntax

/// The layout files as they were at a git revision, for the commands that compare with it
/// (`preview --against REV`, `check --against REV`): each file read, in the repository it is
/// in, at the commit the revision named when the command started, under its old name when
/// it was renamed since, with its `use` lines followed in that commit.
struct Baseline {
    /// The revision as written.
    let revision: String
    /// Each repository met (by its top folder) and what the revision is there.
    private var repositories: [String: Result<Repository, UsageError>] = [:]
    /// The top folder of each folder asked about (one git process per folder, not per file).
    private var tops: [String: Result<String, Git.Failure>] = [:]

    /// One repository at the revision: its commit, its files there, where each changed file
    /// was then (renames), and the resolver of `use` paths in that commit.
    struct Repository {
        let top: String
        let files: RevisionFiles
        /// The old path (relative) of each file renamed since the revision (by its new path).
        let renamedFrom: [String: String]
        var resolver: UseResolver
    }

    /// What a file was at the revision, as its target reads it, or why there is no layout to
    /// compare it with (each said in a note where it is asked).
    enum Version: Sendable {
        case file(LoadedFile)
        /// Not in the revision (a new file), or outside any repository: the reason.
        case absent(String)
        /// In the revision with errors: the app got no layout from it.
        case broken(String)

        /// The note a command prints for a file compared with nothing.
        var note: String? {
            switch self {
            case .file: return nil
            case .absent(let why), .broken(let why): return why
            }
        }
    }

    /// A usage error where there is no git, the first path's folder is in no repository, or
    /// the revision names no commit there. `paths` (any form) are read at once.
    init(_ revision: String, paths: [String]) throws {
        self.revision = revision
        let files = paths.filter { $0 != "-" }
        let first = files.first.map { Files.directoryName(Terminal.canonical($0)) } ?? "."
        if case .failure(let error) = repository(near: first, prefetching: files) { throw error }
    }

    /// The repository `folder` is in, at the revision (found once per repository).
    private mutating func repository(near folder: String, prefetching paths: [String] = []) -> Result<Repository, UsageError> {
        let top: String
        let topLevel = tops[folder] ?? Git.topLevel(folder)
        tops[folder] = topLevel
        switch topLevel {
        case .success(let found): top = found
        case .failure(let failure): return .failure(UsageError(message: "--against \(revision): no revision can be read here: \(failure.message)"))
        }
        if let known = repositories[top] { return known }
        let opened = Self.open(revision, top: top, prefetching: paths)
        repositories[top] = opened
        return opened
    }

    private static func open(_ revision: String, top: String, prefetching paths: [String]) -> Result<Repository, UsageError> {
        guard let commit = Git.commit(revision, in: top) else {
            let why =
                Git.isRevision("HEAD", in: top)
                ? "`\(revision)` is no revision of the repository at \(Projects.shown(top))"
                : "the repository at \(Projects.shown(top)) has no commit yet: there is no revision to compare with"
            return .failure(UsageError(message: "--against: \(why)"))
        }
        // Renames since the revision, as `trellis diff REV` follows them.
        var renamedFrom: [String: String] = [:]
        if case .success(let changed) = Git.changedFiles(commit, nil, in: top) {
            for file in changed where file.old != file.new { renamedFrom[file.new] = file.old }
        }
        let prefix = top == "/" ? "/" : top + "/"
        let relative = paths.map(Terminal.canonical).filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        let files = RevisionFiles(
            revision: commit, top: top, prefetching: relative.map { renamedFrom[$0] ?? $0 } + Git.trellisFiles(at: commit, in: top))
        return .success(Repository(top: top, files: files, renamedFrom: renamedFrom, resolver: files.resolver))
    }

    /// What the file at `path` was at the revision.
    mutating func version(of path: String, target flag: Dialect?, projectTarget: Dialect?) -> Version {
        let canonical = Terminal.canonical(path)
        let shown = Projects.shown(canonical)
        guard case .success(var repository) = repository(near: Files.directoryName(canonical)) else {
            return .absent("\(shown) is in no repository where \(revision) can be read: compared with no layout")
        }
        let prefix = repository.top == "/" ? "/" : repository.top + "/"
        guard canonical.hasPrefix(prefix) else { return .absent("\(shown) is outside its repository: compared with no layout") }
        let relative = String(canonical.dropFirst(prefix.count))
        let old = repository.renamedFrom[relative] ?? relative
        guard let bytes = repository.files.bytes(old) else { return .absent("\(shown) is not in \(revision): compared with no layout") }
        let kind = InputKind.of(path: canonical)
        if kind == .json, !Analysis.looksLikeGridDictionary(bytes) { return .absent("\(shown) at \(revision) is no grid dictionary: compared with no layout") }
        let source = SourceFile(name: Projects.shown(Files.join(repository.top, old)), bytes: bytes)
        let target = Projects.target(flag: flag, default: projectTarget, source: source, kind: kind)
        let file = UsesOnDisk.load(source, kind: kind, target: target, path: Files.join(repository.top, old), resolver: &repository.resolver)
        repositories[repository.top] = .success(repository)
        if let error = file.diagnostics.first(where: { $0.severity == .error }) {
            let (line, column) = source.scalarPosition(of: error.range.lowerBound)
            return .broken("\(source.name):\(line + 1):\(column + 1) at \(revision) has errors (\(error.message)): compared with no layout")
        }
        return .file(file)
    }

    /// The changes of layout `index` of `layouts` since `version`, at `viewports`; nil when
    /// the old version has no such layout (matched as `trellis diff` matches them).
    static func changes(
        of layouts: [(name: String, runtime: RuntimeGrid)], at index: Int, since version: LoadedFile?, viewports: [Viewport],
        contentSizes: [Int: PreviewSize] = [:]
    ) -> LayoutChanges? {
        let old = version?.layouts ?? []
        let partners = DiffCommand.partners(old: old.map(\.name), new: layouts.map(\.name))
        guard partners.indices.contains(index) else { return nil }
        return compare(layouts, index, partners[index], old, viewports, contentSizes)
    }

    static func compare(
        _ layouts: [(name: String, runtime: RuntimeGrid)], _ index: Int, _ partner: Int?, _ old: [LoadedLayout], _ viewports: [Viewport],
        _ contentSizes: [Int: PreviewSize]
    ) -> LayoutChanges? {
        guard let partner, old.indices.contains(partner), layouts.indices.contains(index) else { return nil }
        return ScreenDiff.compare(
            name: layouts[index].name, old: old[partner].runtime.withContentSizes(contentSizes),
            new: layouts[index].runtime.withContentSizes(contentSizes), viewports: viewports)
    }

    /// `diagnostics` with D001 and the other findings of the layouts' changes since
    /// `version` (`check --against`), in order.
    static func findings(_ analysis: Analysis, since version: Version, revision: String, options: LintOptions, in diagnostics: [Diagnostic])
        -> [Diagnostic]
    {
        guard case .file(let old) = version else { return diagnostics }
        let layouts = zip(analysis.file.layouts, analysis.runtimes).map { (name: $0.name, runtime: $1) }
        let viewports = Array(options.viewports(for: analysis.file).prefix(1))
        let partners = DiffCommand.partners(old: old.layouts.map(\.name), new: layouts.map(\.name))
        let changes = layouts.indices.map { compare(layouts, $0, partners[$0], old.layouts, viewports, [:]) }
        let found = BaselineRules.findings(analysis.file, changes: changes, revision: revision, options: options)
        guard !found.isEmpty else { return diagnostics }
        return (diagnostics + found).sorted { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
    }
}
