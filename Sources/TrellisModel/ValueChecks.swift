import TrellisSyntax

/// A problem with one value, independent of where it was written: the Trellis lowering and
/// the JSON rules attach a span and report it, so both inputs say the same thing.
public struct ValueFinding: Sendable, Equatable {
    public var code: DiagnosticCode
    public var severity: Severity
    public var message: String
    public var notes: [String]
    /// The value to write instead, when there is an obvious one (spelled for JSON).
    public var replacement: String?
    public var replacementIsSafe: Bool

    /// A finding at its code's severity unless `severity` says a milder one.
    public init(
        code: DiagnosticCode, severity: Severity? = nil, message: String, notes: [String] = [], replacement: String? = nil, replacementIsSafe: Bool = false
    ) {
        assert(
            severity.map { $0 == code.severity || code.milderSeverities.contains($0) } ?? true,
            "\(code.id) at \(severity?.rawValue ?? "its own severity"), neither its severity nor a milder one")
        self.code = code
        self.severity = severity ?? code.severity
        self.message = message
        self.notes = notes
        self.replacement = replacement
        self.replacementIsSafe = replacementIsSafe
    }
}

/// Checks of single values against what the runtime does with them (model spec §2–§6).
public enum ValueChecks {
    /// Colors (§6): `#RRGGBB`, `#AARRGGBB` (alpha first), or a known name.
    public static func color(_ text: String) -> ValueFinding? {
        if isPlainHexColor(text) { return nil }
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            let isHex = digits.allSatisfy { $0.isHexDigit }
            if isHex, digits.count == 3 {
                let doubled = "#" + digits.map { "\($0)\($0)" }.joined()
                return ValueFinding(
                    code: .colorMisread,
                    message: "`\(text)` is a 3-digit color: the runtime draws no color",
                    notes: ["MyLayout reads only #RRGGBB and #AARRGGBB."], replacement: doubled, replacementIsSafe: true)
            }
            if isHex, digits.count == 8 {
                return ValueFinding(
                    code: .colorMisread, severity: .info,
                    message: "`\(text)` is read as #AARRGGBB: alpha comes FIRST (its own documentation says #RRGGBBAA)",
                    notes: [
                        "alpha 0x\(digits.prefix(2)), red 0x\(digits.dropFirst(2).prefix(2)), green 0x\(digits.dropFirst(4).prefix(2)), blue 0x\(digits.suffix(2))"
                    ])
            }
            if isHex, digits.count == 6 { return nil }
            return ValueFinding(code: .colorMisread, message: "`\(text)` is not a color the runtime reads: write #RRGGBB or #AARRGGBB")
        }
        if RGBA.namedColors[text.lowercased()] != nil { return nil }
        let names = RGBA.namedColors.keys.sorted()
        var finding = ValueFinding(
            code: .colorMisread,
            message: "`\(text)` is not a color name the runtime knows (\(names.joined(separator: ", ")))")
        if let suggestion = Suggestion.closest(to: text, among: names) {
            finding.message = "`\(text)` is not a color name the runtime knows; did you mean `\(suggestion)`?"
            finding.replacement = suggestion
        }
        return finding
    }

    /// `action` (§2): an Objective-C selector that takes the grid, so it ends with `:`.
    public static func action(_ text: String) -> ValueFinding? {
        if isPlainSelector(text) { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let wellFormed =
            !text.isEmpty
            && parts.dropLast().allSatisfy { part in
                guard let first = part.first, first.isLetter || first == "_" else { return false }
                return part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            }
        if wellFormed, text.hasSuffix(":"), text.filter({ $0 == ":" }).count == 1 { return nil }
        if !text.contains(":"), let first = text.first, first.isLetter || first == "_", text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
            return ValueFinding(
                code: .actionNotOneArgumentSelector,
                message: "`\(text)` takes no argument: the runtime calls the action with the grid, as `\(text):`",
                notes: ["A selector without `:` does not receive the tapped grid or its action-data."],
                replacement: text + ":")
        }
        if wellFormed { return nil }
        return ValueFinding(code: .actionNotOneArgumentSelector, message: "`\(text)` is not an Objective-C selector such as `handleTap:`")
    }

    /// `name:` in ASCII letters, digits and `_`, not starting with a digit: the common,
    /// well-formed case, recognised on bytes.
    static func isPlainSelector(_ text: String) -> Bool {
        var text = text
        // On the contiguous bytes: a string's UTF-8 view read element by element costs ten
        // times as much.
        // SAFETY: the view of the string's UTF-8 is used inside the closure only.
        return text.withUTF8 { isPlainSelector(ByteView($0)) }
    }

    /// ``isPlainSelector(_:)-(String)`` of UTF-8 bytes.
    static func isPlainSelector(_ bytes: ByteView) -> Bool {
        guard bytes.count >= 2, bytes[bytes.count - 1] == UInt8(ascii: ":") else { return false }
        for index in 0..<(bytes.count - 1) {
            let byte = bytes[index]
            let letter =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || byte == UInt8(ascii: "_")
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard letter || (digit && index > 0) else { return false }
        }
        return true
    }

    /// Every `|`-separated part is exactly one of the runtime's words: the common case,
    /// recognised on bytes.
    static func isExactAlignment(_ text: String) -> Bool {
        var text = text
        // SAFETY: the view of the string's UTF-8 is used inside the closure only.
        return text.withUTF8 { isExactAlignment(ByteView($0)) }
    }

    /// ``isExactAlignment(_:)-(String)`` of UTF-8 bytes.
    static func isExactAlignment(_ bytes: ByteView) -> Bool {
        var wordStart = 0
        for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "|") {
            guard let word = bytes.slice(wordStart..<index), Gravity.isWord(word) else { return false }
            wordStart = index + 1
        }
        guard let word = bytes.slice(wordStart..<bytes.count) else { return false }
        return Gravity.isWord(word)
    }

    /// `#RRGGBB` in hex digits: the common, well-formed color, recognised on bytes.
    static func isPlainHexColor(_ text: String) -> Bool {
        var text = text
        // SAFETY: the view of the string's UTF-8 is used inside the closure only.
        return text.withUTF8 { isPlainHexColor(ByteView($0)) }
    }

    /// ``isPlainHexColor(_:)-(String)`` of UTF-8 bytes.
    static func isPlainHexColor(_ bytes: ByteView) -> Bool {
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return false }
        for offset in 1..<7 {
            let byte = bytes[offset]
            let hex =
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
            guard hex else { return false }
        }
        return true
    }

    /// `tag` (§2): 0 means no tag.
    public static func tag(_ value: Int64) -> ValueFinding? {
        value == 0 ? ValueFinding(code: .tagZero, message: "`tag` 0 means no tag: the runtime ignores it") : nil
    }

    /// A borderline's `thick`: `MyBorderline setThick:` raises any width below 1 to 1.
    public static func thick(_ value: Double) -> ValueFinding? {
        guard value < 1 else { return nil }
        return ValueFinding(
            code: .borderlineThinnerThanOne,
            message:
                "a borderline `thick` of \(JSONWriter.formatNumber(value)) is drawn as 1 (one pixel, or a 1-point dash): the runtime raises widths below 1 to 1",
            notes: ["To hide a line, remove the borderline; for a hairline, use 1 and a light color."], replacement: "1")
    }

    /// `padding` strings (§2): `UIEdgeInsetsFromString` reads malformed text as zeros.
    public static func padding(_ text: String) -> ValueFinding? {
        if RuntimeReading.padding(text) != .zero || isPlainZeroPadding(text) { return nil }
        let numbers = text.split(whereSeparator: { !($0.isNumber || $0 == "." || $0 == "-") }).compactMap { Double($0) }
        // `{0, 0, 0, 0}` written some other way reads as zero too; `{5t ,5,5,5}` does not.
        let wellFormedZero =
            text.trimmingSpaces.hasPrefix("{") && text.trimmingSpaces.hasSuffix("}") && numbers.count == 4
            && numbers.allSatisfy { $0 == 0 }
        if wellFormedZero { return nil }
        var finding = ValueFinding(
            code: .malformedPadding,
            message: "padding \"\(text)\" is malformed: the runtime reads it as {0,0,0,0}",
            notes: ["Padding is \"{top,left,bottom,right}\" — four numbers in braces, UIEdgeInsets order."])
        if numbers.count == 4 {
            finding.replacement = "{" + numbers.map(JSONWriter.formatNumber).joined(separator: ",") + "}"
        }
        return finding
    }

    /// `{0,0,0,0}` and the like: what the runtime reads as four numbers, written with digits,
    /// dots, minus signs, commas, braces and spaces only (for these the general check below
    /// finds nothing either, so it is skipped).
    static func isPlainZeroPadding(_ text: String) -> Bool {
        let plain = text.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: " ")
        }
        guard plain, let first = text.utf8.first(where: { $0 != UInt8(ascii: " ") }), first == UInt8(ascii: "{") else { return false }
        return RuntimeReading.isWellFormedPadding(text)
    }

    /// The gravity words, prepared for "did you mean".
    static let gravitySuggestions = Suggestion.Candidates(gravityWords)
    static let gravityWords = Gravity.wordsInRuntimeOrder.map { $0.0 }
    static let gravityWordsNote = "Words: \(gravityWords.joined(separator: " ")); they are case-sensitive."

    /// Gravity and overlap strings (§5, §10): unknown parts are dropped, matching is by
    /// case-sensitive substring, and the first match wins.
    public static func gravity(_ text: String) -> ValueFinding? {
        if isExactAlignment(text) { return nil }
        for part in text.split(separator: "|", omittingEmptySubsequences: false) {
            if gravityWords.contains(String(part)) { continue }
            let bits = Gravity.partBits(part)
            if bits == 0 {
                var finding = ValueFinding(
                    code: .gravityWordDroppedOrMisread, message: "`\(part)` is not a gravity word: the runtime silently drops it", notes: [gravityWordsNote])
                if let suggestion = Suggestion.closest(to: String(part), among: gravitySuggestions) {
                    finding.message = "`\(part)` is not a gravity word (the runtime drops it); did you mean `\(suggestion)`?"
                    finding.replacement = text.replacingEvery(String(part), with: suggestion)
                }
                return finding
            }
            let read = Gravity.wordsInRuntimeOrder.first { $0.1 == bits }?.0 ?? ""
            return ValueFinding(
                code: .gravityWordDroppedOrMisread,
                message: "`\(part)` is read as `\(read)` (the runtime matches gravity words as substrings)")
        }
        return nil
    }
}
