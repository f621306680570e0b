/// The output of parsing: always a tree, plus the syntax diagnostics.
public struct ParseResult: Sendable {
    public var tree: SyntaxTree
    public var diagnostics: [Diagnostic]
    /// How many of `diagnostics`, at the front, are the lexer's (in the order of the text; the
    /// parser's follow, in the order it made them).
    public var lexerDiagnosticCount: Int
}

/// A hand-written, resilient recursive-descent parser for Trellis.
///
/// Parsing never fails: any byte sequence gives a lossless tree and a list of diagnostics.
/// Every loop consumes a token or exits, so time is linear in the input; nesting deeper
/// than `maximumDepth` becomes one diagnostic and an error node, never a stack overflow.
public enum Parser {
    public static let maximumDepth = 256
    /// Largest file the parser reads (token offsets are 32-bit); beyond it, one S009.
    public static let maximumBytes = Int(clamping: UInt32.max) - 1

    /// Attribute names; any other name followed by `(` is parsed as an (unknown) attribute.
    public static let attributeNames: Set<String> = Set(AttributeName.allCases.map { $0.spelling })

    /// The split keywords a name may be a misspelling of: those one edit away from it in any
    /// case (`rowz`, `Cols`, `row`), or the keyword an English spelling means (`columns`).
    /// `cows` is one edit from both.
    public static func splitKeywords(misspelledAs name: String) -> [String] {
        let lowered = Array(name.lowercased().utf8)
        guard lowered.count <= 7 else { return [] }
        let rows = GridKey.rows.jsonName, cols = GridKey.cols.jsonName
        if lowered == Array("column".utf8) || lowered == Array("columns".utf8) { return [cols] }
        return [rows, cols].filter { Suggestion.editDistance(lowered, Array($0.utf8)) <= 1 }
    }

    /// Whether a part's text begins with a split keyword.
    static func startsSplit(_ text: String) -> Bool {
        text.hasPrefix(GridKey.rows.jsonName) || text.hasPrefix(GridKey.cols.jsonName)
    }

    /// The first of ``splitKeywords(misspelledAs:)``, which the parser reads the name as.
    public static func splitKeyword(misspelledAs name: String) -> String? {
        splitKeywords(misspelledAs: name).first
    }

    public static func parse(_ source: SourceFile) -> ParseResult {
        let lexed = Lexer.tokenize(source.bytes)
        var diagnostics = lexed.diagnostics
        var missing: [SyntaxTree.MissingToken] = []
        var outgrown: [SyntaxTree.Node]?
        // Nodes are written straight into the array's storage (about one per two tokens);
        // a file with more moves them out to room of their own.
        // SAFETY: the column writes below `buffer.count` only, moves the nodes out before it writes more, and is dropped in
        // this closure; `initialized` is the nodes left in `buffer` (none once they were moved out).
        var nodes = [SyntaxTree.Node](unsafeUninitializedCapacity: lexed.tokens.count / 2 + 16) { buffer, initialized in
            HugePages.advise(buffer)
            // SAFETY: `tokenBuffer` does not escape: the parser state holding it is dropped in this closure.
            lexed.tokens.withUnsafeBufferPointer { tokenBuffer in
                var state = ParserState(source: source, tokens: lexed.tokens, tokenBuffer: tokenBuffer, nodes: UnsafeColumn(writingInto: buffer))
                state.diagnostics = diagnostics
                state.parseFile()
                diagnostics = state.diagnostics
                missing = state.missing
                if state.nodes.ownsMemory {
                    initialized = 0
                    outgrown = state.nodes.take()
                } else {
                    initialized = state.nodes.count
                }
            }
        }
        if let outgrown { nodes = outgrown }
        return ParseResult(
            tree: SyntaxTree(source: source, tokens: lexed.tokens, nodes: nodes, missing: missing), diagnostics: diagnostics,
            lexerDiagnosticCount: lexed.diagnostics.count)
    }
}

/// Where a cell began: its first token and the indentation of that line.
struct CellStart {
    var position: Int
    var indent: Int
}

