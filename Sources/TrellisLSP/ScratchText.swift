/// Text written into a buffer the caller holds, checked by none of its writes: the caller
/// gives a buffer that holds everything it writes (``InlayHintBody`` sizes its buffer for a
/// hint's longest text). One made for `counting` only counts: its bytes are left unwritten.
struct ScratchText {
    private let base: UnsafeMutablePointer<UInt8>
    private let counting: Bool
    private(set) var count = 0

    /// Writes from `base`, the start of the caller's buffer.
    /// SAFETY: `base` must hold everything written before the caller's next use of it.
    init(_ base: UnsafeMutablePointer<UInt8>, counting: Bool) {
        self.base = base
        self.counting = counting
    }

    /// The bytes written (none, counting), for the caller to copy before the buffer's next use.
    var written: UnsafeBufferPointer<UInt8> {
        // SAFETY: the first `count` bytes are written (or, counting, only their number is read: `ByteCount` reads no byte).
        UnsafeBufferPointer(start: base, count: count)
    }

    mutating func put(_ text: StaticString) {
        if counting { return count += text.utf8CodeUnitCount }
        // SAFETY: the caller's buffer holds everything written into it (see the type's note); the literal is read below its
        // count.
        text.withUTF8Buffer { copy($0) }
    }

    /// SAFETY: `bytes` must be live for the call; it is read below its count.
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        if counting { return count += bytes.count }
        copy(bytes)
    }

    /// SAFETY: `bytes` must be live for the call; it is read below its count.
    private mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        // SAFETY: `bytes` is read below its count; the caller's buffer holds what is written (see the type's note).
        guard let source = bytes.baseAddress else { return }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// `value` in decimal, as JSON writes an integer (at most 20 characters).
    mutating func putDecimal(_ value: Int) {
        var rest = value.magnitude
        let digits = (value < 0 ? 1 : 0) + Self.digitCount(rest)
        if counting { return count += digits }
        if value < 0 {
            // SAFETY: as in `put`.
            base[count] = UInt8(ascii: "-")
        }
        // Written from the last digit back, two at a time (divisions by constants are
        // multiplications).
        var index = count + digits
        count = index
        while rest >= 100 {
            let pair = rest % 100
            rest /= 100
            // SAFETY: as in `put`; `index` runs from the last digit's place down to the first's.
            base[index - 1] = UInt8(ascii: "0") + UInt8(pair % 10)
            base[index - 2] = UInt8(ascii: "0") + UInt8(pair / 10)
            index -= 2
        }
        // SAFETY: as above.
        base[index - 1] = UInt8(ascii: "0") + UInt8(rest % 10)
        if rest >= 10 { base[index - 2] = UInt8(ascii: "0") + UInt8(rest / 10) }
    }

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
            if counting {
                guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
                count += bytes.count + 2
                return true
            }
            // SAFETY: `bytes` is read below its count; at most `longest` + 2 bytes are written, which the caller's buffer
            // holds (see the type's note).
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
