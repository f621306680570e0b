import TrellisSyntax

/// Converts rising byte offsets (tokens, folds, outline entries in source order) to LSP
/// positions by walking on from the previous one: the line by stepping over the line starts,
/// the column by counting from the previous offset when it is on the same line. A document's
/// tokens are converted in one pass over its bytes, where converting each on its own searches
/// the line table and counts its line from the start (or from a checkpoint) every time. An
/// offset before the previous one is converted on its own and the walk goes on from there.
/// The positions are exactly `SourceFile.position(of:encoding:)`'s.
struct PositionCursor {
    let source: SourceFile
    let encoding: PositionEncoding
    let starts: LineStarts
    let lineCount: Int
    /// The line of the last offset converted, where it starts, and where the next one starts
    /// (the end of the text after the last line).
    var line = 0
    var lineStart = 0
    var nextLineStart: Int
    /// Where the column count stands: a character boundary on `line` at or before the last
    /// offset converted, and the column there.
    var counted = 0
    var column = 0

    init(_ source: SourceFile, encoding: PositionEncoding) {
        self.source = source
        self.encoding = encoding
        starts = source.lineStarts
        lineCount = starts.count
        nextLineStart = lineCount > 1 ? starts[1] : Int.max
    }

    mutating func position(of offset: Int) -> Position {
        let target = min(max(0, offset), source.bytes.count)
        if target < counted {
            let position = source.position(of: target, encoding: encoding)
            move(to: position.line)
            return position
        }
        if target >= nextLineStart {
            // Usually the next line or one after it; a search when far.
            var steps = 0
            var next = line + 1
            while next + 1 < lineCount, starts[next + 1] <= target, steps < 8 {
                next += 1
                steps += 1
            }
            move(to: next + 1 < lineCount && starts[next + 1] <= target ? source.lineIndex(of: target) : next)
        }
        switch encoding {
        case .utf8:
            return Position(line: line, character: target - lineStart)
        case .utf16:
            // Whole characters only, as `SourceFile.utf16Position` counts: a character the
            // target is inside of is not counted, and the count stays before it.
            // SAFETY: `bytes` stays in the closure and is read at `counted < target <= bytes.count` only; `counted` starts at a
            // line start, never negative.
            source.bytes.withUnsafeBufferPointer { bytes in
                // Eight ASCII characters at once: one UTF-16 unit each.
                // SAFETY: the eight bytes read lie at `counted..<counted + 8`, with `counted + 8 <= target <= bytes.count`.
                while counted + 8 <= target, let base = bytes.baseAddress,
                    UnsafeRawPointer(base + counted).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    counted += 8
                    column += 8
                }
                while counted < target {
                    let length = SourceFile.sequenceLength(bytes[counted])
                    if counted + length > target { break }
                    counted += length
                    column += length == 4 ? 2 : 1
                }
            }
            return Position(line: line, character: column)
        }
    }

    /// Starts counting at the start of `line`.
    private mutating func move(to line: Int) {
        self.line = line
        lineStart = starts[line]
        nextLineStart = line + 1 < lineCount ? starts[line + 1] : Int.max
        counted = lineStart
        column = 0
    }
}
