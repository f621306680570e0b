/// `trellis diff --format html`: one page with, per layout and viewport, the old and the new
/// version side by side, drawn as `trellis render` draws them, the cells a change touches
/// highlighted (``ScreenDiffMarks``) and the list of changes beside them, each linking to its
/// cell. Static: no scripts, readable from a file or a CI artifact.
public enum ScreenDiffHTML {
    /// `before` and `after` name the two versions (files or revisions) in the captions.
    /// Layouts need their pictures (``ScreenDiff/compare(name:old:new:viewports:relayout:keepPictures:)``).
    public static func page(_ layouts: [LayoutChanges], before: String, after: String) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>trellis diff — \(escape(before)) → \(escape(after))</title>
            <style>
            body { font-family: -apple-system, Helvetica, Arial, sans-serif; margin: 24px; background: #f4f4f5; color: #222; }
            h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 28px; } h3 { font-size: 14px; color: #444; }
            .legend { display: flex; flex-wrap: wrap; gap: 16px; font-size: 13px; }
            .swatch { display: inline-block; width: 12px; height: 12px; border: 2px solid; margin-right: 6px; vertical-align: -3px; }
            .pair { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
            figure { margin: 0; background: #fff; padding: 12px; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
            figcaption { font-size: 13px; margin-bottom: 8px; color: #555; }
            ul.changes { font-size: 13px; line-height: 1.5; max-width: 720px; }
            ul.changes a { color: inherit; }
            svg g.changed:target > rect.mark, svg g.changed:hover > rect.mark { fill-opacity: 0.4; stroke-width: 3; }
            svg g:hover > rect.cell { stroke: #e11d48; stroke-width: 2; }
            </style></head><body>
            <h1>trellis diff: \(escape(before)) → \(escape(after))</h1>

            """
        let changed = ScreenDiffReport.hasChanges(layouts)
        let count = layouts.count
        out +=
            "<p class=\"summary\" data-changed=\"\(changed)\">\(changed ? "changes on the screen" : "no change on the screen") (\(count) layout\(count == 1 ? "" : "s") compared)</p>\n"
        if changed {
            out += "<div class=\"legend\">"
            for kind in CellMark.Kind.allCases {
                out += "<span><span class=\"swatch\" style=\"border-color: \(kind.color); background: \(kind.color)24\"></span>\(escape(kind.meaning))</span>"
            }
            out += "</div>\n"
        }
        for (number, layout) in layouts.enumerated() {
            out += section(layout, number: number, before: before, after: after)
        }
        out += "</body></html>\n"
        return out
    }

    static func section(_ layout: LayoutChanges, number: Int, before: String, after: String) -> String {
        let file = layout.file.map { " <small>(\(escape($0)))</small>" } ?? ""
        var out = "<section class=\"layout\" data-layout=\"\(escape(layout.name))\">\n<h2>layout \(escape(layout.name))\(file)</h2>\n"
        switch layout.status {
        case .added, .removed:
            let added = layout.status == .added
            out += "<p>only in the \(added ? "new" : "old") version</p>\n"
            // Drawn whole, marked as added or removed.
            for (index, viewport) in layout.viewports.enumerated() {
                guard let result = added ? viewport.pictures?.after : viewport.pictures?.before else { continue }
                let which = added ? "after" : "before"
                let marks = ScreenDiffMarks.whole(added ? .added : .removed, note: "only in the \(added ? "new" : "old") version", in: result)
                out += "<h3>at \(escape(SVGRenderer.viewportName(viewport.viewport)))</h3>\n<div class=\"pair\">\n"
                out += figure(layout.name, result, side: which, label: added ? after : before, marks: marks, prefix: "l\(number)v\(index)")
                out += "</div>\n"
            }
            return out + "</section>\n"
        case .both:
            break
        }
        guard !layout.isEmpty else { return out + "<p>no change on the screen</p>\n</section>\n" }
        // Links go to the first viewport's pictures: the structure is the same at each.
        let first = "l\(number)v0"
        out += "<ul class=\"changes\" data-role=\"structure\">\n"
        for group in ScreenDiffReport.structureGroups(layout.structure) {
            out += "<li>\(linked(group.line, group.changes.first, prefix: first))</li>\n"
        }
        out += "</ul>\n"
        for (index, viewport) in layout.viewports.enumerated() {
            guard let oldResult = viewport.pictures?.before, let newResult = viewport.pictures?.after else { continue }
            let prefix = "l\(number)v\(index)"
            out += "<h3>at \(escape(SVGRenderer.viewportName(viewport.viewport)))</h3>\n<div class=\"pair\">\n"
            for (side, result, label) in [(ScreenDiffMarks.Side.before, oldResult, before), (.after, newResult, after)] {
                let marks = ScreenDiffMarks.marks(viewport.changes, side: side, in: result)
                out += figure(layout.name, result, side: side == .before ? "before" : "after", label: label, marks: marks, prefix: prefix)
            }
            out += "</div>\n"
            let own = viewport.changes.filter { [.frame, .size, .settling].contains($0.kind) || ($0.kind == .added && $0.offScreen) }
            if !own.isEmpty {
                out += "<ul class=\"changes\" data-role=\"frames\">\n"
                for run in ScreenDiffReport.frameRuns(own) {
                    let text: String
                    if let change = run.first, change.kind == .added {
                        text = ScreenDiffReport.offScreenLine(change)
                    } else {
                        text = ScreenDiffReport.describe(run: run)
                    }
                    out += "<li>\(linked(text, run.first, prefix: prefix))</li>\n"
                }
                out += "</ul>\n"
            }
        }
        return out + "</section>\n"
    }

    /// One version's picture: `side` is `before` or `after` (its ids start with
    /// `prefix` + `b-` or `a-`).
    static func figure(_ name: String, _ result: LayoutResult, side: String, label: String, marks: [Int: CellMark], prefix: String) -> String {
        var out =
            "<figure data-side=\"\(side)\"><figcaption>\(side): \(escape(label)) — \(SVGRenderer.n(result.width)) × \(SVGRenderer.n(result.height)) pt\(escape(FramesReport.passesNote(result)))</figcaption>\n"
        out += SVGRenderer.svg(name: name, result: result, idPrefix: "\(prefix)\(side.prefix(1))-", marks: marks)
        return out + "</figure>\n"
    }

    /// The words, linking to the change's cell in the picture with `prefix`.
    static func linked(_ text: String, _ change: ScreenChange?, prefix: String) -> String {
        guard let change, let (side, grid) = ScreenDiffMarks.anchor(of: change) else { return escape(text) }
        return "<a href=\"#\(prefix)\(side == .before ? "b" : "a")-g\(grid)\">\(escape(text))</a>"
    }

    static func escape(_ text: String) -> String { SVGRenderer.escape(text) }
}
