/// Renders diagnostics for a terminal, like swiftc and rustc: a header with the code, the
/// location, the source line with a gutter, carets under the span, labels, notes and the
/// fix-it as help. Columns are counted in characters; carets account for wide (CJK, emoji)
/// characters. Color only when asked for.
public enum DiagnosticRenderer {
    public static func terminal(_ diagnostics: [Diagnostic], in source: SourceFile, color: Bool) -> String {
        diagnostics.map { terminal($0, in: source, color: color) }.joined()
    }

    public static func terminal(_ diagnostic: Diagnostic, in source: SourceFile, color: Bool) -> String {
        let paint = Paint(enabled: color)
        let (line, column) = source.scalarPosition(of: diagnostic.range.lowerBound)
        let severityColor: String
        switch diagnostic.severity {
        case .error: severityColor = Paint.red
        case .warning: severityColor = Paint.yellow
        case .info, .hint: severityColor = Paint.cyan
        }
        var output = paint.wrap("\(diagnostic.severity.rawValue)[\(diagnostic.code.id)]", severityColor + Paint.bold)
        output += paint.wrap(": \(diagnostic.message)", Paint.bold) + "\n"

        var spans: [(range: Range<Int>, label: String, primary: Bool)] = [(diagnostic.range, "", true)]
        var farLabels: [String] = []
        let headerLine = source.lineRange(line)
        let longLine = wider(source.bytes, from: headerLine.lowerBound, to: headerLine.upperBound, than: 120)
        for label in diagnostic.labels {
            // A label too far along the same long line to share a window becomes a note.
            let sameLine = source.lineIndex(of: label.range.lowerBound) == line
            let distance = abs(source.scalarPosition(of: label.range.lowerBound).column - column)
            if sameLine, longLine, distance > 90 {
                let position = source.scalarPosition(of: label.range.lowerBound)
                farLabels.append("\(label.message) at \(position.line + 1):\(position.column + 1)")
            } else {
                spans.append((label.range, label.message, false))
            }
        }
        let lines = Set(spans.map { source.lineIndex(of: $0.range.lowerBound) }).sorted()
        let gutterWidth = String(lines.last.map { $0 + 1 } ?? 1).count
        let blank = String(repeating: " ", count: gutterWidth)
        output += paint.wrap("\(blank)--> ", Paint.blue) + "\(source.name):\(line + 1):\(column + 1)\n"
        output += paint.wrap("\(blank) |", Paint.blue) + "\n"
        var previousLine: Int?
        for lineIndex in lines {
            if let previousLine, lineIndex > previousLine + 1 { output += paint.wrap("\(blank) ...", Paint.blue) + "\n" }
            previousLine = lineIndex
            let fullRange = source.lineRange(lineIndex)
            let lineRange = window(fullRange, around: spans.filter { source.lineIndex(of: $0.range.lowerBound) == lineIndex }.map { $0.range }, in: source)
            let clippedStart = lineRange.lowerBound > fullRange.lowerBound
            let clippedEnd = lineRange.upperBound < fullRange.upperBound
            let lineText = (clippedStart ? "…" : "") + source.text(in: lineRange) + (clippedEnd ? "…" : "")
            let number = String(lineIndex + 1)
            output += paint.wrap(String(repeating: " ", count: gutterWidth - number.count) + number + " |", Paint.blue) + " " + lineText + "\n"
            for span in spans.filter({ source.lineIndex(of: $0.range.lowerBound) == lineIndex }).sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                let start = max(span.range.lowerBound, lineRange.lowerBound)
                let end = min(max(span.range.upperBound, start), lineRange.upperBound)
                let prefix = (clippedStart ? " " : "") + displayPrefix(source.bytes, from: lineRange.lowerBound, to: start)
                let width = max(1, displayWidth(source.bytes, from: start, to: end))
                let marker = String(repeating: span.primary ? "^" : "-", count: width)
                let spanColor = span.primary ? severityColor : Paint.blue
                var text = prefix + paint.wrap(marker, spanColor + Paint.bold)
                if !span.label.isEmpty { text += " " + paint.wrap(span.label, spanColor) }
                if span.primary, span.range.upperBound > lineRange.upperBound {
                    let endLine = source.lineIndex(of: span.range.upperBound)
                    if endLine > lineIndex { text += paint.wrap(" (continues to line \(endLine + 1))", spanColor) }
                }
                output += paint.wrap("\(blank) |", Paint.blue) + " " + text + "\n"
            }
        }
        for note in farLabels + diagnostic.notes {
            output += paint.wrap("\(blank) = ", Paint.blue) + paint.wrap("note", Paint.bold) + ": \(note)\n"
        }
        for fix in diagnostic.fixIts {
            output +=
                paint.wrap("\(blank) = ", Paint.blue) + paint.wrap("help", Paint.bold) + ": \(fix.message)" + (fix.isSafe ? "" : " (review before applying)")
                + "\n"
        }
        output += "\n"
        return output
    }

    /// Long lines (minified JSON) are cut to about 100 columns around the spans shown on them.
    static func window(_ line: Range<Int>, around spans: [Range<Int>], in source: SourceFile) -> Range<Int> {
        guard wider(source.bytes, from: line.lowerBound, to: line.upperBound, than: 120),
            let first = spans.map({ $0.lowerBound }).min()
        else { return line }
        var start = min(max(line.lowerBound, first), line.upperBound)
        var columns = 0
        while start > line.lowerBound, columns < 40 {
            start -= 1
            while start > line.lowerBound, source.bytes[start] & 0xC0 == 0x80 { start -= 1 }
            columns += 1
        }
        let last = min(line.upperBound, max(start, spans.map { $0.upperBound }.max() ?? start))
        var end = last
        columns = displayWidth(source.bytes, from: start, to: end)
        while end < line.upperBound, columns < 100 {
            end += SourceFile.sequenceLength(source.bytes[end])
            columns += 1
        }
        return start..<min(end, line.upperBound)
    }

    /// Spaces (tabs kept) as wide as the text before a caret.
    static func displayPrefix(_ bytes: [UInt8], from start: Int, to end: Int) -> String {
        var prefix = ""
        var index = start
        var joined = GraphemeState()
        while index < end {
            if bytes[index] == UInt8(ascii: "\t") {
                prefix += "\t"
                index += 1
                joined = GraphemeState()
                continue
            }
            prefix += String(repeating: " ", count: width(bytes, at: index, joined: &joined))
            index += SourceFile.sequenceLength(bytes[index])
        }
        return prefix
    }

    static func displayWidth(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var total = 0
        var index = start
        var joined = GraphemeState()
        while index < end {
            total += width(bytes, at: index, joined: &joined)
            index += SourceFile.sequenceLength(bytes[index])
        }
        return total
    }

    /// Whether the text is wider than `limit` columns; stops counting past it, so a long
    /// line costs no more than the limit.
    static func wider(_ bytes: [UInt8], from start: Int, to end: Int, than limit: Int) -> Bool {
        guard end - start > limit else { return false }
        var total = 0
        var index = start
        var joined = GraphemeState()
        while index < end {
            total += width(bytes, at: index, joined: &joined)
            if total > limit { return true }
            index += SourceFile.sequenceLength(bytes[index])
        }
        return false
    }

    /// Where a grapheme is: after a zero-width joiner, and how wide its base was.
    struct GraphemeState {
        var joined = false
        var lastWidth = 0
    }

    /// Terminal columns of the scalar at `index` within a grapheme: 2 for East Asian wide
    /// characters and emoji, 0 for what joins the previous one (a zero-width joiner and the
    /// scalar after it, variation selectors, combining marks, skin tones); a narrow symbol
    /// made an emoji by U+FE0F (`❤️`) takes 2.
    static func width(_ bytes: [UInt8], at index: Int, joined state: inout GraphemeState) -> Int {
        guard let (scalar, _) = SourceFile.decodeScalar(bytes, at: index) else {
            state = GraphemeState(joined: false, lastWidth: 1)
            return 1
        }
        let value = scalar.value
        if state.joined {
            state.joined = value == 0x200D
            return 0
        }
        let width: Int
        switch value {
        case 0x200D:
            state.joined = true
            return 0
        case 0xFE0F:
            width = state.lastWidth == 1 ? 1 : 0
            state.lastWidth = 2
            return width
        case 0xFE00...0xFE0E, 0x0300...0x036F, 0x1F3FB...0x1F3FF, 0x20E3, 0xE0020...0xE007F: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F000...0x1FAFF, 0x20000...0x3FFFD:
            width = 2
        default:
            width = 1
        }
        state.lastWidth = width
        return width
    }
}

