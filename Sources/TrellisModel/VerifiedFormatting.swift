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
    }

    public static func format(_ source: SourceFile) -> Outcome {
        guard let text = Formatter.format(source) else { return .syntaxErrors(Parser.parse(source).diagnostics) }
        let formatted = SourceFile(name: source.name, text: text)
        if let problem = difference(source, formatted) { return .refused(problem) }
        if Formatter.format(formatted) != text { return .refused("formatting it again changes it (not idempotent)") }
        return .formatted(text)
    }

    /// What differs between the meaning of two Trellis sources, or nil.
    static func difference(_ before: SourceFile, _ after: SourceFile) -> String? {
        if Parser.parse(after).diagnostics.hasErrors { return "the formatted text does not parse" }
        for dialect in [Dialect.v1, .v2] {
            let old = LoadedFile.load(before, kind: .trellis, target: dialect).layouts
            let new = LoadedFile.load(after, kind: .trellis, target: dialect).layouts
            guard old.map(\.name) == new.map(\.name) else { return "the layouts would change" }
            for (a, b) in zip(old, new) where a.jsonBytes(style: .compact) != b.jsonBytes(style: .compact) {
                return "layout `\(a.name)` would build to different JSON"
            }
        }
        if comments(before) != comments(after) { return "a comment would be lost or changed" }
        return nil
    }

    static func comments(_ source: SourceFile) -> [String] {
        Lexer.tokenize(source.bytes).tokens.filter { $0.kind == .comment }.map { token in
            var text = source.text(in: token.range)
            while text.last == " " || text.last == "\t" { text.removeLast() }
            return text
        }.sorted()
    }
}
