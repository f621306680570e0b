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
                report(.badSize, "`\(text(token))` is not a number", token.range)
                return false
            }
            // Most sizes are whole points: the check is called only for the others.
            if value < 1, value != 0 { checkPoints(value, token) }
            record.size = .number
            record.sizeNumber = value
        case .percent:
            guard let value = NumberParsing.double(bytes, token.start..<(token.end - 1)) else {
                report(.badSize, "`\(text(token))` is not a percentage", token.range)
                return false
            }
            if value > 100 || value < -100 { checkPercent(value, token) }
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

    /// A number the runtime does not read as points: at or below −1 it asserts (M104, as the
    /// JSON rule says of the number it becomes); strictly between −1 and 1 it is a ratio (M105).
    @inline(never)
    mutating func checkPoints(_ value: Double, _ token: Token) {
        // The runtime's own constants for `fill` and `wrap` are sizes it reads as such.
        if value == RuntimeReading.fill || value == RuntimeReading.wrap { return }
        if value <= -1 {
            report(
                .sizeBelowMinusOne, "size `\(text(token))` asserts at runtime: sizes at or below -1 are not allowed", token.range,
                notes: ["A negative size is a share of what remains: `-50%` or `-1/2`, between -100% and 0."])
        } else if value != 0, value > -1, value < 1 {
            let percent = JSONWriter.formatNumber(value * 100) + "%"
            let share = value > 0 ? "of the free length" : "of what remains"
            report(
                .numberReadAsRatio, "`\(text(token))` is a ratio \(share) (\(percent)), not points", token.range,
                fixIts: [FixIt(message: "write `\(percent)`", edits: [TextEdit(range: token.range, replacement: percent)])])
        }
    }

    /// A percentage beyond ±100%: the runtime reads `"150%"` as 1.5, a FIXED length in points
    /// (M103 in JSON), and `"-150%"` as -1.5, which asserts (M104). An error here, as a ratio
    /// out of range is (`3/2`).
    @inline(never)
    mutating func checkPercent(_ value: Double, _ token: Token) {
        guard value > 100 || value < -100 else { return }
        let read = JSONWriter.formatNumber(value / 100)
        let meaning = value > 0 ? "a FIXED \(read) points" : "\(read), which asserts"
        report(
            .badSize, "a percentage lies between -100% and 100%; the runtime reads `\(text(token))` as \(meaning)", token.range,
            notes: ["`fill` takes what is left; `100%` is the whole free length."],
            fixIts: value > 0 ? [FixIt(message: "write `fill`", edits: [TextEdit(range: token.range, replacement: "fill")], isSafe: false)] : [])
    }

    /// The percentage a ratio such as `1/3` spells (33.333333), or nil (reported).
    mutating func ratioPercent(_ token: Token) -> Double? {
        // The lexer makes a ratio of two numbers joined by `/`, and numbers hold no `/`.
        guard let slash = bytes[token.range].firstIndex(of: UInt8(ascii: "/")),
            let numerator = NumberParsing.double(bytes, token.start..<slash, finiteOnly: false),
            let denominator = NumberParsing.double(bytes, (slash + 1)..<token.end, finiteOnly: false)
        else {
            report(.badSize, "`\(text(token))` is not a ratio", token.range)
            return nil
        }
        guard denominator != 0 else {
            report(.badSize, "`\(text(token))` divides by zero", token.range)
            return nil
        }
        let ratio = numerator / denominator
        guard ratio > -1, ratio < 1, ratio != 0 else {
            report(
                .badSize, "a ratio lies strictly between -1 and 1 (`1/3` of the free length, `-1/3` of what remains); `\(text(token))` does not",
                token.range,
                notes: [
                    "The runtime reads \"\(JSONWriter.formatNumber(ratio * 100))%\" as \(JSONWriter.formatNumber(ratio)): a fixed length in points or an assertion."
                ])
            return nil
        }
        return Lowering.percent(ofRatio: ratio)
    }
}
