import TrellisModel

/// One layout's frames at each of its viewports, named for reports.
public struct LayoutFrames: Sendable {
    public var name: String
    public var results: [LayoutResult]

    public init(name: String, results: [LayoutResult]) {
        self.name = name
        self.results = results
    }
}

/// Renders frames as the documented JSON shape (`trellis frames --format json`) and as an
/// aligned text table. Numbers are rounded to 4 decimals.
public enum FramesReport {
    /// Rounds to 4 decimals as the exact binary value dictates (ties to even), so that
    /// 1.78125 gives 1.7812 and 290.30435 (stored a hair below) gives 290.3043.
    public static func rounded(_ value: Double) -> Double {
        guard value.isFinite, abs(value) < 1e11 else { return value }
        let lower = (value * 10_000).rounded(.down)
        // The sign of value × 10⁴ − (lower + ½), computed with one rounding, is exact.
        let distance = (-(lower + 0.5)).addingProduct(value, 10_000)
        var chosen = lower
        if distance > 0 || (distance == 0 && lower.truncatingRemainder(dividingBy: 2) != 0) { chosen = lower + 1 }
        let result = chosen / 10_000
        return result == 0 ? 0 : result
    }

    public static func json(_ layouts: [LayoutFrames]) -> JSONValue {
        .object([
            JSONMember(
                "layouts",
                .array(
                    layouts.map { layout in
                        .object([
                            JSONMember("name", .string(layout.name)),
                            JSONMember("viewports", .array(layout.results.map(viewportJSON))),
                        ])
                    }))
        ])
    }

    static func viewportJSON(_ result: LayoutResult) -> JSONValue {
        var members = [
            JSONMember("width", .number(rounded(result.width))),
            JSONMember("height", .number(rounded(result.height))),
            JSONMember("scale", .number(result.viewport.scale)),
            JSONMember("rtl", .bool(result.viewport.rtl)),
        ]
        if result.isScreen {
            members.append(JSONMember("passes", .number(Double(result.passes))))
            members.append(JSONMember("settled", .bool(result.settled)))
        }
        members.append(
            JSONMember(
                "grids",
                .array(
                    result.grids.map { grid in
                        var fields = [
                            JSONMember("path", .string(result.path(of: grid.index))),
                            JSONMember("x", .number(rounded(grid.frame.x))),
                            JSONMember("y", .number(rounded(grid.frame.y))),
                            JSONMember("width", .number(rounded(grid.frame.width))),
                            JSONMember("height", .number(rounded(grid.frame.height))),
                            JSONMember("slot", grid.slot.map { .number(Double($0)) } ?? .null),
                        ]
                        if let view = grid.viewFrame { fields.append(JSONMember("view", rectJSON(view))) }
                        let lines = result.borderlines.lines(of: grid.index)
                        if !lines.isEmpty { fields.append(JSONMember("borderlines", .array(lines.map(borderlineJSON)))) }
                        return .object(fields)
                    })))
        return .object(members)
    }

    /// A view's frame as JSON: each number rounded, or the string `"CGFLOAT_MAX"` (or
    /// `"-CGFLOAT_MAX"`) where MyLayout left that value beyond any screen (``Rect/isBounded``),
    /// `"nan"` where the arithmetic of absurd sizes gave no number.
    public static func rectJSON(_ rect: Rect) -> JSONValue {
        .object([
            JSONMember("x", coordinate(rect.x)),
            JSONMember("y", coordinate(rect.y)),
            JSONMember("width", coordinate(rect.width)),
            JSONMember("height", coordinate(rect.height)),
        ])
    }

    /// A borderline as the screen shows it: the edge it was written for and MyLayout's side,
    /// the area painted, the line's own values, and whether it shows the grid's final
    /// rectangle (`current`), an earlier pass's (`stale`) or nothing (`never`).
    public static func borderlineJSON(_ line: BorderlineFrame) -> JSONValue {
        .object([
            JSONMember("edge", .string(line.edge.rawValue)),
            JSONMember("side", .string(line.side.rawValue)),
            JSONMember("x", coordinate(line.painted.x)),
            JSONMember("y", coordinate(line.painted.y)),
            JSONMember("width", coordinate(line.painted.width)),
            JSONMember("height", coordinate(line.painted.height)),
            JSONMember("thick", .number(rounded(line.line.thick))),
            JSONMember("color", line.line.color.map { .string($0.hexRGB) } ?? .null),
            JSONMember("alpha", line.line.color.map { .number(rounded(Double($0.alpha) / 255)) } ?? .null),
            JSONMember("dash", .number(rounded(line.line.dash))),
            JSONMember("state", .string(line.state.rawValue)),
        ])
    }

    /// One number of a view's frame as JSON (see ``rectJSON(_:)``).
    static func coordinate(_ value: Double) -> JSONValue {
        Rect.isOrdinary(value) ? .number(rounded(value)) : .string(unbounded(value))
    }

    /// How reports name a value beyond any screen: `CGFLOAT_MAX` or `-CGFLOAT_MAX` (as the
    /// harness prints any value beyond ±10³⁰⁰, infinities included), and `nan`.
    static func unbounded(_ value: Double) -> String {
        value.isNaN ? "nan" : value > 0 ? "CGFLOAT_MAX" : "-CGFLOAT_MAX"
    }

