/// The canonical layout of Trellis source (docs/language.md, "Formatting"):
/// - one top-level item per line, at most one blank line kept between items and cells;
/// - blocks indented by two spaces, one cell per line; a cell in a block that starts with an
///   attribute or a split gets the size `_` (what it meant), so it stays a separate cell;
/// - attributes in the JSON key order (size, padding, spacing, gravity, overlap, anchor,
///   placeholder, tag, action, action-data, borderlines, json, content), single spaces, and
///   wrapped onto lines indented by four more spaces when a cell passes 100 columns;
/// - inline lists `a | b | c` stay inline while they fit and hold no block or comment, and
///   not only their last item has attributes (which reads as the split's: M018); else they
///   become blocks;
/// - every comment is kept: a comment on a line of its own stays on its own line before what
///   follows it, a comment after code stays at the end of that line; a part of a cell after
///   a comment goes on a deeper continuation line (the offside rule keeps it in the cell);
/// - line endings and a byte order mark as the file has them; aligned trailing comments
///   stay aligned.
/// Files with syntax errors are not formatted (nil).
public enum Formatter {
    public static let lineWidth = 100

    public static func format(_ source: SourceFile) -> String? {
        format(Parser.parse(source))
    }

    /// ``format(_:)`` of a file already parsed; nil too when `shouldStop` says so, which it
    /// is asked before each top-level item (the editor's cancellation).
    public static func format(_ parsed: ParseResult, shouldStop: () -> Bool = { false }) -> String? {
        let source = parsed.tree.source
        guard !parsed.diagnostics.hasErrors else { return nil }
        var printer = Printer(tree: parsed.tree)
        guard var text = printer.printFile(shouldStop: shouldStop) else { return nil }
        // Line endings and a byte order mark are the file's own: kept as they were.
        if let firstBreak = source.bytes.firstIndex(of: UInt8(ascii: "\n")), firstBreak > 0, source.bytes[firstBreak - 1] == UInt8(ascii: "\r") {
            text = text.replacing("\n", with: "\r\n")
        }
        if source.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { text = "\u{FEFF}" + text }
        return text
    }
}

/// A comment found in trivia, with where it sits relative to the code before it.
struct Comment {
    var text: String
    /// The comment's token index.
    var index: Int
    /// False for a comment on the same line as the code before it.
    var ownLine: Bool
    /// A blank line separates it from what comes before.
    var blankBefore: Bool
}

struct Printer {
    let tree: SyntaxTree
    /// How many comments come before each token index (one more entry than tokens), so that
    /// whether a node holds a comment is answered without reading its tokens.
    let commentsBefore: [Int32]
    /// The lines of an inline list's cells, by cell and whether it sits in a block: a list
    /// that does not fit is printed again as a block, and without this every level of nesting
    /// would print its cells twice (exponential in the depth). A cell's level is fixed by its
    /// place. A block's cells are printed once and not kept.
    var printed: [Int: [String]] = [:]

    init(tree: SyntaxTree) {
        self.tree = tree
        var counts = [Int32](repeating: 0, count: tree.tokens.count + 1)
        var running: Int32 = 0
        for (index, token) in tree.tokens.enumerated() {
            counts[index] = running
            if token.kind == .comment { running += 1 }
        }
        counts[tree.tokens.count] = running
        commentsBefore = counts
    }

    // MARK: trivia

