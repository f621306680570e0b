import TrellisSyntax

/// The lowering's side of `use`: the templates of used files, their problems, unused uses.
extension LoweringState {
    /// A use that reached a file of templates: the path as written and the directive.
    struct LibraryUse {
        var written: String
        var directive: Node
        var library: TemplateLibrary
    }

    /// Reads the file's `use` directives (after its own templates are known): reports what
    /// each reached, and makes the used files' templates known by name.
    mutating func lowerUses(_ items: [Node]) -> [LibraryUse] {
        var libraryUses: [LibraryUse] = []
        var firstOther: Node?
        var seen: [String: Range<Int>] = [:]
        // The files reached, by their own path: two spellings of one file are one use.
        var seenFiles: [String: (written: String, range: Range<Int>)] = [:]
        for item in items {
            switch tree.nodes[item].kind {
            case .templateDecl, .layoutDecl, .cell:
                if firstOther == nil { firstOther = item }
                continue
            case .useDirective: break
            default: continue
            }
            let directive = UseDirective(unchecked: tree, item)
            if let firstOther { reportUseAfterItems(directive, firstOther: firstOther) }
            guard let written = UsePath.written(directive), let pathToken = directive.path else {
                someUseFailed = true
                continue
            }
            if let first = seen[written] {
                report(
                    .unusedUse, "`\(written)` is used twice; this use does nothing", directive.range,
                    fixIts: [FixIt(message: "remove this use", edits: [TextEdit(range: wholeLines(directive.range), replacement: "")])],
                    labels: [DiagnosticLabel(range: first, message: "first used here")])
                continue
            }
            seen[written] = directive.range
            guard let outcome = uses?.outcomes[written] else {
                someUseFailed = true
                continue
            }
            switch outcome {
            case .invalid(let problem):
                someUseFailed = true
                report(.usedFileNotFound, "`\(written)`: \(problem.message)", pathToken.range)
            case .notFound(let resolved, let suggestion):
                someUseFailed = true
                // Where it looked as reports name files, then the near name as the path is written.
                var message = "no file `\(resolved)`" + (resolved == written ? "" : " (`\(written)` from this file's folder)")
                var fixIts: [FixIt] = []
                if let suggestion {
                    message += "; did you mean `\(suggestion)`?"
                    fixIts.append(
                        FixIt(
                            message: "use `\(suggestion)`",
                            edits: [TextEdit(range: pathToken.range, replacement: JSONWriter.string(.string(suggestion), style: .compact))],
                            isSafe: false))
                }
                report(.usedFileNotFound, message, pathToken.range, notes: ["A use path is relative to the file it is written in."], fixIts: fixIts)
            case .unreadable(let resolved, let reason):
                someUseFailed = true
                report(.usedFileNotFound, "cannot read `\(resolved)`: \(reason)", pathToken.range)
            case .cycle(let chain):
                someUseFailed = true
                report(
                    .useCycle, "use cycle: \(chain.map { "`\($0)`" }.joined(separator: " → "))", directive.range,
                    notes: ["A file cannot use itself, directly or through other files: move the templates both need into a file of their own."])
            case .library(let library, let outsideProject):
                if let first = seenFiles[library.file] {
                    report(
                        .unusedUse, "`\(written)` is the file `\(first.written)` names; this use does nothing", directive.range,
                        fixIts: [FixIt(message: "remove this use", edits: [TextEdit(range: wholeLines(directive.range), replacement: "")])],
                        labels: [DiagnosticLabel(range: first.range, message: "first used here")])
                    continue
                }
                seenFiles[library.file] = (written, directive.range)
                if outsideProject {
                    report(
                        .useOutsideProject, "`\(library.path)` lies outside this file's project", pathToken.range,
                        notes: ["It is read all the same; `trellis check` with no path does not check it."])
                }
                if let first = library.errors.first {
                    let count = library.errors.count
                    report(
                        .usedFileHasErrors,
                        "`\(library.path)` has \(count) error\(count == 1 ? "" : "s"); its templates are used as far as they were built",
                        pathToken.range,
                        notes: ["\(library.place(first.range.lowerBound)): error[\(first.code)]: \(first.message)"])
                }
                importTemplates(of: library, written: written, directive: item)
                libraryUses.append(LibraryUse(written: written, directive: item, library: library))
            }
        }
        return libraryUses
    }

