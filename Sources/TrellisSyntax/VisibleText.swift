/// Text quoted in a message, with the characters a reader cannot see written as escapes
/// (`\u{1}`, `\u{200B}`, `\u{A0}`): control and format characters, line and paragraph
/// separators, every space but the ASCII one (a no-break space looks like a space and is not
/// one), and a combining mark with nothing before it to combine with. Everything else,
/// Chinese and emoji sequences included, is quoted as is.
public enum VisibleText {
    public static func of(_ text: String) -> String {
        var result = ""
        var changed = false
        // Whether the last character was shown as itself (a mark needs one to show on).
        var shownBefore = false
        for scalar in text.unicodeScalars {
            if isInvisible(scalar, afterShown: shownBefore) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                changed = true
                shownBefore = false
            } else {
                result.unicodeScalars.append(scalar)
                shownBefore = true
            }
        }
        return changed ? result : text
    }

    static func isInvisible(_ scalar: Unicode.Scalar, afterShown shownBefore: Bool) -> Bool {
        // Joiners and tag characters are part of what shows: emoji sequences (👩‍👩‍👧, flags)
        // and the scripts that join letters.
        if scalar.value == 0x200C || scalar.value == 0x200D || (0xE0020...0xE007F).contains(scalar.value) { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse: return true
        case .spaceSeparator: return scalar != " "
        case .nonspacingMark, .enclosingMark, .spacingMark:
            // A mark (or a variation selector) shows on the character before it; alone, or
            // after an escaped character, it has nothing to show on.
            return !shownBefore
        default: return false
        }
    }
}