struct ParserState: ~Copyable {
    let source: SourceFile
    let tokens: [Token]
    /// The same tokens, read without a bounds check where the index is `position`: the list
    /// ends with `eof`, and neither `bump()` nor `skipTrivia()` moves past it, so `position`
    /// is always a valid index.
    let tokenBuffer: UnsafeBufferPointer<Token>
    var position = 0
    var lastConsumedEnd = 0
    /// The nodes so far, in pre-order (written twice each: when opened and when closed).
    var nodes: UnsafeColumn<SyntaxTree.Node>
    /// The innermost open node (-1 before the file's); each node's `parent` leads out.
    var innermost = -1
    var diagnostics: [Diagnostic] = []
    /// Tokens the grammar required that were not there.
    var missing: [SyntaxTree.MissingToken] = []
    /// Indentation (spaces and tabs) of the line the current token is on.
    var currentIndent = 0
    /// No code yet on the line being skipped: its whitespace is indentation.
    var atLineStart = true
    /// Whether the trivia between the last consumed token and the current one holds a line
    /// break (noted as it is skipped).
    var lineBreakBeforeCurrent = false
    /// The token position whose ``isAttributeStart()`` was last asked, the answer, and the
    /// attribute name found there.
    var attributeStartAsked = -1
    var attributeStartAnswer = false
    var attributeStartName: AttributeName?

    // SAFETY: callers pass `tokens`' own storage, which outlives the state; the precondition checks its count and that
    // it ends with `eof`, so `position` (never moved past the `eof`) stays a valid index of `tokenBuffer`.
    init(source: SourceFile, tokens: [Token], tokenBuffer: UnsafeBufferPointer<Token>, nodes: consuming UnsafeColumn<SyntaxTree.Node>) {
        precondition(tokenBuffer.count == tokens.count && tokens.last?.kind == .eof, "the parser reads a lexer's tokens")
        self.source = source
        self.tokens = tokens
        self.tokenBuffer = tokenBuffer
        self.nodes = nodes
        skipTrivia()
    }

    // MARK: token cursor

    var current: TokenKind { tokenBuffer[position].kind }
    var currentToken: Token { tokenBuffer[position] }

    func peekKind(after count: Int = 1) -> TokenKind {
        var index = position
        var remaining = count
        while remaining > 0, index < tokens.count - 1 {
            index += 1
            if !tokens[index].kind.isTrivia { remaining -= 1 }
        }
        return tokens[index].kind
    }

    mutating func skipTrivia() {
        lineBreakBeforeCurrent = false
        while position < tokenBuffer.count - 1, tokenBuffer[position].kind.isTrivia {
            let token = tokenBuffer[position]
            switch token.kind {
            case .newline:
                currentIndent = 0
                atLineStart = true
                lineBreakBeforeCurrent = true
            case .whitespace:
                if atLineStart { currentIndent = token.end - token.start }
                atLineStart = false
            case .comment: atLineStart = false
            default: break
            }
            position += 1
        }
    }

    @inline(__always)
    mutating func bump() {
        guard current != .eof else { return }
        position += 1
        lastConsumedEnd = position
        atLineStart = false
        skipTrivia()
    }

    /// The offside rule: a cell goes on past a line break only onto a line indented deeper
    /// than the line it began on (`50%` then `cols {…}` below it are two cells).
    func continues(_ cell: CellStart) -> Bool {
        lastConsumedEnd <= cell.position || !lineBreakBeforeCurrent || currentIndent > cell.indent
    }

    func text(_ token: Token) -> String { source.text(in: token.range) }

    /// Where a missing token would go: right after the last consumed token.
    var insertionPoint: Int {
        lastConsumedEnd > 0 ? tokens[lastConsumedEnd - 1].end : 0
    }

    func describeCurrent() -> String {
        let token = currentToken
        switch token.kind {
        case .eof, .newline: return token.kind.display
        default: return "`\(VisibleText.of(text(token)))`"
        }
    }

    // MARK: tree building

