import TrellisIDE
import TrellisSyntax

/// A semantic tokens result (`{"data":[…]}`) written as JSON text while the tokens come: five
/// integers a token (line delta, start delta, length, type, modifiers) in the negotiated
/// encoding, the positions found by a `PositionCursor`. Nothing is built per number but its
/// digits, so the millions of tokens of a 20 MB document take one pass.
struct SemanticTokensData {
    var positions: PositionCursor
    private(set) var json: [UInt8] = Array(#"{"data":["#.utf8)
    /// Tokens written.
    private(set) var count = 0
    var lastLine = 0
    var lastCharacter = 0

    /// The result for the tokens of `range` (the whole document when nil); nil when
    /// `isCancelled` says so, which it is asked every `stride` tokens.
    static func result(_ analysis: Analysis, in range: Range<Int>?, encoding: PositionEncoding, stride: Int, isCancelled: () -> Bool) -> [UInt8]? {
        guard analysis.tree != nil else { return Array(#"{"data":[]}"#.utf8) }
        let source = analysis.source
        var data = SemanticTokensData(source, encoding: encoding, expectedBytes: (range.map { source.clamped($0) } ?? 0..<source.bytes.count).count)
        var seen = 0
        var cancelled = false
        SemanticTokens.forEach(analysis, in: range) { token in
            data.append(token)
            seen += 1
            if seen % stride == 0, isCancelled() { cancelled = true }
            return !cancelled
        }
        return cancelled ? nil : data.finish()
    }

    /// `expectedBytes`: the bytes the tokens come from, to reserve room for their numbers
    /// once (about one byte of JSON for each byte of a document).
    init(_ source: SourceFile, encoding: PositionEncoding, expectedBytes: Int) {
        positions = PositionCursor(source, encoding: encoding)
        json.reserveCapacity(16 + expectedBytes * 2)
    }

    /// Writes a token; one spanning lines is left out (the legend promises no multi-line tokens).
    mutating func append(_ token: SemanticToken) {
        let start = positions.position(of: token.range.lowerBound)
        let end = positions.position(of: token.range.upperBound)
        guard start.line == end.line, end.character > start.character else { return }
        let deltaLine = start.line - lastLine
        let numbers = (
            deltaLine, deltaLine == 0 ? start.character - lastCharacter : start.character,
            end.character - start.character, token.type.rawValue, token.isDeclaration ? 1 : 0
        )
        let first = count == 0
        // The token's text in a scratch buffer on the stack, then one append.
        // SAFETY: `scratch` holds 21 bytes a number: a comma and at most 20 for `write` (a sign and an `Int`'s 19 digits), so
        // every write is below `5 * 21`.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 5 * 21) { scratch in
            var length = 0
            for (index, number) in [numbers.0, numbers.1, numbers.2, numbers.3, numbers.4].enumerated() {
                if index > 0 || !first {
                    scratch[length] = UInt8(ascii: ",")
                    length += 1
                }
                length = Self.write(number, into: scratch, at: length)
            }
            // SAFETY: `length <= 5 * 21` (see above), so the slice lies inside `scratch`; the append copies it in the closure.
            json.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<length]))
        }
        count += 1
        lastLine = start.line
        lastCharacter = start.character
    }

    /// Closes the result and returns it.
    mutating func finish() -> [UInt8] {
        json.append(UInt8(ascii: "]"))
        json.append(UInt8(ascii: "}"))
        return json
    }

    /// Writes `value`'s digits at `index` (room for 21 bytes) and returns the index after them.
    /// SAFETY: callers leave at least 20 bytes from `index` on (a sign and the 19 digits of the longest `Int`); the writes
    /// go up from `index`, one a digit, below that.
    private static func write(_ value: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
        var index = index
        // Most are one or two digits: a line delta, a column delta, a length, a type.
        if value >= 0, value < 100 {
            if value >= 10 {
                buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10)
                index += 1
            }
            buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
            return index + 1
        }
        if value < 0 {
            buffer[index] = UInt8(ascii: "-")
            index += 1
        }
        var rest = value.magnitude
        var divisor: UInt = 1
        while divisor <= rest / 10 { divisor *= 10 }
        while divisor > 0 {
            buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor)
            index += 1
            rest %= divisor
            divisor /= 10
        }
        return index
    }
}
