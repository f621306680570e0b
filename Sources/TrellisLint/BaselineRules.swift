import TrellisLayout
import TrellisModel
import TrellisSyntax

/// The rules over a change of a file, found by comparing it with its version at a baseline
/// revision (`trellis check --against REV`): D001, a view that lands in another grid.
public enum BaselineRules {
    /// The findings in `file` from its layouts' changes (`changes`, in the file's layout
    /// order; nil for a layout the baseline does not have), graded and silenced as the other
    /// findings are (`options`, `// trellis-ignore`).
    ///
    /// A view is reported when it moves to another grid or loses its grid, unless the grid it
    /// lands in reads as the one it left and gives it the same frame (nobody can tell). A view
    /// that gains a grid (a leaf added after the last) moved from nowhere: not reported. The
    /// views that land at one place of the layout's text (a template's cells stand at the cell
    /// that uses the template) are one finding there.
    public static func findings(_ file: LoadedFile, changes: [LayoutChanges?], revision: String, options: LintOptions) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (layout, layoutChanges) in zip(file.layouts, changes) {
            guard let layoutChanges else { continue }
            let whole = layout.runtime.sourceRange ?? 0..<0
            let moved = layoutChanges.structure.filter { $0.kind == .view && $0.beforePath != nil && !$0.readsAlike }
            // By place, in the order of the views.
            var places: [Range<Int>] = []
            var atPlace: [Range<Int>: [ScreenChange]] = [:]
            for change in moved {
                let place = change.placeInLayout ?? (whole.lowerBound..<whole.lowerBound)
                if atPlace[place] == nil { places.append(place) }
                atPlace[place, default: []].append(change)
            }
            for place in places {
                let views = atPlace[place] ?? []
                findings.append(finding(views, at: place, layout: layout.name, revision: revision))
            }
        }
        findings = CodeRules(disabled: options.disabled, severities: options.severities).apply(to: findings)
        if let tree = file.tree { findings = Suppression.apply(findings, tree: tree) }
        return findings
    }

    static func finding(_ views: [ScreenChange], at place: Range<Int>, layout: String, revision: String) -> Diagnostic {
        let lost = views.contains { $0.path == nil }
        let who = views.count == 1 ? "the view" : "each of these views"
        let why =
            lost
            ? "the app's subviews fill the leaves in order: a view with no leaf left is not laid out by the grid"
            : "the app's subviews fill the leaves in order: \(who) now gets another grid's frame, tag and action"
        guard views.count > 1 else {
            let text = views.first.map(ScreenDiffReport.describe) ?? ""
            return Diagnostic(
                code: .viewLandsInAnotherGrid, range: place, message: "since \(revision), \(text) in layout `\(layout)`", notes: [why])
        }
        let slots = views.compactMap { $0.slot }
        let consecutive = zip(slots, slots.dropFirst()).allSatisfy { $0 + 1 == $1 }
        let named = consecutive ? "views #\(slots.first ?? 0)–#\(slots.last ?? 0)" : "views " + slots.map { "#\($0)" }.joined(separator: ", ")
        return Diagnostic(
            code: .viewLandsInAnotherGrid, range: place,
            message: "since \(revision), \(named) land in other grids here in layout `\(layout)`",
            notes: [why] + ScreenDiffReport.lines(ofStructure: views))
    }
}