    @inline(__always)
    mutating func open(_ kind: SyntaxKind, attributeName: AttributeName? = nil) {
        nodes.append(
            SyntaxTree.Node(
                kind: kind, tokenStart: position, tokenEnd: position, subtreeEnd: 0, parent: innermost,
                attributeName: attributeName))
        innermost = nodes.count - 1
    }

    @inline(__always)
    mutating func close() {
        guard innermost >= 0 else { return }
        // Read, changed and written back once: each access to the column checks its index.
        var node = nodes[innermost]
        node.tokenEnd = max(node.tokenStart, lastConsumedEnd)
        node.subtreeEnd = nodes.count
        nodes[innermost] = node
        innermost = node.parent
    }

    mutating func error(_ code: DiagnosticCode, _ message: String, at range: Range<Int>, fixIts: [FixIt] = [], labels: [DiagnosticLabel] = []) {
        diagnostics.append(Diagnostic(code: code, severity: .error, range: range, message: message, labels: labels, fixIts: fixIts))
    }

    /// Consumes `kind` or reports it missing (S003) without consuming anything.
    @discardableResult
    mutating func expect(_ kind: TokenKind, _ what: String) -> Bool {
        if current == kind {
            bump()
            return true
        }
        let point = insertionPoint
        recordMissing(kind)
        var fixIts: [FixIt] = []
        switch kind {
        case .rParen: fixIts.append(FixIt(message: "insert `)`", edits: [TextEdit(range: point..<point, replacement: ")")]))
        case .rBrace: fixIts.append(FixIt(message: "insert `}`", edits: [TextEdit(range: point..<point, replacement: "\n}")], isSafe: false))
        default: break
        }
        error(.missingToken, "expected \(what), found \(describeCurrent())", at: missingRange(), fixIts: fixIts)
        return false
    }

    /// Records a token the grammar required here, in the innermost open node.
    mutating func recordMissing(_ kind: TokenKind) {
        missing.append(SyntaxTree.MissingToken(kind: kind, offset: insertionPoint, node: max(innermost, 0)))
    }

    /// The range a "missing" diagnostic points at: the offending token, or the end of input.
    func missingRange() -> Range<Int> {
        let token = currentToken
        if token.kind == .eof {
            let point = insertionPoint
            return point..<point
        }
        return token.range
    }

    /// Wraps tokens in an error node until `stop` holds (at least one token is consumed).
    mutating func skipUnexpected(_ message: String, stop: (TokenKind) -> Bool) {
        let start = currentToken.start
        open(.error)
        repeat { bump() } while current != .eof && !stop(current)
        close()
        error(.unexpectedTokens, message, at: start..<insertionPoint)
    }

    // MARK: grammar

    static func startsCell(_ kind: TokenKind) -> Bool {
        kind.isSize || kind == .identifier || kind == .kwRows || kind == .kwCols
    }

    static func startsItem(_ kind: TokenKind) -> Bool {
        kind == .kwLayout || kind == .kwTemplate || kind == .kwTarget || kind == .kwPreview || kind == .kwUse
    }

    mutating func parseFile() {
        open(.file)
        while current != .eof {
            switch current {
            case .kwTarget: parseTarget()
            case .kwPreview: parsePreview()
            case .kwUse: parseUse()
            case .kwTemplate: parseTemplate()
            case .kwLayout: parseLayout()
            case .semicolon: bump()
            default:
                if Self.startsCell(current) {
                    parseCell(depth: 0)
                } else {
                    skipUnexpected("expected `layout`, `template`, `use`, `target`, `preview` or a cell, found \(describeCurrent())") {
                        Self.startsItem($0) || Self.startsCell($0)
                    }
                }
            }
        }
        nodes[0].tokenEnd = tokens.count
        position = tokens.count - 1
        lastConsumedEnd = tokens.count
        lineBreakBeforeCurrent = false
        close()
        nodes[0].tokenStart = 0
    }

    mutating func parseTarget() {
        open(.targetDirective)
        bump()
        if current == .identifier { bump() }
        expect(.number, "the runtime version (`target mylayout 1` or `target mylayout 2`)")
        close()
    }

