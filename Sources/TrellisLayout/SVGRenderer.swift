import TrellisModel

/// Draws a computed layout: every grid outlined, leaves labelled with path, size rule and
/// slot, placeholders hatched, anchors shaded, borderlines where MyLayout paints them
/// (``BorderlineLayers``: thickness in pixels, inside the edge, an earlier pass's line where
/// the grid ended with a zero side, and under RTL mirrored within the grid's own width), and
/// the frame each view gets in blue. Grids with a negative length are outlined in red. Pure
/// text output; no scripts.
public enum SVGRenderer {
    /// `marks`: grids (by index) to highlight, such as the ones a change touches
    /// (``ScreenDiffMarks``); each marked cell gets an id (`idPrefix` + `g` + its index) so a
    /// page can link to it.
    public static func svg(name: String, result: LayoutResult, idPrefix: String = "", marks: [Int: CellMark] = [:]) -> String {
        let width = max(result.width, 1)
        let height = max(result.height, max(1, result.grids.map { $0.frame.y + max($0.frame.height, 0) }.max() ?? 1))
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" font-family="-apple-system, Helvetica, Arial, sans-serif">
            <title>\(escape(name)) at \(escape(viewportName(result.viewport)))\(escape(FramesReport.passesNote(result)))</title>
            <defs>
            <pattern id="\(idPrefix)hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6" stroke="#b0b0b0" stroke-width="2"/></pattern>
            </defs>
            <rect x="0" y="0" width="\(n(width))" height="\(n(height))" fill="#ffffff"/>

            """
        // Labels are placed leaves first, then the anchors' deepest first: an anchor's label
        // (at its bottom) never hides the label of a cell inside it; one that would overlap a
        // label placed before is left to the tooltip.
        var placedLabels = LabelPlacement()
        var labels = [String](repeating: "", count: result.grids.count)
        let anchors = result.grids.indices.filter { !result.grids[$0].isLeaf && result.grids[$0].slot != nil }
        let order =
            result.grids.indices.filter { result.grids[$0].isLeaf }
            + anchors.sorted { (result.grids[$0].depth, -$0) > (result.grids[$1].depth, -$1) }
        for index in order {
            labels[index] = label(result.grids[index], path: result.path(of: result.grids[index].index), placed: &placedLabels)
        }
        for (index, grid) in result.grids.enumerated() {
            out += cell(
                grid, path: result.path(of: grid.index), label: labels[index], hatch: "url(#\(idPrefix)hatch)", mark: marks[index],
                id: "\(idPrefix)g\(index)")
            for line in result.borderlines.lines(of: grid.index) { out += borderline(line) }
        }
        // The views' frames on top, distinct from the grids: blue, dashed; a view with no area
        // as a small cross, so that overlap views and zero-height cells can be seen.
        for grid in result.grids {
            guard let slot = grid.slot else { continue }
            guard let view = grid.viewFrame else { continue }
            if !grid.viewSizeIsUnset && view.isBounded {
                out += viewMark(view, slot: slot, color: "#2563eb", note: "")
            } else {
                // Gravity aligns a view that sets no size: CGFLOAT_MAX long, it covers the
                // screen or leaves it (or absurd sizes gave a frame beyond any screen).
                out += viewMark(
                    grid.contentBox, slot: slot, color: "#d97706",
                    note: grid.viewSizeIsUnset
                        ? " (the view sets no size of its own, so MyLayout makes it \(FramesReport.rectText(view)); give content(WxH))"
                        : " (\(FramesReport.rectText(view)): beyond any screen)")
            }
        }
        out += "</svg>\n"
        return out
    }

    static func viewMark(_ view: Rect, slot: Int, color: String, note: String) -> String {
        let title = "<title>view #\(slot): x \(n(view.x)), y \(n(view.y)), w \(n(view.width)), h \(n(view.height))\(escape(note))</title>"
        if view.width > 0, view.height > 0 {
            return
                "<rect class=\"view\" x=\"\(n(view.x))\" y=\"\(n(view.y))\" width=\"\(n(view.width))\" height=\"\(n(view.height))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"0.75\" stroke-dasharray=\"3 1.5\">\(title)</rect>\n"
        }
        // No area: the edge it has, with ticks at its ends; a point as a small cross.
        let x2 = view.x + view.width, y2 = view.y + view.height
        let d: String
        if view.width > 0 {
            d = "M\(n(view.x)) \(n(view.y))H\(n(x2))M\(n(view.x)) \(n(view.y - 3))V\(n(view.y + 3))M\(n(x2)) \(n(view.y - 3))V\(n(view.y + 3))"
        } else if view.height > 0 {
            d = "M\(n(view.x)) \(n(view.y))V\(n(y2))M\(n(view.x - 3)) \(n(view.y))H\(n(view.x + 3))M\(n(view.x - 3)) \(n(y2))H\(n(view.x + 3))"
        } else {
            d = "M\(n(view.x - 3)) \(n(view.y - 3))L\(n(view.x + 3)) \(n(view.y + 3))M\(n(view.x - 3)) \(n(view.y + 3))L\(n(view.x + 3)) \(n(view.y - 3))"
        }
        return "<path class=\"view\" d=\"\(d)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1\">\(title)</path>\n"
    }

    /// An HTML page with one panel per viewport; hovering a cell shows its facts.
    public static func html(name: String, results: [LayoutResult]) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(name)) — Trellis</title>
            <style>
            body { font-family: -apple-system, Helvetica, Arial, sans-serif; margin: 24px; background: #f4f4f5; color: #222; }
            .panels { display: flex; flex-wrap: wrap; gap: 32px; align-items: flex-start; }
            figure { margin: 0; background: #fff; padding: 12px; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
            figcaption { font-size: 13px; margin-bottom: 8px; color: #555; }
            svg g:hover > rect.cell { stroke: #e11d48; stroke-width: 2; }
            </style></head><body>
            <h1>\(escape(name))</h1>
            <div class="panels">

            """
        for (index, result) in results.enumerated() {
            out +=
                "<figure><figcaption>\(escape(viewportName(result.viewport))) — \(n(result.width)) × \(n(result.height)) pt\(escape(FramesReport.passesNote(result)))</figcaption>\n"
            out += svg(name: name, result: result, idPrefix: "p\(index)-")
            out += "</figure>\n"
        }
        out += "</div>\n</body></html>\n"
        return out
    }

