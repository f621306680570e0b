/// Text written into memory the output lends for it, checked by none of its writes: the
/// output lends room for everything written (``InlayHintBody`` asks for a hint's longest
/// text), and debug builds check, when the text ends, that it kept to its room. One made for
/// counting has no memory: it counts what would be written.
struct ScratchText {
    /// Nil: counting.
    private let base: UnsafeMutablePointer<UInt8>?
    private(set) var count = 0
    /// How many bytes the room holds, for debug builds to check that none is written past it.
    let room: Int

    /// Writes from `base`, the start of a room of `room` bytes.
    /// SAFETY: `base` must hold `room` bytes while the text is in use, and the writer writes no more.
    init(_ base: UnsafeMutablePointer<UInt8>, room: Int) {
        self.base = base
        self.room = room
    }

    /// Counts only.
    init() {
        base = nil
        room = .max
    }

    @inline(__always)
    mutating func put(_ text: StaticString) {
        // SAFETY: the room lent holds everything written into it (see the type's note); the literal is read below its count.
        text.withUTF8Buffer { put($0) }
    }

    /// SAFETY: `bytes` must be live for the call; it is read below its count.
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        // SAFETY: `bytes` is read below its count; the room lent holds what is written (see the type's note).
        guard let base else { return count += bytes.count }
        guard let source = bytes.baseAddress else { return }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// `value` in decimal, as JSON writes an integer (at most 20 characters). A digit alone
    /// (most of a semantic token's five numbers) is put here, inline.
    @inline(__always)
    mutating func putDecimal(_ value: Int) {
        guard value >= 0, value < 10 else { return putLongDecimal(value) }
        // SAFETY: as in `put`.
        base?[count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value)
        count += 1
    }

    @inline(never)
    private mutating func putLongDecimal(_ value: Int) {
        var rest = value.magnitude
        let digits = (value < 0 ? 1 : 0) + Self.digitCount(rest)
        guard let base else { return count += digits }
        if value < 0 {
            // SAFETY: as in `put`.
            base[count] = UInt8(ascii: "-")
        }
        // Written from the last digit back, two at a time, each pair copied from a table
        // (a division by a constant is a multiplication; by 100 once, not by 10 twice).
        var index = count + digits
        count = index
        // SAFETY: the table's 200 bytes are read at `2 × pair` and the byte after, `pair < 100`.
        Self.digitPairs.withUTF8Buffer { pairs in
            while rest >= 100 {
                let pair = Int(rest % 100)
                rest /= 100
                // SAFETY: as in `put`; `index` runs from the last digit's place down to the first's.
                base[index - 1] = pairs[2 * pair + 1]
                base[index - 2] = pairs[2 * pair]
                index -= 2
            }
            // SAFETY: as above.
            if rest >= 10 {
                base[index - 1] = pairs[2 * Int(rest) + 1]
                base[index - 2] = pairs[2 * Int(rest)]
            } else {
                base[index - 1] = UInt8(ascii: "0") + UInt8(rest)
            }
        }
    }

    /// `00`, `01` … `99`: the two digits of every number below 100.
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// How many digits `value` has: a few comparisons for the numbers of a document (lines,
    /// columns, grids), a loop beyond a million.
    static func digitCount(_ value: UInt) -> Int {
        if value < 10_000 { return value < 100 ? (value < 10 ? 1 : 2) : (value < 1_000 ? 3 : 4) }
        if value < 1_000_000 { return value < 100_000 ? 5 : 6 }
        var digits = 7
        var power: UInt = 10_000_000
        while value >= power {
            digits += 1
            guard power <= UInt.max / 10 else { break }
            power *= 10
        }
        return digits
    }

    /// `text` in quotes when it needs no escape and has at most `longest` bytes; false, having
    /// written nothing, otherwise.
    mutating func putQuoted(_ text: String, longest: Int) -> Bool {
        var text = text
        // SAFETY: the string's bytes are read below their count inside the closure.
        return text.withUTF8 { bytes in
            guard bytes.count <= longest else { return false }
            guard let base else {
                guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
                count += bytes.count + 2
                return true
            }
            // SAFETY: `bytes` is read below its count; at most `longest` + 2 bytes are written, which the room lent holds
            // (see the type's note).
            base[count] = UInt8(ascii: "\"")
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { return false }
                base[count + 1 + index] = byte
            }
            base[count + 1 + bytes.count] = UInt8(ascii: "\"")
            count += bytes.count + 2
            return true
        }
    }
}