    mutating func parsePreview() {
        open(.previewDirective)
        bump()
        if !expect(.dimension, "a viewport such as `375x667@2x` or `375xwrap@3x`"), current != .eof, !lineBreakBeforeCurrent,
            !Self.startsItem(current)
        {
            // A mistyped viewport (`375by667`, `375 x 667`): the rest of its line belongs to
            // it (already reported), not to the cell of a bare layout.
            open(.error)
            repeat { bump() } while current != .eof && !lineBreakBeforeCurrent && !Self.startsItem(current)
            close()
        }
        while current == .string || current == .kwRtl { bump() }
        close()
    }

    mutating func parseUse() {
        open(.useDirective)
        bump()
        if current == .unterminatedString {
            bump()
        } else {
            expect(
                .string, "the path of a file of templates, in quotes (`use \"cards.trellis\"`; `use` is a keyword, which no template or layout may be named)")
        }
        close()
    }

    mutating func parseTemplate() {
        open(.templateDecl)
        bump()
        if current == .identifier {
            bump()
        } else if !keywordAsName("template", followedBy: { $0 == .lBrace }) {
            expect(.identifier, "a template name")
        }
        if current == .lBrace {
            let openRange = currentToken.range
            bump()
            if Self.startsCell(current) { parseCell(depth: 1) } else { expect(.identifier, "the template's cell") }
            while current != .rBrace, current != .eof, !Self.startsItem(current) {
                skipUnexpected("a template holds one cell; found \(describeCurrent())") {
                    $0 == .rBrace || Self.startsItem($0)
                }
            }
            if current == .rBrace {
                bump()
            } else {
                let point = insertionPoint
                recordMissing(.rBrace)
                error(
                    .missingToken, "expected `}` to close the template, found \(describeCurrent())", at: missingRange(),
                    fixIts: [FixIt(message: "insert `}`", edits: [TextEdit(range: point..<point, replacement: "\n}")], isSafe: false)],
                    labels: [DiagnosticLabel(range: openRange, message: "opened here")])
            }
        } else {
            expect(.lBrace, "`{` to open the template's body")
        }
        close()
    }

    mutating func parseLayout() {
        open(.layoutDecl)
        bump()
        if current == .identifier {
            bump()
        } else if !keywordAsName("layout", followedBy: Self.startsCell) {
            expect(.identifier, "a layout name")
        }
        if Self.startsCell(current) {
            parseCell(depth: 1)
        } else {
            expect(.kwRows, "the layout's root cell (for example `rows …` or `cols …`)")
        }
        close()
    }

    /// A keyword that starts no cell where a name belongs (`template use { … }`), followed by
    /// what follows a name: one error, and the declaration read on as if it were the name.
    mutating func keywordAsName(_ what: String, followedBy follows: (TokenKind) -> Bool) -> Bool {
        let keywords: [TokenKind] = [.kwTarget, .kwPreview, .kwUse, .kwTemplate, .kwLayout, .kwRtl]
        guard keywords.contains(current), follows(peekKind()) else { return false }
        let token = currentToken
        error(.missingToken, "expected a \(what) name, found the keyword `\(text(token))`: a keyword cannot name a \(what)", at: token.range)
        bump()
        return true
    }

    mutating func parseCell(depth: Int) {
        if depth > Parser.maximumDepth {
            skipTooDeep()
            return
        }
        open(.cell)
        let indent = CellStart(position: position, indent: currentIndent)
        if current.isSize {
            open(.size)
            bump()
            close()
        }
        if current == .identifier, !isAttributeStart(), continues(indent), let keyword = misspelledSplitKeyword() {
            // `rowz 33% | fill`: one error, and the rest parsed as the split it meant.
            let token = currentToken
            let candidates = Parser.splitKeywords(misspelledAs: text(token))
            let meant = candidates.map { "`\($0)`" }.joined(separator: " or ")
            // Safe only when one keyword is that close: `cows` could be either.
            error(
                .misspelledKeyword, "`\(text(token))` is not a keyword; did you mean \(meant)?", at: token.range,
                fixIts: [
                    FixIt(message: "replace with `\(keyword)`", edits: [TextEdit(range: token.range, replacement: keyword)], isSafe: candidates.count == 1)
                ])
            parseSplit(depth: depth)
        } else if current == .identifier, !isAttributeStart(), continues(indent) {
            open(.templateRef)
            bump()
            close()
        }
        while current == .identifier, isAttributeStart(), continues(indent) {
            parseAttribute()
        }
        if current == .kwRows || current == .kwCols, continues(indent) {
            parseSplit(depth: depth)
        }
        if current == .star, continues(indent) {
            let repeatStart = position
            open(.repeatClause)
            bump()
            expect(.number, "a repeat count after `*` (for example `20% * 5`)")
            close()
            partsAfterRepeat(from: repeatStart, indent: indent, depth: depth)
        }
        close()
    }

