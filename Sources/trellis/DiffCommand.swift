import TrellisIDE
import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisSyntax

/// `trellis diff OLD NEW` and `trellis diff REV [REV]`: what a change of layouts does on the
/// screen (``ScreenDiff``): two files (Trellis or grid JSON, mixed), or every layout file
/// that changed between a revision and the work tree (or two revisions), with the files that
/// use a changed one. Exit status as `diff`'s: 0 no change, 1 changes, 2 trouble.
enum DiffCommand {
    /// How the layouts are laid out: the flags, and the project's devices.
    struct Settings {
        var viewports: [Viewport]
        var rtl: Bool
        var relayout: Int
        var target: Dialect?
        /// Whether each viewport keeps both versions as laid out (`--format html` draws them).
        var keepPictures = false
    }

    static func run(_ words: [String]) throws -> Int32 {
        if Trellis.wantsHelp(words) {
            Terminal.write(Usage.diff)
            return Trellis.Exit.ok
        }
        let arguments = try Arguments(words, valued: ["--viewport", "--format", "--relayout", "--target"], flags: ["--rtl", "--git"])
        let format = arguments.value("--format") ?? "text"
        guard ["text", "json", "github", "html"].contains(format) else {
            throw UsageError(message: "--format takes text, json, github or html, not '\(format)'")
        }
        let settings = Settings(
            viewports: try arguments.all("--viewport").map(Inputs.viewport), rtl: arguments.has("--rtl"),
            relayout: try Inputs.relayout(arguments.value("--relayout")), target: try Trellis.dialect(arguments.value("--target")),
            keepPictures: format == "html")
        let words = arguments.positionals
        if arguments.has("--git") { return gitExternal(words, settings: settings) }
        guard (1...2).contains(words.count) else {
            throw UsageError(message: "diff takes two files (trellis diff OLD NEW), or one or two revisions (trellis diff REV [REV])")
        }
        let compared: [(String?, [LayoutChanges], SourceFile?)]
        if words.count == 2, words.allSatisfy({ Files.kind($0) != nil || $0 == "-" }) {
            compared = [try compareFiles(words[0], words[1], settings: settings)]
        } else if words.count == 2, let missing = words.first(where: { Files.kind($0) == nil && $0 != "-" }),
            let file = words.first(where: { Files.kind($0) != nil })
        {
            if let top = try? Git.topLevel().get(), Git.isRevision(missing, in: top) {
                throw UsageError(
                    message:
                        "`\(missing)` is a revision and \(file) a file: give two files, or revisions alone (trellis diff \(missing) compares every layout file changed since)"
                )
            }
            throw UsageError(message: "cannot read \(missing): no such file or directory")
        } else if words.count == 1, Files.kind(words[0]) != nil {
            throw UsageError(message: "\(words[0]) is one file: diff compares two (trellis diff OLD NEW), or a revision with the work tree (trellis diff REV)")
        } else {
            compared = try compareRevisions(words, settings: settings)
        }
        // Each layout with its file (revision mode names it, and its old name, already).
        let layouts = compared.flatMap { file, layouts, _ in layouts.map { layout in layout.file == nil ? with(layout, file: file) : layout } }
        switch format {
        case "json":
            var sources: [String: SourceFile] = [:]
            for (file, fileLayouts, source) in compared {
                guard let source else { continue }
                for layout in fileLayouts { sources[layout.file ?? file ?? ""] = source }
            }
            let report = ScreenDiffReport.json(layouts) { layout, change in
                guard let range = change.source, let source = sources[layout.file ?? ""] else { return nil }
                return source.lineIndex(of: range.lowerBound) + 1
            }
            Terminal.writeBytes(JSONWriter.write(report, style: .pretty) + [UInt8(ascii: "\n")])
        case "github":
            Terminal.write(github(compared))
        case "html":
            Terminal.write(ScreenDiffHTML.page(layouts, before: words[0], after: words.count > 1 ? words[1] : "the work tree"))
        default:
            Terminal.write(text(compared))
        }
        return ScreenDiffReport.hasChanges(layouts) ? Trellis.Exit.inputErrors : Trellis.Exit.ok
    }

