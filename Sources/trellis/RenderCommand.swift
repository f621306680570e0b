import TrellisLayout
import TrellisModel

/// `trellis render`: an SVG (or HTML) picture of the computed layout.
enum RenderCommand {
    static func run(_ words: [String]) throws -> Int32 {
        if Trellis.wantsHelp(words) {
            Terminal.write(Usage.render)
            return Trellis.Exit.ok
        }
        let arguments = try Arguments(
            words, valued: ["--viewport", "--target", "--layout", "--format", "--relayout", "--content", "-o", "--output"], flags: ["--rtl", "--single-pass"])
        let target = try Trellis.dialect(arguments.value("--target"))
        let relayout = try Inputs.relayout(arguments.value("--relayout"))
        let format = arguments.value("--format") ?? "svg"
        guard format == "svg" || format == "html" else { throw UsageError(message: "--format takes svg or html, not '\(format)'") }
        guard arguments.positionals.count == 1 else { throw UsageError(message: "render takes one input file") }
        let loaded = try Inputs.load(arguments.positionals, target: target)
        Inputs.noteRecovered(loaded)
        guard let (file, layout) = try Inputs.layouts(of: loaded.files, named: arguments.value("--layout")).first else {
            Terminal.error("trellis: \(Inputs.noLayout(loaded.files))\n")
            return Trellis.Exit.inputErrors
        }
        let viewports = try Inputs.viewports(
            flags: arguments.all("--viewport"), rtl: arguments.has("--rtl"), file: file, project: loaded.projectPreviews(of: file))
        let runtime = layout.runtime.withContentSizes(try Inputs.contentSizes(arguments.value("--content")))
        let results = Inputs.frames(runtime, at: viewports, singlePass: arguments.has("--single-pass"), relayout: relayout)
        let text: String
        if format == "html" {
            text = SVGRenderer.html(name: layout.name, results: results)
        } else {
            text = results.first.map { SVGRenderer.svg(name: layout.name, result: $0) } ?? ""
        }
        if let output = arguments.value("-o") ?? arguments.value("--output") {
            let inputs = Set(arguments.positionals.filter { $0 != "-" }.map(Terminal.canonical))
            try BuildCommand.guardNotInput(output, inputs)
            try Terminal.writeAtomically(Array(text.utf8), to: output)
        } else {
            Terminal.write(text)
        }
        return loaded.hasErrors ? Trellis.Exit.inputErrors : Trellis.Exit.ok
    }
}
