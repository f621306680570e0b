import TrellisSyntax

/// At most ``maximumPerRule`` findings of one code in one scope (a file, a layout); the last
/// one shown says how many more there are. A generated or broken file can otherwise produce
/// hundreds of thousands, each repeating its source line.
public enum DiagnosticCap {
    public static let maximumPerRule = 100

    /// `alsoFound`: per code, findings made but not passed (``CappedDiagnostics/dropped``).
    /// Appends ``capped(_:scope:alsoFound:)`` of `first` and `second` together to `list`,
    /// without joining them first when all fit the cap (a layout's findings usually).
    public static func append(
        _ first: [Diagnostic], _ second: [Diagnostic], to list: inout [Diagnostic], scope: @autoclosure () -> String,
        alsoFound: [DiagnosticCode: Int] = [:]
    ) {
        if first.count + second.count + alsoFound.values.reduce(0, +) <= maximumPerRule {
            list += first
            list += second
        } else {
            list += capped(first + second, scope: scope(), alsoFound: alsoFound)
        }
    }

    public static func capped(_ diagnostics: [Diagnostic], scope: @autoclosure () -> String, alsoFound: [DiagnosticCode: Int] = [:]) -> [Diagnostic] {
        // No code can pass the cap when all the findings together do not (a layout's usually).
        if diagnostics.count + alsoFound.values.reduce(0, +) <= maximumPerRule { return diagnostics }
        var counts = alsoFound
        for diagnostic in diagnostics { counts[diagnostic.code, default: 0] += 1 }
        guard counts.values.contains(where: { $0 > maximumPerRule }) else { return diagnostics }
        var kept: [Diagnostic] = []
        var seen: [DiagnosticCode: Int] = [:]
        for diagnostic in diagnostics.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let index = seen[diagnostic.code, default: 0]
            seen[diagnostic.code] = index + 1
            guard index < maximumPerRule else { continue }
            var shown = diagnostic
            let total = counts[diagnostic.code, default: 0]
            if index == maximumPerRule - 1, total > maximumPerRule {
                let more = total - maximumPerRule
                shown.notes.append(
                    "\(more) more \(diagnostic.code) finding\(more == 1 ? "" : "s") in \(scope()) are not shown (at most \(maximumPerRule) per rule and layout)."
                )
            }
            kept.append(shown)
        }
        return kept
    }
}