    /// `--format github`: one workflow command per change at the new file's line where the
    /// grid is written (a view landing in another grid a warning, the rest notices), so a
    /// pull request shows what its layout change does beside the lines that do it.
    static func github(_ compared: [(String?, [LayoutChanges], SourceFile?)]) -> String {
        var output = ""
        for (file, layouts, source) in compared {
            // A file gone in the new version: annotated as a whole, by its path.
            guard let name = source?.name ?? file else { continue }
            for layout in layouts where !layout.isEmpty {
                var said: [String] = []
                func annotate(_ change: ScreenChange, _ text: String) {
                    var properties = "file=\(Reports.escapeProperty(name))"
                    if let range = change.source, let source {
                        let (line, column) = source.scalarPosition(of: range.lowerBound)
                        properties += ",line=\(line + 1),col=\(column + 1)"
                    }
                    properties += ",title=\(Reports.escapeProperty("trellis diff: " + layout.name))"
                    said.append("::\(change.kind == .view ? "warning" : "notice") \(properties)::\(Reports.escapeData(text))\n")
                }
                switch layout.status {
                case .added, .removed:
                    annotate(ScreenChange(kind: .added), "layout \(layout.name): only in the \(layout.status == .added ? "new" : "old") version")
                case .both:
                    for change in layout.structure { annotate(change, ScreenDiffReport.describe(change)) }
                    for viewport in layout.viewports {
                        for change in viewport.changes where [.frame, .size, .settling].contains(change.kind) {
                            annotate(change, "at \(viewport.viewport.description): " + ScreenDiffReport.describe(change))
                        }
                    }
                }
                output += said.joined()
            }
        }
        return output
    }

    static func with(_ layout: LayoutChanges, file: String?) -> LayoutChanges {
        var layout = layout
        layout.file = file
        return layout
    }

