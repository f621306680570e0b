import TrellisLayout
import TrellisModel

/// `trellis frames`: every grid's rectangle and slot at each viewport.
enum FramesCommand {
    static func run(_ words: [String]) throws -> Int32 {
        if Trellis.wantsHelp(words) {
            Terminal.write(Usage.frames)
            return Trellis.Exit.ok
        }
        let arguments = try Arguments(
            words, valued: ["--viewport", "--target", "--layout", "--format", "--relayout", "--content"], flags: ["--rtl", "--single-pass"])
        let target = try Trellis.dialect(arguments.value("--target"))
        let relayout = try Inputs.relayout(arguments.value("--relayout"))
        if arguments.has("--single-pass"), relayout > 0 { throw UsageError(message: "--single-pass and --relayout exclude each other") }
        let format = arguments.value("--format") ?? "text"
        guard format == "text" || format == "json" else { throw UsageError(message: "--format takes text or json, not '\(format)'") }
        let content = try Inputs.contentSizes(arguments.value("--content"))
        let loaded = try Inputs.load(arguments.positionals, target: target)
        Inputs.noteRecovered(loaded)
        var reports: [LayoutFrames] = []
        for (file, layout) in try Inputs.layouts(of: loaded.files, named: arguments.value("--layout")) {
            let viewports = try Inputs.viewports(
                flags: arguments.all("--viewport"), rtl: arguments.has("--rtl"), file: file, project: loaded.projectPreviews(of: file))
            let runtime = layout.runtime.withContentSizes(content)
            let results = Inputs.frames(runtime, at: viewports, singlePass: arguments.has("--single-pass"), relayout: relayout)
            reports.append(LayoutFrames(name: layout.name, results: results))
        }
        if reports.isEmpty {
            Terminal.error("trellis: \(Inputs.noLayout(loaded.files))\n")
            return Trellis.Exit.inputErrors
        }
        Terminal.write(format == "json" ? FramesReport.jsonText(reports) : FramesReport.text(reports))
        return loaded.hasErrors ? Trellis.Exit.inputErrors : Trellis.Exit.ok
    }
}
