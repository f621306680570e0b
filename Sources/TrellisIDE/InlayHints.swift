import TrellisLayout
import TrellisModel
import TrellisSyntax

/// An inline annotation: the computed length after a size (`▸ 176`) or the slot before a
/// cell that takes a view (`#3`), at the first viewport. A cell inside a template stands for
/// one grid per use; `layout` and `grid` name the first, whose tooltip says the same fact at
/// every viewport (`tooltip`).
public struct InlayHint: Sendable, Equatable {
    /// A cell's computed length, or the view slot a leaf takes.
    public enum Kind: Sendable { case length, slot }
    public var offset: Int
    public var label: String
    public var kind: Kind
    /// The layout of the first grid the hint is about.
    public var layout: Int
    /// That grid's index in its layout's pre-order.
    public var grid: Int

    public init(offset: Int, label: String, kind: Kind, layout: Int, grid: Int) {
        self.offset = offset
        self.label = label
        self.kind = kind
        self.layout = layout
        self.grid = grid
    }
}

/// Inlay hints from the frames of the first viewport. A cell inside a template has one grid
/// per use: the hint lists the distinct values (`▸ 40, 60`).
public enum InlayHints {
    /// The hints at offsets in `range` (or at its end), in order. The grids are taken in the
    /// order they were written and each cell found walking the syntax tree alongside, so a
    /// whole document of a million cells costs a pass over its grids, not a search per cell.
    public static func hints(_ analysis: Analysis, in range: Range<Int>) -> [InlayHint] {
        let records = records(analysis, in: range)
        return records.records.map { records.hint($0) }
    }

    /// ``hints(_:in:)`` as plain values, for a language server's answer.
    package static func records(_ analysis: Analysis, in range: Range<Int>) -> InlayHintRecords {
        guard !analysis.viewports.isEmpty else { return InlayHintRecords() }
        var walk = HintWalk(analysis, range: range)
        walk.run()
        // Cells come in the text's order and a cell's slot comes before its size: the hints
        // are in order already, but for a size written after a nested cell.
        walk.hints.sortByOffset()
        return walk.hints
    }

    /// What a length's label starts with.
    static let lengthMark = "▸ "

    /// Distinct values, as a label lists them: the first three, then `…`.
    static func list(_ distinctValues: [String]) -> String {
        distinctValues.count > 3 ? distinctValues.prefix(3).joined(separator: ", ") + ", …" : distinctValues.joined(separator: ", ")
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
