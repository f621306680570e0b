/// Reads decimal numbers straight from source bytes.
enum NumberParsing {
    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// `-?digits(.digits)?` with at most 15 significant digits is computed exactly (an exact
    /// integer divided by an exact power of ten rounds once, as strtod does); anything else
    /// goes through the standard library's parser.
    /// With `finiteOnly: false`, a number too large for a double reads as infinity, as
    /// `Double(String)` reads it.
    /// SAFETY: reads are in `range` only; callers that pass an unchecked buffer (`RuntimeReading.wellFormedPadding`)
    /// pass a range inside it.
    @inline(__always)
    static func double<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>, finiteOnly: Bool = true) -> Double? where Bytes.Index == Int {
        var index = range.lowerBound
        let end = range.upperBound
        guard index < end else { return nil }
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = 0
        var seenPoint = false
        while index < end {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fraction += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                return slow(bytes, range, finiteOnly: finiteOnly)
            }
            index += 1
        }
        guard digits > 0, digits <= 15 else { return slow(bytes, range, finiteOnly: finiteOnly) }
        let value = fraction == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fraction]
        return negative ? -value : value
    }

    static func slow<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>, finiteOnly: Bool) -> Double? where Bytes.Index == Int {
        guard let value = Double(String(decoding: bytes[range], as: UTF8.self)), value.isFinite || !finiteOnly else { return nil }
        return value
    }

    /// A whole number, 64 bits wide on every platform, or nil (also for one too large).
    static func integer(_ bytes: [UInt8], _ range: Range<Int>) -> Int64? {
        var index = range.lowerBound
        guard index < range.upperBound else { return nil }
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < range.upperBound, range.upperBound - index <= 18 else { return nil }
        var value: Int64 = 0
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            index += 1
        }
        return negative ? -value : value
    }
}
