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
        return module.sourceFiles(withSuffix: "trellis").map { file in
            let name = file.url.deletingPathExtension().lastPathComponent
            return .buildCommand(
                displayName: "Compiling \(file.url.lastPathComponent) (Trellis)",
                executable: trellis.url,
                arguments: ["build", file.url.path, "--out-dir", output.path, "--diagnostic-style", "compiler", "--expect-layout", name] + fallback,
                inputFiles: [file.url],
                outputFiles: [output.appendingPathComponent("\(name).json")])
        }
    }
}
