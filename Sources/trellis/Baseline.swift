import TrellisIDE
import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisSyntax

/// The layout files as they were at a git revision, for the commands that compare with it
/// (`preview --against REV`, `check --against REV`): each file read at the commit the
/// revision named when the command started, its `use` lines followed in that commit.
struct Baseline {
    /// The revision as written, and the commit it named.
    let revision: String
    let commit: String
    let top: String
    private let files: RevisionFiles
    private var resolver: UseResolver

    /// The baseline of the repository `folder` is in; a usage error where there is no git,
    /// no repository or no such revision. `paths` (any form) are read at once.
    init(_ revision: String, near folder: String, prefetching paths: [String] = []) throws {
        switch Git.topLevel(folder) {
        case .success(let found): top = found
        case .failure(let failure): throw UsageError(message: "--against \(revision): no revision can be read here: \(failure.message)")
        }
        guard let commit = Git.commit(revision, in: top) else {
            throw UsageError(message: "--against: `\(revision)` is no revision of the repository at \(Projects.shown(top))")
        }
        self.revision = revision
        self.commit = commit
        let prefix = top == "/" ? "/" : top + "/"
        let relative = paths.map(Terminal.canonical).filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        files = RevisionFiles(revision: commit, top: top, prefetching: relative + Git.trellisFiles(at: commit, in: top))
        resolver = files.resolver
    }

    /// What the file at `path` was at the revision, as `target` reads it, or why there is
    /// no layout to compare with.
    enum Version: Sendable {
        case file(LoadedFile)
        /// Not in the repository's folder, or not in that commit.
        case absent
        /// In the commit with errors: the app got no layout from it.
        case broken(String)
    }

    mutating func version(of path: String, target flag: Dialect?, projectTarget: Dialect?) -> Version {
        let canonical = Terminal.canonical(path)
        let prefix = top == "/" ? "/" : top + "/"
        guard canonical.hasPrefix(prefix) else { return .absent }
        let relative = String(canonical.dropFirst(prefix.count))
        guard let bytes = files.bytes(relative) else { return .absent }
        let kind = InputKind.of(path: canonical)
        if kind == .json, !Analysis.looksLikeGridDictionary(bytes) { return .absent }
        let source = SourceFile(name: "\(Projects.shown(canonical)) at \(revision)", bytes: bytes)
        let target = Projects.target(flag: flag, default: projectTarget, source: source, kind: kind)
        let file = UsesOnDisk.load(source, kind: kind, target: target, path: canonical, resolver: &resolver)
        if let error = file.diagnostics.first(where: { $0.severity == .error }) {
            let (line, column) = source.scalarPosition(of: error.range.lowerBound)
            return .broken("\(source.name):\(line + 1):\(column + 1) has errors (\(error.message))")
        }
        return .file(file)
    }

    /// The changes of each layout of `file` since `version`, at `viewports` (in the file's
    /// order; nil for a layout the old version does not have).
    static func changes(
        of layouts: [(name: String, runtime: RuntimeGrid)], since version: LoadedFile?, viewports: [Viewport], contentSizes: [Int: PreviewSize] = [:]
    ) -> [LayoutChanges?] {
        let old = version?.layouts ?? []
        let partners = DiffCommand.partners(old: old.map(\.name), new: layouts.map(\.name))
        return zip(layouts, partners).map { layout, partner in
            partner.map { index in
                ScreenDiff.compare(
                    name: layout.name, old: old[index].runtime.withContentSizes(contentSizes), new: layout.runtime.withContentSizes(contentSizes),
                    viewports: viewports)
            }
        }
    }

    /// `diagnostics` with D001 and the other findings of the layouts' changes since
    /// `version` (`check --against`), in order.
    static func findings(_ analysis: Analysis, since version: Version, revision: String, options: LintOptions, in diagnostics: [Diagnostic])
        -> [Diagnostic]
    {
        guard case .file(let old) = version else { return diagnostics }
        let layouts = zip(analysis.file.layouts, analysis.runtimes).map { (name: $0.name, runtime: $1) }
        let viewports = Array(options.viewports(for: analysis.file).prefix(1))
        let changes = changes(of: layouts, since: old, viewports: viewports)
        let found = BaselineRules.findings(analysis.file, changes: changes, revision: revision, options: options)
        guard !found.isEmpty else { return diagnostics }
        return (diagnostics + found).sorted { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
    }
}
