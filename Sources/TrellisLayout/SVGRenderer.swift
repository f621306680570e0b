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
        var out = SVGBytes(capacity: 1024 + result.grids.count * 512)
        out.add("<svg xmlns=\"http://www.w3.org/2000/svg\"")
        out.attribute(" width=\"", width)
        out.attribute(" height=\"", height)
        out.add(" viewBox=\"0 0 ")
        out.number(width)
        out.add(" ")
        out.number(height)
        out.add("\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\">\n<title>")
        out.escaped(name)
        out.add(" at ")
        out.escaped(viewportName(result.viewport))
        out.escaped(FramesReport.passesNote(result))
        out.add("</title>\n<defs>\n<pattern id=\"")
        out.add(idPrefix)
        out.add(
            "hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#b0b0b0\" stroke-width=\"2\"/></pattern>\n</defs>\n<rect x=\"0\" y=\"0\""
        )
        out.attribute(" width=\"", width)
        out.attribute(" height=\"", height)
        out.add(" fill=\"#ffffff\"/>\n")
        // Labels are placed leaves first, then the anchors' deepest first: an anchor's label
        // (at its bottom) never hides the label of a cell inside it; one that would overlap a
        // label placed before is left to the tooltip.
        var placedLabels = LabelPlacement()
        var labels = [[UInt8]](repeating: [], count: result.grids.count)
        let anchors = result.grids.indices.filter { !result.grids[$0].isLeaf && result.grids[$0].slot != nil }
        let order =
            result.grids.indices.filter { result.grids[$0].isLeaf }
            + anchors.sorted { (result.grids[$0].depth, -$0) > (result.grids[$1].depth, -$1) }
        for index in order {
            labels[index] = label(result.grids[index], path: result.path(of: result.grids[index].index), placed: &placedLabels)
        }
        let hatch = "url(#\(idPrefix)hatch)"
        for (index, grid) in result.grids.enumerated() {
            cell(grid, path: result.path(of: grid.index), label: labels[index], hatch: hatch, mark: marks[index], id: "\(idPrefix)g\(index)", into: &out)
            for line in result.borderlines.lines(of: grid.index) { borderline(line, into: &out) }
        }
        // The views' frames on top, distinct from the grids: blue, dashed; a view with no area
        // as a small cross, so that overlap views and zero-height cells can be seen.
        for grid in result.grids {
            guard let slot = grid.slot else { continue }
            guard let view = grid.viewFrame else { continue }
            if !grid.viewSizeIsUnset && view.isBounded {
                viewMark(view, slot: slot, color: "#2563eb", note: "", into: &out)
            } else {
                // Gravity aligns a view that sets no size: CGFLOAT_MAX long, it covers the
                // screen or leaves it (or absurd sizes gave a frame beyond any screen).
                viewMark(
                    grid.contentBox, slot: slot, color: "#d97706",
                    note: grid.viewSizeIsUnset
                        ? " (the view sets no size of its own, so MyLayout makes it \(FramesReport.rectText(view)); give content(WxH))"
                        : " (\(FramesReport.rectText(view)): beyond any screen)", into: &out)
            }
        }
        out.add("</svg>\n")
        return out.text
    }

    static func viewMark(_ view: Rect, slot: Int, color: String, note: String, into out: inout SVGBytes) {
        func title(_ out: inout SVGBytes) {
            out.add("<title>view #")
            out.integer(slot)
            out.add(": ")
            out.rectangle(view)
            out.escaped(note)
            out.add("</title>")
        }
        if view.width > 0, view.height > 0 {
            out.add("<rect class=\"view\"")
            out.attribute(" x=\"", view.x)
            out.attribute(" y=\"", view.y)
            out.attribute(" width=\"", view.width)
            out.attribute(" height=\"", view.height)
            out.add(" fill=\"none\" stroke=\"")
            out.add(color)
            out.add("\" stroke-width=\"0.75\" stroke-dasharray=\"3 1.5\">")
            title(&out)
            out.add("</rect>\n")
            return
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
        out.add("<path class=\"view\" d=\"")
        out.add(d)
        out.add("\" fill=\"none\" stroke=\"")
        out.add(color)
        out.add("\" stroke-width=\"1\">")
        title(&out)
        out.add("</path>\n")
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
    static func fitting(_ forms: some Sequence<[String]>, width: Double, height: Double) -> [String]? {
        forms.first { lines in
            !lines.isEmpty && Double(lines.count) * 9 <= height && lines.allSatisfy { Double(characterCount($0)) * 4.6 + 3 <= width }
        }
    }

    /// A leaf's (or an anchor's) label as SVG text, or "" when none fits or it would overlap
    /// a label already placed.
    static func label(_ grid: GridFrame, path gridPath: String, placed: inout LabelPlacement) -> [UInt8] {
        let frame = grid.frame.standardized
        let path = gridPath.isEmpty ? "root" : gridPath
        let rule = FramesReport.sizeRule(grid.measure, isRoot: grid.depth == 0)
        let slot = grid.slot.map { "#\($0)" }
        let withSlot = { (text: String) in slot.map { text + " " + $0 } ?? text }
        let track = track(grid)
        // Made one at a time, until one fits (the first, as a rule).
        let forms = (0..<8).lazy.map { form -> [String] in
            switch form {
            case 0: return [withSlot(path + " " + track)]
            case 1: return [withSlot(path), track]
            case 2: return [withSlot(path), rule]
            case 3: return [withSlot(path + " " + rule)]
            case 4: return [withSlot(rule)]
            case 5: return [rule]
            case 6: return [withSlot(path)]
            default: return slot.map { [$0] } ?? []
            }
        }
        guard let lines = fitting(forms, width: frame.width, height: frame.height) else { return [] }
        let height = Double(lines.count) * 9
        // An anchor's children carry their own labels at the top; its label goes below.
        let top = grid.isLeaf ? frame.y : frame.y + max(0, frame.height - 2 - height)
        let box = Rect(x: frame.x + 2, y: top + 1, width: Double(lines.map(characterCount).max() ?? 0) * 4.6, height: height)
        guard placed.place(box) else { return [] }
        var out = SVGBytes(capacity: 128)
        for (number, line) in lines.enumerated() {
            out.add("<text")
            out.attribute(" x=\"", frame.x + 2)
            out.attribute(" y=\"", top + 9 * Double(number + 1))
            out.add(" font-size=\"8\" fill=\"#374151\">")
            out.escaped(line)
            out.add("</text>")
        }
        return out.bytes
    }

    static func cell(
        _ grid: GridFrame, path gridPath: String, label: [UInt8], hatch: String, mark: CellMark? = nil, id: String = "", into out: inout SVGBytes
    ) {
        let negative = grid.frame.width < 0 || grid.frame.height < 0
        let frame = grid.frame.standardized
        let rule = FramesReport.sizeRule(grid.measure, isRoot: grid.depth == 0)
        let path = gridPath.isEmpty ? "root" : gridPath
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
        if let mark {
            out.add("<g class=\"changed changed-")
            out.add(mark.kind.rawValue)
            out.add("\" id=\"")
            out.escaped(id)
            out.add("\" data-change=\"")
            out.add(mark.kind.rawValue)
            out.add("\"><title>")
        } else {
            out.add("<g><title>")
        }
        out.escaped(path)
        out.add(" · ")
        out.escaped(rule)
        out.add(" · ")
        out.rectangle(grid.frame)
        if let slot = grid.slot {
            out.add(" · view #")
            out.integer(slot)
        }
        if let view = grid.viewFrame {
            out.add(" at ")
            out.rectangle(view)
        }
        if grid.placeholder { out.add(" · placeholder") }
        if grid.anchor { out.add(" · anchor") }
        if let mark {
            out.add("\n")
            out.escaped(mark.note)
        }
        out.add("</title><rect class=\"cell\"")
        out.attribute(" x=\"", frame.x)
        out.attribute(" y=\"", frame.y)
        out.attribute(" width=\"", frame.width)
        out.attribute(" height=\"", frame.height)
        out.add(" fill=\"")
        out.add(fill)
        out.add("\" stroke=\"")
        out.add(stroke)
        out.add("\" stroke-width=\"0.5\"")
        if negative {
            out.add(" stroke-dasharray=\"4 2\"")
        } else if !grid.isLeaf {
            out.add(" stroke-dasharray=\"2 2\"")
        }
        out.add("/>")
        if let mark {
            // A marked cell: its color over the cell's own fill, a thick outline inside its edge.
            out.add("<rect class=\"mark\"")
            out.attribute(" x=\"", frame.x + 1)
            out.attribute(" y=\"", frame.y + 1)
            out.attribute(" width=\"", max(frame.width - 2, 0))
            out.attribute(" height=\"", max(frame.height - 2, 0))
            out.add(" fill=\"")
            out.add(mark.kind.color)
            out.add("\" fill-opacity=\"0.14\" stroke=\"")
            out.add(mark.kind.color)
            out.add("\" stroke-width=\"2\"/>")
        }
        out.add(bytes: label)
        out.add("</g>\n")
    }

    /// A borderline as a line through the middle of the area it paints, as wide as that area
    /// is thick (butt caps); nothing for a line never painted or whose area is empty as
    /// written (a side under 0.00005 point, such as the 1e-16 a `-25%` of a rounding error
    /// gets, is written as 0 and paints nothing). A stale line is drawn where it stays, and
    /// says so in its class.
    static func borderline(_ line: BorderlineFrame, into out: inout SVGBytes) {
        let area = line.painted
        guard line.state != .never, FramesReport.rounded(area.width) > 0, FramesReport.rounded(area.height) > 0 else { return }
        let color = line.line.color.map { "rgba(\($0.red),\($0.green),\($0.blue),\(n(Double($0.alpha) / 255)))" } ?? "none"
        let horizontal = line.edge == .top || line.edge == .bottom
        let (x1, y1, x2, y2, thickness) =
            horizontal
            ? (area.x, area.y + area.height / 2, area.x + area.width, area.y + area.height / 2, area.height)
            : (area.x + area.width / 2, area.y, area.x + area.width / 2, area.y + area.height, area.width)
        let dash = line.line.dash > 0 ? " stroke-dasharray=\"\(n(line.line.dash)) \(n(line.line.dash))\" stroke-dashoffset=\"\(n(line.line.dash / 2))\"" : ""
        let ends = "x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\""
        // A light line (#EEEEEE on white) gets a faint dark edge so it can be seen.
        if let color = line.line.color, (0.299 * Double(color.red) + 0.587 * Double(color.green) + 0.114 * Double(color.blue)) > 200 {
            out.add("<line \(ends) stroke=\"#6b7280\" stroke-opacity=\"0.45\" stroke-width=\"\(n(thickness + 1))\"\(dash)/>\n")
        }
        let stale = line.state == .stale ? " class=\"borderline-stale\"" : ""
        out.add("<line\(stale) \(ends) stroke=\"\(color)\" stroke-width=\"\(n(thickness))\"\(dash)/>\n")
    }

    static func n(_ value: Double) -> String { FramesReport.number(value) }

    /// `text` with `&`, `<`, `>` and `"` written as entities; byte by byte, since each is one
    /// byte of UTF-8 that no other character's bytes contain (most texts have none, and are
    /// returned as they are).
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") })
        else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The characters of a label, as its width is estimated: its bytes when it is ASCII (a
    /// path, a size rule, a slot: one character a byte), else its characters.
    static func characterCount(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
    }
}
