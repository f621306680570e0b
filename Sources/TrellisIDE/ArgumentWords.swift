import TrellisModel
import TrellisSyntax

/// What highlighting makes of an attribute argument's name, decided on its bytes: a gravity
/// word or a color name (any case) is an enum member, a borderline field a parameter. The
/// gravity words and fields are the lowering's own matchers (`Gravity.isWord`,
/// `BorderlineField.lookup`).
enum ArgumentWord {
    case enumMember, parameter, other
    /// Not plain ASCII: for the caller to decide on the name's text (`lowercased()` maps some
    /// non-ASCII letters to ASCII ones: the Kelvin sign `K` is `k`).
    case undecided

    /// The color names as bytes (the schema's, lower-case).
    private static let colorNames = GridSchema.colorNames.map { Array($0.utf8) }

    /// The name at `range` of `bytes` (`.undecided` too when the range is outside them).
    init(_ range: Range<Int>, in bytes: [UInt8]) {
        self =
            ByteView.with(bytes, range) { name in
                for offset in 0..<name.count where name[offset] >= 0x80 { return .undecided }
                if Gravity.isWord(name) || Self.isColorName(name) { return .enumMember }
                return BorderlineField.lookup(name) == nil ? .other : .parameter
            } ?? .undecided
    }

    /// Whether an ASCII name is a color name in any case (`Red`, `RED`).
    private static func isColorName(_ name: ByteView) -> Bool {
        colorNames.contains { color in
            guard color.count == name.count else { return false }
            for offset in 0..<color.count {
                if Suggestion.lowercasedASCII(name[offset]) != color[offset] { return false }
            }
            return true
        }
    }
}
