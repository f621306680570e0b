import TrellisLayout
import TrellisModel
import TrellisSyntax

/// An inline annotation: the computed length after a size (`▸ 176`) or the slot before a
/// cell that takes a view (`#3`), at the first viewport. `grids` names what it is about, so
/// a tooltip with the other viewports can be made when the editor asks (`tooltip`).
public struct InlayHint: Sendable, Equatable {
    /// A cell's computed length, or the view slot a leaf takes.
    public enum Kind: Sendable { case length, slot }
    public var offset: Int
    public var label: String
    public var kind: Kind
    public var grids: [GridOrigin]
}

/// Inlay hints from the frames of the first viewport. A cell inside a template has one grid
/// per use: the hint lists the distinct values (`▸ 40, 60`).
public enum InlayHints {
    public static func hints(_ analysis: Analysis, in range: Range<Int>) -> [InlayHint] {
        guard !analysis.viewports.isEmpty else { return [] }
        var byRange: [Int: [GridOrigin]] = [:]
        var order: [Range<Int>] = []
        for origin in Origins.all(analysis) {
            guard let written = origin.sourceRange, written.overlaps(range) || written.lowerBound == range.lowerBound else { continue }
            if byRange[written.lowerBound] == nil { order.append(written) }
            byRange[written.lowerBound, default: []].append(origin)
        }
        // A template's own cell stands for the grids of its uses.
        var aliases: [Int: [GridOrigin]] = [:]
        if let tree = analysis.tree {
            tree.forEachChild(of: 0) { item in
                guard let body = TemplateDecl(tree, item)?.body, body.range.overlaps(range) else { return }
                aliases[body.range.lowerBound] = Origins.innermost(analysis, containing: body.range.lowerBound)
                order.append(body.range)
            }
        }
        var hints: [InlayHint] = []
        // Each layout's frames taken once (not once per grid: a result holds many arrays).
        var framesOfLayout: [Int: GridFrames?] = [:]
        func frame(_ origin: GridOrigin) -> GridFrame? {
            let grids: GridFrames?
            if let known = framesOfLayout[origin.layout] {
                grids = known
            } else {
                grids = analysis.frames(layout: origin.layout, viewport: 0)?.grids
                framesOfLayout[origin.layout] = .some(grids)
            }
            guard let grids, grids.indices.contains(origin.index) else { return nil }
            return grids[origin.index]
        }
        for written in order {
            let found = aliases[written.lowerBound] ?? byRange[written.lowerBound]?.filter({ $0.sourceRange == written }) ?? []
            let origins = found
            guard !origins.isEmpty else { continue }
            let frames = origins.compactMap(frame)
            guard !frames.isEmpty else { continue }
            let slots = distinct(frames.compactMap { $0.slot.map { "#\($0)" } })
            let lengths = distinct(
                frames.compactMap { frame in frame.parentAxis.map { FramesReport.number($0 == .rows ? frame.frame.height : frame.frame.width) } })
            let (slotAt, lengthAt) = anchors(analysis, written)
            if let slotAt, !slots.isEmpty, range.contains(slotAt) || range.upperBound == slotAt {
                hints.append(InlayHint(offset: slotAt, label: slots, kind: .slot, grids: origins))
            }
            if let lengthAt, !lengths.isEmpty, range.contains(lengthAt) || range.upperBound == lengthAt {
                hints.append(InlayHint(offset: lengthAt, label: "▸ " + lengths, kind: .length, grids: origins))
            }
        }
        return hints.sorted { $0.offset < $1.offset }
    }

    /// Where the slot hint (before the cell) and the length hint (after the size; for JSON,
    /// after the `size` value or the object's `{`) go.
    static func anchors(_ analysis: Analysis, _ written: Range<Int>) -> (Int?, Int?) {
        if let tree = analysis.tree {
            guard let node = tree.enclosing(.cell, from: tree.coveringNode(written)), let cell = CellSyntax(tree, node) else { return (nil, nil) }
            return (written.lowerBound, (cell.size ?? cell.templateRef)?.end)
        }
        guard let object = analysis.file.jsonRoot?.value(spanning: written) else {
            return (nil, nil)
        }
        let size = JSONQueries.member(of: object, named: GridKey.size.jsonName)
        return (written.lowerBound + 1, size?.value.range.upperBound ?? written.lowerBound + 1)
    }

    static func distinct(_ values: [String]) -> String {
        var seen: [String] = []
        for value in values where !seen.contains(value) { seen.append(value) }
        return seen.count > 3 ? seen.prefix(3).joined(separator: ", ") + ", …" : seen.joined(separator: ", ")
    }

    /// The tooltip of a hint: the same fact at every viewport.
    public static func tooltip(_ analysis: Analysis, kind: InlayHint.Kind, layout: Int, grid: Int) -> String {
        var lines: [String] = []
        for index in analysis.viewports.indices {
            guard let result = analysis.frames(layout: layout, viewport: index), result.grids.indices.contains(grid) else { continue }
            let frame = result.grids[grid]
            let label = result.viewport.label ?? result.viewport.description
            switch kind {
            case .slot:
                lines.append("\(label): " + (frame.slot.map { "slot #\($0) (subview \($0 + 1) lands here)" } ?? "no view"))
            case .length:
                let length = frame.parentAxis.map { FramesReport.number($0 == .rows ? frame.frame.height : frame.frame.width) } ?? "–"
                lines.append("\(label): \(length) (frame \(FramesReport.rectText(frame.frame)))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
