/// Cells, attributes, splits and blocks (see ``Formatter`` for the rules).
///
/// An inline list `keyword a | b | c` is first tried on the current line; the trial stops as
/// soon as it cannot fit (a line break, a block, a part past the width), and the list is then
/// printed as a block. A trial inside a trial continues the outer one, so a cell is printed
/// at most once per enclosing list that is tried, and each trial writes at most a line's
/// worth of text: formatting stays linear in the file.
extension Printer {
    /// A token longer than this many bytes never goes on an inline list's line (no line of
    /// `lineWidth` characters is that long but for stacks of combining marks): the trial
    /// gives up before copying it.
    static var longestTrialPart: Int { 16 * Formatter.lineWidth }

    /// A cell's lines at `level`. The first line continues the current line; inside blocks
    /// (where the caller has started a line) it is indented.
    mutating func printCell(_ cell: Int, level: Int, inBlock: Bool) {
        guard !trialFailed else { return }
        let parts = CellParts(cell, in: tree)
        if hasCommentsAmongParts(cell, split: parts.split) {
            printCellWithComments(cell, level: level, inBlock: inBlock)
            return
        }
        // Printed and dropped before the cell's split is printed.
        let attributes = attributeStack.push(attributesOf: cell, in: tree)
        if inBlock { out.indent(level: level) }
        var first = true
        if let size = parts.size {
            placePart(token: size, first: &first, level: level)
        } else if inBlock, parts.template == nil {
            placePart(token: nil, first: &first, level: level)
        }
        if let template = parts.template { placePart(token: template, first: &first, level: level) }
        for index in attributes where !trialFailed {
            placePart(attribute: attributeStack[index], first: &first, level: level)
        }
        attributeStack.pop(to: attributes.lowerBound)
        if let split = parts.split { appendSplit(split, level: level) }
        if let repetition = parts.repetition {
            out.write(" * ")
            if let count = tree.significantToken(1, of: repetition) { out.write(text(count)) } else { out.write("1") }
        }
    }

    /// Writes a token of a cell (`_` for nil) after a space, or on a continuation line four
    /// spaces deeper when it would pass the line width (a trial fails instead).
    mutating func placePart(token: Int?, first: inout Bool, level: Int) {
        guard !trialFailed else { return }
        if trial != nil, let token, tree.token(token).range.count > Self.longestTrialPart {
            trialFailed = true
            return
        }
        let (space, before) = startPart(first: &first)
        if let token { out.write(text(token)) } else { out.write("_") }
        endPart(space: space, widthBefore: before, level: level)
    }

    /// ``placePart(token:first:level:)`` for an attribute, written `name(args)` (a trial gives
    /// up as soon as what it wrote passes the width).
    mutating func placePart(attribute: Int, first: inout Bool, level: Int) {
        guard !trialFailed else { return }
        let (space, before) = startPart(first: &first)
        writeAttribute(attribute)
        endPart(space: space, widthBefore: before, level: level)
    }

    /// The space before a part (nil for a cell's first part) and the width before it.
    mutating func startPart(first: inout Bool) -> (space: Int?, widthBefore: Int) {
        let before = out.measured
        defer { first = false }
        guard !first else { return (nil, before) }
        out.write(" ")
        return (out.bytes.count - 1, before)
    }

    /// Moves the part just written to a continuation line when it passed the width.
    mutating func endPart(space: Int?, widthBefore: Int, level: Int) {
        guard let space else {
            checkTrial()
            return
        }
        let partWidth = out.measured - widthBefore - 1
        if widthBefore + 1 + partWidth > Formatter.lineWidth {
            guard trial == nil else {
                trialFailed = true
                return
            }
            out.breakLine(replacingSpaceAt: space, level: level + 2, partWidth: partWidth)
        }
        checkTrial()
    }

    /// Fails the trial under way once its line has passed the width.
    mutating func checkTrial() {
        if let trial, out.width - trial.origin > trial.limit { trialFailed = true }
    }

    /// Whether comments sit between the parts of a cell: before its split keyword, between
    /// its attributes, or between its split (or last part) and its repetition.
    func hasCommentsAmongParts(_ cell: Int, split: Int?) -> Bool {
        let start = tree.node(cell).tokenStart
        let end = split.map { firstToken($0) } ?? tree.node(cell).tokenEnd
        if hasComments(from: start, to: end) { return true }
        guard let repeatNode = tree.child(of: cell, .repeatClause) else { return false }
        if hasComments(repeatNode) { return true }
        guard let split else { return false }
        return hasComments(from: lastToken(split) + 1, to: firstToken(repeatNode))
    }

