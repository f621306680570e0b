import Foundation
import PackagePlugin

/// `swift package trellis-check [--target NAME]... [trellis check options]`: lints the
/// `.trellis` files and grid-dictionary JSON of the package's targets (or the ones named),
/// for CI. Fails when `trellis check` does (errors, or warnings with `--warnings-as-errors`).
@main
struct TrellisCheckPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let folders = targets.compactMap { ($0 as? SourceModuleTarget).flatMap(Self.folder) }
        let trellis = try context.tool(named: "trellis")
        let process = Process()
        process.executableURL = trellis.url
        process.arguments = ["check"] + extractor.remainingArguments + folders
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("trellis check failed (exit status \(process.terminationStatus))")
            throw CheckFailed()
        }
    }

    /// The folder that holds all of a target's files (its directory, found from its files:
    /// the directory property needs a newer tools version).
    static func folder(of target: SourceModuleTarget) -> String? {
        let folders = target.sourceFiles.map { $0.url.deletingLastPathComponent().standardizedFileURL.pathComponents }
        guard var common = folders.first else { return nil }
        for components in folders.dropFirst() {
            common = Array(zip(common, components).prefix { $0.0 == $0.1 }.map(\.0))
        }
        return common.isEmpty ? nil : NSString.path(withComponents: common)
    }

    struct CheckFailed: Error, CustomStringConvertible {
        var description: String { "trellis check reported problems" }
    }
}
