extension Parser {
    /// The second incremental path of ``reparse(_:after:previous:)``: an edit inside one
    /// layout or template (after its name, before its last token) lexes and parses that item
    /// again, in the new text, and keeps every other item's tokens, nodes, missing tokens and
    /// diagnostics, moved. Nil when the whole input must be parsed again.
    ///
    /// Why it is exact: the parser reads the file left to right, and an item before the edited
    /// one read nothing past the edited item's keyword and name (it looks one token ahead), which
    /// are checked unchanged. The edited item is parsed from the state the parser was in when it
    /// reached the item (the state after the last token consumed before it, then the trivia
    /// up to it, which starts on a line of its own); when it ends at the token its old parse
    /// ended at (moved), the parser's state there is the old one, so every later item parses as
    /// before, its offsets and indices moved. The lexer carries no state from one token to the
    /// next, so the edited item's tokens are the new text's when its last token is the old one.
    static func reparsedItem(_ source: SourceFile, after edit: ByteEdit, previous: ParseResult) -> ParseResult? {
        let old = previous.tree
        guard let item = EditedItem(old, edit: edit, newByteCount: source.bytes.count) else { return nil }
        let delta = edit.delta
        let oldTokens = old.tokens

        // The item's tokens in the new text, lexed through the significant token after it: the
        // same first two significant tokens (all an item before it may have looked at), a token
        // ending where the item ends, and from there to that next token the old tokens, moved
        // (so no token's look-ahead reached past the bytes lexed again).
        let newEnd = item.byteEnd + delta
        let sliceEnd = oldTokens[item.nextToken].end + delta
        guard newEnd > item.byteStart, newEnd <= sliceEnd, sliceEnd <= source.bytes.count else { return nil }
        let lexed = Lexer.tokenize(Array(source.bytes[item.byteStart..<sliceEnd]))
        let itemEnd = newEnd - item.byteStart
        guard let split = lexed.tokens.firstIndex(where: { $0.start >= itemEnd }), split > 0, lexed.tokens[split - 1].end == itemEnd,
            !lexed.diagnostics.contains(where: { $0.range.upperBound > itemEnd })
        else { return nil }
        let itemTokens = lexed.tokens[..<split]
        // What follows the item up to the next token (and the end of input when that is it).
        let following = oldTokens[item.tokenEnd...item.nextToken]
        let relexedFollowing = lexed.tokens[split...].prefix(following.count)
        guard relexedFollowing.count == following.count,
            zip(relexedFollowing, following).allSatisfy({ new, old in
                new.kind == old.kind && item.byteStart + new.start == old.start + delta && item.byteStart + new.end == old.end + delta
            }),
            let lastNew = itemTokens.last, case let lastOld = oldTokens[item.tokenEnd - 1], lastNew.kind == lastOld.kind,
            source.bytes[(item.byteStart + lastNew.start)..<newEnd].elementsEqual(old.source.bytes[lastOld.start..<lastOld.end]),
            Self.sameLeadingTokens(itemTokens, old: oldTokens[item.tokenStart..<item.tokenEnd], start: item.byteStart)
        else { return nil }
        let tokenDelta = itemTokens.count - (item.tokenEnd - item.tokenStart)
        let tokens = Self.splicedTokens(oldTokens, item: item, with: itemTokens, byteDelta: delta)

        // The diagnostics, missing tokens and nodes of the items before and after.
        guard let kept = KeptParse(previous, item: item) else { return nil }

        // The item parsed again, in the whole new token list.
        guard let parsed = Self.parseItem(source, tokens: tokens, item: item, tokenDelta: tokenDelta, lexerDiagnostics: lexed.diagnostics) else { return nil }

        let nodeDelta = parsed.nodes.count - (item.subtreeEnd - item.node)
        let nodes = Self.splicedNodes(old.nodes, item: item, with: parsed.nodes, nodeDelta: nodeDelta, tokenDelta: tokenDelta, tokenCount: tokens.count)
        let missing =
            kept.missingBefore + parsed.missing
            + kept.missingAfter.map { SyntaxTree.MissingToken(kind: $0.kind, offset: $0.offset + delta, node: $0.node + nodeDelta) }
        let lexical = kept.lexerBefore + parsed.lexerDiagnostics + kept.lexerAfter.map { $0.shifted(by: delta) }
        let diagnostics = lexical + kept.parserBefore + parsed.parserDiagnostics + kept.parserAfter.map { $0.shifted(by: delta) }
        return ParseResult(
            tree: SyntaxTree(source: source, tokens: tokens, nodes: nodes, missing: missing), diagnostics: diagnostics,
            lexerDiagnosticCount: lexical.count)
    }

