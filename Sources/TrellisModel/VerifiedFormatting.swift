import TrellisSyntax

/// `trellis fmt`'s promise made checkable: the formatted text parses, builds every layout to
/// the same JSON in both dialects, keeps every comment and formats to itself. A formatter bug
/// becomes a refusal, never a silent change of the user's layout.
public enum VerifiedFormatting {
    /// The outcome of formatting one file.
    public enum Outcome: Sendable {
        case formatted(String)
        case syntaxErrors([Diagnostic])
        /// The formatter's output would not mean the same; the reason, for the message.
        case refused(String)
        /// `shouldStop` said to stop (an editor's request was cancelled).
        case stopped
    }

    /// `shouldStop` is asked between the stages and before each top-level item the formatter
    /// prints.
    public static func format(_ source: SourceFile, shouldStop: () -> Bool = { false }) -> Outcome {
        // Each text is parsed once and lowered once: a large file is formatted in a few
        // passes over it, not a dozen.
        let parsed = Parser.parse(source)
        guard !parsed.diagnostics.hasErrors else { return .syntaxErrors(parsed.diagnostics) }
        guard let text = Formatter.format(parsed, shouldStop: shouldStop), !shouldStop() else { return .stopped }
        let reparsed = Parser.parse(SourceFile(name: source.name, text: text))
        guard !shouldStop() else { return .stopped }
        if let problem = difference(parsed, reparsed) { return .refused(problem) }
        guard !shouldStop() else { return .stopped }
        guard let again = Formatter.format(reparsed, shouldStop: shouldStop) else { return .stopped }
        if again != text { return .refused("formatting it again changes it (not idempotent)") }
        return .formatted(text)
    }

    /// What differs between the meaning of two parsed Trellis sources, or nil: each is
    /// lowered once and its layouts written for both runtimes.
    static func difference(_ before: ParseResult, _ after: ParseResult) -> String? {
        if after.diagnostics.hasErrors { return "the formatted text does not parse" }
        let old = LoadedFile.load(before.tree.source, kind: .trellis, target: .v1, parsed: before).layouts
        let new = LoadedFile.load(after.tree.source, kind: .trellis, target: .v1, parsed: after).layouts
        guard old.map(\.name) == new.map(\.name) else { return "the layouts would change" }
        for dialect in [Dialect.v1, .v2] {
            for (a, b) in zip(old, new) where written(a, for: dialect) != written(b, for: dialect) {
                return "layout `\(a.name)` would build to different JSON"
            }
        }
        if comments(before.tree.source) != comments(after.tree.source) { return "a comment would be lost or changed" }
        return nil
    }

    /// A layout's JSON for one runtime.
    static func written(_ layout: LoadedLayout, for dialect: Dialect) -> [UInt8] {
        var layout = layout
        layout.dialect = dialect
        return layout.jsonBytes(style: .compact)
    }

    static func comments(_ source: SourceFile) -> [String] {
        Lexer.tokenize(source.bytes).tokens.filter { $0.kind == .comment }.map { token in
            var text = source.text(in: token.range)
            while text.last == " " || text.last == "\t" { text.removeLast() }
            return text
        }.sorted()
    }
}