    /// S006: an attribute or split written after `* N` would read as if it applied to the
    /// repeated cells (it used to become a cell of its own). It is parsed into the cell, as
    /// the fix moves it, and reported.
    mutating func partsAfterRepeat(from repeatStart: Int, indent: CellStart, depth: Int) {
        let repeatEnd = lastConsumedEnd
        var parts: [Range<Int>] = []
        while continues(indent), (current == .identifier && isAttributeStart()) || current == .kwRows || current == .kwCols {
            let start = currentToken.start
            if current == .identifier { parseAttribute() } else { parseSplit(depth: depth) }
            parts.append(start..<insertionPoint)
        }
        defer { if current == .star, continues(indent) { secondRepeat(after: repeatStart) } }
        guard let first = parts.first, let last = parts.last else { return }
        let repeatRange = tokens[repeatStart].start..<tokens[repeatEnd - 1].end
        let texts = parts.map { source.text(in: $0) }
        let noun = parts.count == 1 ? (Parser.startsSplit(texts[0]) ? "this split" : "this attribute") : "these parts"
        let commented = tokens[repeatStart..<lastConsumedEnd].contains { $0.kind == .comment }
        // Moving a split is reviewed: where its list ends is exactly what is in doubt.
        let movesSplit = texts.contains(where: Parser.startsSplit)
        let fix = FixIt(
            message: "move \(noun) before `\(source.text(in: repeatRange))`",
            edits: [TextEdit(range: repeatRange.lowerBound..<last.upperBound, replacement: texts.joined(separator: " ") + " " + source.text(in: repeatRange))],
            isSafe: !movesSplit)
        error(
            .somethingAfterRepetition,
            "\(noun) comes after `\(source.text(in: repeatRange))`: write it before the repetition to give it to every repeated cell",
            at: first.lowerBound..<last.upperBound, fixIts: commented ? [] : [fix],
            labels: [DiagnosticLabel(range: repeatRange, message: "the repetition ends the cell")])
    }

    /// `rows` or `cols` when the current name is a near miss of one (`rowz`, `Cols`,
    /// `columns`) followed on its line by what only a split takes there: `{` or a size. (A
    /// template's name is never followed by either, so no valid program reads differently.)
    func misspelledSplitKeyword() -> String? {
        // What follows first (valid programs never have it), the spelling only then.
        var index = position + 1
        while index < tokens.count - 1, tokens[index].kind.isTrivia {
            if tokens[index].kind == .newline { return nil }
            index += 1
        }
        let next = tokens[index].kind
        guard next == .lBrace || next.isSize else { return nil }
        return Parser.splitKeyword(misspelledAs: text(currentToken))
    }

    /// Whether the current name starts an attribute: a known attribute name, or any name
    /// followed by `(`. Asked up to three times a name; answered once.
    mutating func isAttributeStart() -> Bool {
        if attributeStartAsked != position {
            attributeStartAsked = position
            attributeStartName = AttributeName.lookup(source.bytes, currentToken.range)
            attributeStartAnswer = attributeStartName != nil || peekKind() == .lParen
        }
        return attributeStartAnswer
    }

