import TrellisSyntax

/// Inline suppression in Trellis files: `// trellis-ignore CODE[, CODE…]` on the line before
/// silences those codes on the next line; `// trellis-ignore` alone silences its warnings and
/// infos (errors are never silenced). Every command applies it, so the CLI and the editor
/// agree.
public enum Suppression {
    static let marker = Array("trellis-ignore".utf8)

    /// Whether `bytes[range]` holds the bytes of `trellis-ignore` anywhere.
    static func holdsMarker(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard range.count >= marker.count, range.lowerBound >= 0, range.upperBound <= bytes.count else { return false }
        var start = range.lowerBound
        while start + marker.count <= range.upperBound {
            if bytes[start] == marker[0], bytes[start..<(start + marker.count)].elementsEqual(marker) { return true }
            start += 1
        }
        return false
    }

    public static func apply(_ diagnostics: [Diagnostic], tree: SyntaxTree) -> [Diagnostic] {
        var ignored: [Int: Set<String>] = [:]
        let bytes = tree.source.bytes
        for token in tree.tokens where token.kind == .comment {
            // Most comments are not suppressions: only those whose bytes hold the marker are
            // read as text (the marker is ASCII, so the text test below implies this one).
            guard holdsMarker(bytes, token.start..<token.end) else { continue }
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