/// ANSI styling that can be switched off (not a TTY, or NO_COLOR).
struct Paint {
    let enabled: Bool
    static let red = "\u{1B}[31m"
    static let yellow = "\u{1B}[33m"
    static let blue = "\u{1B}[34m"
    static let cyan = "\u{1B}[36m"
    static let bold = "\u{1B}[1m"
    static let reset = "\u{1B}[0m"

    func wrap(_ text: String, _ style: String) -> String {
        enabled ? style + text + Paint.reset : text
    }
}

extension DiagnosticRenderer {
    /// One line per diagnostic in the compilers' format, `path:line:column: error: message
    /// [CODE]`, then its labels and notes as `note:` lines, so that Xcode and `swift build`
    /// show them at the line (build plugins). Columns are 1-based UTF-8 byte columns, as
    /// swiftc and clang count them; information is a `remark:`.
    public static func compiler(_ diagnostics: [Diagnostic], in source: SourceFile) -> String {
        var output = ""
        for diagnostic in diagnostics {
            let kind: String
            switch diagnostic.severity {
            case .error: kind = "error"
            case .warning: kind = "warning"
            case .info, .hint: kind = "remark"
            }
            let place = location(diagnostic.range.lowerBound, in: source)
            output += "\(place): \(kind): \(oneLine(diagnostic.message)) [\(diagnostic.code.id)]\n"
            for label in diagnostic.labels {
                output += "\(location(label.range.lowerBound, in: source)): note: \(oneLine(label.message))\n"
            }
            for note in diagnostic.notes { output += "\(place): note: \(oneLine(note))\n" }
            if let fix = diagnostic.fixIts.first { output += "\(place): note: help: \(oneLine(fix.message))\n" }
        }
        return output
    }

    static func location(_ offset: Int, in source: SourceFile) -> String {
        let clamped = max(0, min(offset, source.bytes.count))
        let line = source.lineIndex(of: clamped)
        let column = clamped - source.lineStarts[line]
        return "\(source.name):\(line + 1):\(column + 1)"
    }

    static func oneLine(_ text: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }
}
