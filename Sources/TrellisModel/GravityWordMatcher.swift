import TrellisSyntax

extension Gravity {
    /// Whether a word's bytes are exactly one of the runtime's words: the words compiled into
    /// a switch (by length and first byte, then the bytes), as the lexer finds keywords, for
    /// the lowering's fast path; `GravityWordTests` holds it equal to ``AlignmentWord``.
    @inline(__always)
    package static func isWord(_ word: ByteView) -> Bool {
        guard word.count >= 3, word.count <= 8 else { return false }
        switch (word.count, word[0]) {
        case (3, UInt8(ascii: "t")): return word.spells("top")
        case (4, UInt8(ascii: "l")): return word.spells("left")
        case (5, UInt8(ascii: "r")): return word.spells("right")
        case (5, UInt8(ascii: "w")): return word.spells("width")
        case (6, UInt8(ascii: "b")): return word.spells("bottom")
        case (6, UInt8(ascii: "h")): return word.spells("height")
        case (7, UInt8(ascii: "l")): return word.spells("leading")
        case (7, UInt8(ascii: "c")): return word.spells("centerX") || word.spells("centerY")
        case (8, UInt8(ascii: "t")): return word.spells("trailing")
        default: return false
        }
    }
}
