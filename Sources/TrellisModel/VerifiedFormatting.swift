import TrellisSyntax

/// `trellis fmt`'s promise made checkable: the formatted text parses, says what the file said
/// (every top-level item says the same, `SameMeaning`: it builds to the same JSON), keeps
/// every comment and formats to itself. A formatter bug becomes a refusal, never a silent
/// change of the user's layout.
///
/// A large file is formatted and checked in pieces at once, cut where one top-level item ends
/// and the next begins with nothing between them (`Formatter.Preparation`): each piece is
/// printed, parsed, compared and formatted again on its own thread.
public enum VerifiedFormatting {
    /// The outcome of formatting one file.
    public enum Outcome: Sendable {
        case formatted(String)
        case syntaxErrors([Diagnostic])
        /// The formatter's output would not mean the same; the reason, for the message.
        case refused(String)
        /// `shouldStop` said to stop (an editor's request was cancelled).
        case stopped
        /// The file holds bytes that are not UTF-8, which formatted text cannot keep as they
        /// are: it is left alone.
        case notUTF8
    }

    /// Files smaller than this are done in one piece: a thread costs more than it saves.
    public static let smallestPiece = 256 << 10
    /// Pieces at most: each prints into memory of its own.
    static let mostPieces = 8

    /// Formats `source` (already parsed as `parsed` when given) in up to `workers.workers`
    /// pieces at once, each of `smallestPiece` bytes or more. `shouldStop` is asked on this thread only:
    /// before each top-level item the first piece prints, between the stages of its check,
    /// and every few milliseconds while the other pieces work (which then stop too).
    public static func format(
        _ source: SourceFile, parsed: ParseResult? = nil, workers: SideBySide = .oneAfterAnother, smallestPiece: Int = smallestPiece,
        shouldStop: () -> Bool = { false }
    ) -> Outcome {
        let parsed = parsed ?? Parser.parse(source)
        guard !parsed.diagnostics.hasErrors else { return .syntaxErrors(parsed.diagnostics) }
        let preparation = Formatter.prepare(parsed)
        let pieces = self.pieces(
            preparation.breaks, items: parsed.tree.root.children.count, bytes: source.bytes.count,
            count: min(workers.workers, mostPieces), smallestPiece: smallestPiece)
        let verdicts = Locked([Verdict?](repeating: nil, count: pieces.count))
        let texts = Locked([[UInt8]](repeating: [], count: pieces.count))
        let stopped = Locked(false)
        @Sendable func run(_ index: Int, _ shouldStop: () -> Bool) {
            let (text, verdict) = formatAndCheck(parsed, pieces[index], preparation, shouldStop: shouldStop)
            texts.withLock { $0[index] = text }
            verdicts.withLock { $0[index] = verdict }
        }
        func stopsHere() -> Bool {
            if stopped.withLock({ $0 }) { return true }
            guard shouldStop() else { return false }
            stopped.withLock { $0 = true }
            return true
        }
        workers(
            pieces.count, others: { index in run(index, { stopped.withLock { $0 } }) },
            first: { run(0, stopsHere) }, whileWaiting: { _ = stopsHere() })
        if stopsHere() { return .stopped }
        for verdict in verdicts.withLock({ $0 }) {
            switch verdict {
            case .sound?: continue
            case .problem(let problem)?: return .refused(problem)
            case .stopped?, nil: return .stopped
            }
        }
        var bytes: [UInt8] = []
        for text in texts.withLock({ $0 }) { bytes.append(contentsOf: text) }
        // What is written is what was checked: text that is not UTF-8 (a byte the file holds)
        // would be changed by the string the result travels in.
        guard let text = String(validating: bytes, as: UTF8.self) else { return .notUTF8 }
        return .formatted(text)
    }

    /// What is wrong with `formatted` as the formatting of `parsed`, or nil (what the check of
    /// a whole file finds; for tests of the check).
    package static func problem(in formatted: [UInt8], of parsed: ParseResult) -> String? {
        if case .problem(let problem) = check(formatted, items: 0..<parsed.tree.root.children.count, against: parsed) { return problem }
        return nil
    }

    /// What the check of a piece found.
    enum Verdict: Sendable {
        case sound
        case problem(String)
        /// `shouldStop` said to stop before the check was done.
        case stopped
    }

    /// A piece of a file: its top-level items and its bytes in the source.
    struct Piece: Sendable {
        var items: Range<Int>
        var source: Range<Int>
    }

