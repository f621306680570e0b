import TrellisLayout
import TrellisModel
import TrellisSyntax

/// What the live preview page shows of one analysed file: its diagnostics with positions, its
/// layouts' names and preview devices, and — for a layout at a device — the picture and every
/// grid's path, size rule, frame, view frame and source line, for hovers and clicks. Plain
/// JSON values; the CLI serves them.
public enum Preview {
    /// A device the page offers: the file's preview directives first, then common iPhones and
    /// iPads in portrait and landscape.
    public struct Device: Sendable, Equatable {
        public var name: String
        public var viewport: Viewport

        public init(name: String, viewport: Viewport) {
            self.name = name
            self.viewport = viewport
        }
    }

    /// Common sizes, portrait; the page offers each in landscape too.
    public static let commonDevices: [Device] = [
        Device(name: "iPhone SE", viewport: Viewport(width: 320, height: 568, scale: 2)),
        Device(name: "iPhone 8", viewport: Viewport(width: 375, height: 667, scale: 2)),
        Device(name: "iPhone 15", viewport: Viewport(width: 393, height: 852, scale: 3)),
        Device(name: "iPhone 15 Pro Max", viewport: Viewport(width: 430, height: 932, scale: 3)),
        Device(name: "iPad", viewport: Viewport(width: 768, height: 1024, scale: 2)),
        Device(name: "iPad Pro 11″", viewport: Viewport(width: 834, height: 1194, scale: 2)),
    ]

    /// Whether a picture of the analysis is worth drawing: it has a layout and no error of
    /// a code that is an error in itself (a file that does not build, a layout the runtime
    /// fails on); a project's `error` for a milder code does not hide the picture.
    public static func canDraw(_ analysis: Analysis) -> Bool {
        !analysis.file.layouts.isEmpty && !analysis.diagnostics.contains { $0.severity == .error && $0.code.severity == .error }
    }

    /// The file's own devices: its preview directives, else the default viewport.
    public static func devices(of analysis: Analysis) -> [Device] {
        analysis.viewports.map { Device(name: $0.label ?? $0.description, viewport: $0) }
    }

    /// What a file's picture is drawn from (its last good analysis): `layouts`, `devices` and
    /// the source `lines` a clicked cell shows.
    public static func drawing(_ analysis: Analysis) -> [JSONMember] {
        [
            JSONMember("layouts", .array(analysis.file.layouts.map { .string($0.name) })),
            JSONMember("devices", .array(devices(of: analysis).map(deviceJSON))),
            JSONMember("lines", .array(lines(of: analysis.source).map { .string($0) })),
        ]
    }

    /// What a file says now (its latest analysis): `errors` and the `diagnostics` with lines
    /// and columns.
    public static func report(_ analysis: Analysis) -> [JSONMember] {
        let source = analysis.source
        let diagnostics: [JSONValue] = analysis.diagnostics.map { diagnostic in
            let (line, column) = source.scalarPosition(of: diagnostic.range.lowerBound)
            return .object([
                JSONMember("code", .string(diagnostic.code.id)),
                JSONMember("severity", .string(diagnostic.severity.rawValue)),
                JSONMember("message", .string(diagnostic.message)),
                JSONMember("line", .number(Double(line + 1))),
                JSONMember("column", .number(Double(column + 1))),
            ])
        }
        return [JSONMember("errors", .bool(analysis.diagnostics.hasErrors)), JSONMember("diagnostics", .array(diagnostics))]
    }

    /// A device as the page and the API's `preview` list it: name, width, height (null for a
    /// wrap height), scale and direction.
    public static func deviceJSON(_ device: Device) -> JSONValue {
        .object([
            JSONMember("name", .string(device.name)),
            JSONMember("width", .number(device.viewport.width)),
            JSONMember("height", device.viewport.height.map { .number($0) } ?? .null),
            JSONMember("scale", .number(device.viewport.scale)),
            JSONMember("rtl", .bool(device.viewport.rtl)),
        ])
    }

    /// The source's lines, for the page to show the line a clicked cell was written on.
    static func lines(of source: SourceFile) -> [String] {
        source.lineStarts.indices.map { line in
            let range = source.lineRange(line)
            var text = source.text(in: range)
            while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
            return text
        }
    }

    /// One layout at one viewport: `{svg, width, height, passes, settled, grids:[{path, rule,
    /// x, y, width, height, view, borderlines, slot, line, leaf, depth}]}`, or nil when there is no such
    /// layout. Paths, rules and numbers are printed as `trellis frames` prints them;
    /// `contentSizes` are the sizes listed slots' views set themselves (`--content`);
    /// `marks` gives the cells to highlight in the laid-out layout (`preview --against`).
    public static func render(
        _ analysis: Analysis, layout: Int, viewport: Viewport, contentSizes: [Int: PreviewSize] = [:],
        idPrefix: String = "", marks: (LayoutResult) -> [Int: CellMark] = { _ in [:] }
    ) -> JSONValue? {
        guard analysis.file.layouts.indices.contains(layout) else { return nil }
        let runtime = analysis.runtimes[layout].withContentSizes(contentSizes)
        let result = LayoutEngine.layout(runtime, viewport: viewport)
        let source = analysis.source
        let grids: [JSONValue] = result.grids.map { grid in
            var members = [
                JSONMember("path", .string(grid.index == 0 ? "root" : result.path(of: grid.index))),
                JSONMember("rule", .string(FramesReport.sizeRule(grid.measure, isRoot: grid.depth == 0))),
                JSONMember("x", .number(FramesReport.rounded(grid.frame.x))),
                JSONMember("y", .number(FramesReport.rounded(grid.frame.y))),
                JSONMember("width", .number(FramesReport.rounded(grid.frame.width))),
                JSONMember("height", .number(FramesReport.rounded(grid.frame.height))),
                JSONMember("depth", .number(Double(grid.depth))),
                JSONMember("leaf", .bool(grid.isLeaf)),
            ]
            if let slot = grid.slot { members.append(JSONMember("slot", .number(Double(slot)))) }
            if let view = grid.viewFrame {
                members.append(JSONMember("view", FramesReport.rectJSON(view)))
            }
            let lines = result.borderlines.lines(of: grid.index)
            if !lines.isEmpty { members.append(JSONMember("borderlines", .array(lines.map(FramesReport.borderlineJSON)))) }
            if let range = grid.sourceRange {
                members.append(JSONMember("line", .number(Double(source.lineIndex(of: range.lowerBound) + 1))))
            }
            return .object(members)
        }
        let name = analysis.file.layouts[layout].name
        return .object([
            JSONMember("svg", .string(SVGRenderer.svg(name: name, result: result, idPrefix: idPrefix, marks: marks(result)))),
            JSONMember("width", .number(result.width)),
            JSONMember("height", .number(result.height)),
            JSONMember("passes", .number(Double(result.passes))),
            JSONMember("settled", .bool(result.settled)),
            JSONMember("grids", .array(grids)),
        ])
    }
}
