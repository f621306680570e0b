/// One edit of a document's bytes: `range` of the old bytes replaced by `insertedCount` bytes
/// (which start at `range.lowerBound` in the new bytes).
public struct ByteEdit: Hashable, Sendable {
    public var range: Range<Int>
    public var insertedCount: Int

    public init(range: Range<Int>, insertedCount: Int) {
        self.range = range
        self.insertedCount = insertedCount
    }

    /// How much longer the new bytes are.
    public var delta: Int { insertedCount - range.count }
}

extension Parser {
    /// The parse of `source`, which is `previous`'s input with `edit` applied: equal to
    /// `parse(source)`, and made without parsing again when the edit only retypes one token
    /// whose text the parser never reads (a number, a percentage, a colour, a string, a
    /// comment, spaces inside a line). Then the tree keeps its shape, and only the offsets
    /// after the token move, as rust-analyzer reparses a single token. An edit inside one
    /// layout or template parses that item alone again (`reparsedItem`),
    /// as rust-analyzer reparses a block.
    public static func reparse(_ source: SourceFile, after edit: ByteEdit, previous: ParseResult) -> ParseResult {
        retypedToken(source, after: edit, previous: previous) ?? reparsedItem(source, after: edit, previous: previous) ?? parse(source)
    }

    /// The incremental path of ``reparse(_:after:previous:)``, or nil when the whole input
    /// must be parsed again.
    ///
    /// Why it is exact: the lexer reads no byte past a line break to decide a token, so
    /// lexing the edited line again (the edit adds or removes no line break) gives every token
    /// of the new input. When those tokens have the old kinds and only one changed its text,
    /// the parser, which decides on kinds alone except for the texts excluded here, takes the
    /// same steps. Its diagnostics quote token text only inside their own ranges, labels,
    /// fix-its or the token right after them, so none that touches the token is reused.
    static func retypedToken(_ source: SourceFile, after edit: ByteEdit, previous: ParseResult) -> ParseResult? {
        let old = previous.tree
        let oldBytes = old.source.bytes
        let newBytes = source.bytes
        let start = edit.range.lowerBound
        let delta = edit.delta
        guard start >= 0, edit.range.upperBound <= oldBytes.count, edit.insertedCount >= 0,
            oldBytes.count + delta == newBytes.count, newBytes.count <= Parser.maximumBytes,
            !holdsLineBreak(oldBytes, edit.range),
            !holdsLineBreak(newBytes, start..<(start + edit.insertedCount)),
            let touched = old.tokenIndex(containing: start)
        else { return nil }

        // The old line around the edit, as a token range: back to the line break before it,
        // forward to the line break (or end of input) after it.
        let tokens = old.tokens
        var first = touched
        while first > 0, tokens[first - 1].kind != .newline { first -= 1 }
        var last = touched
        while last < tokens.count - 1, tokens[last].kind != .newline { last += 1 }
        // `last` is the line break or the end of input ending the line.
        let lineStart = tokens[first].start
        let lineEnd = tokens[last].start
        guard edit.range.upperBound <= lineEnd, lineEnd + delta >= lineStart else { return nil }
        let relexed = Lexer.tokenize(Array(newBytes[lineStart..<(lineEnd + delta)])).tokens
        // The relexed line ends with its own end-of-input token.
        guard relexed.count - 1 == last - first else { return nil }

        var changed: Int?
        for offset in 0..<(last - first) {
            let before = tokens[first + offset]
            let after = relexed[offset]
            let newStart = lineStart + after.start
            let newEnd = lineStart + after.end
            guard before.kind == after.kind else { return nil }
            if changed == nil {
                if newStart == before.start, newEnd == before.end,
                    oldBytes[before.start..<before.end].elementsEqual(newBytes[newStart..<newEnd])
                {
                    continue
                }
                guard newStart == before.start, newEnd == before.end + delta else { return nil }
                changed = first + offset
            } else {
                guard newStart == before.start + delta, newEnd == before.end + delta,
                    oldBytes[before.start..<before.end].elementsEqual(newBytes[newStart..<newEnd])
                else { return nil }
            }
        }
        guard let index = changed else {
            return delta == 0
                ? ParseResult(
                    tree: SyntaxTree(source: source, tokens: tokens, nodes: old.nodes, missing: old.missing), diagnostics: previous.diagnostics,
                    lexerDiagnosticCount: previous.lexerDiagnosticCount) : nil
        }
        guard textIsUnread(index, in: tokens) else { return nil }
        let token = tokens[index]
        guard !previous.diagnostics.contains(where: { touches($0, token.start...token.end, tokens: old) }) else { return nil }

        @inline(__always) func moved(_ offset: Int) -> Int { offset >= token.end ? offset + delta : offset }
        func moved(_ range: Range<Int>) -> Range<Int> { moved(range.lowerBound)..<moved(range.upperBound) }
        // One pass that copies and moves (copying first, then moving, reads the array twice).
        let newTokens =
            delta == 0
            ? tokens
            // SAFETY: `index < tokens.count` (`tokens[index]` was read above): every index below `tokens.count` is written once,
            // from `before` (`tokens` itself) at the same index, before `initialized` says they all are.
            : [Token](unsafeUninitializedCapacity: tokens.count) { buffer, initialized in
                tokens.withUnsafeBufferPointer { before in
                    for position in 0..<index { buffer.initializeElement(at: position, to: before[position]) }
                    let retyped = before[index]
                    buffer.initializeElement(at: index, to: Token(kind: retyped.kind, start: retyped.start, end: retyped.end + delta))
                    for position in (index + 1)..<before.count {
                        let after = before[position]
                        buffer.initializeElement(at: position, to: Token(kind: after.kind, start: after.start + delta, end: after.end + delta))
                    }
                }
                initialized = tokens.count
            }
        let missing = old.missing.map { SyntaxTree.MissingToken(kind: $0.kind, offset: moved($0.offset), node: $0.node) }
        let diagnostics = previous.diagnostics.map { diagnostic in
            var shifted = diagnostic
            shifted.range = moved(diagnostic.range)
            shifted.labels = diagnostic.labels.map { DiagnosticLabel(range: moved($0.range), message: $0.message) }
            shifted.fixIts = diagnostic.fixIts.map { fix in
                FixIt(message: fix.message, edits: fix.edits.map { TextEdit(range: moved($0.range), replacement: $0.replacement) }, isSafe: fix.isSafe)
            }
            return shifted
        }
        return ParseResult(
            tree: SyntaxTree(source: source, tokens: newTokens, nodes: old.nodes, missing: missing), diagnostics: diagnostics,
            lexerDiagnosticCount: previous.lexerDiagnosticCount)
    }

