import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Loading inputs for a command: read each path, analyse it, print its diagnostics.
enum Inputs {
    struct Loaded {
        var files: [LoadedFile]
        var hasErrors: Bool
        /// Each file's project's `previews` (by the file's name): its devices when neither flags
        /// nor the file name any.
        var projectPreviews: [String: [Viewport]] = [:]

        func projectPreviews(of file: LoadedFile) -> [Viewport] { projectPreviews[file.source.name] ?? [] }
    }

    /// Why nothing is built or drawn: the inputs define no layout (a file of templates alone is
    /// a library, which says so).
    static func noLayout(_ files: [LoadedFile]) -> String {
        let libraries = files.filter { file in file.layouts.isEmpty && file.tree.map { $0.nodes.contains { $0.kind == .templateDecl } } ?? false }
        guard libraries.count == files.count, let first = libraries.first else { return "the input defines no layout" }
        return "the input defines no layout: \(first.source.name) holds templates only, for the files that `use` it"
    }

    /// How diagnostics are printed: for people (source lines and carets), or one line each in
    /// the compilers' format for build systems (`--diagnostic-style compiler`).
    enum DiagnosticStyle: Sendable { case human, compiler }

    static func load(_ paths: [String], target: Dialect?, defaultTarget: Dialect? = nil, style: DiagnosticStyle = .human) throws -> Loaded {
        guard !paths.isEmpty else { throw UsageError(message: "no input file (use - for standard input)") }
        var files: [LoadedFile] = []
        var hasErrors = false
        var projects = Projects()
        var projectPreviews: [String: [Viewport]] = [:]
        var resolver = UsesOnDisk.resolver()
        for path in paths {
            let source = try Terminal.read(path)
            let kind: InputKind = path == "-" ? sniff(source) : InputKind.of(path: path)
            let project = try projects.project(of: path)
            // The project file's own findings first (once): a setting that could not be read
            // is not silently dropped.
            if projects.printProblems(style: style) { hasErrors = true }
            let chosen = Projects.target(flag: target, default: defaultTarget ?? project?.settings.target, source: source, kind: kind)
            var file = UsesOnDisk.load(source, kind: kind, target: chosen, path: path, resolver: &resolver)
            // As the project reports its codes: disabled ones left out, others regraded (an
            // error it raises fails the command as any error does).
            if let project { file.diagnostics = project.settings.codes(forPath: project.relative(path)).apply(to: file.diagnostics) }
            projectPreviews[file.source.name] = project?.settings.previews ?? []
            switch style {
            case .human: Terminal.printDiagnostics(file.diagnostics, in: file.source)
            case .compiler:
                let sorted = file.diagnostics.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
                Terminal.error(DiagnosticRenderer.compiler(sorted.map(\.element), in: file.source))
            }
            if file.diagnostics.hasErrors { hasErrors = true }
            files.append(file)
        }
        return Loaded(files: files, hasErrors: hasErrors, projectPreviews: projectPreviews)
    }

    /// For the commands that watch their inputs (`preview`, `watch`): a file missing at the
    /// start may appear later, but when none of them exists there is nothing to watch: the
    /// first one's error, as `trellis build` gives it.
    static func requireOneExisting(_ paths: [String]) throws {
        var reason: Int32 = 0
        for path in paths {
            var status = stat()
            if stat(path, &status) == 0 { return }
            if reason == 0 { reason = errno }
        }
        guard let first = paths.first else { return }
        throw UsageError(message: "cannot read \(first): \(reason == ENOENT ? "no such file or directory" : Errno(reason).description)")
    }

    /// After errors, frames and pictures show what the reader recovered; say so.
    static func noteRecovered(_ loaded: Loaded) {
        for file in loaded.files where file.diagnostics.hasErrors {
            let consequence = file.kind == .json ? "the app would get no layout from this file; " : ""
            Terminal.error("note: \(file.source.name) has errors: \(consequence)the output shows the layout as recovered\n")
        }
    }

