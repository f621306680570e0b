/// The formatter's output as it is written: lines of bytes joined by `\n`, the display width
/// of the last line, and the trailing comments, which are aligned when the text is finished.
///
/// Widths are counted in characters (grapheme clusters), as a reader counts columns. Each
/// piece written starts with an ASCII character or a name's first letter, which never joins
/// the character before it, so the width of a line is the sum of its pieces' widths.
struct FormattedLines {
    private(set) var bytes: [UInt8] = []
    private(set) var lineCount = 0
    /// Where the last line starts in `bytes`.
    private var lineStart = 0
    /// The display width of the last line.
    private(set) var width = 0
    /// The width at which the last line's measure starts: the line's start, or where a cell
    /// continues a line (`layout NAME …`, an item of an inline list), which measures its own
    /// text without what came before it.
    private var origin = 0
    /// Whether anything but spaces was written since the origin.
    private(set) var textSinceOrigin = false
    private var trailing: [TrailingComment] = []

    /// A comment written at the end of a line of code.
    struct TrailingComment {
        var line: Int
        /// Where the comment's space starts in `bytes` (the code ends there).
        var codeEnd: Int
        var codeWidth: Int
        /// The comment's token index in the source, for the column it had.
        var token: Int
    }

    /// What a rewind returns to.
    struct Mark {
        let count, lineCount, lineStart, width, origin: Int
        let textSinceOrigin: Bool
        let trailing: Int
    }

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// The width measured from the origin.
    var measured: Int { width - origin }

    var lastLineIsEmpty: Bool { lineCount > 0 && bytes.count == lineStart }

    mutating func newLine() {
        if lineCount > 0 { bytes.append(UInt8(ascii: "\n")) }
        lineCount += 1
        lineStart = bytes.count
        width = 0
        origin = 0
        textSinceOrigin = false
    }

    mutating func ensureLine() { if lineCount == 0 { newLine() } }

    mutating func indent(level: Int) {
        ensureLine()
        bytes.append(UInt8(ascii: " "), times: level * 2)
        width += level * 2
    }

    mutating func write(_ text: StaticString) {
        ensureLine()
        // SAFETY: the literal's static bytes are iterated, not indexed.
        text.withUTF8Buffer { for byte in $0 { bytes.append(byte) } }
        width += text.utf8CodeUnitCount
        textSinceOrigin = true
    }

    /// SAFETY: reads `text` below its count only; callers hand a live buffer.
    mutating func write(_ text: UnsafeBufferPointer<UInt8>) {
        ensureLine()
        if text.count <= 16 {
            // Words and numbers: appended byte by byte, which beats a call to copy memory.
            for byte in text { bytes.append(byte) }
        } else {
            bytes.append(contentsOf: text)
        }
        width += FormattedLines.width(of: text)
        textSinceOrigin = true
    }

    /// Moves the text after `offset` (a space on the last line, before the last part written,
    /// `partWidth` wide) to a new line indented to `level`.
    mutating func breakLine(replacingSpaceAt offset: Int, level: Int, partWidth: Int) {
        bytes[offset] = UInt8(ascii: "\n")
        bytes.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2), at: offset + 1)
        lineCount += 1
        lineStart = offset + 1
        width = level * 2 + partWidth
        origin = 0
        textSinceOrigin = true
    }

    /// One space before more text, unless the line holds only spaces since the origin.
    mutating func joinSpace() {
        if textSinceOrigin { write(" ") }
    }

    /// Starts measuring here; returns what ``endMeasure(_:)`` restores.
    mutating func startMeasure() -> (origin: Int, text: Bool) {
        defer {
            origin = width
            textSinceOrigin = false
        }
        return (origin, textSinceOrigin)
    }

    mutating func endMeasure(_ saved: (origin: Int, text: Bool)) {
        origin = saved.origin
        textSinceOrigin = saved.text || textSinceOrigin
    }

    /// A comment at the end of the last line (spaces before it dropped).
    /// SAFETY: `comment` is copied whole; callers hand a live buffer (a slice of the source).
    mutating func appendTrailing(_ comment: UnsafeBufferPointer<UInt8>, token: Int) {
        ensureLine()
        while bytes.count > lineStart, bytes.last == UInt8(ascii: " ") {
            bytes.removeLast()
            width -= 1
        }
        trailing.append(TrailingComment(line: lineCount - 1, codeEnd: bytes.count, codeWidth: width, token: token))
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: comment)
        width += 1 + FormattedLines.width(of: comment)
    }

    var mark: Mark {
        Mark(
            count: bytes.count, lineCount: lineCount, lineStart: lineStart, width: width, origin: origin,
            textSinceOrigin: textSinceOrigin, trailing: trailing.count)
    }

    mutating func rewind(to mark: Mark) {
        bytes.removeSubrange(mark.count...)
        lineCount = mark.lineCount
        lineStart = mark.lineStart
        width = mark.width
        origin = mark.origin
        textSinceOrigin = mark.textSinceOrigin
        trailing.removeSubrange(mark.trailing...)
    }

    /// The finished text: empty lines at the end dropped, trailing comments that were aligned
    /// in the source (same column on consecutive lines) aligned one space after the longest
    /// code of their run, and a final line break.
    mutating func finish(source: SourceFile, tokens: [Token]) -> [UInt8] {
        while lastLineIsEmpty {
            if lineCount == 1 {
                lineCount = 0
                break
            }
            bytes.removeLast()
            lineCount -= 1
            lineStart = (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        }
        guard lineCount > 0 else { return [] }
        let padding = alignmentPadding(source: source, tokens: tokens)
        var result: [UInt8]
        if padding.isEmpty {
            result = bytes
        } else {
            result = []
            result.reserveCapacity(bytes.count + padding.reduce(0) { $0 + $1.spaces } + 1)
            var copied = 0
            for (offset, spaces) in padding {
                result.append(contentsOf: bytes[copied..<offset])
                result.append(UInt8(ascii: " "), times: spaces)
                copied = offset
            }
            result.append(contentsOf: bytes[copied...])
        }
        result.append(UInt8(ascii: "\n"))
        return result
    }

    /// The spaces to insert before aligned trailing comments, by offset, in order.
    private func alignmentPadding(source: SourceFile, tokens: [Token]) -> [(offset: Int, spaces: Int)] {
        var padding: [(offset: Int, spaces: Int)] = []
        var start = 0
        while start < trailing.count {
            guard trailing[start].token < tokens.count else {
                start += 1
                continue
            }
            let first = source.utf16Position(of: tokens[trailing[start].token].start)
            var end = start + 1
            while end < trailing.count, trailing[end].line == trailing[end - 1].line + 1, trailing[end].token < tokens.count {
                let position = source.utf16Position(of: tokens[trailing[end].token].start)
                guard position.line == first.line + (end - start), position.column == first.column else { break }
                end += 1
            }
            if end - start > 1 {
                let widest = trailing[start..<end].map { $0.codeWidth }.max() ?? 0
                for comment in trailing[start..<end] where comment.codeWidth < widest {
                    padding.append((comment.codeEnd, widest - comment.codeWidth))
                }
            }
            start = end
        }
        return padding
    }

    /// The display width of UTF-8 text: its byte count when it is ASCII.
    /// SAFETY: `text` is iterated, not indexed; callers hand a live buffer.
    static func width(of text: UnsafeBufferPointer<UInt8>) -> Int {
        if !text.contains(where: { $0 >= 0x80 }) { return text.count }
        return String(decoding: text, as: UTF8.self).count
    }
}

extension Array where Element == UInt8 {
    mutating func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        append(contentsOf: repeatElement(byte, count: times))
    }
}
