/// Writes JSON by hand on bytes: deterministic (members in the given order), integers
/// without `.0`, shortest round-trip doubles, pretty (2 spaces) or compact.
public enum JSONWriter {
    /// Pretty (2 spaces, one member a line) or compact (no whitespace).
    public enum Style: Sendable { case pretty, compact }

    public static func write(_ value: JSONValue, style: Style = .pretty, indentWidth: Int = 2) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, style: style, indentWidth: indentWidth, into: &output)
        return output
    }

    public static func write(_ value: JSONValue, style: Style, indentWidth: Int = 2, into output: inout [UInt8]) {
        let writer = Emitter(style: style, indentWidth: indentWidth)
        writer.emit(value, indent: 0, into: &output)
        if style == .pretty { output.append(UInt8(ascii: "\n")) }
    }

    /// `value` as it appears nested `indent` levels deep in a pretty document (no final line
    /// break), so that parts of one document can be written separately and joined.
    public static func write(_ value: JSONValue, nestedAt indent: Int, into output: inout [UInt8]) {
        let writer = Emitter(style: .pretty, indentWidth: 2)
        writer.emit(value, indent: indent, into: &output)
    }

    public static func string(_ value: JSONValue, style: Style = .pretty, indentWidth: Int = 2) -> String {
        String(decoding: write(value, style: style, indentWidth: indentWidth), as: UTF8.self)
    }
}

/// The recursive part of the writer, holding its settings.
struct Emitter {
    let style: JSONWriter.Style
    let indentWidth: Int

    init(style: JSONWriter.Style, indentWidth: Int) {
        self.style = style
        self.indentWidth = indentWidth
    }

    func newline<Output: ByteOutput & ~Copyable>(_ indent: Int, _ output: inout Output) {
        output.append(UInt8(ascii: "\n"))
        output.append(UInt8(ascii: " "), times: indent * indentWidth)
    }

    func emit<Output: ByteOutput & ~Copyable>(_ value: JSONValue, indent: Int, into output: inout Output) {
        switch value {
        case .null: output.append("null")
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .number(let number): JSONWriter.appendNumber(number, to: &output)
        case .string(let text): JSONWriter.appendString(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            if elements.isEmpty {
                output.append(UInt8(ascii: "]"))
                return
            }
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if style == .pretty { newline(indent + 1, &output) }
                emit(element, indent: indent + 1, into: &output)
            }
            if style == .pretty { newline(indent, &output) }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            if members.isEmpty {
                output.append(UInt8(ascii: "}"))
                return
            }
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if style == .pretty { newline(indent + 1, &output) }
                JSONWriter.appendString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                if style == .pretty { output.append(UInt8(ascii: " ")) }
                emit(member.value, indent: indent + 1, into: &output)
            }
            if style == .pretty { newline(indent, &output) }
            output.append(UInt8(ascii: "}"))
        }
    }
}

extension JSONWriter {
    /// Integers in the exactly-representable range print without a fraction; other
    /// values print Swift's shortest round-trip form. Non-finite values become `null`.
    public static func appendNumber(_ number: Double, into output: inout [UInt8]) { appendNumber(number, to: &output) }

    static func appendNumber<Output: ByteOutput & ~Copyable>(_ number: Double, to output: inout Output) {
        guard number.isFinite else {
            output.append("null")
            return
        }
        if number == number.rounded(.towardZero), abs(number) < 1e15 {
            appendInteger(Int64(number), to: &output)
            return
        }
        if appendFewDecimals(number, to: &output) { return }
        output.append(utf8: number.description)
    }

