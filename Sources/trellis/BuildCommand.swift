import TrellisModel

/// `trellis build`: Trellis → grid-dictionary JSON.
enum BuildCommand {
    static func run(_ words: [String]) throws -> Int32 {
        if Trellis.wantsHelp(words) {
            Terminal.write(Usage.build)
            return Trellis.Exit.ok
        }
        let arguments = try Arguments(
            words, valued: ["-o", "--output", "--out-dir", "--layout", "--target", "--diagnostic-style", "--expect-layout", "--default-target"],
            flags: ["--compact"])
        let diagnosticStyle: Inputs.DiagnosticStyle
        switch arguments.value("--diagnostic-style") ?? "human" {
        case "human": diagnosticStyle = .human
        case "compiler": diagnosticStyle = .compiler
        case let other: throw UsageError(message: "--diagnostic-style takes human or compiler, not '\(other)'")
        }
        let target = try Trellis.dialect(arguments.value("--target"))
        let output = arguments.value("-o") ?? arguments.value("--output")
        var outDir = arguments.value("--out-dir")
        if output != nil, outDir != nil { throw UsageError(message: "use either -o or --out-dir, not both") }
        // With no path, the project's Trellis files, into its `out-dir` (or --out-dir).
        var positionals = arguments.positionals
        if positionals.isEmpty, output == nil {
            var projects = Projects()
            let (project, files) = try projects.filesOfCurrentProject("build", ".trellis file") { InputKind.of(path: $0) == .trellis }
            if projects.printProblems() { return Trellis.Exit.inputErrors }
            guard let folder = outDir ?? project.outDir else {
                throw UsageError(message: "\(Projects.shown(project.path)) names no `out-dir`: add one under [project], or give --out-dir DIR")
            }
            outDir = folder
            positionals = files
        }
        for path in positionals where path != "-" && InputKind.of(path: path) == .json {
            throw UsageError(message: "\(path) is already JSON; `trellis build` compiles .trellis files (use `trellis frames` to see its frames)")
        }
        let defaultTarget = try Trellis.dialect(arguments.value("--default-target"), option: "--default-target")
        let loaded = try Inputs.load(positionals, target: target, defaultTarget: defaultTarget, style: diagnosticStyle)
        if loaded.hasErrors { return Trellis.Exit.inputErrors }
        let selected = try Inputs.layouts(of: loaded.files, named: arguments.value("--layout"))
        if selected.isEmpty {
            Terminal.error("trellis: \(Inputs.noLayout(loaded.files))\n")
            return Trellis.Exit.inputErrors
        }
        if let expected = arguments.value("--expect-layout"), let file = loaded.files.first {
            // The build plugin names each file's JSON after the file before reading it: one
            // layout per file, unnamed or named like the file.
            let found = selected.map(\.1.name)
            let problem: String?
            if found.count > 1 {
                problem =
                    "the file defines \(found.count) layouts (\(found.joined(separator: ", "))); the build plugin compiles one layout per file: move the others into files of their own"
            } else if let name = found.first, name != expected {
                problem = "the layout is named `\(name)`, but the build plugin names its JSON after the file (\(expected).json): rename the layout or the file"
            } else {
                problem = nil
            }
            if let problem {
                Terminal.error("\(file.source.name):1:1: error: \(problem)\n")
                return Trellis.Exit.inputErrors
            }
        }
        let style: JSONWriter.Style = arguments.has("--compact") ? .compact : .pretty
        let inputs = Set(positionals.filter { $0 != "-" }.map(Terminal.canonical))

        if let outDir {
            // Every check before the first write: a failing build writes nothing.
            var planned: [(path: String, layout: LoadedLayout)] = []
            var names: Set<String> = []
            for (_, layout) in selected {
                guard names.insert(layout.name).inserted else {
                    throw UsageError(message: "two layouts are named '\(layout.name)'; build them separately with --layout")
                }
                let path = outDir.hasSuffix("/") ? outDir + layout.name + ".json" : outDir + "/" + layout.name + ".json"
                try guardNotInput(path, inputs)
                planned.append((path, layout))
            }
            try createDirectory(outDir)
            for (path, layout) in planned { try Terminal.writeAtomically(bytes(layout, style), to: path) }
            return Trellis.Exit.ok
        }
        guard selected.count == 1 else {
            let names = selected.map(\.1.name).joined(separator: ", ")
            throw UsageError(
                message: "the input defines \(selected.count) layouts (\(names)); choose one with --layout NAME, or write them all with --out-dir DIR")
        }
        if let output {
            try guardNotInput(output, inputs)
            if output != "-" {
                try Terminal.writeAtomically(bytes(selected[0].1, style), to: output)
                return Trellis.Exit.ok
            }
        }
        // Standard output takes the JSON as it is written: a large layout's text is never held
        // whole.
        selected[0].1.writeJSON(style: style, chunkSize: 1 << 18) { Streams.write($0, to: 1) }
        if style == .compact { Terminal.writeBytes([UInt8(ascii: "\n")]) }
        return Trellis.Exit.ok
    }

    static func bytes(_ layout: LoadedLayout, _ style: JSONWriter.Style) -> [UInt8] {
        var bytes = layout.jsonBytes(style: style)
        if style == .compact { bytes.append(UInt8(ascii: "\n")) }
        return bytes
    }

    static func guardNotInput(_ path: String, _ inputs: Set<String>) throws {
        if inputs.contains(Terminal.canonical(path)) {
            throw UsageError(message: "refusing to write over the input file \(path)")
        }
    }

    static func createDirectory(_ path: String) throws {
        do {
            try Terminal.createDirectory(path)
        } catch {
            throw UsageError(message: "cannot create directory \(path)")
        }
    }
}
