import TrellisSyntax

/// A cell's size, read from its token into its record.
extension LoweringState {
    /// Gives `record` the size `token` spells; false (the record unchanged) when it spells
    /// none or a wrong one (reported).
    @inline(__always)
    mutating func lowerSize(_ token: Token, into record: inout GridArena.Record) -> Bool {
        switch token.kind {
        case .kwFill:
            record.size = .fill
        case .kwWrap:
            record.size = .wrap
        case .number:
            guard let value = NumberParsing.double(bytes, token.range) else {
                report("M006", "`\(text(token))` is not a number", token.range)
                return false
            }
            record.size = .number
            record.sizeNumber = value
        case .percent:
            guard let value = NumberParsing.double(bytes, token.start..<(token.end - 1)) else {
                report("M006", "`\(text(token))` is not a percentage", token.range)
                return false
            }
            record.size = .percent
            record.sizeNumber = value
        case .ratio:
            guard let percent = ratioPercent(token) else { return false }
            record.size = .percent
            record.sizeNumber = percent
        default:
            return false
        }
        return true
    }

    /// The percentage a ratio such as `1/3` spells (33.333333), or nil (reported).
    mutating func ratioPercent(_ token: Token) -> Double? {
        // The lexer makes a ratio of two numbers joined by `/`, and numbers hold no `/`.
        guard let slash = bytes[token.range].firstIndex(of: UInt8(ascii: "/")),
              let numerator = NumberParsing.double(bytes, token.start..<slash, finiteOnly: false),
              let denominator = NumberParsing.double(bytes, (slash + 1)..<token.end, finiteOnly: false) else {
            report("M006", "`\(text(token))` is not a ratio", token.range)
            return nil
        }
        guard denominator != 0 else {
            report("M006", "`\(text(token))` divides by zero", token.range)
            return nil
        }
        let ratio = numerator / denominator
        guard ratio > -1, ratio < 1, ratio != 0 else {
            report("M006", "a ratio lies strictly between -1 and 1 (`1/3` of the free length, `-1/3` of what remains); `\(text(token))` does not",
                   token.range, notes: ["The runtime reads \"\(JSONWriter.formatNumber(ratio * 100))%\" as \(JSONWriter.formatNumber(ratio)): a fixed length in points or an assertion."])
            return nil
        }
        return Lowering.percent(ofRatio: ratio)
    }
}