    /// A cell with comments among its parts: the parts in source order, a comment that ended
    /// a line kept at its end, and the part after it on a continuation line indented deeper
    /// than the cell's line, so that it stays in the cell (the offside rule).
    mutating func printCellWithComments(_ cell: Int, level: Int, inBlock: Bool) {
        guard trial == nil else {
            trialFailed = true
            return
        }
        if inBlock { out.indent(level: level) }
        var previous = -1
        var wroteSize = false
        tree.forEachChild(of: cell) { child in
            let first = firstToken(child)
            switch tree.node(child).kind {
            case .size, .templateRef:
                placeAfterComments(previous: previous, first: first, level: level)
                out.joinSpace()
                if let token = tree.firstToken(of: child) { out.write(text(token)) } else if tree.node(child).kind == .size { out.write("_") }
                wroteSize = true
            case .attribute, .split:
                // A cell in a block that starts with an attribute or a split gets the size `_`.
                if !wroteSize, inBlock {
                    placeAfterComments(previous: previous, first: first, level: level)
                    out.joinSpace()
                    out.write("_")
                    wroteSize = true
                    previous = first - 1
                }
                placeAfterComments(previous: previous, first: first, level: level)
                if tree.node(child).kind == .attribute {
                    out.joinSpace()
                    writeAttribute(child)
                } else {
                    appendSplit(child, level: level)
                }
            case .repeatClause:
                let indices = tree.significantTokenArray(of: child)
                // A comment inside `* // c` then the count goes before the `*`.
                var between = previous >= 0 ? comments(after: previous, before: first) : []
                if indices.count > 1 { between += comments(after: indices[0], before: indices[1]) }
                placeComments(between, level: level)
                out.joinSpace()
                out.write("* ")
                if indices.count > 1 { out.write(text(indices[1])) } else { out.write("1") }
            default:
                return
            }
            previous = lastToken(child)
        }
    }

    /// The comments between the previous part and the next, then a continuation line for the
    /// next part when there were any.
    mutating func placeAfterComments(previous: Int, first: Int, level: Int) {
        guard previous >= 0 else { return }
        placeComments(comments(after: previous, before: first), level: level)
    }

    mutating func placeComments(_ comments: [Comment], level: Int) {
        guard !comments.isEmpty else { return }
        for comment in comments {
            if comment.ownLine { ownLine(comment, level: level + 2) } else { out.appendTrailing(comment.text, token: comment.index) }
        }
        out.newLine()
        out.indent(level: level + 2)
    }

    /// `name(args)` with canonical spacing: no spaces inside parentheses, none around `|`
    /// or before `:` `,`; single spaces between other arguments; JSON objects and arrays
    /// written `{"a": 1, "b": [2, 3]}`.
    mutating func writeAttribute(_ attribute: Int) {
        if let name = tree.firstToken(of: attribute) { out.write(text(name)) }
        guard let args = tree.child(of: attribute, .attributeArgs) else { return }
        out.write("(")
        var depth = 0
        var previous: TokenKind?
        var index = tree.node(args).tokenStart
        let end = tree.node(args).tokenEnd
        var skippedOpen = false
        while index < end {
            defer { index += 1 }
            let kind = tree.token(index).kind
            if kind.isTrivia || kind == .eof { continue }
            if !skippedOpen {
                skippedOpen = true
                continue
            }
            if kind == .rParen, depth == 0 { break }
            if let previous, Self.spaceBetween(previous, kind, depth: depth) { out.write(" ") }
            if trial != nil {
                if tree.token(index).range.count > Self.longestTrialPart { trialFailed = true }
                checkTrial()
                if trialFailed { return }
            }
            out.write(text(index))
            if kind == .lBrace || kind == .lBracket { depth += 1 }
            if kind == .rBrace || kind == .rBracket { depth -= 1 }
            previous = kind
        }
        out.write(")")
    }

    static func spaceBetween(_ previous: TokenKind, _ kind: TokenKind, depth: Int) -> Bool {
        switch (previous, kind) {
        case (.lParen, _), (_, .rParen): return false
        case (.pipe, _), (_, .pipe): return false
        case (_, .colon), (_, .comma): return false
        case (.lBrace, _), (.lBracket, _), (_, .rBrace), (_, .rBracket): return false
        case (.colon, _): return depth > 0
        default: return true
        }
    }

    // MARK: splits