    mutating func parseAttribute() {
        open(.attribute, attributeName: attributeStartAsked == position ? attributeStartName : AttributeName.lookup(source.bytes, currentToken.range))
        let nameToken = currentToken
        bump()
        if current == .lParen {
            open(.attributeArgs)
            bump()
            var balance = 0
            loop: while true {
                if balance == 0, current != .rParen, lineBreakBeforeCurrent {
                    // Arguments stay on one line unless inside { } or [ ]: a line break
                    // here means the `)` is missing, and the next line is the next cell.
                    reportMissingParen(nameToken)
                    break loop
                }
                switch current {
                case .rParen where balance == 0:
                    bump()
                    break loop
                case .lBrace, .lBracket:
                    balance += 1
                    bump()
                case .rBrace, .rBracket:
                    if balance == 0 {
                        reportMissingParen(nameToken)
                        break loop
                    }
                    balance -= 1
                    bump()
                case .eof:
                    reportMissingParen(nameToken)
                    break loop
                // (`use` is not among them: `action(use:)` is a selector.)
                case .kwRows, .kwCols, .kwLayout, .kwTemplate, .kwTarget, .kwPreview, .kwFill, .kwWrap, .underscore,
                    .percent, .ratio, .lParen:
                    // Tokens no argument list holds: they start the next cell or attribute.
                    if balance == 0 {
                        reportMissingParen(nameToken)
                        break loop
                    }
                    bump()
                case .identifier where balance == 0 && peekKind() == .lParen:
                    reportMissingParen(nameToken)
                    break loop
                default:
                    bump()
                }
            }
            close()
        }
        close()
    }

    mutating func reportMissingParen(_ name: Token) {
        let point = insertionPoint
        recordMissing(.rParen)
        error(
            .missingToken, "expected `)` to close the arguments of `\(text(name))`, found \(describeCurrent())",
            at: point..<point,
            fixIts: [FixIt(message: "insert `)`", edits: [TextEdit(range: point..<point, replacement: ")")])],
            labels: [DiagnosticLabel(range: name.range, message: "arguments opened here")])
    }

    mutating func parseSplit(depth: Int) {
        open(.split)
        let keyword = currentToken
        bump()
        if current == .lBrace {
            parseBlock(depth: depth)
        } else if Self.startsCell(current) {
            open(.inlineList)
            parseCell(depth: depth + 1)
            while true {
                if current == .pipe || separatorTypo(replacement: "|") {
                    bump()
                } else if Self.startsCell(current), !lineBreakBeforeCurrent {
                    // `rows 20 fill`: a second cell on the line without `|` (S008).
                    let point = insertionPoint
                    error(
                        .cellsWithoutSeparator, "expected `|` between the cells of this list, found \(describeCurrent())", at: missingRange(),
                        fixIts: [FixIt(message: "insert `|`", edits: [TextEdit(range: point..<point, replacement: " |")], isSafe: false)])
                } else {
                    break
                }
                if Self.startsCell(current) {
                    parseCell(depth: depth + 1)
                } else {
                    error(.missingToken, "expected a cell after `|`, found \(describeCurrent())", at: missingRange())
                    break
                }
            }
            close()
        } else {
            error(.missingToken, "expected `{` or a cell after `\(text(keyword))`, found \(describeCurrent())", at: missingRange())
        }
        close()
    }

    mutating func parseBlock(depth: Int) {
        open(.block)
        let openRange = currentToken.range
        bump()
        var afterCell = false
        while true {
            let kind = current
            if kind == .semicolon || kind == .pipe || separatorTypo(replacement: ";") {
                bump()
                afterCell = false
            } else if kind == .rBrace {
                bump()
                break
            } else if kind == .eof || Self.startsItem(kind) {
                let point = insertionPoint
                recordMissing(.rBrace)
                error(
                    .missingToken, "expected `}` to close this block, found \(describeCurrent())", at: missingRange(),
                    fixIts: [FixIt(message: "insert `}`", edits: [TextEdit(range: point..<point, replacement: "\n}")], isSafe: false)],
                    labels: [DiagnosticLabel(range: openRange, message: "block opened here")])
                break
            } else if Self.startsCell(kind) {
                if afterCell, !lineBreakBeforeCurrent {
                    // `rows { 20 fill }`: two cells on one line need a separator (S008).
                    let point = insertionPoint
                    error(
                        .cellsWithoutSeparator, "expected `;`, `|` or a line break between two cells, found \(describeCurrent())", at: missingRange(),
                        fixIts: [FixIt(message: "insert `;`", edits: [TextEdit(range: point..<point, replacement: ";")], isSafe: false)])
                }
                parseCell(depth: depth + 1)
                afterCell = true
            } else {
                skipUnexpected("expected a cell or `}`, found \(describeCurrent())") {
                    Self.startsCell($0) || $0 == .rBrace || $0 == .semicolon || $0 == .pipe || $0 == .comma || Self.startsItem($0)
                }
                afterCell = false
            }
        }
        close()
    }