    /// The JSON report as text: one-space indentation, a final newline.
    public static func jsonText(_ layouts: [LayoutFrames]) -> String {
        JSONWriter.string(json(layouts), style: .pretty, indentWidth: 1)
    }

    /// A short description of a size rule: `120`, `33%`, `-50%`, `fill`, `wrap`.
    public static func sizeRule(_ measure: Double, isRoot: Bool) -> String {
        if isRoot { return "root" }
        if measure == RuntimeReading.fill { return "fill" }
        if measure == RuntimeReading.wrap { return "wrap" }
        if measure > 0 && measure < 1 || measure < 0 && measure > -1 {
            return JSONWriter.formatNumber(rounded(measure * 100)) + "%"
        }
        return JSONWriter.formatNumber(measure)
    }

    /// An aligned table: path, kind, size rule, x, y, width, height, slot, and the view's frame.
    public static func text(_ layouts: [LayoutFrames]) -> String {
        var output = ""
        for layout in layouts {
            for result in layout.results {
                output += "\(layout.name) @ \(result.viewport.description) → \(number(result.width)) × \(number(result.height))\(passesNote(result))\n"
                let views = result.grids.contains { $0.viewFrame != nil }
                var rows: [[String]] = [["path", "kind", "size", "x", "y", "width", "height", "slot"] + (views ? ["view"] : [])]
                for grid in result.grids {
                    let kind: String
                    if let axis = grid.axis {
                        kind = axis.rawValue + (grid.anchor ? "+anchor" : "") + (grid.placeholder ? "+placeholder" : "")
                    } else if grid.placeholder {
                        kind = "placeholder"
                    } else {
                        kind = grid.anchor ? "anchor" : "leaf"
                    }
                    rows.append(
                        [
                            grid.index == 0 ? "(root)" : String(repeating: "  ", count: max(0, grid.depth - 1)) + result.path(of: grid.index),
                            kind, sizeRule(grid.measure, isRoot: grid.depth == 0),
                            JSONWriter.formatNumber(rounded(grid.frame.x)), JSONWriter.formatNumber(rounded(grid.frame.y)),
                            JSONWriter.formatNumber(rounded(grid.frame.width)), JSONWriter.formatNumber(rounded(grid.frame.height)),
                            grid.slot.map(String.init) ?? "-",
                        ] + (views ? [grid.viewFrame.map(rectText) ?? ""] : []))
                }
                output += alignedTable(rows, rightAligned: [3, 4, 5, 6, 7])
                output += borderlinesText(result)
                output += "\n"
            }
        }
        return output
    }

    /// The borderlines of one result as a table (empty when there are none): the area each
    /// paints, its thickness in pixels, colour, dash and state.
    static func borderlinesText(_ result: LayoutResult) -> String {
        guard !result.borderlines.isEmpty else { return "" }
        var rows: [[String]] = [["borderline", "edge", "x", "y", "width", "height", "thick", "color", "dash", "state"]]
        for grid in result.borderlines.gridIndices {
            for line in result.borderlines.lines(of: grid) {
                rows.append([
                    result.path(of: grid), line.edge.rawValue, number(line.painted.x), number(line.painted.y),
                    number(line.painted.width), number(line.painted.height), number(line.line.thick),
                    line.line.color?.written ?? "none", number(line.line.dash), line.state.rawValue,
                ])
            }
        }
        return "\n" + alignedTable(rows, rightAligned: [2, 3, 4, 5, 6, 8])
    }

    /// A length as every report prints it: at most four decimals (``rounded(_:)``).
    public static func number(_ value: Double) -> String {
        Rect.isOrdinary(value) ? JSONWriter.formatNumber(rounded(value)) : unbounded(value)
    }

    /// `x,y width×height`, as the view column shows a view's frame.
    public static func rectText(_ rect: Rect) -> String {
        "\(number(rect.x)),\(number(rect.y)) \(number(rect.width))×\(number(rect.height))"
    }

    /// How the screen got there, when it took more than one pass: `(2 passes: 0 → 315)`.
    static func passesNote(_ result: LayoutResult) -> String {
        guard result.isScreen, result.passes > 1 || !result.settled else { return "" }
        var heights = result.heights.map(number)
        if heights.count > 5 { heights = Array(heights.prefix(3)) + ["…", heights.last ?? ""] }
        let walk = result.heights.count > 1 ? ": height " + heights.joined(separator: " → ") : ""
        let again = result.relayouts > 0 ? "; laid out \(result.relayouts) more time\(result.relayouts == 1 ? "" : "s")" : ""
        if !result.settled { return " (never settles\(walk); showing pass \(result.passes)\(again))" }
        return " (\(result.passes) pass\(result.passes == 1 ? "" : "es")\(walk)\(again))"
    }

    static func alignedTable(_ rows: [[String]], rightAligned: Set<Int>) -> String {
        guard let columns = rows.first?.count else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (index, cell) in row.enumerated() where index < columns { widths[index] = max(widths[index], cell.count) } }
        var output = ""
        for row in rows {
            var line = ""
            for (index, cell) in row.enumerated() where index < columns {
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                if index > 0 { line += "  " }
                line += rightAligned.contains(index) ? padding + cell : cell + padding
            }
            while line.hasSuffix(" ") { line.removeLast() }
            output += line + "\n"
        }
        return output
    }
}