    /// Comments in the trivia between token indices (exclusive bounds).
    func comments(after previous: Int, before next: Int) -> [Comment] {
        var result: [Comment] = []
        var newlines = previous < 0 ? 1 : 0
        var index = max(previous + 1, 0)
        while index < next, index < tree.tokens.count {
            let token = tree.tokens[index]
            if token.kind == .newline { newlines += 1 }
            if token.kind == .comment {
                result.append(Comment(text: trimmedComment(tree.text(token)), index: index, ownLine: newlines > 0, blankBefore: newlines > 1))
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
            let kind = tree.tokens[index].kind
            if kind == .newline { newlines += 1 }
            if kind == .comment || !kind.isTrivia { newlines = 0 }
            if newlines > 1 { return true }
            index += 1
        }
        return false
    }

    func trimmedComment(_ text: String) -> String {
        var trimmed = Substring(text)
        while trimmed.last == " " || trimmed.last == "\t" { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    func firstToken(_ node: Int) -> Int { tree.firstToken(of: node) ?? tree.nodes[node].tokenStart }

    func lastToken(_ node: Int) -> Int {
        var index = tree.nodes[node].tokenEnd - 1
        while index > tree.nodes[node].tokenStart, tree.tokens[index].kind.isTrivia || tree.tokens[index].kind == .eof { index -= 1 }
        return index
    }

    func hasComments(_ node: Int) -> Bool {
        let start = min(tree.nodes[node].tokenStart, tree.tokens.count)
        let end = min(max(tree.nodes[node].tokenEnd, start), tree.tokens.count)
        return commentsBefore[end] > commentsBefore[start]
    }

    func children(_ node: Int) -> [Int] {
        var result: [Int] = []
        tree.forEachChild(of: node) { result.append($0) }
        return result
    }

    func text(_ index: Int) -> String { tree.text(tree.tokens[index]) }

    static func indentation(_ level: Int) -> String { String(repeating: "  ", count: level) }

    // MARK: file

    mutating func printFile(shouldStop: () -> Bool = { false }) -> String? {
        let items = children(0)
        var previous = -1
        var lines: [String] = []
        for (position, item) in items.enumerated() {
            if shouldStop() { return nil }
            let first = firstToken(item)
            emitLeading(comments(after: previous, before: first), previous: previous, next: first,
                        isFirst: position == 0, indent: "", into: &lines)
            lines.append(contentsOf: printItem(item))
            previous = lastToken(item)
        }
        let end = tree.tokens.count - 1
        emitLeading(comments(after: previous, before: end), previous: previous, next: end,
                    isFirst: items.isEmpty, indent: "", into: &lines)
        while lines.last?.isEmpty == true { lines.removeLast() }
        lines = alignTrailingComments(lines)
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// Marks where a trailing comment starts in an output line (before the line is final):
    /// the comment's token index between two private-use characters.
    static func trailingMark(_ comment: Comment) -> String { " \u{F8F0}\(comment.index)\u{F8F1}" }

    /// Trailing comments that were aligned in the source (same column on consecutive lines)
    /// stay aligned: one space after the longest code of the run. Removes the marks.
    func alignTrailingComments(_ lines: [String]) -> [String] {
        // The marks are found on bytes (U+F8F0 is EF A3 B0 in UTF-8): most lines hold none.
        guard lines.contains(where: { $0.utf8.contains(0xEF) }) else { return lines }
        var parsed: [(code: String, comment: String, token: Int?)] = lines.map { line in
            guard line.utf8.contains(0xEF), let open = line.firstIndex(of: "\u{F8F0}"), let close = line[open...].firstIndex(of: "\u{F8F1}"),
                  let token = Int(line[line.index(after: open)..<close]) else { return (line, "", nil) }
            var code = String(line[..<open])
            while code.utf8.last == 0x20 { code.removeLast() }
            return (code, String(line[line.index(after: close)...]), token)
        }
        var start = 0
        while start < parsed.count {
            guard let token = parsed[start].token, token < tree.tokens.count else { start += 1; continue }
            let origin = tree.source.utf16Position(of: tree.tokens[token].start)
            var end = start + 1
            var line = origin.line
            while end < parsed.count, let next = parsed[end].token, next < tree.tokens.count {
                let position = tree.source.utf16Position(of: tree.tokens[next].start)
                guard position.line == line + 1, position.column == origin.column else { break }
                line += 1
                end += 1
            }
            if end - start > 1 {
                let width = parsed[start..<end].map(\.code.count).max() ?? 0
                for index in start..<end { parsed[index].code += String(repeating: " ", count: width - parsed[index].code.count) }
            }
            start = end
        }
        return parsed.map { $0.token == nil ? $0.code : $0.code + " " + $0.comment }
    }

    /// Emits the comments between the previous item (or cell) and the next one: comments on
    /// the previous line stay at its end; a blank line is kept (at most one) where the source
    /// had one; own-line comments go on their own lines at `indent`.
    func emitLeading(_ leading: [Comment], previous: Int, next: Int, isFirst: Bool, indent: String, into lines: inout [String]) {
        let trailing = leading.prefix(while: { !$0.ownLine })
        for comment in trailing {
            if var last = lines.popLast() {
                last += Printer.trailingMark(comment) + comment.text
                lines.append(last)
            } else {
                lines.append(indent + comment.text)
            }
        }
        let own = Array(leading.dropFirst(trailing.count))
        let after = trailing.last?.index ?? previous
        if !isFirst, blankLine(after: after, before: own.first?.index ?? next) { lines.append("") }
        for (position, comment) in own.enumerated() {
            if position > 0, comment.blankBefore { lines.append("") }
            lines.append(indent + comment.text)
        }
        if let last = own.last, blankLine(after: last.index, before: next) { lines.append("") }
    }

    mutating func printItem(_ item: Int) -> [String] {
        switch tree.nodes[item].kind {
        case .targetDirective:
            let tokens = tree.tokenIndices(of: item).map(text)
            let version = tokens.last ?? "1"
            return ["target mylayout \(version)"]
        case .previewDirective:
            return [tree.tokenIndices(of: item).map(text).joined(separator: " ")]
        case .templateDecl:
            let tokens = tree.tokenIndices(of: item)
            let name = tokens.count > 1 ? text(tokens[1]) : ""
            guard let cell = tree.child(of: item, .cell) else { return ["template \(name) {}"] }
            let body = printCell(cell, level: 1, inBlock: false)
            let inner = comments(after: tokens.count > 2 ? tokens[2] : firstToken(cell) - 1, before: firstToken(cell))
            let after = comments(after: lastToken(cell), before: lastToken(item))
            if body.count == 1, inner.isEmpty, after.isEmpty {
                let single = "template \(name) { \(body[0].drop(while: { $0 == " " })) }"
                if single.count <= Formatter.lineWidth { return [single] }
            }
            var lines = ["template \(name) {"]
            lines += inner.map { Self.indentation(1) + $0.text }
            var indented = body
            if let first = indented.first { indented[0] = Self.indentation(1) + first }
            lines += indented
            appendTrailing(after, to: &lines, level: 1)
            lines.append("}")
            return lines
        case .layoutDecl:
            let tokens = tree.tokenIndices(of: item)
            let name = tokens.count > 1 ? text(tokens[1]) : ""
            guard let cell = tree.child(of: item, .cell) else { return ["layout \(name)"] }
            var body = printCell(cell, level: 0, inBlock: false)
            if let first = body.first { body[0] = Self.join("layout \(name)", first) }
            return body
        case .cell:
            return printCell(item, level: 0, inBlock: false)
        default:
            return [tree.range(of: item).isEmpty ? "" : tree.source.text(in: tree.range(of: item))]
        }
    }

    /// Comments after the last cell of a block or template, before its `}`.
    func appendTrailing(_ comments: [Comment], to lines: inout [String], level: Int) {
        for comment in comments {
            if !comment.ownLine, var last = lines.popLast() {
                last += Printer.trailingMark(comment) + comment.text
                lines.append(last)
            } else {
                if comment.blankBefore { lines.append("") }
                lines.append(Self.indentation(level) + comment.text)
            }
        }
    }

    // MARK: cells

    /// The canonical attribute order: the schema's (`AttributeName` is declared in it).
    static let attributeOrder: [String] = AttributeName.allCases.map(\.spelling)

    /// A cell's lines at `level`. The first line carries no indentation when the caller
    /// continues a line (`layout NAME …`); inside blocks it is indented. Each cell is printed
    /// at most once each way (`printed`), so formatting is linear in the cells.
    mutating func printCell(_ cell: Int, level: Int, inBlock: Bool) -> [String] {
        let parent = tree.nodes[cell].parent
        guard parent >= 0, tree.nodes[parent].kind == .inlineList else { return printCellOnce(cell, level: level, inBlock: inBlock) }
        let key = cell << 1 | (inBlock ? 1 : 0)
        if let lines = printed[key] { return lines }
        let lines = printCellOnce(cell, level: level, inBlock: inBlock)
        printed[key] = lines
        return lines
    }

    mutating func printCellOnce(_ cell: Int, level: Int, inBlock: Bool) -> [String] {
        var size: String?
        var templateName: String?
        var attributes: [(name: String, text: String, index: Int)] = []
        var split: Int?
        var repeatText: String?
        for child in children(cell) {
            switch tree.nodes[child].kind {
            case .size: size = tree.firstToken(of: child).map(text)
            case .templateRef: templateName = tree.firstToken(of: child).map(text)
            case .attribute: attributes.append((attributeName(child), attributeText(child), attributes.count))
            case .split: split = child
            case .repeatClause: repeatText = "* " + (tree.tokenIndices(of: child).dropFirst().first.map(text) ?? "1")
            default: break
            }
        }
        let repeatNode = tree.child(of: cell, .repeatClause)
        let prefix = inBlock ? Self.indentation(level) : ""
        if hasCommentsAmongParts(cell, split: split) {
            return printCellWithComments(cell, level: level, inBlock: inBlock, prefix: prefix)
        }
        attributes.sort { lhs, rhs in
            let left = Self.attributeOrder.firstIndex(of: lhs.name) ?? Self.attributeOrder.count
            let right = Self.attributeOrder.firstIndex(of: rhs.name) ?? Self.attributeOrder.count
            return left != right ? left < right : lhs.index < rhs.index
        }
        var parts: [String] = []
        if let size { parts.append(size) } else if inBlock, templateName == nil { parts.append("_") }
        if let templateName { parts.append(templateName) }
        parts += attributes.map(\.text)
        var lines = wrap(parts, prefix: prefix, continuation: Self.indentation(level + 2))
        if let split { appendSplit(split, to: &lines, level: level) }
        if let repeatText, repeatNode != nil, let last = lines.popLast() { lines.append(last + " " + repeatText) }
        return lines
    }

    /// Whether comments sit between the parts of a cell: before its split keyword, between
    /// its attributes, or between its split (or last part) and its repetition.
    func hasCommentsAmongParts(_ cell: Int, split: Int?) -> Bool {
        let start = tree.nodes[cell].tokenStart
        let end = split.map { firstToken($0) } ?? tree.nodes[cell].tokenEnd
        if tree.tokens[start..<end].contains(where: { $0.kind == .comment }) { return true }
        guard let repeatNode = tree.child(of: cell, .repeatClause) else { return false }
        if hasComments(repeatNode) { return true }
        guard let split else { return false }
        return !comments(after: lastToken(split), before: firstToken(repeatNode)).isEmpty
    }

    /// A cell with comments among its parts: the parts in source order, a comment that ended
    /// a line kept at its end, and the part after it on a continuation line indented deeper
    /// than the cell's line, so that it stays in the cell (the offside rule).
    mutating func printCellWithComments(_ cell: Int, level: Int, inBlock: Bool, prefix: String) -> [String] {
        let continuation = Self.indentation(level + 2)
        var lines = [prefix]
        var previous = -1
        func place(_ text: String, first: Int, lines: inout [String]) {
            if previous >= 0 {
                let between = comments(after: previous, before: first)
                for comment in between {
                    if comment.ownLine { lines.append(continuation + comment.text) } else { lines[lines.count - 1] += Printer.trailingMark(comment) + comment.text }
                }
                if !between.isEmpty { lines.append(continuation) }
            }
            lines[lines.count - 1] = Self.join(lines[lines.count - 1], text)
        }
        var wroteSize = false
        for child in children(cell) {
            let first = firstToken(child)
            switch tree.nodes[child].kind {
            case .size:
                place(tree.firstToken(of: child).map(text) ?? "_", first: first, lines: &lines)
                wroteSize = true
            case .templateRef:
                place(tree.firstToken(of: child).map(text) ?? "", first: first, lines: &lines)
                wroteSize = true
            case .attribute:
                if !wroteSize, inBlock { place("_", first: first, lines: &lines); wroteSize = true; previous = first - 1 }
                place(attributeText(child), first: first, lines: &lines)
            case .split:
                if !wroteSize, inBlock { place("_", first: first, lines: &lines); wroteSize = true; previous = first - 1 }
                if previous >= 0 {
                    let between = comments(after: previous, before: first)
                    for comment in between {
                        if comment.ownLine { lines.append(continuation + comment.text) } else { lines[lines.count - 1] += Printer.trailingMark(comment) + comment.text }
                    }
                    if !between.isEmpty { lines.append(continuation) }
                }
                appendSplit(child, to: &lines, level: level)
            case .repeatClause:
                let indices = tree.tokenIndices(of: child)
                let count = indices.dropFirst().first.map(text) ?? "1"
                // A comment inside `* // c` then the count goes before the `*`.
                let before = previous >= 0 ? comments(after: previous, before: first) : []
                let inside = indices.count > 1 ? comments(after: indices[0], before: indices[1]) : []
                for comment in before + inside {
                    if comment.ownLine { lines.append(continuation + comment.text) } else { lines[lines.count - 1] += Printer.trailingMark(comment) + comment.text }
                }
                if !(before + inside).isEmpty { lines.append(continuation) }
                lines[lines.count - 1] = Self.join(lines[lines.count - 1], "* " + count)
            default:
                continue
            }
            previous = lastToken(child)
        }
        return lines
    }

    /// Words joined by spaces, wrapped at the line width onto continuation lines.
    func wrap(_ parts: [String], prefix: String, continuation: String) -> [String] {
        var lines: [String] = []
        var line = prefix
        var empty = true
        for part in parts {
            if !empty, line.count + 1 + part.count > Formatter.lineWidth {
                lines.append(line)
                line = continuation + part
            } else {
                line += (empty ? "" : " ") + part
            }
            empty = false
        }
        lines.append(line)
        return lines
    }

    func attributeName(_ attribute: Int) -> String {
        tree.firstToken(of: attribute).map(text) ?? ""
    }

    /// `name(args)` with canonical spacing: no spaces inside parentheses, none around `|`
    /// or before `:` `,`; single spaces between other arguments; JSON objects and arrays
    /// written `{"a": 1, "b": [2, 3]}`.
    func attributeText(_ attribute: Int) -> String {
        let name = attributeName(attribute)
        guard let args = tree.child(of: attribute, .attributeArgs) else { return name }
        let indices = tree.tokenIndices(of: args)
        var result = name + "("
        var depth = 0
        var previous: TokenKind?
        for index in indices.dropFirst() {
            let kind = tree.tokens[index].kind
            if kind == .rParen, depth == 0 { break }
            var space = false
            if let previous {
                switch (previous, kind) {
                case (.lParen, _), (_, .rParen): space = false
                case (.pipe, _), (_, .pipe): space = false
                case (_, .colon), (_, .comma): space = false
                case (.lBrace, _), (.lBracket, _), (_, .rBrace), (_, .rBracket): space = false
                case (.colon, _): space = depth > 0
                case (.comma, _): space = true
                default: space = true
                }
            }
            if space { result += " " }
            result += text(index)
            if kind == .lBrace || kind == .lBracket { depth += 1 }
            if kind == .rBrace || kind == .rBracket { depth -= 1 }
            previous = kind
        }
        return result + ")"
    }

    /// Appends `suffix` to a line with one space between, none after indentation alone.
    static func join(_ line: String, _ suffix: String) -> String {
        line.utf8.allSatisfy({ $0 == 0x20 }) ? line + suffix : line + " " + suffix
    }

    // MARK: splits

    mutating func appendSplit(_ split: Int, to lines: inout [String], level: Int) {
        let keyword = tree.firstToken(of: split).map(text) ?? "rows"
        if let list = tree.child(of: split, .inlineList) {
            let cells = children(list).filter { tree.nodes[$0].kind == .cell }
            // Attributes on the last item alone read as the split grid's (M018): a block.
            let withAttributes = cells.map { cell in children(cell).contains { tree.nodes[$0].kind == .attribute && attributeName($0) != "content" } }
            let onlyLast = cells.count >= 2 && withAttributes.last == true && !withAttributes.dropLast().contains(true)
            // A comment between the keyword and the list (`rows // c` then the list) moves
            // into a block, after its `{`.
            let commentAfterKeyword = !comments(after: firstToken(split), before: firstToken(list)).isEmpty
            let simple = !hasComments(list) && !onlyLast && !commentAfterKeyword && cells.allSatisfy { tree.child(of: $0, .split).flatMap { tree.child(of: $0, .block) } == nil }
            if simple {
                let items = cells.map { printCell($0, level: level + 1, inBlock: false) }
                if items.allSatisfy({ $0.count == 1 }), let last = lines.popLast() {
                    let joined = items.map { $0[0] }.joined(separator: " | ")
                    let candidate = Self.join(last, keyword + " " + joined)
                    if candidate.count <= Formatter.lineWidth {
                        lines.append(candidate)
                        return
                    }
                    lines.append(last)
                }
            }
            appendBlock(keyword: keyword, cells: cells, open: firstToken(split), close: lastToken(list), closeIsBrace: false, to: &lines, level: level)
            return
        }
        guard let block = tree.child(of: split, .block) else { return }
        let cells = children(block).filter { tree.nodes[$0].kind == .cell }
        // From the keyword, so that a comment between it and `{` is kept after the `{`.
        appendBlock(keyword: keyword, cells: cells, open: firstToken(split), close: lastToken(block), closeIsBrace: true, to: &lines, level: level)
    }

    /// `keyword {`, one cell per line with its comments, `}`.
    mutating func appendBlock(keyword: String, cells: [Int], open: Int, close: Int, closeIsBrace: Bool,
                              to lines: inout [String], level: Int) {
        let last = lines.popLast() ?? ""
        if cells.isEmpty, comments(after: open, before: close).isEmpty {
            lines.append(Self.join(last, keyword + " {}"))
            return
        }
        lines.append(Self.join(last, keyword + " {"))
        var previous = open
        for (position, cell) in cells.enumerated() {
            let first = firstToken(cell)
            emitLeading(comments(after: previous, before: first), previous: previous, next: first,
                        isFirst: position == 0, indent: Self.indentation(level + 1), into: &lines)
            lines += printCell(cell, level: level + 1, inBlock: true)
            previous = lastToken(cell)
        }
        let endIndex = closeIsBrace ? close : close + 1
        appendTrailing(comments(after: previous, before: endIndex), to: &lines, level: level + 1)
        lines.append(Self.indentation(level) + "}")
    }
}

extension String {
    var trimmingLeadingSpaces: Substring { drop(while: { $0 == " " }) }
}