    /// Up to `count` pieces of about equal size in the source, cut at breaks.
    static func pieces(_ breaks: [(item: Int, offset: Int)], items: Int, bytes: Int, count: Int, smallestPiece: Int) -> [Piece] {
        let wanted = max(1, min(count, bytes / max(smallestPiece, 1)))
        var pieces: [Piece] = []
        var start = (item: 0, offset: 0)
        var remaining = breaks[...]
        for piece in 1..<max(wanted, 1) {
            let target = bytes * piece / wanted
            guard let cut = remaining.first(where: { $0.offset >= target }) else { break }
            remaining = remaining.drop(while: { $0.offset <= cut.offset })
            pieces.append(Piece(items: start.item..<cut.item, source: start.offset..<cut.offset))
            start = cut
        }
        pieces.append(Piece(items: start.item..<items, source: start.offset..<bytes))
        return pieces
    }

    /// A piece formatted and checked (sound without a check when formatting changes nothing
    /// in it).
    static func formatAndCheck(
        _ parsed: ParseResult, _ piece: Piece, _ preparation: Formatter.Preparation,
        shouldStop: () -> Bool
    ) -> (text: [UInt8], verdict: Verdict) {
        guard let text = Formatter.formattedBytes(parsed, items: piece.items, preparation: preparation, shouldStop: shouldStop),
            !shouldStop()
        else { return ([], .stopped) }
        if text[...] == parsed.tree.source.bytes[piece.source] { return (text, .sound) }
        return (text, check(text, items: piece.items, against: parsed, shouldStop: shouldStop))
    }

    /// The check of `formatted` as the formatting of the top-level items `items` of
    /// `original`: it must parse, hold items that say the same, the same comments, and format
    /// to itself. `shouldStop` is asked between the steps and before each item formatted again.
    static func check(_ formatted: [UInt8], items: Range<Int>, against original: ParseResult, shouldStop: () -> Bool = { false }) -> Verdict {
        let reparsed = Parser.parse(SourceFile(name: original.tree.source.name, bytes: formatted))
        if reparsed.diagnostics.hasErrors { return .problem("the formatted text does not parse") }
        if shouldStop() { return .stopped }
        let before = original.tree.root.children
        let after = reparsed.tree.root.children
        guard after.count == items.count, items.upperBound <= before.count else { return .problem("the top-level items would change") }
        for (old, new) in zip(before[items], after) where !SameMeaning.items(original.tree, old.index, reparsed.tree, new.index) {
            let label = old.kind == .layoutDecl ? "layout `\(layoutName(old))`" : "a top-level item"
            return .problem("\(label) would build to different JSON")
        }
        // The comments of these items, with those before the first (none before a break).
        let firstToken = items.lowerBound == 0 ? 0 : original.tree.nodes[before[items.lowerBound].index].tokenStart
        let endToken = items.upperBound < before.count ? original.tree.nodes[before[items.upperBound].index].tokenStart : original.tree.tokens.count
        if !sameComments(original.tree, firstToken..<endToken, reparsed.tree, 0..<reparsed.tree.tokens.count) {
            return .problem("a comment would be lost or changed")
        }
        if shouldStop() { return .stopped }
        guard let again = Formatter.formattedBytes(reparsed, shouldStop: shouldStop) else { return .stopped }
        return again == formatted ? .sound : .problem("formatting it again changes it (not idempotent)")
    }

    static func layoutName(_ layout: SyntaxTree.NodeRef) -> String {
        let tokens = layout.tree.tokenIndices(of: layout.index)
        return tokens.count > 1 ? layout.tree.text(layout.tree.tokens[tokens[1]]) : ""
    }

    /// Whether two token ranges hold the same comments (spaces and tabs at their ends
    /// dropped), in order or else as the same collection.
    static func sameComments(_ old: SyntaxTree, _ oldTokens: Range<Int>, _ new: SyntaxTree, _ newTokens: Range<Int>) -> Bool {
        let before = comments(old, oldTokens)
        let after = comments(new, newTokens)
        if before.elementsEqual(after) { return true }
        guard before.count == after.count else { return false }
        return before.map { Array($0) }.sorted { $0.lexicographicallyPrecedes($1) } == after.map { Array($0) }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    static func comments(_ tree: SyntaxTree, _ tokens: Range<Int>) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        for index in tokens where index < tree.tokens.count && tree.tokens[index].kind == .comment {
            let token = tree.tokens[index]
            var end = token.end
            while end > token.start, tree.source.bytes[end - 1] == UInt8(ascii: " ") || tree.source.bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            result.append(tree.source.bytes[token.start..<end])
        }
        return result
    }
}
