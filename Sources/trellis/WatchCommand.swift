import TrellisIDE
import TrellisModel
import TrellisSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `trellis watch FILE… -o DIR`: builds each file into DIR, then again after every save, one
/// line per rebuild. A file with errors keeps its last JSON.
enum WatchCommand {
    static func run(_ words: [String]) throws -> Int32 {
        if Trellis.wantsHelp(words) {
            Terminal.write(Usage.watch)
            return Trellis.Exit.ok
        }
        let arguments = try Arguments(words, valued: ["-o", "--out-dir", "--target"], flags: ["--compact"])
        let target = try Trellis.dialect(arguments.value("--target"))
        guard let outDir = arguments.value("-o") ?? arguments.value("--out-dir") else { throw UsageError(message: "watch needs -o DIR: where the JSON goes") }
        let paths = arguments.positionals
        guard !paths.isEmpty else { throw UsageError(message: "no input file: trellis watch FILE.trellis… -o DIR") }
        for path in paths where path == "-" || InputKind.of(path: path) == .json {
            throw UsageError(message: "\(path): watch compiles .trellis files")
        }
        try Inputs.requireOneExisting(paths)
        try Files.makeDirectories(outDir)
        guard Files.kind(outDir) == .directory else { throw UsageError(message: "\(outDir) is not a directory") }
        let style: JSONWriter.Style = arguments.has("--compact") ? .compact : .pretty
        let inputs = Set(paths.map(Terminal.canonical))
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
                        let dependents = inputs.contains(Terminal.canonical(path)) ? [path] : paths.filter(UsesOnDisk.mayUse)
                        for path in dependents where rebuilt.insert(path).inserted {
                            rebuild(path, into: outDir, target: target, style: style, inputs: inputs, owners: owners, built: built)
                        }
                    }
                })
        else { throw UsageError(message: "cannot start watching the files") }
        for path in paths { rebuild(path, into: outDir, target: target, style: style, inputs: inputs, owners: owners, built: built) }
        Terminal.error("watching \(paths.count) file\(paths.count == 1 ? "" : "s"); Ctrl-C to stop\n")
        while true { pause() }
    }

    /// Builds one file and prints one line: what was written, or why nothing was.
    /// `owners`: which file wrote each layout's JSON, so that two files with the same layout
    /// name do not overwrite each other's output. `built`: the files whose JSON was written,
    /// which is kept when they have errors or go away.
    static func rebuild(
        _ path: String, into outDir: String, target: Dialect?, style: JSONWriter.Style, inputs: Set<String>,
        owners: Locked<[String: String]>, built: Locked<Set<String>>
    ) {
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
        let file = UsesOnDisk.load(SourceFile(name: path, bytes: bytes), kind: .trellis, target: target, path: path, resolver: &resolver)
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