    mutating func appendSplit(_ split: Int, level: Int) {
        guard !trialFailed else { return }
        let rows: StaticString = "rows"
        // SAFETY: a static string's bytes live as long as the program, `count` of them.
        let keyword = firstText(split) ?? UnsafeBufferPointer(start: rows.utf8Start, count: rows.utf8CodeUnitCount)
        if let list = tree.child(of: split, .inlineList) {
            let cells = pushCells(of: list)
            defer { cellStack.removeLast(cells.count) }
            if isSimple(list, cells: cells, split: split) {
                let outer = trial
                if outer == nil { trial = (origin: out.width - out.measured, limit: Formatter.lineWidth) }
                let mark = out.mark
                appendInline(keyword: keyword, cells: cells, level: level)
                let fits = !trialFailed && out.lineCount == mark.lineCount && out.measured <= Formatter.lineWidth
                if outer != nil {
                    if !fits { trialFailed = true }
                    return
                }
                trial = nil
                trialFailed = false
                if fits { return }
                out.rewind(to: mark)
            } else if trial != nil {
                trialFailed = true
                return
            }
            appendBlock(keyword: keyword, cells: cells, open: firstToken(split), close: lastToken(list), closeIsBrace: false, level: level)
            return
        }
        guard let block = tree.child(of: split, .block) else { return }
        guard trial == nil else {
            trialFailed = true
            return
        }
        let cells = pushCells(of: block)
        defer { cellStack.removeLast(cells.count) }
        // From the keyword, so that a comment between it and `{` is kept after the `{`.
        appendBlock(keyword: keyword, cells: cells, open: firstToken(split), close: lastToken(block), closeIsBrace: true, level: level)
    }

    /// Pushes the cells of a list or block on the stack of cells being printed (no array per
    /// split); the caller drops them when done.
    mutating func pushCells(of node: Int) -> Range<Int> {
        let start = cellStack.count
        tree.forEachChild(of: node) { if tree.node($0).kind == .cell { cellStack.append($0) } }
        return start..<cellStack.count
    }

    /// Whether an inline list may stay inline: it holds no comment and no block, a comment
    /// does not follow its keyword, and not only its last item has attributes (they would
    /// read as the split grid's: M018).
    func isSimple(_ list: Int, cells: Range<Int>, split: Int) -> Bool {
        if hasComments(list) || hasComments(from: firstToken(split) + 1, to: firstToken(list)) { return false }
        var attributedCells = 0
        var lastAttributed = false
        for position in cells {
            let cell = cellStack[position]
            var hasAttribute = false
            var hasBlock = false
            tree.forEachChild(of: cell) { child in
                switch tree.node(child).kind {
                case .attribute: if tree.node(child).attributeName != .content { hasAttribute = true }
                case .split: if tree.child(of: child, .block) != nil { hasBlock = true }
                default: break
                }
            }
            if hasBlock { return false }
            if hasAttribute { attributedCells += 1 }
            lastAttributed = hasAttribute
        }
        let onlyLast = cells.count >= 2 && lastAttributed && attributedCells == 1
        return !onlyLast
    }

    /// `keyword a | b | c` on the current line, each item measured from its own start.
    /// SAFETY: `keyword` is copied whole (no index is read); callers hand a static string's bytes.
    mutating func appendInline(keyword: UnsafeBufferPointer<UInt8>, cells: Range<Int>, level: Int) {
        out.joinSpace()
        out.write(keyword)
        out.write(" ")
        for position in cells {
            if position > cells.lowerBound { out.write(" | ") }
            let measure = out.startMeasure()
            printCell(cellStack[position], level: level + 1, inBlock: false)
            out.endMeasure(measure)
            checkTrial()
            if trialFailed { return }
        }
    }

    /// `keyword {`, one cell per line with its comments, `}`.
    /// SAFETY: `keyword` is copied whole (no index is read); callers hand a static string's bytes.
    mutating func appendBlock(keyword: UnsafeBufferPointer<UInt8>, cells: Range<Int>, open: Int, close: Int, closeIsBrace: Bool, level: Int) {
        out.joinSpace()
        out.write(keyword)
        if cells.isEmpty, !hasComments(from: open + 1, to: close) {
            out.write(" {}")
            return
        }
        out.write(" {")
        var previous = open
        for position in cells {
            let cell = cellStack[position]
            let first = firstToken(cell)
            emitLeading(comments(after: previous, before: first), previous: previous, next: first, isFirst: position == cells.lowerBound, level: level + 1)
            out.newLine()
            printCell(cell, level: level + 1, inBlock: true)
            previous = lastToken(cell)
        }
        let endIndex = closeIsBrace ? close : close + 1
        appendTrailing(comments(after: previous, before: endIndex), level: level + 1)
        out.newLine()
        out.indent(level: level)
        out.write("}")
    }
}
