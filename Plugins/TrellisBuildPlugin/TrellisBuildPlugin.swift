import Foundation
import PackagePlugin

/// Compiles every `.trellis` file of a target (one layout each) to `NAME.json` at build time,
/// bundled as a resource (`Bundle.module`). Errors fail the build at the right line, in the
/// compilers' `file:line:col: error:` format; warnings stay warnings. Each file is its own
/// build command, so editing one file rebuilds that file only.
@main
struct TrellisBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let trellis = try context.tool(named: "trellis")
        let output = context.pluginWorkDirectoryURL
        // The plugin's option: `swiftSettings: [.define("TRELLIS_MYLAYOUT_2")]` on the target
        // sets the runtime for files without a `target` directive (build plugins take no
        // arguments, and a configuration file would be an unhandled file of the target).
        let conditions = (target as? SwiftSourceModuleTarget)?.compilationConditions ?? []
        let fallback =
            conditions.contains("TRELLIS_MYLAYOUT_2")
            ? ["--default-target", "2"]
            : conditions.contains("TRELLIS_MYLAYOUT_1") ? ["--default-target", "1"] : []
        // SwiftPM plans a plugin's outputs from file names and runs the plugin again only when
        // files are added or removed, never when one is edited: so each file holds one layout
        // and its JSON is named after the file (`trellis build --expect-layout` checks it).
        // A file of templates alone (a library other files `use`) has no JSON of its own; a
        // layout's command reads the files it uses too, so editing one rebuilds exactly the
        // layouts that use it, and its project file (`trellis.toml`, found as `trellis` finds
        // it: its `target` applies where neither the file nor the define names one).
        return module.sourceFiles(withSuffix: "trellis").compactMap { file in
            let planned = PlannedFile(file.url)
            guard !planned.isLibrary else { return nil }
            let name = file.url.deletingPathExtension().lastPathComponent
            return .buildCommand(
                displayName: "Compiling \(file.url.lastPathComponent) (Trellis)",
                executable: trellis.url,
                arguments: ["build", file.url.path, "--out-dir", output.path, "--diagnostic-style", "compiler", "--expect-layout", name] + fallback,
                inputFiles: [file.url] + PlannedFile.usedFiles(of: file.url) + PlannedFile.projectFile(of: file.url),
                outputFiles: [output.appendingPathComponent("\(name).json")])
        }
    }
}

/// What a `.trellis` file's lines say when the build is planned. A plugin cannot link
/// Trellis's parser, and runs again only when files are added or removed, so this is read
/// once then, and errs toward building: a file is a library only when it plainly is one.
struct PlannedFile {
    /// Whether the file holds templates and no layout: at least one `template` line, no
    /// `layout` line (indented or not), and every line at the first column a `template`,
    /// `use`, `target` or `preview` (the cells of a bare layout start there). An empty file
    /// is no library: its build says it defines no layout.
    var isLibrary = false
    /// The files its `use` lines name.
    var uses: [URL] = []

    init(_ url: URL) {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return }
        var templates = 0
        var other = false
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("use \"") {
                let path = trimmed.dropFirst(5).prefix { $0 != "\"" }
                uses.append(url.deletingLastPathComponent().appendingPathComponent(String(path)).standardizedFileURL)
                continue
            }
            if trimmed.hasPrefix("layout ") { other = true }
            guard let first = line.first, first != " ", first != "\t", !line.hasPrefix("//"), !line.hasPrefix("}"), !line.hasPrefix(";") else {
                continue
            }
            if line.hasPrefix("template ") {
                templates += 1
            } else if !(line.hasPrefix("target ") || line.hasPrefix("preview ")) {
                other = true
            }
        }
        isLibrary = templates > 0 && !other
    }

    /// The files `url` uses, directly or through the files it uses (each once).
    static func usedFiles(of url: URL) -> [URL] {
        var found: [URL] = []
        var seen: Set<URL> = [url.standardizedFileURL]
        var pending = PlannedFile(url).uses
        while let next = pending.popLast() {
            guard seen.insert(next).inserted, FileManager.default.fileExists(atPath: next.path) else { continue }
            found.append(next)
            pending.append(contentsOf: PlannedFile(next).uses)
        }
        return found
    }

    /// The project file `trellis build` reads for `url`: the nearest `trellis.toml` in its
    /// folder or one above it.
    static func projectFile(of url: URL) -> [URL] {
        var folder = url.deletingLastPathComponent().standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent("trellis.toml")
            if FileManager.default.fileExists(atPath: candidate.path) { return [candidate] }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { return [] }
            folder = parent
        }
    }
}
