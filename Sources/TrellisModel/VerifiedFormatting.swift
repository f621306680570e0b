import TrellisSyntax

/// `trellis fmt`'s promise made checkable: the formatted text parses, says what the file said
/// (every top-level item says the same, ``SameMeaning``: it builds to the same JSON), keeps
/// every comment and formats to itself. A formatter bug becomes a refusal, never a silent
/// change of the user's layout.
///
/// A large file is formatted and checked in pieces at once, cut where one top-level item ends
/// and the next begins with nothing between them (``Formatter/breaks(_:)``): each piece is
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
    }

    /// Files smaller than this are done in one piece: a thread costs more than it saves.
    public static let smallestPiece = 256 << 10

    /// Formats `source` (already parsed as `parsed` when given) in up to `workers` pieces at
    /// once, each of `smallestPiece` bytes or more. `shouldStop` is asked before each
    /// top-level item the first piece prints and between the stages.
    public static func format(_ source: SourceFile, parsed: ParseResult? = nil, workers: Int = 1, smallestPiece: Int = smallestPiece,
                              shouldStop: () -> Bool = { false }) -> Outcome {
        let parsed = parsed ?? Parser.parse(source)
        guard !parsed.diagnostics.hasErrors else { return .syntaxErrors(parsed.diagnostics) }
        let items = parsed.tree.root.children.count
        let pieces = self.pieces(Formatter.breaks(parsed), items: items, bytes: source.bytes.count, count: workers, smallestPiece: smallestPiece)
        let results = Locked([Piece?](repeating: nil, count: pieces.count))
        // Only this thread may ask `shouldStop`; the other pieces stop when it has said so.
        let stopped = Locked(false)
        LargeStack.concurrently(pieces.count, others: { index in
            let piece = formatAndCheck(parsed, pieces[index], shouldStop: { stopped.withLock { $0 } })
            results.withLock { $0[index] = piece }
        }, first: {
            let piece = formatAndCheck(parsed, pieces[0], shouldStop: {
                let stop = shouldStop()
                if stop { stopped.withLock { $0 = true } }
                return stop
            })
            results.withLock { $0[0] = piece }
        })
        let done = results.withLock { $0 }
        guard !shouldStop(), done.allSatisfy({ $0 != nil }) else { return .stopped }
        let finished = done.compactMap { $0 }
        if let problem = finished.lazy.compactMap(\.problem).first { return .refused(problem) }
        // Alignment may join trailing comments across a seam: then the pieces joined are not
        // the text of the whole, which is made in one piece.
        if zip(finished, finished.dropFirst()).contains(where: { $0.text.commentEndsLastLine && $1.text.commentEndsFirstLine }) {
            return format(source, parsed: parsed, workers: 1, shouldStop: shouldStop)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(finished.reduce(0) { $0 + $1.text.bytes.count })
        for piece in finished { bytes.append(contentsOf: piece.text.bytes) }
        return .formatted(String(decoding: bytes, as: UTF8.self))
    }

    /// What is wrong with `formatted` as the formatting of `parsed`, or nil.
    package static func problem(in formatted: FormattedFile, of parsed: ParseResult) -> String? {
        check(formatted.bytes, items: 0..<parsed.tree.root.children.count, against: parsed)
    }

    /// A piece of a file: its top-level items and its bytes in the source; once formatted,
    /// its text and what is wrong with it.
    struct Piece: Sendable {
        var items: Range<Int>
        var source: Range<Int>
        var text = FormattedFile(bytes: [])
        var problem: String?
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

    /// A piece formatted and checked (unchecked when formatting changes nothing in it), or
    /// nil when `shouldStop` said to stop.
    static func formatAndCheck(_ parsed: ParseResult, _ piece: Piece, shouldStop: () -> Bool) -> Piece? {
        guard let text = Formatter.formattedFile(parsed, items: piece.items, shouldStop: shouldStop), !shouldStop() else { return nil }
        var done = piece
        done.text = text
        if text.bytes[...] != parsed.tree.source.bytes[piece.source] {
            done.problem = check(text.bytes, items: piece.items, against: parsed, shouldStop: shouldStop)
        }
        return shouldStop() ? nil : done
    }

    /// What is wrong with `formatted` as the formatting of the top-level items `items` of
    /// `original`, or nil: it must parse, hold items that say the same, the same comments, and
    /// format to itself. When `shouldStop` says so (it is asked between the steps and before
    /// each item formatted again), the answer is meaningless and the caller drops it.
    static func check(_ formatted: [UInt8], items: Range<Int>, against original: ParseResult, shouldStop: () -> Bool = { false }) -> String? {
        let reparsed = Parser.parse(SourceFile(name: original.tree.source.name, bytes: formatted))
        if reparsed.diagnostics.hasErrors { return "the formatted text does not parse" }
        if shouldStop() { return nil }
        let before = original.tree.root.children
        let after = reparsed.tree.root.children
        guard after.count == items.count, items.upperBound <= before.count else { return "the top-level items would change" }
        for (old, new) in zip(before[items], after) where !SameMeaning.items(original.tree, old.index, reparsed.tree, new.index) {
            let label = old.kind == .layoutDecl ? "layout `\(layoutName(old))`" : "a top-level item"
            return "\(label) would build to different JSON"
        }
        // The comments of these items, with those before the first (none before a break).
        let firstToken = items.lowerBound == 0 ? 0 : original.tree.nodes[before[items.lowerBound].index].tokenStart
        let endToken = items.upperBound < before.count ? original.tree.nodes[before[items.upperBound].index].tokenStart : original.tree.tokens.count
        if !sameComments(original.tree, firstToken..<endToken, reparsed.tree, 0..<reparsed.tree.tokens.count) {
            return "a comment would be lost or changed"
        }
        if shouldStop() { return nil }
        guard let again = Formatter.formattedBytes(reparsed, shouldStop: shouldStop) else { return nil }
        guard again == formatted else { return "formatting it again changes it (not idempotent)" }
        return nil
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
