import TrellisLayout
import TrellisModel
import TrellisSyntax

/// The rules over a change of a file, found by comparing it with its version at a baseline
/// revision (`trellis check --against REV`): D001, a view that lands in another grid.
public enum BaselineRules {
    /// The findings in `file` from its layouts' changes (`changes`, in the file's layout
    /// order; nil for a layout the baseline does not have), graded and silenced as the other
    /// findings are (`options`, `// trellis-ignore`).
    public static func findings(_ file: LoadedFile, changes: [LayoutChanges?], revision: String, options: LintOptions) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (layout, layoutChanges) in zip(file.layouts, changes) {
            guard let layoutChanges else { continue }
            let whole = layout.runtime.sourceRange ?? 0..<0
            for change in layoutChanges.structure where change.kind == .view {
                findings.append(
                    Diagnostic(
                        code: .viewLandsInAnotherGrid, range: change.source ?? (whole.lowerBound..<whole.lowerBound),
                        message: "since \(revision), \(ScreenDiffReport.describe(change)) in layout `\(layout.name)`",
                        notes: [
                            "the app's subviews fill the leaves in order: the view it gives as #\(change.slot ?? 0) now gets another grid's frame, tag and action"
                        ]))
            }
        }
        findings = CodeRules(disabled: options.disabled, severities: options.severities).apply(to: findings)
        if let tree = file.tree { findings = Suppression.apply(findings, tree: tree) }
        return findings
    }
}
