import TrellisModel
import TrellisSyntax

/// Applies fix-its to a file's bytes: the first fix of each diagnostic that is safe (or any,
/// with `unsafe`), skipping edits that overlap one already taken; then lints again, because a
/// repaired syntax can reveal more, until nothing applies (at most 8 rounds).
public enum Fixer {
    /// The fixed bytes, the fixes applied and the findings that remain.
    public struct Outcome: Sendable {
        public var bytes: [UInt8]
        /// The diagnostics whose fixes were applied, in the order applied.
        public var fixed: [Diagnostic]
        /// What remains after fixing.
        public var remaining: [Diagnostic]

        public init(bytes: [UInt8], fixed: [Diagnostic], remaining: [Diagnostic]) {
            self.bytes = bytes
            self.fixed = fixed
            self.remaining = remaining
        }
    }

    /// `uses`: what the file's `use` paths reached (by the paths as written, so a fix that
    /// moves a `use` keeps it).
    public static func fix(
        _ source: SourceFile, kind: InputKind, target: Dialect?, options: LintOptions, unsafe: Bool, uses: UsedFiles? = nil
    ) -> Outcome {
        var bytes = source.bytes
        var fixed: [Diagnostic] = []
        var diagnostics = Linter.lint(LoadedFile.load(source, kind: kind, target: target, uses: uses), options: options)
        // Fixes are made on UTF-8 text: a UTF-16 or UTF-32 file is left as it is (J014 says so).
        if kind == .json, JSONEncoding.detect(bytes).encoding != .utf8 {
            return Outcome(bytes: bytes, fixed: [], remaining: diagnostics)
        }
        for _ in 0..<8 {
            var taken: [(Range<Int>, String)] = []
            for diagnostic in diagnostics {
                guard let fix = diagnostic.fixIts.first(where: { $0.isSafe || unsafe }), !fix.edits.isEmpty else { continue }
                let edits = fix.edits.map { ($0.range, $0.replacement) }
                let overlaps = edits.contains { edit in
                    taken.contains { other in
                        edit.0.overlaps(other.0) || (edit.0.isEmpty && other.0.isEmpty && edit.0.lowerBound == other.0.lowerBound)
                            || (edit.0.isEmpty && other.0.contains(edit.0.lowerBound)) || (other.0.isEmpty && edit.0.contains(other.0.lowerBound))
                    }
                }
                guard !overlaps, edits.allSatisfy({ $0.0.upperBound <= bytes.count }) else { continue }
                taken += edits
                fixed.append(diagnostic)
            }
            guard !taken.isEmpty else { break }
            for (range, replacement) in taken.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
                bytes.replaceSubrange(range, with: Array(replacement.utf8))
            }
            let next = SourceFile(name: source.name, bytes: bytes)
            diagnostics = Linter.lint(LoadedFile.load(next, kind: kind, target: target, uses: uses), options: options)
        }
        return Outcome(bytes: bytes, fixed: fixed, remaining: diagnostics)
    }
}
