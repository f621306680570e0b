import TrellisIDE
import TrellisLint
import TrellisModel
import TrellisSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `trellis watch FILE… -o DIR`: builds each file into DIR, then again after every save, one
/// line per rebuild. A file with errors keeps its last JSON. With no path, the project's
/// `.trellis` files; without `-o`, into each file's project's `out-dir`.
enum WatchCommand {
    /// A file watched, and what its project sets for it.
    struct Watched: Sendable {
        var path: String
        /// Where its JSON goes.
        var outDir: String
        /// The project's target, for a file without a `target` line (`--target` wins).
        var projectTarget: Dialect?
        /// The project's codes for the file: how its diagnostics are reported.
        var codes = CodeRules()
    }

    static func run(_ words: [String]) throws -> Int32 {
        if Trellis.wantsHelp(words) {
            Terminal.write(Usage.watch)
            return Trellis.Exit.ok
        }
        let arguments = try Arguments(words, valued: ["-o", "--out-dir", "--target"], flags: ["--compact"])
        let target = try Trellis.dialect(arguments.value("--target"))
        let flagOutDir = arguments.value("-o") ?? arguments.value("--out-dir")
        var projects = Projects()
        let paths =
            try arguments.positionals.isEmpty
            ? projects.filesOfCurrentProject("watch", ".trellis file") { InputKind.of(path: $0) == .trellis }.1 : arguments.positionals
        for path in paths where path == "-" || InputKind.of(path: path) == .json {
            throw UsageError(message: "\(path): watch compiles .trellis files")
        }
        try Inputs.requireOneExisting(paths)
        var watched: [Watched] = []
        for path in paths {
            let project = try projects.project(of: path)
            guard let outDir = flagOutDir ?? project?.outDir else {
                let home = project.map { "\(Projects.shown($0.path)) names no `out-dir`: add one under [project], or give -o DIR" }
                throw UsageError(message: home ?? "watch needs -o DIR: where the JSON goes (or a trellis.toml with an `out-dir`)")
            }
            watched.append(
                Watched(
                    path: path, outDir: outDir, projectTarget: project?.settings.target,
                    codes: project?.settings.codes(forPath: project?.relative(path)) ?? CodeRules()))
        }
        if projects.printProblems() { return Trellis.Exit.inputErrors }
        for outDir in Set(watched.map(\.outDir)).sorted() {
            try Files.makeDirectories(outDir)
            guard Files.kind(outDir) == .directory else { throw UsageError(message: "\(outDir) is not a directory") }
        }
        let style: JSONWriter.Style = arguments.has("--compact") ? .compact : .pretty
        let inputs = Set(paths.map(Terminal.canonical))
        let files = watched
        let owners = Locked<[String: String]>([:])
        let built = Locked<Set<String>>([])
        // The files they use are watched too: a change to one rebuilds the files that use files
        // (a `use` added later is followed from the next start).
        let used = UsesOnDisk.filesUsed(by: paths).filter { !inputs.contains($0) }
        // Watching first: a save during the first builds is not missed.
        guard
            FileWatcher.watch(
                paths + used,
                onChange: { changed in
                    var rebuilt: Set<String> = []
                    for path in changed {
                        for path in UsesOnDisk.dependents(of: path, among: paths) where rebuilt.insert(path).inserted {
                            for file in files where file.path == path {
                                rebuild(file, target: target, style: style, inputs: inputs, owners: owners, built: built)
                            }
                        }
                    }
                })
        else { throw UsageError(message: "cannot start watching the files") }
        for file in files { rebuild(file, target: target, style: style, inputs: inputs, owners: owners, built: built) }
        Terminal.error("watching \(paths.count) file\(paths.count == 1 ? "" : "s"); Ctrl-C to stop\n")
        while true { pause() }
    }

    /// Builds one file and prints one line: what was written, or why nothing was.
    /// `owners`: which file wrote each layout's JSON, so that two files with the same layout
    /// name do not overwrite each other's output. `built`: the files whose JSON was written,
    /// which is kept when they have errors or go away.
    static func rebuild(
        _ watched: Watched, target: Dialect?, style: JSONWriter.Style, inputs: Set<String>, owners: Locked<[String: String]>, built: Locked<Set<String>>
    ) {
        let (path, outDir) = (watched.path, watched.outDir)
        let stamp = clock()
        let hasJSON = built.withLock { $0.contains(path) }
        let kept = hasJSON ? "kept the last JSON" : "no JSON written yet"
        let bytes: [UInt8]
        switch Files.read(path) {
        case .success(let read): bytes = read
        case .failure(let failure) where failure.code == ENOENT:
            let why = hasJSON ? "removed or being replaced" : "no such file; built when it appears"
            Terminal.write("\(stamp) \(path): cannot read it (\(why)); \(kept)\n")
            return
        case .failure(let failure):
            Terminal.write("\(stamp) \(path): cannot read it (\(failure)); \(kept)\n")
            return
        }
        // A fresh resolver each time: a used file may have changed too.
        var resolver = UsesOnDisk.resolver()
        let source = SourceFile(name: path, bytes: bytes)
        let chosen = Projects.target(flag: target, default: watched.projectTarget, source: source, kind: .trellis)
        var file = UsesOnDisk.load(source, kind: .trellis, target: chosen, path: path, resolver: &resolver)
        // As the project reports its codes (an error it raises keeps the last JSON, as in `build`).
        file.diagnostics = watched.codes.apply(to: file.diagnostics)
        if let error = file.diagnostics.first(where: { $0.severity == .error }) {
            let (line, column) = file.source.scalarPosition(of: error.range.lowerBound)
            let count = file.diagnostics.filter { $0.severity == .error }.count
            Terminal.write("\(stamp) \(path): \(count) error\(count == 1 ? "" : "s"), \(kept) — \(line + 1):\(column + 1) \(error.code) \(error.message)\n")
            return
        }
        var written: [String] = []
        var refused: [String] = []
        // The output folder may have been removed meanwhile.
        try? Files.makeDirectories(outDir)
        for layout in file.layouts {
            let output = Files.join(outDir, layout.name + ".json")
            guard !inputs.contains(Terminal.canonical(output)) else { continue }
            let owner = owners.withLock { owners -> String in
                if owners[output] == nil { owners[output] = path }
                return owners[output] ?? path
            }
            guard owner == path else {
                refused.append("\(output) is \(owner)'s layout `\(layout.name)`")
                continue
            }
            var json = layout.jsonBytes(style: style)
            if style == .compact { json.append(UInt8(ascii: "\n")) }
            do {
                try Terminal.writeAtomically(json, to: output)
                written.append(output)
                built.withLock { _ = $0.insert(path) }
            } catch {
                let reason = (error as? UsageError)?.message ?? "\(error)"
                Terminal.write("\(stamp) \(path): cannot write \(output): \(reason)\n")
                return
            }
        }
        if !refused.isEmpty {
            Terminal.write("\(stamp) \(path): not written, the name is taken: \(refused.joined(separator: "; ")); rename the layout\n")
        }
        let warnings = file.diagnostics.filter { $0.severity == .warning }.count
        let note = warnings == 0 ? "" : " (\(warnings) warning\(warnings == 1 ? "" : "s"): trellis check \(path))"
        Terminal.write("\(stamp) \(path) → \(written.isEmpty ? "no layout" : written.joined(separator: ", "))\(note)\n")
    }

    /// `HH:MM:SS` local time.
    static func clock() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