    /// Whether the item's first two significant tokens are the old ones, at the same offsets.
    static func sameLeadingTokens(_ new: ArraySlice<Token>, old: ArraySlice<Token>, start: Int) -> Bool {
        let newSignificant = new.lazy.filter { !$0.kind.isTrivia }.prefix(2)
        let oldSignificant = old.lazy.filter { !$0.kind.isTrivia }.prefix(2)
        guard Array(newSignificant).count == 2, Array(oldSignificant).count == 2 else { return false }
        return zip(newSignificant, oldSignificant).allSatisfy { moved, before in
            moved.kind == before.kind && start + moved.start == before.start && start + moved.end == before.end
        }
    }

    /// The old tokens before the item, the item's new ones (moved to its place) and the old
    /// ones after it (moved by the edit).
    static func splicedTokens(_ old: [Token], item: EditedItem, with itemTokens: ArraySlice<Token>, byteDelta: Int) -> [Token] {
        let itemStart = UInt32(item.byteStart)
        // Offsets move on the stored 32-bit offsets (they stay within the new text, which is
        // below `Parser.maximumBytes`).
        let moved = UInt32(bitPattern: Int32(truncatingIfNeeded: byteDelta))
        return spliced(
            old, keeping: item.tokenStart, then: itemTokens, from: item.tokenEnd,
            placing: { token in
                token.storedStart &+= itemStart
                token.storedEnd &+= itemStart
            },
            moving: { token in
                token.storedStart &+= moved
                token.storedEnd &+= moved
            })
    }

    /// The old nodes before the item, the item's new nodes in its place and the old nodes
    /// after it, indices moved; the file's node spans them all.
    static func splicedNodes(
        _ old: [SyntaxTree.Node], item: EditedItem, with itemNodes: [SyntaxTree.Node], nodeDelta: Int, tokenDelta: Int, tokenCount: Int
    ) -> [SyntaxTree.Node] {
        // Indices move on the stored 32-bit fields, staying below the new tree's counts.
        let tokenMove = UInt32(bitPattern: Int32(truncatingIfNeeded: tokenDelta))
        let nodeMove = UInt32(bitPattern: Int32(truncatingIfNeeded: nodeDelta))
        var nodes = spliced(
            old, keeping: item.node, then: itemNodes, from: item.subtreeEnd, placing: { _ in },
            moving: { node in
                node.storedTokenStart &+= tokenMove
                node.storedTokenEnd &+= tokenMove
                node.storedSubtreeEnd &+= nodeMove
                if node.storedParent != .max, node.storedParent > 0 { node.storedParent &+= nodeMove }
            })
        nodes[0].tokenStart = 0
        nodes[0].tokenEnd = tokenCount
        nodes[0].subtreeEnd = nodes.count
        return nodes
    }

    /// The item's nodes (indices as in the new tree), missing tokens and diagnostics, parsed
    /// from the state the parser is in when it reaches the item; nil when the item no longer
    /// ends where it ended (moved), so the parser would go on from another state.
    static func parseItem(
        _ source: SourceFile, tokens: [Token], item: EditedItem, tokenDelta: Int, lexerDiagnostics: [Diagnostic]
    ) -> ParsedItem? {
        // SAFETY: `tokenBuffer` does not escape: the parser state holding it is dropped in this closure.
        tokens.withUnsafeBufferPointer { tokenBuffer -> ParsedItem? in
            var state = ParserState(source: source, tokens: tokens, tokenBuffer: tokenBuffer, nodes: UnsafeColumn(capacity: item.subtreeEnd - item.node + 16))
            state.nodes.append(SyntaxTree.Node(kind: .file, tokenStart: 0, tokenEnd: 0, subtreeEnd: 0, parent: -1))
            state.innermost = 0
            state.position = item.consumedBefore
            state.lastConsumedEnd = item.consumedBefore
            state.atLineStart = item.consumedBefore == 0
            state.currentIndent = 0
            state.skipTrivia()
            guard state.position == item.tokenStart else { return nil }
            state.diagnostics = lexerDiagnostics.map { $0.shifted(by: item.byteStart) }
            let lexerCount = state.diagnostics.count
            switch state.current {
            case .kwLayout: state.parseLayout()
            case .kwTemplate: state.parseTemplate()
            default: return nil
            }
            // Past the item, the parser's state is the old one only when a line break lies
            // before the next token (the indentation it then reads is of that token's line,
            // not of the item's last), or when the input ends.
            guard state.innermost == 0, state.lastConsumedEnd == item.tokenEnd + tokenDelta, state.position == item.nextToken + tokenDelta,
                state.nodes.count > 1, state.lineBreakBeforeCurrent || state.current == .eof
            else { return nil }
            let diagnostics = state.diagnostics
            let missing = state.missing
            // Column index 1 is the item; in the new tree it is node `item.node`.
            let shift = item.node - 1
            var nodes: [SyntaxTree.Node] = []
            nodes.reserveCapacity(state.nodes.count - 1)
            for index in 1..<state.nodes.count {
                var node = state.nodes[index]
                node.subtreeEnd += shift
                if node.parent > 0 { node.parent += shift }
                nodes.append(node)
            }
            return ParsedItem(
                nodes: nodes, missing: missing.map { SyntaxTree.MissingToken(kind: $0.kind, offset: $0.offset, node: $0.node + shift) },
                lexerDiagnostics: Array(diagnostics[..<lexerCount]), parserDiagnostics: Array(diagnostics[lexerCount...]))
        }
    }
}