    /// Makes the templates of `library` known by name, unless the file or an earlier use
    /// already has the name (U003, at both places).
    mutating func importTemplates(of library: TemplateLibrary, written: String, directive: Node) {
        let directiveRange = tree.range(of: directive)
        for name in library.names {
            let there = library.place(library.templateNames[name]?.lowerBound ?? 0)
            if let own = templateNameRanges[name] {
                report(
                    .templateFromTwoFiles, "template `\(name)` is also defined in `\(library.path)`", own,
                    notes: ["The other definition: \(there). Rename one of them; this file's is the one used here."],
                    labels: [DiagnosticLabel(range: directiveRange, message: "`\(library.path)` used here")])
            } else if let other = importedTemplates[name] {
                let first = other.library.place(other.library.templateNames[name]?.lowerBound ?? 0)
                report(
                    .templateFromTwoFiles, "template `\(name)` is defined in both `\(other.library.path)` and `\(library.path)`",
                    directiveRange,
                    notes: ["The definitions: \(first) and \(there). Rename one of them; the first file's is the one used here."],
                    labels: [DiagnosticLabel(range: other.directive, message: "`\(other.library.path)` used here")])
            } else {
                importedTemplates[name] = (written, directiveRange, library)
            }
        }
    }

    /// A used file's template, copied into this file's arena the first time it is used here.
    mutating func importedTemplate(named name: String, reference: Token) -> LoweredCell? {
        guard let imported = importedTemplates[name] else { return nil }
        neededUses.insert(imported.written)
        if let done = loweredTemplates[name] { return done }
        // A template its file could not build (that file's error is U004 here).
        guard let cell = imported.library.templates[name] else { return nil }
        // Deeper than any layout may be: never copied (so a chain of files, each wrapping the
        // next one's template, costs each file at most this many levels).
        guard cell.height <= Lowering.maximumDepth else {
            report(
                .tooDeepAfterExpansion,
                "template `\(name)` of `\(imported.library.path)` nests \(cell.height) levels deep after template expansion (at most \(Lowering.maximumDepth)); it is not built here",
                reference.range)
            return nil
        }
        let record = arena.copy(cell.record, from: imported.library.arena, source: imported.directive)
        let copied = LoweredCell(record: record, height: cell.height, count: cell.count)
        loweredTemplates[name] = copied
        return copied
    }

    /// U005 at each use whose templates nothing in the file refers to.
    mutating func reportUnusedUses(_ libraryUses: [LibraryUse]) {
        for use in libraryUses where !neededUses.contains(use.written) && use.library.errors.isEmpty {
            let range = tree.range(of: use.directive)
            report(
                .unusedUse, "nothing in this file uses a template of `\(use.library.path)`", range,
                fixIts: [FixIt(message: "remove this use", edits: [TextEdit(range: wholeLines(range), replacement: "")])])
        }
    }