    /// Writes a number of at most nine decimals and fifteen digits (`33.333333`, `-0.5`) as
    /// Swift's shortest round-trip form writes it, without making a string; false (nothing
    /// written) for any other number.
    ///
    /// The digits are those of the fewest decimals whose integer `m` (the number times
    /// 10^decimals, rounded) gives back the number as `m / 10^decimals` (one correctly rounded
    /// division of two exact doubles: what reading the decimal text gives). Two decimal texts
    /// of at most fifteen significant digits that read as the same double are the same number
    /// (DBL_DIG), so these digits are the shortest form's; Swift writes numbers from 0.001 to
    /// 10^9 in positional notation.
    static func appendFewDecimals<Output: ByteOutput & ~Copyable>(_ number: Double, to output: inout Output) -> Bool {
        let magnitude = number.magnitude
        guard magnitude >= 0.001, magnitude < 1e9 else { return false }
        var scale = 1.0
        for decimals in 1...9 {
            scale *= 10
            let scaled = (magnitude * scale).rounded()
            guard scaled < 1e15 else { return false }
            guard scaled / scale == magnitude else { continue }
            var fraction = UInt64(scaled)
            let whole = fraction / UInt64(scale)
            fraction %= UInt64(scale)
            // The fewest decimals end in a digit other than 0; dropping zeros is only a guard.
            var width = decimals
            while fraction % 10 == 0, width > 1 {
                fraction /= 10
                width -= 1
            }
            if number < 0 { output.append(UInt8(ascii: "-")) }
            appendInteger(Int(whole), to: &output)
            output.append(UInt8(ascii: "."))
            var divisor: UInt64 = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                output.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
                divisor /= 10
            }
            return true
        }
        return false
    }

    public static func formatNumber(_ number: Double) -> String {
        var output: [UInt8] = []
        appendNumber(number, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    public static func appendInteger(_ value: Int, into output: inout [UInt8]) { appendInteger(Int64(value), to: &output) }

    package static func appendInteger<Output: ByteOutput & ~Copyable>(_ value: Int, to output: inout Output) { appendInteger(Int64(value), to: &output) }

    /// Integers are written 64 bits wide on every platform (wasm32's `Int` has 32), so a tag or
    /// a size of 3,000,000,000 is written as the native tool writes it.
    package static func appendInteger<Output: ByteOutput & ~Copyable>(_ value: Int64, to output: inout Output) {
        var magnitude = value.magnitude
        if value < 0 { output.append(UInt8(ascii: "-")) }
        // Most numbers in a layout have one or two digits.
        if magnitude < 10 {
            output.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        if magnitude < 100 {
            output.append(UInt8(ascii: "0") + UInt8(magnitude / 10))
            output.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        // Written from the end of the buffer backwards, then copied out in one piece.
        // SAFETY: `buffer` is `digits`' 20 bytes, written at `start` only once `start > 0` was checked and `start` lowered by
        // one, so inside them (and an `Int64` has at most 19 digits, so none is cut off).
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            while magnitude > 0, start > 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            // SAFETY: `0 <= start <= buffer.count`, so the slice lies inside `digits`.
            let written = UnsafeRawBufferPointer(rebasing: buffer[start...])
            // SAFETY: `digits` is a tuple of `UInt8`, so its bytes are bound to `UInt8`; `append` copies them in the closure.
            output.append(bytes: written.assumingMemoryBound(to: UInt8.self))
        }
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    public static func appendString(_ text: String, into output: inout [UInt8]) { appendString(text, to: &output) }

    /// `first` and each of `lines` joined by line breaks, as one JSON string: the bytes
    /// `appendString(([first] + lines).joined(separator: "\n"))` appends, without joining them.
    public static func appendString(_ first: String, lines: [String], into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var first = first
        // SAFETY: each string's UTF-8 is read inside its closure only, within its count.
        first.withUTF8 { appendEscaped(utf8: $0, to: &output) }
        for line in lines {
            output.append(UInt8(ascii: "\\"))
            output.append(UInt8(ascii: "n"))
            var line = line
            // SAFETY: as above.
            line.withUTF8 { appendEscaped(utf8: $0, to: &output) }
        }
        output.append(UInt8(ascii: "\""))
    }

    package static func appendString<Output: ByteOutput & ~Copyable>(_ text: String, to output: inout Output) {
        var text = text
        // SAFETY: the string's UTF-8 is read inside the closure only, within its count.
        text.withUTF8 { appendString(utf8: $0, to: &output) }
    }

    /// A string given as its UTF-8 bytes, quoted and escaped.
    /// SAFETY: reads `bytes` below its count only; callers hand a live buffer.
    static func appendString<Output: ByteOutput & ~Copyable>(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout Output) {
        output.append(UInt8(ascii: "\""))
        appendEscaped(utf8: bytes, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// The inside of a JSON string holding `bytes`: escaped, unquoted.
    /// SAFETY: reads `bytes` below its count only; callers hand a live buffer.
    static func appendEscaped<Output: ByteOutput & ~Copyable>(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout Output) {
        // SAFETY: every read below is at `index < count` (one byte) or `index + 8 <= count` (eight), inside the buffer; runs
        // appended lie between 0 and `count`.
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        // The bytes between escapes are copied as runs: most strings are one run. Eight bytes
        // are tested at once while none needs an escape.
        var runStart = 0
        var index = 0
        while index < count {
            // SAFETY: the eight bytes read lie at `index..<index + 8`, with `index + 8 <= count`.
            while index + 8 <= count, !needsEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) { index += 8 }
            guard index < count else { break }
            // SAFETY: `index < count`.
            let byte = base[index]
            index += 1
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            // SAFETY: the run `runStart..<index - 1` lies inside the buffer (`index <= count`).
            if runStart < index - 1 { output.append(bytes: UnsafeBufferPointer(start: base + runStart, count: index - 1 - runStart)) }
            runStart = index
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
            case UInt8(ascii: "\n"): output.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): output.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): output.append(UInt8(ascii: "t"))
            default:
                output.append(UInt8(ascii: "u"))
                output.append(UInt8(ascii: "0"))
                output.append(UInt8(ascii: "0"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0xF)])
            }
        }
        // SAFETY: the last run `runStart..<count` lies inside the buffer.
        if runStart < count { output.append(bytes: UnsafeBufferPointer(start: base + runStart, count: count - runStart)) }
    }

    /// Whether any of eight bytes is a control character, a quote or a backslash: for each
    /// kind, a byte below the mark borrows into its top bit (exact for the word as a whole).
    @inline(__always)
    static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let quoteZero = (quote &- ones) & ~quote
        let backslashZero = (backslash &- ones) & ~backslash
        return (control | quoteZero | backslashZero) & tops != 0
    }
}