/// The item an edit fell in, as the old tree has it: a layout or template at the top level
/// that starts a line, the edit after its first byte and before its last token (its first two
/// significant tokens are checked unchanged).
struct EditedItem {
    /// Its node, and the index just past its subtree.
    var node: Int
    var subtreeEnd: Int
    /// Its tokens (`tokenEnd` is just past its last consumed token).
    var tokenStart: Int
    var tokenEnd: Int
    /// Just past the last token consumed before it (0 when none was), and the first
    /// significant token after it.
    var consumedBefore: Int
    var nextToken: Int
    /// Its bytes, from its keyword to the end of its last token.
    var byteStart: Int
    var byteEnd: Int

    init?(_ tree: SyntaxTree, edit: ByteEdit, newByteCount: Int) {
        let tokens = tree.tokens
        let nodes = tree.nodes
        guard nodes.count > 1, edit.range.lowerBound >= 0, edit.range.upperBound <= tree.source.bytes.count, edit.insertedCount >= 0,
            tree.source.bytes.count + edit.delta == newByteCount, newByteCount <= Parser.maximumBytes,
            !tree.missing.contains(where: { $0.node == 0 })
        else { return nil }
        // The top-level item holding the edit: the file's children, one subtree after another.
        var child = 1
        while child < nodes.count {
            let node = nodes[child]
            guard node.tokenEnd <= tokens.count else { return nil }
            if node.tokenEnd > node.tokenStart, tokens[node.tokenEnd - 1].end > edit.range.lowerBound { break }
            child = max(node.subtreeEnd, child + 1)
        }
        guard child < nodes.count else { return nil }
        let found = nodes[child]
        guard found.kind == .layoutDecl || found.kind == .templateDecl, found.subtreeEnd <= nodes.count else { return nil }
        node = child
        subtreeEnd = found.subtreeEnd
        tokenStart = found.tokenStart
        tokenEnd = found.tokenEnd
        byteStart = tokens[tokenStart].start
        byteEnd = tokens[tokenEnd - 1].end
        // An item of most of the file is parsed again with the file (it would cost as much, and more to splice).
        guard edit.range.lowerBound > byteStart, edit.range.upperBound < tokens[tokenEnd - 1].start,
            (byteEnd - byteStart) * 4 <= tree.source.bytes.count * 3
        else { return nil }
        // The item starts a line: the trivia before it holds a line break, or nothing was consumed before it.
        var before = tokenStart
        var lineBreak = false
        while before > 0, tokens[before - 1].kind.isTrivia {
            if tokens[before - 1].kind == .newline { lineBreak = true }
            before -= 1
        }
        guard before == 0 || lineBreak else { return nil }
        consumedBefore = before
        var next = tokenEnd
        while next < tokens.count - 1, tokens[next].kind.isTrivia { next += 1 }
        nextToken = next
    }
}

/// What an edited item's new parse gives, in the new tree's indices and offsets.
struct ParsedItem {
    var nodes: [SyntaxTree.Node]
    var missing: [SyntaxTree.MissingToken]
    var lexerDiagnostics: [Diagnostic]
    var parserDiagnostics: [Diagnostic]
}

/// The old parse's findings about the items before and after the edited one, or nil when one
/// cannot be told apart from the edited item's (it lies where the item begins or ends).
struct KeptParse {
    /// Where a finding lies, in the order the lexer and the parser make them.
    enum Phase: Int, Comparable {
        case before, inside, after
        static func < (left: Phase, right: Phase) -> Bool { left.rawValue < right.rawValue }
    }

