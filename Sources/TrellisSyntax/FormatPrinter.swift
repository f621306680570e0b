/// A comment found in trivia, with where it sits relative to the code before it.
struct Comment {
    /// The comment's bytes, spaces and tabs at its end dropped.
    var text: UnsafeBufferPointer<UInt8>
    /// The comment's token index.
    var index: Int
    /// False for a comment on the same line as the code before it.
    var ownLine: Bool
    /// A blank line separates it from what comes before.
    var blankBefore: Bool
}

/// Prints a parsed file in the canonical layout (``Formatter``), as bytes, in one pass over
/// the tree. An inline list is first tried on one line, which gives up as soon as it would
/// not fit, so each cell is printed a bounded number of times (see ``FormatPrinterCells``).
struct Printer {
    /// The tree being printed, valid while the printer prints (``Formatter`` makes the printer
    /// inside ``TreeBuffers/with(_:_:)`` and drops it there).
    let tree: TreeBuffers
    var bytes: UnsafeBufferPointer<UInt8> { tree.bytes }
    /// How many comments come before each token index (one more entry than tokens), so that
    /// whether a range holds a comment is answered without reading its tokens.
    let commentsBefore: [Int32]
    var out: FormattedLines
    /// Set while an inline list is tried on one line: the width, from the outermost trial's
    /// origin, past which it cannot fit.
    var trial: (origin: Int, limit: Int)?
    /// Set when the trial under way cannot fit; every printing function then returns at once.
    var trialFailed = false
    /// The attributes of the cells being printed, and the cells of the splits being printed:
    /// stacks, so that printing a cell allocates nothing.
    var attributeStack = AttributeStack()
    var cellStack: [Int] = []

    /// `commentsBefore` from ``commentCounts(_:)``, shared by the pieces of a file;
    /// `capacity`: the bytes the text will likely take.
    init(tree: TreeBuffers, commentsBefore: [Int32], capacity: Int) {
        self.tree = tree
        self.commentsBefore = commentsBefore
        out = FormattedLines(capacity: capacity)
    }

    /// How many comments come before each token index (one more entry than tokens).
    static func commentCounts(_ tokens: [Token]) -> [Int32] {
        var counts = [Int32](repeating: 0, count: tokens.count + 1)
        var running: Int32 = 0
        for (index, token) in tokens.enumerated() {
            counts[index] = running
            if token.kind == .comment { running += 1 }
        }
        counts[tokens.count] = running
        return counts
    }

    // MARK: trivia

    /// Whether comments sit among the tokens `start..<end`.
    func hasComments(from start: Int, to end: Int) -> Bool {
        let start = min(max(start, 0), tree.tokens.count)
        let end = min(max(end, start), tree.tokens.count)
        return commentsBefore[end] > commentsBefore[start]
    }

    func hasComments(_ node: Int) -> Bool {
        hasComments(from: tree.node(node).tokenStart, to: tree.node(node).tokenEnd)
    }

    /// Comments in the trivia between token indices (exclusive bounds).
    func comments(after previous: Int, before next: Int) -> [Comment] {
        guard hasComments(from: previous + 1, to: next) else { return [] }
        var result: [Comment] = []
        var newlines = previous < 0 ? 1 : 0
        var index = max(previous + 1, 0)
        while index < next, index < tree.tokens.count {
            let token = tree.token(index)
            if token.kind == .newline { newlines += 1 }
            if token.kind == .comment {
                result.append(Comment(text: trimmedComment(token), index: index, ownLine: newlines > 0, blankBefore: newlines > 1))
                newlines = 0
            }
            index += 1
        }
        return result
    }

    /// Whether a blank line separates two token indices.
    func blankLine(after previous: Int, before next: Int) -> Bool {
        var newlines = 0
        var index = previous + 1
        while index < next, index < tree.tokens.count {
            let kind = tree.token(index).kind
            if kind == .newline { newlines += 1 }
            if kind == .comment || !kind.isTrivia { newlines = 0 }
            if newlines > 1 { return true }
            index += 1
        }
        return false
    }

    func trimmedComment(_ token: Token) -> UnsafeBufferPointer<UInt8> {
        var text = self.text(token.start..<token.end)
        // SAFETY: `text` has a last byte, so `text.dropLast()` is a slice of `text`.
        while let last = text.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { text = UnsafeBufferPointer(rebasing: text.dropLast()) }
        return text
    }

    func firstToken(_ node: Int) -> Int { tree.firstToken(of: node) ?? tree.node(node).tokenStart }

    func lastToken(_ node: Int) -> Int {
        var index = tree.node(node).tokenEnd - 1
        while index > tree.node(node).tokenStart, tree.token(index).kind.isTrivia || tree.token(index).kind == .eof { index -= 1 }
        return index
    }

    func text(_ index: Int) -> UnsafeBufferPointer<UInt8> { tree.text(index) }

    /// The source's bytes in `range` (a node's, from its first token to its last).
    func text(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range out of the source")
        // SAFETY: the precondition above keeps `range` inside `bytes`.
        return UnsafeBufferPointer(rebasing: bytes[range])
    }

    /// The text of a node's first token, or nil.
    func firstText(_ node: Int) -> UnsafeBufferPointer<UInt8>? { tree.firstToken(of: node).map(text) }

    // MARK: file

