import TrellisSyntax

/// Inline suppression in Trellis files: `// trellis-ignore CODE[, CODE…]` on the line before
/// silences those codes on the next line; `// trellis-ignore` alone silences its warnings and
/// infos (errors are never silenced). Every command applies it, so the CLI and the editor
/// agree.
public enum Suppression {
    static let marker = Array("trellis-ignore".utf8)

    public static func apply(_ diagnostics: [Diagnostic], tree: SyntaxTree) -> [Diagnostic] {
        let bytes = tree.source.bytes
        guard ByteSearch.contains(marker, in: bytes) else { return diagnostics }
        // Per line: the codes named, or nil for every code (`trellis-ignore` alone). A word that
        // names no code silences nothing.
        var ignored: [Int: Set<DiagnosticCode>?] = [:]
        for token in tree.tokens where token.kind == .comment {
            // Most comments are not suppressions: only those whose bytes hold the marker are
            // read as text (the marker is ASCII, so the text test below implies this one).
            guard ByteSearch.contains(marker, in: bytes, range: token.start..<token.end) else { continue }
            let text = tree.text(token).dropFirst(2).drop(while: { $0 == " " })
            let words = text.dropFirst("trellis-ignore".count).split(whereSeparator: { $0 == " " || $0 == "," })
            let line = tree.source.lineIndex(of: token.start) + 1
            if words.isEmpty {
                ignored[line] = .some(nil)
            } else if case .some(.some(let codes)) = ignored[line] {
                ignored[line] = codes.union(words.compactMap { DiagnosticCode(rawValue: String($0)) })
            } else if ignored[line] == nil {
                ignored[line] = Set(words.compactMap { DiagnosticCode(rawValue: String($0)) })
            }
        }
        guard !ignored.isEmpty else { return diagnostics }
        return diagnostics.filter { diagnostic in
            guard let codes = ignored[tree.source.lineIndex(of: diagnostic.range.lowerBound)] else { return true }
            if diagnostic.severity == .error { return true }
            guard let codes else { return false }
            return !codes.contains(diagnostic.code)
        }
    }
}
