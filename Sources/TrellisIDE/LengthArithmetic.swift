import TrellisLayout
import TrellisModel

/// The arithmetic behind a grid's length along its parent's split, as a hover shows it:
/// `fill: (375 − 120 − 20 − 150 − 5) / 2 = 40`. Rebuilt from the frames of the pass the
/// screen shows and checked against them: when the numbers do not reproduce the length (a
/// wrap measured in an earlier pass), it says so instead of showing a wrong sum.
public enum LengthArithmetic {
    /// One grid's line. `siblings` are the parent's children (pre-order indices into
    /// `result.grids`, in order), `spacing` the parent's.
    public static func explain(_ result: LayoutResult, grid index: Int, parent: Int?, siblings: [Int], spacing: Double) -> String {
        let grid = result.grids[index]
        let measure = grid.measure
        let rule = FramesReport.sizeRule(measure, isRoot: grid.depth == 0)
        guard let parent, let axis = grid.parentAxis else {
            return "the layout view: \(n(result.width)) × \(n(result.height))"
        }
        let length = along(axis, grid.frame)
        if measure >= 1 || measure == 0 { return "`\(rule)`: \(n(measure)) points" }
        if measure == RuntimeReading.wrap { return "`wrap`: its content measures \(n(length))" }

        let parentFrame = result.grids[parent]
        let total = along(axis, parentFrame.frame)
        var terms: [Double] = []
        let padding = total - along(axis, parentFrame.contentBox)
        if padding != 0 { terms.append(padding) }
        if siblings.count > 1, spacing != 0 { terms.append(spacing * Double(siblings.count - 1)) }
        let scale = result.viewport.scale
        let tolerance = 1 / scale + 0.0001
        let fixedTerms = terms
        let valid = total - fixedTerms.reduce(0, +)

        var computed: Double
        var expression: String
        if measure > 0 && measure < 1 {
            computed = valid * measure
            expression = "\(n(measure)) × \(difference(total, fixedTerms))"
        } else {
            // The remaining length: minus every sibling measured before the negative ratios
            // (points, ratios, wraps), then the ratios before this one, then earlier fills.
            for sibling in siblings where sibling != index {
                let other = result.grids[sibling].measure
                if other >= 1 || other == 0 || (other > 0 && other < 1) || other == RuntimeReading.wrap {
                    terms.append(along(axis, result.grids[sibling].frame))
                }
            }
            let isFill = measure == RuntimeReading.fill
            for sibling in siblings {
                if sibling == index && !isFill { break }
                let other = result.grids[sibling].measure
                if other < 0 && other > -1, sibling != index { terms.append(along(axis, result.grids[sibling].frame)) }
            }
            let remaining = total - terms.reduce(0, +)
            if isFill {
                let fills = siblings.filter { result.grids[$0].measure == RuntimeReading.fill }
                let position = fills.firstIndex(of: index) ?? 0
                let earlier = fills[..<position].map { along(axis, result.grids[$0].frame) }
                let left = fills.count - position
                computed = (remaining - earlier.reduce(0, +)) / Double(max(left, 1))
                let all = terms + earlier
                if all.isEmpty, left == 1, abs(computed - length) <= tolerance {
                    return "`fill`: all of the parent's \(n(length))"
                }
                expression = left > 1 ? "\(difference(total, all)) / \(left)" : difference(total, all, parenthesized: false)
                let rounded = roundToPixel(computed, scale: scale)
                if abs(rounded - length) <= 0.0005, abs(rounded - computed) > 0.0005 {
                    return "`fill`: \(expression) = \(n(computed)) → \(n(rounded)) on the @\(n(scale))x pixel grid"
                }
            } else {
                computed = -measure * remaining
                expression = "\(n(-measure)) × \(difference(total, terms))"
            }
        }
        guard abs(computed - length) <= tolerance else {
            return "`\(rule)`: \(n(length)) (measured in an earlier pass or by a wrap; the parent's lengths do not give it)"
        }
        return "`\(rule)`: \(expression) = \(n(length))"
    }

    static func along(_ axis: Axis, _ rect: Rect) -> Double { axis == .rows ? rect.height : rect.width }

    static func difference(_ total: Double, _ terms: [Double], parenthesized: Bool = true) -> String {
        guard !terms.isEmpty else { return n(total) }
        let text = ([n(total)] + terms.map { $0 < 0 ? "(\(n($0)))" : n($0) }).joined(separator: " − ")
        return parenthesized ? "(" + text + ")" : text
    }

    static func n(_ value: Double) -> String { FramesReport.number(value) }

    static func roundToPixel(_ value: Double, scale: Double) -> Double {
        if value == 0 { return value }
        if value < 0 { return (-0.5).addingProduct(value, scale).rounded(.up) / scale }
        return (0.5).addingProduct(value, scale).rounded(.down) / scale
    }
}
