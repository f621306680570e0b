import TrellisLint
import TrellisModel
import TrellisSyntax

/// `trellis import`: grid-dictionary JSON → idiomatic Trellis (TrellisModel.Importer).
enum ImportCommand {
    static func run(_ words: [String]) throws -> Int32 {
        if Trellis.wantsHelp(words) {
            Terminal.write(Usage.importHelp)
            return Trellis.Exit.ok
        }
        let arguments = try Arguments(words, valued: ["-o", "--output", "--out-dir", "--target", "--shared"], flags: [])
        let target = try Trellis.dialect(arguments.value("--target"))
        if target == .any {
            throw UsageError(
                message:
                    "import reads JSON for one runtime: --target 1 (`space`) or 2 (`spacing`); the Trellis it writes builds for every version with `trellis build --target any`"
            )
        }
        let output = arguments.value("-o") ?? arguments.value("--output")
        let outDir = arguments.value("--out-dir")
        let paths = arguments.positionals
        guard !paths.isEmpty else { throw UsageError(message: "no input file (use - for standard input)") }
        if output != nil, outDir != nil { throw UsageError(message: "use either -o or --out-dir, not both") }
        if paths.count > 1, outDir == nil { throw UsageError(message: "several inputs need --out-dir DIR (one NAME.trellis each)") }
        let inputs = Set(paths.filter { $0 != "-" }.map(Terminal.canonical))
        // Where --target is not given, each input's project's target (1 or 2) says which key
        // set the JSON is read with; `any`, or no project: the keys the JSON uses.
        var projects = Projects()
        var targets: [String: Dialect] = [:]
        for path in paths {
            let project = try path == "-" ? projects.project(ofFolder: Files.canonical(".")) : projects.project(of: path)
            if let chosen = target ?? project?.settings.target, chosen != .any { targets[path] = chosen }
        }
        if projects.printProblems() { return Trellis.Exit.inputErrors }
        if let outDir {
            // One NAME.trellis per input: two inputs of one name, or one named like the
            // shared file, would be written over each other.
            var named: [String: String] = [:]
            let shared = arguments.value("--shared").map(Files.canonical)
            for path in paths {
                let written = Files.canonical(Files.join(outDir, LoadedFile.stem(of: path == "-" ? "<stdin>" : path) + ".trellis"))
                if let other = named[written] {
                    throw UsageError(message: "\(other) and \(path) would both be written to \(Projects.shown(written)): import them separately")
                }
                if written == shared {
                    throw UsageError(
                        message: "\(path)'s layout would be written over the shared file \(Projects.shown(written)): name the shared file otherwise")
                }
                named[written] = path
            }
        }
        if let shared = arguments.value("--shared") {
            guard let outDir else { throw UsageError(message: "--shared writes a file of templates beside the layouts: give --out-dir DIR") }
            return try importShared(paths, sharedFile: shared, outDir: outDir, targets: targets, inputs: inputs)
        }
        var failed = false
        for path in paths {
            // Read as `check` reads it: UTF-16 and UTF-32 as JSONSerialization reads them,
            // invalid UTF-8 an error (J014).
            let target = targets[path]
            let file = LoadedFile.load(try Terminal.read(path), kind: .json, target: target)
            let source = file.source
            Terminal.printDiagnostics(file.diagnostics, in: source)
            guard let root = file.jsonRoot else {
                failed = true
                continue
            }
            let hadErrors = file.diagnostics.hasErrors
            if hadErrors {
                failed = true
                Terminal.error("note: \(source.name) has errors: the app would get no layout from it; importing the layout as recovered\n")
                for loss in losses(in: source) { Terminal.error("note: \(loss)\n") }
            }
            let value = root.value
            let dialect = target ?? LoadedFile.detectDialect(value) ?? .default
            // What the runtime makes of odd values is what is imported: say so where it differs
            // from what the JSON seems to say.
            let findings = Linter.jsonRuleFindings(root, dialect: dialect)
            Terminal.printDiagnostics(findings, in: source)
            if findings.hasErrors { failed = true }
            let stem = LoadedFile.stem(of: source.name)
            let result = Importer.importLayout(
                value, dialect: dialect, name: stem, source: path == "-" ? "standard input" : (path.split(separator: "/").last.map(String.init) ?? path))
            if let problem = roundTripProblem(result.text, value: value, dialect: dialect) {
                // A layout recovered from errors may be one Trellis cannot hold (nesting beyond
                // its limits); otherwise this is a bug.
                let cause = hadErrors ? "the JSON's errors leave a layout Trellis cannot hold" : "please report this with the file"
                Terminal.error(
                    "error: the import of \(source.name) does not build back to the layout the runtime reads (\(problem.prefix(160))); nothing was written: \(cause)\n"
                )
                failed = true
                continue
            }
            let bytes = Array(result.text.utf8)
            if let outDir {
                try Terminal.createDirectory(outDir)
                let file = (outDir.hasSuffix("/") ? outDir : outDir + "/") + stem + ".trellis"
                try BuildCommand.guardNotInput(file, inputs)
                try Terminal.writeAtomically(bytes, to: file)
            } else if let output {
                try BuildCommand.guardNotInput(output, inputs)
                try Terminal.writeAtomically(bytes, to: output)
            } else {
                Terminal.writeBytes(bytes)
            }
        }
        return failed ? Trellis.Exit.inputErrors : Trellis.Exit.ok
    }

