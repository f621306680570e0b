/// A file's text as UTF-8 bytes with its line table: converts byte offsets to
/// line/column positions (UTF-8 or UTF-16 columns) and back. Everything inside Trellis
/// carries byte offsets; only the edges (terminal, JSON reports, LSP) convert.
public struct SourceFile: Sendable {
    /// A name for reports: a path, or `<stdin>`.
    public let name: String
    /// The exact bytes of the file.
    public let bytes: [UInt8]
    /// The line table, computed when a position is first asked for: a file nothing is
    /// reported in is never scanned for lines.
    let lineTable: LineTable

    /// Byte offset of the first byte of each line; always starts with 0.
    public var lineStarts: LineStarts { lines.starts }
    /// For lines longer than ``checkpointSpacing`` bytes: counts at every checkpoint, so a
    /// column is found without rescanning the line (minified JSON is one long line).
    var checkpoints: [Int: [Checkpoint]] { lines.checkpoints }
    /// The line table (computed on first use).
    var lines: LineTable.Lines { lineTable.lines(of: bytes) }

    /// Bytes between two checkpoints of a long line.
    static let checkpointSpacing = 256

    /// A sequence boundary on a long line, with the UTF-16 units and scalars before it.
    struct Checkpoint: Sendable {
        var offset: Int
        var utf16: Int
        var scalars: Int
    }

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        lineTable = LineTable()
    }

    /// The line table of `bytes`.
    static func lines(of bytes: [UInt8]) -> LineTable.Lines {
        // No reader reads a file whose offsets do not fit in 32 bits: such a file is one line.
        let starts = LineStarts(offsets: bytes.count < UInt32.max ? Self.lineStarts(of: bytes) : [0])
        return LineTable.Lines(starts: starts, checkpoints: Self.checkpoints(bytes, lineStarts: starts))
    }

    /// The offset of each line's first byte, in a file of fewer than `UInt32.max` bytes.
    private static func lineStarts(of bytes: [UInt8]) -> [UInt32] {
        var starts: [UInt32] = [0]
        starts.reserveCapacity(bytes.count / 24 + 1)
        let count = bytes.count
        // SAFETY: `buffer` stays in the closure and is read at `index < count` and `index + 1 < count` only (`count` is its count),
        // eight bytes at `index + 8 <= count`.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var index = 0
            while index < count {
                // Eight bytes at once while none is a line break (or any byte up to `\r`): a word
                // has a byte below 14 exactly when this mask is not zero.
                if index + 8 <= count {
                    // SAFETY: the eight bytes read lie at `index..<index + 8`, with `index + 8 <= count`.
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    if (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080 == 0 {
                        index += 8
                        continue
                    }
                }
                let byte = buffer[index]
                if byte > UInt8(ascii: "\r") {
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "\n") {
                    starts.append(UInt32(truncatingIfNeeded: index + 1))
                } else if byte == UInt8(ascii: "\r") {
                    if index + 1 < count, buffer[index + 1] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(UInt32(truncatingIfNeeded: index + 1))
                }
                index += 1
            }
        }
        guard starts.capacity - starts.count > starts.count / 4 + 64 else { return starts }
        // Grown past the estimate (pretty JSON has short lines): kept at its exact size rather
        // than with up to half of it spare for the file's lifetime.
        // SAFETY: the array has room for exactly `starts.count` values, all initialized from `starts`.
        return [UInt32](unsafeUninitializedCapacity: starts.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: starts)
        }
    }

    private init(name: String, bytes: [UInt8], lines: LineTable.Lines) {
        self.name = name
        self.bytes = bytes
        lineTable = LineTable(lines)
    }

    /// The file after replacing `range` with `inserted`. An edit that neither adds nor removes
    /// a line break (nor splits a CR LF pair) moves the later line starts instead of scanning
    /// the whole text again, as an editor's keystroke needs. A range outside the file is cut to it.
    public func replacing(_ edited: Range<Int>, with inserted: [UInt8]) -> SourceFile {
        let range = clamped(edited)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count - range.count + inserted.count)
        text += bytes[..<range.lowerBound]
        text += inserted
        text += bytes[range.upperBound...]
        func breaksLine(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
        let keepsLines =
            !inserted.contains(where: breaksLine) && !bytes[range].contains(where: breaksLine)
            && (range.lowerBound == 0 || bytes[range.lowerBound - 1] != UInt8(ascii: "\r"))
        guard keepsLines, text.count < UInt32.max else { return SourceFile(name: name, bytes: text) }
        let delta = inserted.count - range.count
        let lines = self.lines
        let editedLine = lineIndex(of: range.lowerBound, in: lines.starts)
        var starts = lines.starts
        if delta != 0 {
            // Added modulo 2³²: the starts stay below `UInt32.max` (checked above).
            let shift = UInt32(truncatingIfNeeded: delta)
            // SAFETY: `index` runs below `buffer.count`, the buffer the closure is given.
            starts.offsets.withUnsafeMutableBufferPointer { buffer in
                for index in (editedLine + 1)..<buffer.count { buffer[index] &+= shift }
            }
        }
        // Long lines keep their checkpoints (moved after the edit); the edited one is counted again.
        var marks: [Int: [Checkpoint]] = [:]
        for (line, lineMarks) in lines.checkpoints where line != editedLine {
            marks[line] = line < editedLine ? lineMarks : lineMarks.map { Checkpoint(offset: $0.offset + delta, utf16: $0.utf16, scalars: $0.scalars) }
        }
        marks[editedLine] = Self.checkpoints(text, line: editedLine, lineStarts: starts)
        return SourceFile(name: name, bytes: text, lines: LineTable.Lines(starts: starts, checkpoints: marks))
    }

    /// `range` cut to the file's bytes.
    public func clamped(_ range: Range<Int>) -> Range<Int> {
        let lower = min(max(0, range.lowerBound), bytes.count)
        return lower..<min(max(lower, range.upperBound), bytes.count)
    }

    /// Counts at every checkpoint of each line longer than ``checkpointSpacing`` bytes.
    private static func checkpoints(_ bytes: [UInt8], lineStarts starts: LineStarts) -> [Int: [Checkpoint]] {
        var checkpoints: [Int: [Checkpoint]] = [:]
        for line in starts.indices {
            if let marks = Self.checkpoints(bytes, line: line, lineStarts: starts) { checkpoints[line] = marks }
        }
        return checkpoints
    }

    /// The checkpoints of one line, or nil when it is not longer than ``checkpointSpacing``.
    private static func checkpoints(_ bytes: [UInt8], line: Int, lineStarts starts: LineStarts) -> [Checkpoint]? {
        guard line >= 0, line < starts.count else { return nil }
        let start = starts[line]
        let end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        guard end - start > checkpointSpacing else { return nil }
        var marks = [Checkpoint(offset: start, utf16: 0, scalars: 0)]
        var position = start, utf16 = 0, scalars = 0, next = start + checkpointSpacing
        while position < end {
            let length = sequenceLength(bytes[position])
            if position + length > end { break }
            position += length
            utf16 += length == 4 ? 2 : 1
            scalars += 1
            if position >= next {
                marks.append(Checkpoint(offset: position, utf16: utf16, scalars: scalars))
                next = position + checkpointSpacing
            }
        }
        return marks
    }

    /// Where to start counting columns for `offset` on `line`: the line start, or the last
    /// checkpoint at or before the offset on a long line.
    func startingPoint(line: Int, offset: Int, in lines: LineTable.Lines) -> Checkpoint {
        // Most files have no long line: no checkpoint to hash the line for.
        guard !lines.checkpoints.isEmpty, let marks = lines.checkpoints[line], !marks.isEmpty else {
            return Checkpoint(offset: lines.starts[line], utf16: 0, scalars: 0)
        }
        var low = 0, high = marks.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if marks[mid].offset <= offset { low = mid } else { high = mid - 1 }
        }
        return marks[low]
    }

    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// The whole text (invalid UTF-8 is repaired with U+FFFD).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The text of a byte range, clamped to the file.
    public func text(in range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, bytes.count))
        let upper = max(lower, min(range.upperBound, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// Zero-based line index holding `offset` (offsets past the end map to the last line).
    public func lineIndex(of offset: Int) -> Int { lineIndex(of: offset, in: lineStarts) }

    /// ``lineIndex(of:)`` in the line table `starts`.
    func lineIndex(of offset: Int, in starts: LineStarts) -> Int {
        let target = max(0, min(offset, bytes.count))
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= target { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Byte range of a line's content, without its line terminator.
    public func lineRange(_ line: Int) -> Range<Int> { lineRange(line, in: lineStarts) }

    /// ``lineRange(_:)`` in the line table `starts`.
    func lineRange(_ line: Int, in starts: LineStarts) -> Range<Int> {
        guard line >= 0, line < starts.count else { return bytes.count..<bytes.count }
        let start = starts[line]
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return start..<end
    }

    /// Zero-based line and UTF-8 column (byte distance from the line start).
    public func utf8Position(of offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        let starts = lineStarts
        let line = lineIndex(of: clamped, in: starts)
        return (line, clamped - starts[line])
    }

    /// Zero-based line and UTF-16 column, as LSP and most editors count.
    public func utf16Position(of offset: Int) -> (line: Int, column: Int) {
        let position = positions.scalarAndUTF16Position(of: offset)
        return (position.line, position.utf16)
    }

    /// Zero-based line and column in Unicode scalars (what a terminal caret counts).
    public func scalarPosition(of offset: Int) -> (line: Int, column: Int) {
        let position = positions.scalarAndUTF16Position(of: offset)
        return (position.line, position.scalars)
    }

    /// Zero-based line with the column in Unicode scalars and in UTF-16 units, found in one
    /// pass: ``scalarPosition(of:)`` and ``utf16Position(of:)`` together, for reports that
    /// give both.
    public func scalarAndUTF16Position(of offset: Int) -> (line: Int, scalars: Int, utf16: Int) {
        positions.scalarAndUTF16Position(of: offset)
    }

    /// The file's line table taken once, for many positions in a row (a report's).
    public var positions: Positions { Positions(file: self, lines: lines) }

    /// Positions in one file with its line table in hand: no lookup of the table per offset.
    public struct Positions {
        let file: SourceFile
        let lines: LineTable.Lines

        /// ``SourceFile/utf8Position(of:)``.
        public func utf8Position(of offset: Int) -> (line: Int, column: Int) {
            let clamped = max(0, min(offset, file.bytes.count))
            let line = file.lineIndex(of: clamped, in: lines.starts)
            return (line, clamped - lines.starts[line])
        }

        /// ``SourceFile/scalarAndUTF16Position(of:)``.
        public func scalarAndUTF16Position(of offset: Int) -> (line: Int, scalars: Int, utf16: Int) {
            let bytes = file.bytes
            let clamped = max(0, min(offset, bytes.count))
            let line = file.lineIndex(of: clamped, in: lines.starts)
            let from = file.startingPoint(line: line, offset: clamped, in: lines)
            var scalars = from.scalars, utf16 = from.utf16
            // SAFETY: `buffer` stays in the closure and is read at `index < clamped` (one byte) or
            // `index + 8 <= clamped` (eight) only, with `clamped <= bytes.count`.
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                var index = from.offset
                while index < clamped {
                    // Eight ASCII characters at once: one scalar and one UTF-16 unit each.
                    // SAFETY: the eight bytes read lie at `index..<index + 8`, with `index + 8 <= clamped`.
                    if index + 8 <= clamped, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                        index += 8
                        scalars += 8
                        utf16 += 8
                        continue
                    }
                    let length = SourceFile.sequenceLength(base[index])
                    if index + length > clamped { break }
                    index += length
                    scalars += 1
                    utf16 += length == 4 ? 2 : 1
                }
            }
            return (line, scalars, utf16)
        }
    }

    /// Byte offset of a zero-based line and UTF-16 column; columns past the line end clamp to it.
    public func offset(line: Int, utf16Column: Int) -> Int {
        guard line >= 0 else { return 0 }
        let lines = self.lines
        guard line < lines.starts.count else { return bytes.count }
        let range = lineRange(line, in: lines.starts)
        var index = range.lowerBound
        var units = 0
        if let marks = lines.checkpoints[line], let mark = marks.last(where: { $0.utf16 <= utf16Column && $0.offset <= range.upperBound }) {
            index = mark.offset
            units = mark.utf16
        }
        while index < range.upperBound, units < utf16Column {
            let length = Self.sequenceLength(bytes[index])
            units += length == 4 ? 2 : 1
            index += length
        }
        return min(index, range.upperBound)
    }

    /// Byte offset of a zero-based line and UTF-8 column, clamped to the line.
    public func offset(line: Int, utf8Column: Int) -> Int {
        guard line >= 0 else { return 0 }
        let starts = lineStarts
        guard line < starts.count else { return bytes.count }
        let range = lineRange(line, in: starts)
        return min(range.lowerBound + max(0, utf8Column), range.upperBound)
    }

    /// Length of the UTF-8 sequence a lead byte announces; stray continuation or invalid
    /// bytes count as one (they decode to U+FFFD, one UTF-16 unit).
    public static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: return 4
        case 0xE0...0xEF: return 3
        case 0xC2...0xDF: return 2
        default: return 1
        }
    }

    /// The Unicode scalar a well-formed UTF-8 sequence at `index` encodes, with its length;
    /// nil for malformed or truncated bytes.
    /// SAFETY: no precondition, also for an unchecked buffer (the lexer's): it reads only `index..<index + length`, after
    /// checking it against `startIndex` and `endIndex`.
    public static func decodeScalar<Bytes: RandomAccessCollection>(_ bytes: Bytes, at index: Int) -> (Unicode.Scalar, Int)?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard index >= bytes.startIndex, index < bytes.endIndex else { return nil }
        let lead = bytes[index]
        let length = sequenceLength(lead)
        guard index + length <= bytes.endIndex else { return nil }
        var value: UInt32
        switch length {
        case 1: return lead < 0x80 ? (Unicode.Scalar(lead), 1) : nil
        case 2: value = UInt32(lead & 0x1F)
        case 3: value = UInt32(lead & 0x0F)
        default: value = UInt32(lead & 0x07)
        }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        // Overlong forms and surrogates are malformed.
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}

/// The byte offset of each line's first byte, 4 bytes a line (a file whose offsets do not fit
/// in 32 bits, which no reader reads, is one line).
public struct LineStarts: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    var offsets: [UInt32]

    init(offsets: [UInt32]) { self.offsets = offsets }

    public init(arrayLiteral elements: Int...) { offsets = elements.map { UInt32(truncatingIfNeeded: $0) } }

    public var startIndex: Int { 0 }
    public var endIndex: Int { offsets.count }
    public subscript(line: Int) -> Int { Int(offsets[line]) }
}