    /// Standard input is JSON when its first non-space byte opens an object or an array.
    static func sniff(_ source: SourceFile) -> InputKind { InputKind.sniffed(source.bytes) }

    /// The layouts to use, filtered by `--layout`.
    static func layouts(of files: [LoadedFile], named name: String?) throws -> [(LoadedFile, LoadedLayout)] {
        var result: [(LoadedFile, LoadedLayout)] = []
        for file in files {
            for layout in file.layouts where name == nil || layout.name == name { result.append((file, layout)) }
        }
        if let name, result.isEmpty {
            let names = files.flatMap { $0.layouts.map(\.name) }
            throw UsageError(message: "no layout named '\(name)'" + (names.isEmpty ? "" : "; the inputs define: \(names.joined(separator: ", "))"))
        }
        return result
    }

    /// `--relayout N`: how many further layouts of the settled view to run (0 without the flag).
    static func relayout(_ text: String?) throws -> Int {
        guard let text else { return 0 }
        guard text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let count = Int(text), count <= 100 else {
            throw UsageError(message: "--relayout takes a count from 0 to 100, not '\(text)'")
        }
        return count
    }

    /// One `--viewport` value, or a usage error that says what is wrong with it.
    static func viewport(_ text: String) throws -> Viewport {
        if let viewport = Viewport.parse(text) { return viewport }
        if let at = text.firstIndex(of: "@") {
            var scale = text[text.index(after: at)...]
            if scale.hasSuffix("x") { scale = scale.dropLast() }
            if let value = Double(scale), !(1...4).contains(value) {
                throw UsageError(message: "'\(text)': the scale is from 1 to 4 (@2x and @3x are the iPhone scales), not \(scale)")
            }
        }
        throw UsageError(message: "'\(text)' is not a viewport: write WIDTHxHEIGHT@SCALEx with sizes from 0 to 100000 points, e.g. 375x667@2x or 375xwrap@3x")
    }

    /// Viewports: the flags, else the file's previews, else the default (`LintOptions`'s rule).
    static func viewports(flags: [String], rtl: Bool, file: LoadedFile, project: [Viewport] = []) throws -> [Viewport] {
        var options = LintOptions(viewports: try flags.map(viewport), rtl: rtl)
        options.fallbackViewports = project
        return options.viewports(for: file)
    }

    /// `--single-pass`, or the screen after `--relayout N` further layouts, at each viewport.
    static func frames(_ runtime: RuntimeGrid, at viewports: [Viewport], singlePass: Bool, relayout: Int) -> [LayoutResult] {
        viewports.map { singlePass ? LayoutEngine.singlePass(runtime, viewport: $0) : LayoutEngine.layout(runtime, viewport: $0, relayout: relayout) }
    }
}

extension Inputs {
    /// `--content "SLOT=WxH,…"`: the size each listed slot's view gives itself (what
    /// `content(WxH)` says in Trellis), as (slot, size) pairs.
    static func contentSizes(_ text: String?) throws -> [Int: PreviewSize] {
        guard let text else { return [:] }
        var sizes: [Int: PreviewSize] = [:]
        for entry in text.split(separator: ",") {
            let parts = entry.split(separator: "=")
            let dimensions = parts.count == 2 ? parts[1].split(separator: "x") : []
            guard parts.count == 2, let slot = Int(parts[0]), slot >= 0, dimensions.count == 2,
                let width = Double(dimensions[0]), let height = Double(dimensions[1]),
                width >= 0, height >= 0, width <= 100_000, height <= 100_000
            else {
                throw UsageError(
                    message:
                        "--content takes SLOT=WIDTHxHEIGHT, comma-separated, each length from 0 to 100000 (the size a slot's view gives itself, e.g. 0=80x20,3=40x16), not '\(entry)'"
                )
            }
            sizes[slot] = PreviewSize(width: width, height: height)
        }
        return sizes
    }
}
