/// Text quoted in a message, with the characters a reader cannot see written as code points:
/// a control character, a zero-width or other format character, a line or paragraph
/// separator (`U+0001`, `U+200B`, `U+FEFF`); everything else, Chinese and emoji sequences
/// included, as is.
public enum VisibleText {
    public static func of(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isInvisible) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isInvisible(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        // Joiners and tag characters are part of what shows: emoji sequences (👩‍👩‍👧, flags)
        // and the scripts that join letters.
        if scalar.value == 0x200C || scalar.value == 0x200D || (0xE0020...0xE007F).contains(scalar.value) { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse: return true
        default: return false
        }
    }
}
