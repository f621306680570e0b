import TrellisSyntax

/// The tokens and bytes between an attribute's parentheses, and the forms read without
/// allocating: plain numbers, and names with nothing between them.
extension LoweringState {
    /// The tokens between an attribute's parentheses (nil when it has none), gathered in
    /// `argumentTokens`: the array handed out is released before the next attribute's, so
    /// the buffer is reused instead of allocated for every attribute.
    @inline(__always)
    mutating func arguments(of attribute: Node) -> [Token]? {
        guard let args = tree.child(of: attribute, .attributeArgs) else { return nil }
        argumentTokens.removeAll(keepingCapacity: true)
        let start = tree.nodes[args].tokenStart
        let end = tree.nodes[args].tokenEnd
        var index = start
        while index < end {
            let token = tree.tokens[index]
            index += 1
            if token.kind.isTrivia || token.kind == .eof { continue }
            if token.kind == .lParen, index - 1 == start { continue }
            argumentTokens.append(token)
        }
        if argumentTokens.last?.kind == .rParen { argumentTokens.removeLast() }
        return argumentTokens
    }

    /// The values between an attribute's parentheses when they are one to four numbers
    /// (commas allowed), read as ``numbers(_:for:at:)`` reads them; nil for anything else.
    @inline(__always)
    func plainNumbers(_ attribute: Node) -> FourNumbers? {
        guard let args = tree.child(of: attribute, .attributeArgs) else { return nil }
        var numbers = FourNumbers()
        var index = tree.nodes[args].tokenStart
        let end = tree.nodes[args].tokenEnd
        var sawOpen = false
        var sawClose = false
        while index < end {
            let token = tree.tokens[index]
            index += 1
            switch token.kind {
            case .whitespace, .newline, .comment: continue
            case .comma where !sawClose: continue
            case .lParen where index - 1 == tree.nodes[args].tokenStart: sawOpen = true
            case .rParen where !sawClose: sawClose = true
            case .number where !sawClose && numbers.count < 4:
                guard let value = NumberParsing.double(bytes, token.range), numbers.append(value) else { return nil }
            default: return nil
            }
        }
        return sawOpen && sawClose && numbers.count > 0 ? numbers : nil
    }

    /// The bytes between an attribute's parentheses when they are names, `:` and `|` with
    /// nothing between them (no space or comment): `top|left`, `handleTap:`; nil otherwise.
    @inline(__always)
    func plainArgumentText(_ attribute: Node) -> Range<Int>? {
        guard let args = tree.child(of: attribute, .attributeArgs) else { return nil }
        let start = tree.nodes[args].tokenStart
        let end = tree.nodes[args].tokenEnd
        guard end - start >= 3, tree.tokens[start].kind == .lParen, tree.tokens[end - 1].kind == .rParen else { return nil }
        for index in (start + 1)..<(end - 1) {
            switch tree.tokens[index].kind {
            case .identifier, .colon, .pipe: continue
            default: return nil
            }
        }
        return tree.tokens[start + 1].start..<tree.tokens[end - 2].end
    }

    /// `body` of the source's bytes in `range` (a token's or an argument list's).
    @inline(__always)
    func source<Result>(_ range: Range<Int>, _ body: (ByteView) -> Result) -> Result {
        let range = inSource(range)
        // SAFETY: `inSource` clamped the range to the bytes' indices, and the view is used
        // inside the closure only.
        return bytes.withUnsafeBufferPointer { buffer in body(ByteView(buffer, range) ?? .empty) }
    }

    /// Copies the source's bytes in `range` into the arena's text.
    @inline(__always)
    mutating func appendSourceText(_ range: Range<Int>) -> GridArena.TextSpan {
        let range = inSource(range)
        // SAFETY: `inSource` clamped the range to the bytes' indices; the slice is copied
        // whole inside the closure.
        return bytes.withUnsafeBufferPointer { arena.append(text: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// `range` within the source. Token ranges come from this source's tree, so they always
    /// lie in it; a tree the server's reparse shifted wrongly would not, and then reads the
    /// nearest bytes (and fails the assertion in debug builds) instead of memory past them.
    @inline(__always)
    func inSource(_ range: Range<Int>) -> Range<Int> {
        assert(range.upperBound <= bytes.count, "a token range past the source: the tree is not this source's")
        return range.clamped(to: 0..<bytes.count)
    }

    /// Byte range of the text between the parentheses.
    func argumentRange(of attribute: Node) -> Range<Int>? {
        tree.argumentRange(of: attribute)
    }
}