    /// Whether the bytes hold a line break.
    static func holdsLineBreak(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        bytes[range].contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }

    /// Whether the parser never reads the text of token `index`: it reads names (attribute
    /// names), unknown characters, unterminated strings and a line's indentation.
    static func textIsUnread(_ index: Int, in tokens: [Token]) -> Bool {
        switch tokens[index].kind {
        case .number, .percent, .ratio, .dimension, .color, .string, .comment: return true
        case .whitespace:
            // Spaces after something on the same line; spaces that begin a line are its indentation.
            guard index > 0 else { return false }
            let before = tokens[index - 1].kind
            return before != .newline && before != .byteOrderMark
        default: return false
        }
    }

    /// Whether a diagnostic's range, labels, fix-its or the significant token after its range
    /// (which "found …" messages quote) meet `span`, closed at both ends.
    static func touches(_ diagnostic: Diagnostic, _ span: ClosedRange<Int>, tokens tree: SyntaxTree) -> Bool {
        func meets(_ range: Range<Int>) -> Bool { range.lowerBound <= span.upperBound && range.upperBound >= span.lowerBound }
        if meets(diagnostic.range) || diagnostic.labels.contains(where: { meets($0.range) })
            || diagnostic.fixIts.contains(where: { $0.edits.contains { meets($0.range) } })
        {
            return true
        }
        guard var next = tree.tokenIndex(containing: diagnostic.range.upperBound) else { return true }
        while next < tree.tokens.count - 1, tree.tokens[next].kind.isTrivia { next += 1 }
        return meets(tree.tokens[next].range)
    }
}