    /// `--shared FILE`: the inputs imported together, the subtrees they share written once as
    /// the templates of FILE, each layout `use`-ing it; written only when every layout builds
    /// back to the layout the runtime reads.
    static func importShared(_ paths: [String], sharedFile: String, outDir: String, targets: [String: Dialect], inputs: Set<String>) throws -> Int32 {
        guard sharedFile.hasSuffix(".trellis") else { throw UsageError(message: "--shared names a .trellis file, not '\(sharedFile)'") }
        var read: [(value: JSONValue, name: String, source: String)] = []
        var dialects: Set<Int> = []
        var failed = false
        for path in paths {
            let target = targets[path]
            let file = LoadedFile.load(try Terminal.read(path), kind: .json, target: target)
            Terminal.printDiagnostics(file.diagnostics, in: file.source)
            guard let root = file.jsonRoot, !file.diagnostics.hasErrors else {
                Terminal.error("error: \(file.source.name) has errors: fix them before importing it with others (--shared)\n")
                failed = true
                continue
            }
            dialects.insert((target ?? LoadedFile.detectDialect(root.value) ?? .default).rawValue)
            read.append((root.value, LoadedFile.stem(of: file.source.name), path == "-" ? "standard input" : Files.baseName(path)))
        }
        if failed { return Trellis.Exit.inputErrors }
        guard dialects.count <= 1 else {
            throw UsageError(message: "the inputs are written for different runtimes (`space` in some, `spacing` in others): say which with --target 1 or 2")
        }
        let dialect = dialects.first.flatMap(Dialect.init(rawValue:)) ?? .default
        try Terminal.createDirectory(outDir)
        let sharedPath = Files.canonical(sharedFile)
        let folder = Files.canonical(outDir)
        let written = UsePath.relative(sharedPath, from: folder)
        let result = Importer.importLayouts(read, dialect: dialect, sharedPath: written, sharedSource: read.map(\.source).joined(separator: ", "))
        // Each layout builds back, its use of the shared file read from memory.
        let shared = result.shared
        var resolver = UseResolver(
            fileSystem: UseResolver.FileSystem(
                read: { $0 == sharedPath ? .bytes(Array(shared.utf8)) : .missing }, fileNames: { _ in [] }, canonical: Files.canonical))
        var files: [(path: String, bytes: [UInt8])] = [(sharedFile, Array(shared.utf8))]
        for (index, layout) in result.layouts.enumerated() {
            let path = Files.join(outDir, read[index].name + ".trellis")
            let source = SourceFile(name: path, text: layout.text)
            let parsed = Parser.parse(source)
            let uses = resolver.usedFiles(of: parsed.tree, at: Files.join(folder, read[index].name + ".trellis"))
            let loaded = LoadedFile.load(source, kind: .trellis, parsed: parsed, uses: uses)
            let expected = RuntimeReading.root(read[index].value, dialect: dialect)
            let problem =
                loaded.layouts.count == 1 && !loaded.diagnostics.hasErrors
                ? loaded.layouts[0].runtime.firstDifference(from: expected, path: "") : "it does not build: \(loaded.diagnostics.first?.message ?? "")"
            if let problem {
                Terminal.error(
                    "error: the import of \(read[index].source) with shared templates does not build back to the layout the runtime reads (\(problem.prefix(160))); nothing was written: please report this with the files\n"
                )
                return Trellis.Exit.inputErrors
            }
            files.append((path, Array(layout.text.utf8)))
        }
        for file in files {
            try BuildCommand.guardNotInput(file.path, inputs)
            try Terminal.writeAtomically(file.bytes, to: file.path)
        }
        let count = files.count - 1
        Terminal.error("wrote \(sharedFile) (templates the layouts share) and \(count) layout\(count == 1 ? "" : "s") into \(outDir)\n")
        return Trellis.Exit.ok
    }

    /// Why the imported text does not build back to the runtime model of `value` (its first
    /// difference), or nil when it does: an import never loses a value. (Errors the JSON
    /// itself has, such as a size that asserts, stay errors of the import.)
    static func roundTripProblem(_ text: String, value: JSONValue, dialect: Dialect) -> String? {
        let loaded = LoadedFile.load(SourceFile(name: "import.trellis", text: text), kind: .trellis)
        guard loaded.layouts.count == 1, let layout = loaded.layouts.first else { return "\(loaded.layouts.count) layouts" }
        return layout.runtime.firstDifference(from: RuntimeReading.root(value, dialect: dialect), path: "")
    }

    /// What the recovered layout lacks, precisely: text the reader skipped, values it had to
    /// supply. Everything else of the input is in the import.
    static func losses(in source: SourceFile) -> [String] {
        JSONReader.read(source).losses.map { lost in
            let (line, column) = source.scalarPosition(of: lost.range.lowerBound)
            let place = "\(line + 1):\(column + 1)"
            switch lost.loss {
            case .missingValue(let key): return "\(place): \(key) has no value: imported as null"
            case .skipped: return "\(place): `\(source.text(in: lost.range))` is not in the import (skipped)"
            }
        }
    }
}
