import TrellisSyntax

extension Gravity {
    /// Whether `bytes[range]` is exactly one of the runtime's words: the words compiled into
    /// a switch (by length and first byte, then the bytes), as the lexer finds keywords, for
    /// the lowering's fast path; `GravityWordTests` holds it equal to ``AlignmentWord``.
    @inline(__always)
    static func isWord(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard range.count >= 3, range.count <= 8, range.lowerBound >= 0, range.upperBound <= bytes.count else { return false }
        let start = range.lowerBound
        switch (range.count, bytes[start]) {
        case (3, UInt8(ascii: "t")): return ByteSearch.spells("top", in: bytes, at: start)
        case (4, UInt8(ascii: "l")): return ByteSearch.spells("left", in: bytes, at: start)
        case (5, UInt8(ascii: "r")): return ByteSearch.spells("right", in: bytes, at: start)
        case (5, UInt8(ascii: "w")): return ByteSearch.spells("width", in: bytes, at: start)
        case (6, UInt8(ascii: "b")): return ByteSearch.spells("bottom", in: bytes, at: start)
        case (6, UInt8(ascii: "h")): return ByteSearch.spells("height", in: bytes, at: start)
        case (7, UInt8(ascii: "l")): return ByteSearch.spells("leading", in: bytes, at: start)
        case (7, UInt8(ascii: "c")): return ByteSearch.spells("centerX", in: bytes, at: start) || ByteSearch.spells("centerY", in: bytes, at: start)
        case (8, UInt8(ascii: "t")): return ByteSearch.spells("trailing", in: bytes, at: start)
        default: return false
        }
    }
}
