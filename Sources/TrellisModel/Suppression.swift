import TrellisSyntax

/// Inline suppression in Trellis files: `// trellis-ignore CODE[, CODE…]` on the line before
/// silences those codes on the next line; `// trellis-ignore` alone silences its warnings and
/// infos (errors are never silenced). Every command applies it, so the CLI and the editor
/// agree.
public enum Suppression {
    static let marker = Array("trellis-ignore".utf8)

    public static func apply(_ diagnostics: [Diagnostic], tree: SyntaxTree) -> [Diagnostic] {
        var ignored: [Int: Set<String>] = [:]
        let bytes = tree.source.bytes
        for token in tree.tokens where token.kind == .comment {
            // Most comments are not suppressions: compared on bytes before any text is made.
            var start = token.start + 2
            while start < token.end, bytes[start] == UInt8(ascii: " ") { start += 1 }
            guard token.end - start >= marker.count, bytes[start..<(start + marker.count)].elementsEqual(marker) else { continue }
            let text = tree.text(token).dropFirst(2).drop(while: { $0 == " " })
            let codes = text.dropFirst("trellis-ignore".count).split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            let line = tree.source.lineIndex(of: token.start) + 1
            ignored[line, default: []].formUnion(codes.isEmpty ? ["*"] : codes)
        }
        guard !ignored.isEmpty else { return diagnostics }
        return diagnostics.filter { diagnostic in
            guard let codes = ignored[tree.source.lineIndex(of: diagnostic.range.lowerBound)] else { return true }
            if diagnostic.severity == .error { return true }
            return !codes.contains(diagnostic.code) && !codes.contains("*")
        }
    }
}