    /// `iPhone SE (320x568@2x)` for a named preview, else the viewport.
    static func viewportName(_ viewport: Viewport) -> String {
        viewport.label.map { "\($0) (\(viewport.description))" } ?? viewport.description
    }

    /// The track size as browser grid inspectors show it: the rule and the length it got
    /// along the parent's split (`fill · 176`).
    static func track(_ grid: GridFrame) -> String {
        let rule = FramesReport.sizeRule(grid.measure, isRoot: grid.depth == 0)
        guard let axis = grid.parentAxis else { return rule }
        let length = axis == .cols ? grid.frame.width : grid.frame.height
        return rule == n(length) ? rule : "\(rule) · \(n(length))"
    }

    /// The first of the label's forms (one line or two) that fits the cell (about 4.6 points
    /// a character at 8 points, 9 points a line), so no label is cut mid-word and the size
    /// rule stays while it fits on a line of its own; the tooltip has everything.
    static func fitting(_ forms: [[String]], width: Double, height: Double) -> [String]? {
        forms.first { lines in
            !lines.isEmpty && Double(lines.count) * 9 <= height && lines.allSatisfy { Double($0.count) * 4.6 + 3 <= width }
        }
    }

    /// A leaf's (or an anchor's) label as SVG text, or "" when none fits or it would overlap
    /// a label already placed.
    static func label(_ grid: GridFrame, path gridPath: String, placed: inout LabelPlacement) -> String {
        let frame = grid.frame.standardized
        let path = gridPath.isEmpty ? "root" : gridPath
        let rule = FramesReport.sizeRule(grid.measure, isRoot: grid.depth == 0)
        let slot = grid.slot.map { "#\($0)" }
        let withSlot = { (text: String) in slot.map { text + " " + $0 } ?? text }
        let forms: [[String]] = [
            [withSlot("\(path) \(track(grid))")],
            [withSlot(path), track(grid)],
            [withSlot(path), rule],
            [withSlot("\(path) \(rule)")],
            [withSlot(rule)],
            [rule],
            [withSlot(path)],
            slot.map { [$0] } ?? [],
        ]
        guard let lines = fitting(forms, width: frame.width, height: frame.height) else { return "" }
        let height = Double(lines.count) * 9
        // An anchor's children carry their own labels at the top; its label goes below.
        let top = grid.isLeaf ? frame.y : frame.y + max(0, frame.height - 2 - height)
        let box = Rect(x: frame.x + 2, y: top + 1, width: Double(lines.map { $0.count }.max() ?? 0) * 4.6, height: height)
        guard placed.place(box) else { return "" }
        var out = ""
        for (number, line) in lines.enumerated() {
            out += "<text x=\"\(n(frame.x + 2))\" y=\"\(n(top + 9 * Double(number + 1)))\" font-size=\"8\" fill=\"#374151\">\(escape(line))</text>"
        }
        return out
    }

