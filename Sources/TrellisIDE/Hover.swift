import TrellisLayout
import TrellisModel
import TrellisSyntax

/// What a hover shows: Markdown text and the byte range it is about.
public struct HoverInfo: Sendable, Equatable {
    public var markdown: String
    public var range: Range<Int>
}

/// Hover on a cell (Trellis) or a grid object (JSON): its path, size rule, slot, and at
/// every viewport the frame, content box and view frame the screen shows, numbers printed as
/// `trellis frames` prints them.
public enum Hover {
    public static func hover(_ analysis: Analysis, at offset: Int) -> HoverInfo? {
        for (index, layout) in analysis.file.layouts.enumerated() where index < analysis.runtimes.count {
            let runtime = analysis.runtimes[index]
            guard let (path, range) = innermostGrid(runtime, containing: offset) else { continue }
            var text = "**\(layout.name)** · grid `\(path.isEmpty ? "(root)" : path)`"
            var rows: [String] = []
            var rule = ""
            var slot = "–"
            for viewport in analysis.viewports {
                let result = LayoutEngine.layout(runtime, viewport: viewport)
                guard let grid = result.grids.first(where: { $0.path == path }) else { continue }
                rule = FramesReport.sizeRule(grid.measure, isRoot: grid.depth == 0)
                slot = grid.slot.map { "#\($0)" } ?? "no view"
                let view = grid.viewFrame.map(FramesReport.rectText) ?? (grid.slot == nil ? "–" : "sizes itself")
                rows.append("| \(viewport.label ?? viewport.description) | \(FramesReport.rectText(grid.frame)) | \(FramesReport.rectText(grid.contentBox)) | \(view) |")
                if !result.settled { rows[rows.count - 1] += " never settles" }
            }
            text += " · size `\(rule)` · slot \(slot)\n\n"
            text += "| viewport | frame | content box | view |\n|---|---|---|---|\n" + rows.joined(separator: "\n")
            if analysis.file.layouts.count > 1 { text += "\n\nlayout \(index + 1) of \(analysis.file.layouts.count)" }
            return HoverInfo(markdown: text, range: range)
        }
        return nil
    }

    /// The smallest grid whose source range holds `offset`, with its dotted path.
    static func innermostGrid(_ root: RuntimeGrid, containing offset: Int) -> (String, Range<Int>)? {
        var best: (String, Range<Int>)?
        var stack: [(RuntimeGrid, String)] = [(root, "")]
        while let (grid, path) = stack.popLast() {
            if let range = grid.sourceRange, range.contains(offset) || range.upperBound == offset {
                if best == nil || range.count <= (best?.1.count ?? Int.max) { best = (path, range) }
            }
            for (number, child) in grid.children.enumerated() {
                stack.append((child, path.isEmpty ? "\(number + 1)" : "\(path).\(number + 1)"))
            }
        }
        return best
    }
}
