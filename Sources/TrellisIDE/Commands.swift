import TrellisLayout
import TrellisModel
import TrellisSyntax

/// The commands an editor can run on a document: the lowered JSON of a layout
/// (`trellis.showJSON`) and its SVG at a viewport (`trellis.render`).
public enum Commands {
    public static let names = ["trellis.showJSON", "trellis.render"]

    /// The layout named `name`, or the first.
    static func layoutIndex(_ analysis: Analysis, named name: String?) -> Int? {
        guard !analysis.file.layouts.isEmpty else { return nil }
        guard let name else { return 0 }
        return analysis.file.layouts.firstIndex { $0.name == name }
    }

    /// The grid dictionary a layout lowers to, pretty-printed as `trellis build` writes it.
    public static func showJSON(_ analysis: Analysis, layout name: String?) -> (name: String, json: String)? {
        guard let index = layoutIndex(analysis, named: name) else { return nil }
        let layout = analysis.file.layouts[index]
        return (layout.name, String(decoding: layout.jsonBytes(style: .pretty), as: UTF8.self))
    }

    /// The SVG of a layout at `viewport` (default: the first of the document's viewports).
    public static func render(_ analysis: Analysis, layout name: String?, viewport: Viewport?) -> (name: String, svg: String)? {
        guard let index = layoutIndex(analysis, named: name), analysis.runtimes.indices.contains(index) else { return nil }
        let runtime = analysis.runtimes[index]
        let result: LayoutResult?
        if let viewport { result = LayoutEngine.layout(runtime, viewport: viewport) } else { result = analysis.frames(layout: index, viewport: 0) }
        guard let result else { return nil }
        let layoutName = analysis.file.layouts[index].name
        return (layoutName, SVGRenderer.svg(name: layoutName, result: result))
    }
}