    /// The text of the top-level items at `items` (positions among the root's children; all
    /// when nil). A range that starts after the first item starts at a break (``breaks()``):
    /// nothing stands between its first item and the one before, so the texts of consecutive
    /// ranges joined are the text of the whole. (Alignment cannot join trailing comments across
    /// a break either: an item's last line never ends in a comment of its own, since a comment
    /// after its last token would stand between it and the next item.)
    mutating func printFile(_ syntax: SyntaxTree, items: Range<Int>? = nil, shouldStop: () -> Bool = { false }) -> [UInt8]? {
        var previous = -1
        var position = 0
        var printed = 0
        var stopped = false
        tree.forEachChild(of: 0) { item in
            defer { position += 1 }
            guard !stopped, items?.contains(position) ?? true else {
                if position < items?.lowerBound ?? 0 { previous = lastToken(item) }
                return
            }
            if shouldStop() {
                stopped = true
                return
            }
            let first = firstToken(item)
            emitLeading(comments(after: previous, before: first), previous: previous, next: first, isFirst: printed == 0, level: 0)
            out.newLine()
            printItem(item)
            previous = lastToken(item)
            printed += 1
        }
        if stopped { return nil }
        if (items?.upperBound ?? position) >= position {
            let end = tree.tokens.count - 1
            emitLeading(comments(after: previous, before: end), previous: previous, next: end, isFirst: printed == 0, level: 0)
        }
        return out.finish(source: syntax.source, tokens: syntax.tokens)
    }

    /// The positions of the top-level items with nothing between them and the item before (no
    /// comment, no blank line): where the file's text may be printed and checked in pieces.
    func breaks() -> [(item: Int, offset: Int)] {
        var breaks: [(item: Int, offset: Int)] = []
        var previous = -1
        var position = 0
        tree.forEachChild(of: 0) { item in
            let first = firstToken(item)
            if position > 0, !hasComments(from: previous + 1, to: first), !blankLine(after: previous, before: first) {
                breaks.append((position, tree.token(first).start))
            }
            previous = lastToken(item)
            position += 1
        }
        return breaks
    }

    /// Emits the comments between the previous item (or cell) and the next one: comments on
    /// the previous line stay at its end; a blank line is kept (at most one) where the source
    /// had one; own-line comments go on their own lines at `level`.
    mutating func emitLeading(_ leading: [Comment], previous: Int, next: Int, isFirst: Bool, level: Int) {
        var ownStart = 0
        while ownStart < leading.count, !leading[ownStart].ownLine {
            if out.lineCount > 0 {
                out.appendTrailing(leading[ownStart].text, token: leading[ownStart].index)
            } else {
                ownLine(leading[ownStart], level: level)
            }
            ownStart += 1
        }
        let after = ownStart > 0 ? leading[ownStart - 1].index : previous
        let own = leading[ownStart...]
        if !isFirst, blankLine(after: after, before: own.first?.index ?? next) { out.newLine() }
        for comment in own {
            if comment.index != own.first?.index, comment.blankBefore { out.newLine() }
            ownLine(comment, level: level)
        }
        if let last = own.last, blankLine(after: last.index, before: next) { out.newLine() }
    }

    /// A comment on a line of its own.
    mutating func ownLine(_ comment: Comment, level: Int) {
        out.newLine()
        out.indent(level: level)
        out.write(comment.text)
    }

    /// Comments after the last cell of a block or template, before its `}`.
    mutating func appendTrailing(_ comments: [Comment], level: Int) {
        for comment in comments {
            if !comment.ownLine, out.lineCount > 0 {
                out.appendTrailing(comment.text, token: comment.index)
            } else {
                if comment.blankBefore { out.newLine() }
                ownLine(comment, level: level)
            }
        }
    }

    mutating func printItem(_ item: Int) {
        switch tree.node(item).kind {
        case .targetDirective, .previewDirective, .useDirective:
            // As written, one space apart: the runtime's name too (`target MyLayout 2` is an
            // error the formatter must not hide).
            for (position, token) in tree.significantTokens(of: item).enumerated() {
                if position > 0 { out.write(" ") }
                out.write(text(token))
            }
        case .templateDecl:
            printTemplate(item)
        case .layoutDecl:
            out.write("layout ")
            if let name = tree.significantToken(1, of: item) { out.write(text(name)) }
            guard let cell = tree.child(of: item, .cell) else { return }
            out.write(" ")
            let measure = out.startMeasure()
            printCell(cell, level: 0, inBlock: false)
            out.endMeasure(measure)
        case .cell:
            printCell(item, level: 0, inBlock: false)
        default:
            let range = tree.range(of: item)
            if !range.isEmpty { out.write(text(range)) }
        }
    }

    /// `template NAME { CELL }` on one line when it fits and holds no comment; else the cell
    /// on its own lines.
    mutating func printTemplate(_ item: Int) {
        out.write("template ")
        if let name = tree.significantToken(1, of: item) { out.write(text(name)) }
        guard let cell = tree.child(of: item, .cell) else {
            out.write(" {}")
            return
        }
        let inner = comments(after: tree.significantToken(2, of: item) ?? firstToken(cell) - 1, before: firstToken(cell))
        let after = comments(after: lastToken(cell), before: lastToken(item))
        if inner.isEmpty, after.isEmpty {
            let mark = out.mark
            out.write(" { ")
            let measure = out.startMeasure()
            printCell(cell, level: 1, inBlock: false)
            out.endMeasure(measure)
            out.write(" }")
            if out.lineCount == mark.lineCount, out.width <= Formatter.lineWidth { return }
            out.rewind(to: mark)
        }
        out.write(" {")
        for comment in inner { ownLine(comment, level: 1) }
        out.newLine()
        out.indent(level: 1)
        let measure = out.startMeasure()
        printCell(cell, level: 1, inBlock: false)
        out.endMeasure(measure)
        appendTrailing(after, level: 1)
        out.newLine()
        out.write("}")
    }
}