    /// `p * 2 * 3`: a cell repeats once. The second count becomes an error node; the fix
    /// writes the product.
    mutating func secondRepeat(after repeatStart: Int) {
        let start = currentToken.start
        let firstCount = tokens[repeatStart..<lastConsumedEnd].first { $0.kind == .number }
        open(.error)
        bump()
        let secondCount = current == .number ? currentToken : nil
        if secondCount != nil { bump() }
        close()
        var fixIts: [FixIt] = []
        if let firstCount, let secondCount, let a = Int(text(firstCount)), let b = Int(text(secondCount)), a > 0, b > 0, a <= 10_000, b <= 10_000,
            a * b <= 10_000
        {
            // Reviewed, never applied by --fix: the file reads as `* a` until it is fixed.
            fixIts.append(
                FixIt(
                    message: "write `* \(a * b)`",
                    edits: [
                        TextEdit(range: firstCount.range, replacement: "\(a * b)"),
                        TextEdit(range: start..<insertionPoint, replacement: ""),
                    ], isSafe: false))
        }
        error(
            .somethingAfterRepetition, "a cell repeats once: write one count after `*` (this one is read as the first count alone)", at: start..<insertionPoint,
            fixIts: fixIts,
            labels: [DiagnosticLabel(range: tokens[repeatStart].start..<start, message: "the first repetition")])
    }

    /// A `,` (or a full-width `，` `；` `｜`) where cells are separated: S007, with the fix to
    /// the separator this list takes; the parser reads it as that separator. Returns whether
    /// the current token is one.
    mutating func separatorTypo(replacement: String) -> Bool {
        let token = currentToken
        if token.kind == .comma {
            error(
                .commaBetweenCells,
                "`,` does not separate cells: write `\(replacement)`\(replacement == "|" ? " between the cells of a list" : ", or put the next cell on its own line")",
                at: token.range, fixIts: [FixIt(message: "replace with `\(replacement)`", edits: [TextEdit(range: token.range, replacement: replacement)])])
            return true
        }
        guard token.kind == .error, let ascii = FullWidth.asciiEquivalent(of: text(token)), [",", ";", "|"].contains(ascii) else { return false }
        // The lexer's S001 offers the ASCII character; here the separator is known.
        if let index = diagnostics.firstIndex(where: { $0.code == .unexpectedCharacter && $0.range == token.range }) {
            diagnostics[index].message = "full-width `\(text(token))` (typed with a CJK input method) where `\(replacement)` separates cells"
            diagnostics[index].fixIts = [FixIt(message: "replace with `\(replacement)`", edits: [TextEdit(range: token.range, replacement: replacement)])]
        }
        return true
    }

    /// Past the depth limit: one diagnostic, and the rest of the enclosing block becomes an
    /// error node (balanced braces), so the parser stays shallow whatever the input.
    mutating func skipTooDeep() {
        let start = currentToken.start
        open(.error)
        var balance = 0
        while current != .eof {
            if current == .lBrace { balance += 1 }
            if current == .rBrace {
                if balance == 0 { break }
                balance -= 1
            }
            if balance == 0, Self.startsItem(current) { break }
            bump()
        }
        close()
        error(
            .nestingTooDeep, "cells nest deeper than \(Parser.maximumDepth) levels; the rest of this block is not read",
            at: start..<max(start, insertionPoint))
    }
}
