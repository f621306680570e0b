import TrellisModel

/// `trellis build`: Trellis → grid-dictionary JSON.
enum BuildCommand {
    static func run(_ words: [String]) throws -> Int32 {
        if Trellis.wantsHelp(words) { Terminal.write(Usage.build); return Trellis.Exit.ok }
        let arguments = try Arguments(words, valued: ["-o", "--output", "--out-dir", "--layout", "--target"], flags: ["--compact"])
        let target = try Trellis.dialect(arguments.value("--target"))
        let output = arguments.value("-o") ?? arguments.value("--output")
        let outDir = arguments.value("--out-dir")
        if output != nil, outDir != nil { throw UsageError(message: "use either -o or --out-dir, not both") }
        for path in arguments.positionals where path != "-" && InputKind.of(path: path) == .json {
            throw UsageError(message: "\(path) is already JSON; `trellis build` compiles .trellis files (use `trellis frames` to see its frames)")
        }
        let loaded = try Inputs.load(arguments.positionals, target: target)
        if loaded.hasErrors { return Trellis.Exit.inputErrors }
        let selected = try Inputs.layouts(of: loaded.files, named: arguments.value("--layout"))
        if selected.isEmpty {
            Terminal.error("trellis: the input defines no layout\n")
            return Trellis.Exit.inputErrors
        }
        let style: JSONWriter.Style = arguments.has("--compact") ? .compact : .pretty
        let inputs = Set(arguments.positionals.filter { $0 != "-" }.map(Terminal.canonical))

        if let outDir {
            // Every check before the first write: a failing build writes nothing.
            var planned: [(path: String, layout: LoadedLayout)] = []
            var names: Set<String> = []
            for (_, layout) in selected {
                guard names.insert(layout.name).inserted else { throw UsageError(message: "two layouts are named '\(layout.name)'; build them separately with --layout") }
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
            throw UsageError(message: "the input defines \(selected.count) layouts (\(names)); choose one with --layout NAME, or write them all with --out-dir DIR")
        }
        let json = bytes(selected[0].1, style)
        if let output {
            try guardNotInput(output, inputs)
            try Terminal.writeAtomically(json, to: output)
        } else {
            Terminal.writeBytes(json)
        }
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