    /// Per file (in revision mode, headed by its path), the layouts' changes.
    static func text(_ compared: [(String?, [LayoutChanges], SourceFile?)]) -> String {
        guard compared.count != 1 || compared.first?.0 != nil else { return ScreenDiffReport.text(compared.first?.1 ?? []) }
        if compared.isEmpty { return "no layout file changed\n" }
        let all = compared.flatMap(\.1)
        guard ScreenDiffReport.hasChanges(all) || all.contains(where: { $0.beforeFile != nil }) else { return ScreenDiffReport.text(all) }
        var output = ""
        // A file renamed with no change on the screen is said too: the rename is the change.
        for (file, layouts, _) in compared where ScreenDiffReport.hasChanges(layouts) || layouts.contains(where: { $0.beforeFile != nil }) {
            output += "\(file ?? ""):\n"
            for line in ScreenDiffReport.text(layouts).split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                output += "  \(line)\n"
            }
        }
        return output
    }

    // MARK: two files

    /// `located`: where both files are taken to be (their `use` paths are followed from there,
    /// their project found from there): git's external diff gives a copy of the old version
    /// elsewhere. A path of `/dev/null` is a version without the file.
    static func compareFiles(_ oldPath: String, _ newPath: String, located: String? = nil, settings: Settings) throws -> (
        String?, [LayoutChanges], SourceFile?
    ) {
        if oldPath == "-", newPath == "-" { throw UsageError(message: "standard input can be one of the files, not both") }
        var projects = Projects()
        var resolver = UsesOnDisk.resolver()
        var versions: [LoadedFile?] = []
        var projectPreviews: [Viewport] = []
        for path in [oldPath, newPath] {
            guard path != "/dev/null" else {
                versions.append(nil)
                continue
            }
            let read = try Terminal.read(path)
            let place = located ?? path
            // git's copy of the old version is named by the file it is a version of.
            let source = located.map { SourceFile(name: path == oldPath ? "\($0) (old version)" : $0, bytes: read.bytes) } ?? read
            let kind: InputKind = path == "-" ? Inputs.sniff(source) : InputKind.of(path: place)
            if kind == .json, !Analysis.looksLikeGridDictionary(source.bytes) {
                throw UsageError(message: "\(path) is no grid dictionary (no grid key such as `rows`, `cols` or `size` at its root)")
            }
            let project = try projects.project(of: place)
            if projects.printProblems() { throw UsageError(message: "fix the project file first") }
            if path == newPath { projectPreviews = project?.settings.previews ?? [] }
            let target = Projects.target(flag: settings.target, default: project?.settings.target, source: source, kind: kind)
            versions.append(UsesOnDisk.load(source, kind: kind, target: target, path: place, resolver: &resolver))
        }
        // Under git (`located`), a version with errors is compared as no layout, as `trellis
        // diff REV` compares it (a commit that fixes a broken layout shows it as added).
        if located != nil {
            for (index, version) in versions.enumerated() {
                guard let version, let error = version.diagnostics.first(where: { $0.severity == .error }) else { continue }
                let (line, column) = version.source.scalarPosition(of: error.range.lowerBound)
                Terminal.write(
                    "  note: \(version.source.name):\(line + 1):\(column + 1) has errors (\(error.message)): the app gets no layout from it; compared as no layout\n"
                )
                versions[index] = nil
            }
        }
        try requireNoErrors(versions.compactMap { $0 })
        let layouts = compare(versions[0], versions[1], settings, projectPreviews)
        return (located, layouts, versions[1]?.source)
    }

    /// `git diff` with `diff.trellis.command = trellis diff --git`: git gives the path, then
    /// the old file, its hash and mode, then the new file, its hash and mode. A summary of
    /// what the change does on the screen, headed by the path; the status is always 0 (git
    /// stops at an external diff that fails).
    static func gitExternal(_ words: [String], settings: Settings) -> Int32 {
        guard words.count == 7 || words.count == 9 else {
            Terminal.error(
                "trellis diff --git: git gives 7 arguments (path, old file, hash, mode, new file, hash, mode), 9 for a rename; got \(words.count)\n")
            return Trellis.Exit.ok
        }
        // A rename: the new path, and how alike the two are.
        let path = words.count == 9 ? words[7] : words[0]
        Terminal.write(words.count == 9 ? "trellis diff \(words[0]) → \(path)\n" : "trellis diff \(path)\n")
        do {
            let (_, layouts, _) = try compareFiles(words[1], words[4], located: path, settings: settings)
            guard !layouts.isEmpty else {
                Terminal.write("  no layout in this file: `trellis diff REV` shows the layouts that use it\n")
                return Trellis.Exit.ok
            }
            for line in ScreenDiffReport.text(layouts).split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                Terminal.write("  \(line)\n")
            }
        } catch let error as UsageError {
            Terminal.write("  \(error.message)\n")
        } catch {
            Terminal.write("  \(error)\n")
        }
        return Trellis.Exit.ok
    }

    /// A version with errors gives no layout the app would show: said, and the run stops.
    static func requireNoErrors(_ files: [LoadedFile]) throws {
        var failed: [String] = []
        for file in files where file.diagnostics.hasErrors {
            Terminal.printDiagnostics(file.diagnostics.filter { $0.severity == .error }, in: file.source)
            failed.append(file.source.name)
        }
        guard failed.isEmpty else {
            throw UsageError(message: "\(failed.joined(separator: " and ")) \(failed.count == 1 ? "has" : "have") errors: no layout to compare")
        }
    }

    /// The layouts of two versions, matched by name (``partners(old:new:)``).
    static func compare(_ old: LoadedFile?, _ new: LoadedFile?, _ settings: Settings, _ projectPreviews: [Viewport]) -> [LayoutChanges] {
        let oldLayouts = old?.layouts ?? []
        let newLayouts = new?.layouts ?? []
        var options = LintOptions(viewports: settings.viewports, rtl: settings.rtl)
        options.fallbackViewports = projectPreviews
        let viewports = (new ?? old).map { options.viewports(for: $0) } ?? []
        /// A layout only one version has: laid out when pictures are kept, else nothing.
        func alone(_ layout: LoadedLayout, added: Bool) -> [ViewportChanges] {
            guard settings.keepPictures else { return [] }
            return viewports.map { viewport in
                let result = LayoutEngine.layout(layout.runtime, viewport: viewport, relayout: settings.relayout)
                return ViewportChanges(
                    viewport: viewport, changes: [], pictures: ViewportChanges.Pictures(before: added ? nil : result, after: added ? result : nil))
            }
        }
        var result: [LayoutChanges] = []
        var paired = Set<Int>()
        let partners = partners(old: oldLayouts.map(\.name), new: newLayouts.map(\.name))
        for (layout, partner) in zip(newLayouts, partners) {
            if let index = partner {
                paired.insert(index)
                result.append(
                    ScreenDiff.compare(
                        name: layout.name, old: oldLayouts[index].runtime, new: layout.runtime, viewports: viewports, relayout: settings.relayout,
                        keepPictures: settings.keepPictures))
            } else {
                result.append(LayoutChanges(name: layout.name, status: .added, structure: [], viewports: alone(layout, added: true)))
            }
        }
        for (index, layout) in oldLayouts.enumerated() where !paired.contains(index) {
            result.append(LayoutChanges(name: layout.name, status: .removed, structure: [], viewports: alone(layout, added: false)))
        }
        return result
    }

    /// For each new layout, the old layout (by index) it is a version of: the one of the same
    /// name; else, when one layout on each side has no namesake (a bare layout, named after
    /// its file, in two files of other names), that one.
    static func partners(old: [String], new: [String]) -> [Int?] {
        var oldIndex: [String: Int] = [:]
        for (index, name) in old.enumerated() where oldIndex[name] == nil { oldIndex[name] = index }
        let newNames = Set(new)
        var found = new.map { oldIndex[$0] }
        let oldLeft = old.indices.filter { !newNames.contains(old[$0]) }
        let newLeft = found.indices.filter { found[$0] == nil }
        if oldLeft.count == 1, newLeft.count == 1, let newIndex = newLeft.first { found[newIndex] = oldLeft.first }
        return found
    }

    // MARK: revisions

    static func compareRevisions(_ words: [String], settings: Settings) throws -> [(String?, [LayoutChanges], SourceFile?)] {
        let top: String
        switch Git.topLevel() {
        case .success(let folder): top = folder
        case .failure(let failure):
            let first = words[0]
            let notAFile = Files.kind(first) == nil ? "\(first) is no file, and " : ""
            throw UsageError(message: "\(notAFile)no revision can be read here: \(failure.message)")
        }
        for word in words where !Git.isRevision(word, in: top) {
            if !Git.isRevision("HEAD", in: top) {
                throw UsageError(message: "the repository at \(Projects.shown(top)) has no commit yet: there is no revision to compare with")
            }
            throw UsageError(message: "`\(word)` is neither a file nor a revision of the repository at \(Projects.shown(top))")
        }
        let old = words[0]
        let new = words.count > 1 ? words[1] : nil
        let changed: [(old: String, new: String)]
        switch Git.changedFiles(old, new, in: top) {
        case .success(let files): changed = files
        case .failure(let failure): throw UsageError(message: "git: \(failure.message)")
        }
        let changedPaths = Set(changed.flatMap { [Files.join(top, $0.old), Files.join(top, $0.new)] })
        // Each new path, and where its old version was (the same path but for a rename).
        var oldPath: [String: String] = [:]
        for file in changed where file.new.hasSuffix(".trellis") || file.new.hasSuffix(".json") { oldPath[file.new] = file.old }
        // Each revision's Trellis files and changed files, read by one git process each.
        let newTrellisFiles = Git.trellisFiles(at: new, in: top)
        let oldFiles = RevisionFiles(revision: old, top: top, prefetching: Git.trellisFiles(at: old, in: top) + changed.map(\.old))
        let newFiles = new.map { RevisionFiles(revision: $0, top: top, prefetching: newTrellisFiles + changed.map(\.new)) }
        var oldResolver = oldFiles.resolver
        var newResolver = newFiles?.resolver ?? UsesOnDisk.resolver()
        // A file's bytes in the new version: at a revision, or in the work tree.
        func read(_ relative: String) -> [UInt8]? {
            guard let newFiles else { return try? Files.read(Files.join(top, relative), regularOnly: true).get() }
            return newFiles.bytes(relative)
        }
        // The changed layout files, and the Trellis files that use a changed one.
        var candidates = Set(oldPath.keys)
        for relative in newTrellisFiles where !candidates.contains(relative) {
            let path = Files.join(top, relative)
            guard let bytes = read(relative), ByteSearch.contains(Array("use".utf8), in: bytes) else { continue }
            let uses = newResolver.usedFiles(of: SourceFile(name: path, bytes: bytes), at: path, kind: .trellis).uses
            if !newResolver.reached(by: uses).isDisjoint(with: changedPaths) { candidates.insert(relative) }
        }
        var projects = Projects()
        var results: [(String?, [LayoutChanges], SourceFile?)] = []
        for relative in candidates.sorted() {
            let path = Files.join(top, relative)
            let shown = Projects.shown(path)
            let kind = InputKind.of(path: path)
            let project = try projects.project(of: Files.kind(path) == nil ? Files.directoryName(path) : path)
            func load(_ bytes: [UInt8]?, resolver: inout UseResolver) -> LoadedFile? {
                guard let bytes else { return nil }
                if kind == .json, !Analysis.looksLikeGridDictionary(bytes) { return nil }
                let source = SourceFile(name: shown, bytes: bytes)
                let target = Projects.target(flag: settings.target, default: project?.settings.target, source: source, kind: kind)
                return UsesOnDisk.load(source, kind: kind, target: target, path: path, resolver: &resolver)
            }
            // A version with errors gives the app no layout: compared as one without the file.
            func readable(_ file: LoadedFile?, at version: String) -> LoadedFile? {
                guard let file, file.diagnostics.hasErrors else { return file }
                let first = file.diagnostics.first { $0.severity == .error }
                let place = first.map { file.source.scalarPosition(of: $0.range.lowerBound) }.map { ":\($0.line + 1):\($0.column + 1)" } ?? ""
                Terminal.error(
                    "note: \(shown)\(place) \(version) has errors (\(first?.message ?? "")): the app gets no layout from it; compared as no layout\n")
                return nil
            }
            let before = readable(load(oldFiles.bytes(oldPath[relative] ?? relative), resolver: &oldResolver), at: "at \(old)")
            let after = readable(load(read(relative), resolver: &newResolver), at: new.map { "at \($0)" } ?? "in the work tree")
            guard before != nil || after != nil else { continue }
            let layouts = compare(
                before, after, settings, project?.settings.previews ?? [])
            let beforeFile = oldPath[relative].flatMap { $0 == relative ? nil : Projects.shown(Files.join(top, $0)) }
            let named = layouts.map { layout in
                var layout = layout
                (layout.file, layout.beforeFile) = (shown, beforeFile)
                return layout
            }
            results.append((beforeFile.map { "\($0) → \(shown)" } ?? shown, named, after?.source))
        }
        if projects.printProblems() { throw UsageError(message: "fix the project file first") }
        return results
    }
}