    var lexerBefore: [Diagnostic] = []
    var lexerAfter: [Diagnostic] = []
    var parserBefore: [Diagnostic] = []
    var parserAfter: [Diagnostic] = []
    var missingBefore: [SyntaxTree.MissingToken] = []
    var missingAfter: [SyntaxTree.MissingToken] = []

    init?(_ previous: ParseResult, item: EditedItem) {
        let tokens = previous.tree.tokens
        guard previous.lexerDiagnosticCount <= previous.diagnostics.count, item.nextToken < tokens.count else { return nil }
        // An item's findings lie inside it, at the token after it (`found …`) or where a missing
        // token goes: what lies from the item's last token to the end of the next one is not
        // told apart, nor what lies at the item's first byte.
        let start = item.byteStart
        let end = tokens[item.tokenEnd - 1].end
        let afterFrom = tokens[item.nextToken].end
        // Each list holds the findings before the item, then the item's, then those after it.
        var phase = Phase.before
        for (index, diagnostic) in previous.diagnostics.enumerated() {
            if index == previous.lexerDiagnosticCount { phase = .before }
            let lexical = index < previous.lexerDiagnosticCount
            let ranges = diagnostic.allRanges
            let place: Phase
            if diagnostic.range.lowerBound < start, ranges.allSatisfy({ $0.upperBound <= start }) {
                place = .before
            } else if diagnostic.range.lowerBound > start, ranges.allSatisfy({ $0.lowerBound > start && $0.upperBound < end }) {
                place = .inside
            } else if ranges.allSatisfy({ $0.lowerBound > afterFrom }) {
                place = .after
            } else {
                return nil
            }
            guard place >= phase else { return nil }
            phase = place
            switch (place, lexical) {
            case (.before, true): lexerBefore.append(diagnostic)
            case (.before, false): parserBefore.append(diagnostic)
            case (.after, true): lexerAfter.append(diagnostic)
            case (.after, false): parserAfter.append(diagnostic)
            case (.inside, _): break  // the edited item's: made again
            }
        }
        for token in previous.tree.missing {
            if token.node < item.node {
                missingBefore.append(token)
            } else if token.node >= item.subtreeEnd {
                missingAfter.append(token)
            }
        }
    }
}

extension Diagnostic {
    /// Its own range, its labels' and its fix-its'.
    var allRanges: [Range<Int>] {
        [range] + labels.map { $0.range } + fixIts.flatMap { $0.edits.map { $0.range } }
    }

    /// This diagnostic with every range moved by `delta` bytes.
    func shifted(by delta: Int) -> Diagnostic {
        guard delta != 0 else { return self }
        var moved = self
        moved.range = (range.lowerBound + delta)..<(range.upperBound + delta)
        for index in labels.indices { moved.labels[index].range = (labels[index].range.lowerBound + delta)..<(labels[index].range.upperBound + delta) }
        for fix in fixIts.indices {
            for change in fixIts[fix].edits.indices {
                let old = fixIts[fix].edits[change].range
                moved.fixIts[fix].edits[change].range = (old.lowerBound + delta)..<(old.upperBound + delta)
            }
        }
        return moved
    }
}

extension Parser {
    /// `old`'s first `kept` values, then `middle`'s (each `placing`), then `old`'s from index
    /// `resumed` (each `moving`), written in place: no check per value.
    static func spliced<Value, Middle: Collection<Value>>(
        _ old: [Value], keeping kept: Int, then middle: Middle, from resumed: Int, placing: (inout Value) -> Void,
        moving: (inout Value) -> Void
    ) -> [Value] {
        let kept = max(0, min(kept, old.count))
        let resumed = max(kept, min(resumed, old.count))
        let count = kept + middle.count + (old.count - resumed)
        // SAFETY: every index below `count` is written once: the `kept` values, `middle.count`, then the
        // `old.count - resumed` after `resumed`, which add up to `count`; reads lie inside `old` (both bounds clamped
        // to `0...old.count`) and `middle`.
        return [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
            old.withUnsafeBufferPointer { before in
                var written = 0
                for index in 0..<kept {
                    buffer.initializeElement(at: written, to: before[index])
                    written += 1
                }
                for value in middle {
                    var placed = value
                    placing(&placed)
                    buffer.initializeElement(at: written, to: placed)
                    written += 1
                }
                for index in resumed..<before.count {
                    var placed = before[index]
                    moving(&placed)
                    buffer.initializeElement(at: written, to: placed)
                    written += 1
                }
                initialized = written
            }
        }
    }
}