    static func cell(_ grid: GridFrame, path gridPath: String, label: String, hatch: String, mark: CellMark? = nil, id: String = "") -> String {
        let negative = grid.frame.width < 0 || grid.frame.height < 0
        let frame = grid.frame.standardized
        let rule = FramesReport.sizeRule(grid.measure, isRoot: grid.depth == 0)
        let path = gridPath.isEmpty ? "root" : gridPath
        var tooltip = "\(path) · \(rule) · x \(n(grid.frame.x)), y \(n(grid.frame.y)), w \(n(grid.frame.width)), h \(n(grid.frame.height))"
        if let slot = grid.slot { tooltip += " · view #\(slot)" }
        if let view = grid.viewFrame { tooltip += " at x \(n(view.x)), y \(n(view.y)), w \(n(view.width)), h \(n(view.height))" }
        if grid.placeholder { tooltip += " · placeholder" }
        if grid.anchor { tooltip += " · anchor" }
        let fill: String
        if grid.placeholder {
            fill = hatch
        } else if grid.anchor {
            fill = "rgba(59,130,246,0.12)"
        } else if grid.isLeaf {
            fill = "rgba(16,185,129,0.06)"
        } else {
            fill = "none"
        }
        let stroke = negative ? "#dc2626" : (grid.isLeaf ? "#6b7280" : "#9ca3af")
        let dash = negative ? " stroke-dasharray=\"4 2\"" : (grid.isLeaf ? "" : " stroke-dasharray=\"2 2\"")
        guard let mark else {
            var out = "<g><title>\(escape(tooltip))</title>"
            out +=
                "<rect class=\"cell\" x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"0.5\"\(dash)/>"
            out += label
            out += "</g>\n"
            return out
        }
        // A marked cell: its color over the cell's own fill, a thick outline inside its edge.
        let inset = Rect(x: frame.x + 1, y: frame.y + 1, width: max(frame.width - 2, 0), height: max(frame.height - 2, 0))
        var out = "<g class=\"changed changed-\(mark.kind.rawValue)\" id=\"\(escape(id))\" data-change=\"\(mark.kind.rawValue)\">"
        out += "<title>\(escape(tooltip + "\n" + mark.note))</title>"
        out +=
            "<rect class=\"cell\" x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"0.5\"\(dash)/>"
        out +=
            "<rect class=\"mark\" x=\"\(n(inset.x))\" y=\"\(n(inset.y))\" width=\"\(n(inset.width))\" height=\"\(n(inset.height))\" fill=\"\(mark.kind.color)\" fill-opacity=\"0.14\" stroke=\"\(mark.kind.color)\" stroke-width=\"2\"/>"
        out += label
        out += "</g>\n"
        return out
    }

    /// A borderline as a line through the middle of the area it paints, as wide as that area
    /// is thick (butt caps); nothing for a line never painted or whose area is empty as
    /// written (a side under 0.00005 point, such as the 1e-16 a `-25%` of a rounding error
    /// gets, is written as 0 and paints nothing). A stale line is drawn where it stays, and
    /// says so in its class.
    static func borderline(_ line: BorderlineFrame) -> String {
        let area = line.painted
        guard line.state != .never, FramesReport.rounded(area.width) > 0, FramesReport.rounded(area.height) > 0 else { return "" }
        let color = line.line.color.map { "rgba(\($0.red),\($0.green),\($0.blue),\(n(Double($0.alpha) / 255)))" } ?? "none"
        let horizontal = line.edge == .top || line.edge == .bottom
        let (x1, y1, x2, y2, thickness) =
            horizontal
            ? (area.x, area.y + area.height / 2, area.x + area.width, area.y + area.height / 2, area.height)
            : (area.x + area.width / 2, area.y, area.x + area.width / 2, area.y + area.height, area.width)
        let dash = line.line.dash > 0 ? " stroke-dasharray=\"\(n(line.line.dash)) \(n(line.line.dash))\" stroke-dashoffset=\"\(n(line.line.dash / 2))\"" : ""
        let ends = "x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\""
        // A light line (#EEEEEE on white) gets a faint dark edge so it can be seen.
        var halo = ""
        if let color = line.line.color, (0.299 * Double(color.red) + 0.587 * Double(color.green) + 0.114 * Double(color.blue)) > 200 {
            halo = "<line \(ends) stroke=\"#6b7280\" stroke-opacity=\"0.45\" stroke-width=\"\(n(thickness + 1))\"\(dash)/>\n"
        }
        let stale = line.state == .stale ? " class=\"borderline-stale\"" : ""
        return halo + "<line\(stale) \(ends) stroke=\"\(color)\" stroke-width=\"\(n(thickness))\"\(dash)/>\n"
    }

    static func n(_ value: Double) -> String { FramesReport.number(value) }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