    /// U007: a `use` after a template, a layout or a cell; the fix moves it (with the comment
    /// lines right above it and a comment after it on its line) below the file's last `use`
    /// above the first of them, or where there is none above that first item and the comment
    /// lines right above it. A blank line left doubled (or last in the file) goes too.
    mutating func reportUseAfterItems(_ directive: UseDirective, firstOther: Node) {
        let source = tree.source
        let firstStart = tree.range(of: firstOther).lowerBound
        let insertAt: Int
        if let lastUse = UseDirective.all(in: tree).last(where: { $0.range.upperBound <= firstStart }) {
            insertAt = source.lineRange(source.lineIndex(of: lastUse.range.upperBound - 1)).upperBound
        } else {
            var line = source.lineIndex(of: firstStart)
            while line > 0, isCommentLine(source.lineRange(line - 1)) { line -= 1 }
            insertAt = source.lineRange(line).lowerBound
        }
        let removed = wholeLines(directive.range)
        let lineBreak = source.bytes[removed].contains(UInt8(ascii: "\r")) ? "\r\n" : "\n"
        var moved = source.text(in: directive.range)
        var removedStart = removed.lowerBound
        var removedEnd = removed.upperBound
        if removed == directive.range {
            // After something else on its line: the blanks before it go too.
            while removedStart > 0, source.bytes[removedStart - 1] == UInt8(ascii: " ") || source.bytes[removedStart - 1] == UInt8(ascii: "\t") {
                removedStart -= 1
            }
        } else {
            let end = source.lineRange(source.lineIndex(of: directive.range.upperBound - 1)).upperBound
            moved = source.text(in: directive.range.lowerBound..<end)
            while moved.hasSuffix(" ") || moved.hasSuffix("\t") { moved.removeLast() }
            // Its own comment lines above it go with it.
            var line = source.lineIndex(of: removedStart)
            while line > 0, isCommentLine(source.lineRange(line - 1)), source.lineRange(line - 1).lowerBound >= insertAt {
                line -= 1
            }
            let comments = source.lineRange(line).lowerBound
            if comments < removedStart {
                moved = source.text(in: comments..<removedStart) + moved
                removedStart = comments
            }
            // A blank line before it that the removal would leave beside another, or last.
            if removedStart > 0 {
                let previous = source.lineRange(source.lineIndex(of: removedStart - 1))
                let next = removedEnd < source.bytes.count ? source.lineRange(source.lineIndex(of: removedEnd)) : nil
                if isBlankLine(previous), next.map(isBlankLine) ?? true, previous.lowerBound >= insertAt {
                    if let next { removedEnd = withBreak(next) } else { removedStart = previous.lowerBound }
                }
            }
        }
        let move = FixIt(
            message: "move it below the file's other uses, above its first template or layout",
            edits: [
                TextEdit(range: insertAt..<insertAt, replacement: endsLine(insertAt) ? moved + lineBreak : lineBreak + moved),
                TextEdit(range: removedStart..<removedEnd, replacement: ""),
            ])
        report(
            .useAfterItems, "`use` comes before the file's templates and layouts", directive.range,
            notes: ["A reader looks at the top of a file to learn where its templates come from."], fixIts: [move])
    }

    /// Whether a line holds nothing but blanks.
    func isBlankLine(_ line: Range<Int>) -> Bool {
        tree.source.bytes[line].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
    }

    /// A line's range with its line break.
    func withBreak(_ line: Range<Int>) -> Int {
        let bytes = tree.source.bytes
        var end = line.upperBound
        while end < bytes.count, bytes[end] == UInt8(ascii: "\r") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\n") { end += 1 }
        return end
    }

    /// Whether the text before `offset` ends a line (or is the file's start).
    func endsLine(_ offset: Int) -> Bool {
        offset == 0 || tree.source.bytes[offset - 1] == UInt8(ascii: "\n")
    }

    /// Whether a line holds only a comment.
    func isCommentLine(_ line: Range<Int>) -> Bool {
        let text = tree.source.bytes[line].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return text.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")])
    }

    /// `range` widened to whole lines, line break included, when nothing else is on them but
    /// blanks and a comment after it (a line to delete); else `range`.
    func wholeLines(_ range: Range<Int>) -> Range<Int> {
        let source = tree.source
        let first = source.lineRange(source.lineIndex(of: range.lowerBound))
        let last = source.lineRange(source.lineIndex(of: max(range.lowerBound, range.upperBound - 1)))
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
        let before = source.bytes[first.lowerBound..<range.lowerBound]
        let after = source.bytes[range.upperBound..<max(range.upperBound, last.upperBound)].drop(while: blank)
        let commentAfter = after.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")])
        guard before.allSatisfy(blank), after.isEmpty || commentAfter else { return range }
        var end = max(range.upperBound, last.upperBound)
        while end < source.bytes.count, source.bytes[end] == UInt8(ascii: "\r") { end += 1 }
        if end < source.bytes.count, source.bytes[end] == UInt8(ascii: "\n") { end += 1 }
        return first.lowerBound..<end
    }
}
