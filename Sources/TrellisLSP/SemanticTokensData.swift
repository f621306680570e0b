import TrellisIDE
import TrellisModel
import TrellisSyntax

/// A semantic tokens result (`{"data":[…]}`) written as JSON text while the tokens come: five
/// integers a token (line delta, start delta, length, type, modifiers) in the negotiated
/// encoding, the positions found by a `PositionCursor`. Each token's numbers are written in
/// place in a sink's memory (``ScratchText``), so the millions of tokens of a 20 MB document
/// take one pass and a store a byte.
struct SemanticTokensData: ~Copyable {
    var positions: PositionCursor
    private var json: ByteSink
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
        json = ByteSink(capacity: 16 + expectedBytes * 2)
        json.append(utf8: #"{"data":["#)
    }

    /// Writes a token; one spanning lines is left out (the legend promises no multi-line tokens).
    mutating func append(_ token: SemanticToken) {
        let start = positions.position(of: token.range.lowerBound)
        let length: Int
        if let plain = Self.plainLength(token.range, in: positions.source.bytes) {
            length = plain
        } else {
            let end = positions.position(of: token.range.upperBound)
            guard start.line == end.line else { return }
            length = end.character - start.character
        }
        guard length > 0 else { return }
        let deltaLine = start.line - lastLine
        let numbers = (
            deltaLine, deltaLine == 0 ? start.character - lastCharacter : start.character, length, token.type.rawValue,
            token.isDeclaration ? 1 : 0
        )
        // Five numbers of at most 20 characters, each after a comma.
        var text = json.text(room: 5 * 21)
        if count > 0 { text.put(",") }
        text.putDecimal(numbers.0)
        text.put(",")
        text.putDecimal(numbers.1)
        text.put(",")
        text.putDecimal(numbers.2)
        text.put(",")
        text.putDecimal(numbers.3)
        text.put(",")
        text.putDecimal(numbers.4)
        json.end(text)
        count += 1
        lastLine = start.line
        lastCharacter = start.character
    }

    /// The length of a token of ASCII characters and no line break (almost every token): its
    /// bytes, in every encoding; nil for any other, which the cursor measures.
    private static func plainLength(_ range: Range<Int>, in bytes: [UInt8]) -> Int? {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
        for index in range {
            let byte = bytes[index]
            if byte >= 0x80 || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return nil }
        }
        return range.count
    }

    /// Closes the result and returns it.
    consuming func finish() -> [UInt8] {
        json.append(UInt8(ascii: "]"))
        json.append(UInt8(ascii: "}"))
        return json.withBytes { Array($0) }
    }
}
