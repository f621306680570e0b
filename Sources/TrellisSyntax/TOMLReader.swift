/// A hand-written reader of the TOML a project file uses (TOML 1.0 without dates, inline
/// tables and multi-line strings): comments, `[table]` and `[[array of tables]]` headers,
/// bare, quoted and dotted keys, basic and literal strings, integers, floats, booleans and
/// arrays. Anything else is one P001 at its place, and reading goes on at the next line, so
/// one mistake never hides the next. Any bytes give a document and diagnostics.
public enum TOMLReader {
    /// Deepest array nesting read (a project file needs one level).
    public static let maximumDepth = 16

    public static func read(_ source: SourceFile) -> TOMLDocument {
        var reader = TOMLReaderState(bytes: source.bytes)
        reader.readDocument()
        return reader.document
    }
}

struct TOMLReaderState {
    let bytes: [UInt8]
    var index = 0
    var document = TOMLDocument()

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark may open the file.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    var byte: UInt8? { index < bytes.count ? bytes[index] : nil }

    func byte(at position: Int) -> UInt8? { position >= 0 && position < bytes.count ? bytes[position] : nil }

    /// A P001 at `range`, kept inside the file (a range past its end points at its end).
    mutating func report(_ message: String, _ range: Range<Int>) {
        let inside = min(range.lowerBound, bytes.count)..<min(max(range.upperBound, range.lowerBound), bytes.count)
        document.diagnostics.append(Diagnostic(code: .projectFileSyntax, range: inside, message: message))
    }

    // MARK: lines

    mutating func readDocument() {
        while index < bytes.count {
            skipBlanks()
            guard let current = byte else { break }
            switch current {
            case UInt8(ascii: "\n"): index += 1
            case UInt8(ascii: "\r") where byte(at: index + 1) == UInt8(ascii: "\n"): index += 2
            case UInt8(ascii: "#"): skipComment()
            case UInt8(ascii: "["): readHeader()
            default: readEntry()
            }
        }
    }

    /// Spaces and tabs.
    mutating func skipBlanks() {
        while let current = byte, current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") { index += 1 }
    }

    mutating func skipComment() {
        while let current = byte, current != UInt8(ascii: "\n") { index += 1 }
    }

    /// After a header or an entry: blanks, a comment, then the end of the line; anything else
    /// is reported and skipped to the line's end.
    mutating func endLine() {
        skipBlanks()
        if byte == UInt8(ascii: "#") { skipComment() }
        if byte == UInt8(ascii: "\r"), byte(at: index + 1) == UInt8(ascii: "\n") { index += 1 }
        guard let current = byte, current != UInt8(ascii: "\n") else { return }
        let start = index
        skipToLineEnd()
        report("expected the end of the line, found `\(VisibleText.of(text(start..<index)))`", start..<index)
    }

    mutating func skipToLineEnd() {
        while let current = byte, current != UInt8(ascii: "\n") { index += 1 }
    }

    /// The bytes of the UTF-8 character that starts at `position` (one byte past the end for
    /// none), so that a message never quotes part of a character.
    func characterRange(at position: Int) -> Range<Int> {
        guard position < bytes.count else { return position..<position }
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80, end - position < 4 { end += 1 }
        return position..<end
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self)
    }

    // MARK: headers and entries

    mutating func readHeader() {
        let start = index
        let isArray = byte(at: index + 1) == UInt8(ascii: "[")
        index += isArray ? 2 : 1
        skipBlanks()
        guard let (name, _) = readKey() else {
            skipToLineEnd()
            document.headers.append(TOMLTableHeader(name: [], isArrayElement: isArray, range: start..<index, isBroken: true))
            return
        }
        skipBlanks()
        let closer: [UInt8] = isArray ? [UInt8(ascii: "]"), UInt8(ascii: "]")] : [UInt8(ascii: "]")]
        guard index + closer.count <= bytes.count, Array(bytes[index..<(index + closer.count)]) == closer else {
            let found = index
            skipToLineEnd()
            report("expected `\(isArray ? "]]" : "]")` to close the table header", found..<max(found, index))
            document.headers.append(TOMLTableHeader(name: name, isArrayElement: isArray, range: start..<index, isBroken: true))
            return
        }
        index += closer.count
        document.headers.append(TOMLTableHeader(name: name, isArrayElement: isArray, range: start..<index))
        endLine()
    }

    mutating func readEntry() {
        guard let (key, keyRange) = readKey() else {
            skipToLineEnd()
            return
        }
        skipBlanks()
        guard byte == UInt8(ascii: "=") else {
            let found = index
            skipToLineEnd()
            report("expected `=` after the key `\(key.joined(separator: "."))`", found..<max(found + 1, index))
            return
        }
        index += 1
        skipBlanks()
        guard let value = readValue(depth: 0) else {
            skipToLineEnd()
            return
        }
        document.entries.append(TOMLEntry(header: document.headers.indices.last, key: key, keyRange: keyRange, value: value))
        endLine()
    }

    /// A key: bare (`out-dir`), quoted (`"a b"`, `'a'`), or dotted parts of them; nil (and
    /// a diagnostic) when none is there.
    mutating func readKey() -> ([String], Range<Int>)? {
        let start = index
        var parts: [String] = []
        while true {
            skipBlanks()
            let partStart = index
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let part = readString() else { return nil }
                parts.append(part)
            } else {
                while let current = byte, Self.isBareKeyByte(current) { index += 1 }
                guard index > partStart else {
                    let character = characterRange(at: index)
                    let found = text(character)
                    report(
                        found.isEmpty || found == "\n" || found == "\r" ? "expected a key" : "expected a key, found `\(VisibleText.of(found))`",
                        character)
                    return nil
                }
                parts.append(text(partStart..<index))
            }
            let end = index
            skipBlanks()
            guard byte == UInt8(ascii: ".") else {
                index = end
                return (parts, start..<end)
            }
            index += 1
        }
    }

    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    // MARK: values

    mutating func readValue(depth: Int) -> TOMLValue? {
        let start = index
        guard let current = byte, current != UInt8(ascii: "\n"), current != UInt8(ascii: "\r"), current != UInt8(ascii: "#") else {
            report("expected a value", start..<start)
            return nil
        }
        switch current {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            guard let text = readString() else { return nil }
            return TOMLValue(.string(text), range: start..<index)
        case UInt8(ascii: "["):
            return readArray(depth: depth)
        case UInt8(ascii: "{"):
            report("inline tables are not read here: write the table as `[name]` with its keys below", start..<start + 1)
            return nil
        default:
            while let next = byte, !Self.endsScalar(next) { index += 1 }
            let word = text(start..<index)
            switch word {
            case "true": return TOMLValue(.bool(true), range: start..<index)
            case "false": return TOMLValue(.bool(false), range: start..<index)
            default: break
            }
            if let number = Self.number(word) { return TOMLValue(number, range: start..<index) }
            let range = word.isEmpty ? characterRange(at: start) : start..<index
            if let first = word.unicodeScalars.first, first.properties.numericType != nil || first == "+" || first == "-" || first == "." {
                report(
                    "`\(VisibleText.of(text(range)))` is not a TOML number: digits with `_` only between them, no leading zero, digits on both sides of a `.`, at most 64 bits",
                    range)
            } else {
                report("`\(VisibleText.of(text(range)))` is not a value: write a string in quotes, a number, true, false or an array", range)
            }
            return nil
        }
    }

    static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "#")
    }

    /// A TOML integer (`42`, `-1_000`, `0x1F`) or float (`1.5`, `1e3`, `inf`, `nan`), read
    /// by TOML's grammar: an underscore only between digits, no leading zero, a sign only on
    /// decimals, digits on both sides of a point. Nil for anything else (and for an integer
    /// past 64 bits).
    static func number(_ word: String) -> TOMLValue.Kind? {
        var characters = Array(word.utf8)[...]
        switch word {
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where word.hasPrefix(prefix) {
            let digits = characters.dropFirst(2)
            guard digitRun(digits, radix: radix) == digits.count else { return nil }
            return Int(String(decoding: digits.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self), radix: radix).map { .integer($0) }
        }
        var sign = ""
        if let first = characters.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            sign = first == UInt8(ascii: "-") ? "-" : ""
            characters = characters.dropFirst()
        }
        let whole = digitRun(characters, radix: 10)
        guard whole > 0 else { return nil }
        let wholeDigits = characters.prefix(whole)
        // No leading zero: `0` alone, or `0.5`, `0e1`.
        if wholeDigits.first == UInt8(ascii: "0"), whole > 1 { return nil }
        var rest = characters.dropFirst(whole)
        var isFloat = false
        if rest.first == UInt8(ascii: ".") {
            let fraction = digitRun(rest.dropFirst(), radix: 10)
            guard fraction > 0 else { return nil }
            rest = rest.dropFirst(1 + fraction)
            isFloat = true
        }
        if let letter = rest.first, letter == UInt8(ascii: "e") || letter == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if let first = rest.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            let exponent = digitRun(rest, radix: 10)
            guard exponent > 0 else { return nil }
            rest = rest.dropFirst(exponent)
            isFloat = true
        }
        guard rest.isEmpty else { return nil }
        let plain = sign + String(decoding: characters.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
        if isFloat { return Double(plain).map { .float($0) } }
        return Int(plain).map { .integer($0) }
    }

    /// How many bytes from the start are digits of `radix` with single underscores between
    /// them (0 when none; the run stops before an underscore that no digit follows).
    static func digitRun(_ bytes: ArraySlice<UInt8>, radix: Int) -> Int {
        func isDigit(_ byte: UInt8) -> Bool {
            switch radix {
            case 16: return isHexDigit(byte)
            case 8: return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "7")
            case 2: return byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1")
            default: return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            }
        }
        var count = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if isDigit(bytes[index]) {
                index += 1
                count = index - bytes.startIndex
            } else if bytes[index] == UInt8(ascii: "_"), count > 0, index + 1 < bytes.endIndex, isDigit(bytes[index + 1]) {
                index += 1
            } else {
                break
            }
        }
        return count
    }

    mutating func readArray(depth: Int) -> TOMLValue? {
        let start = index
        guard depth < TOMLReader.maximumDepth else {
            report("arrays nest deeper than \(TOMLReader.maximumDepth) levels", start..<start + 1)
            return nil
        }
        index += 1
        var elements: [TOMLValue] = []
        while true {
            skipArrayBlanks()
            guard let current = byte else {
                report("expected `]` to close the array", start..<start + 1)
                return nil
            }
            if current == UInt8(ascii: "]") {
                index += 1
                return TOMLValue(.array(elements), range: start..<index)
            }
            guard let element = readValue(depth: depth + 1) else { return nil }
            elements.append(element)
            skipArrayBlanks()
            if byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "]") else {
                if byte == nil {
                    report("expected `]` to close the array", start..<start + 1)
                } else {
                    report("expected `,` or `]` in the array", characterRange(at: index))
                }
                return nil
            }
        }
    }

    /// Inside an array: blanks, line breaks and comments.
    mutating func skipArrayBlanks() {
        while let current = byte {
            switch current {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            case UInt8(ascii: "#"): skipComment()
            default: return
            }
        }
    }

    /// A basic (`"…"`, with escapes) or literal (`'…'`) string on one line; nil (and a
    /// diagnostic) for a string that does not close, or a multi-line one.
    mutating func readString() -> String? {
        let start = index
        guard let quote = byte else { return nil }
        if byte(at: index + 1) == quote, byte(at: index + 2) == quote {
            report("multi-line strings are not read here: write the value on one line", start..<start + 3)
            return nil
        }
        index += 1
        var scalars: [UInt8] = []
        while let current = byte {
            if current == quote {
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            }
            if current == UInt8(ascii: "\n") { break }
            if current == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                guard let escaped = readEscape() else { return nil }
                scalars.append(contentsOf: escaped)
                continue
            }
            scalars.append(current)
            index += 1
        }
        report("a string must close on its line", start..<index)
        return nil
    }

    /// An escape after `\`: its UTF-8 bytes, or nil (and a diagnostic at the escape, whole
    /// characters only).
    mutating func readEscape() -> [UInt8]? {
        let start = index
        index += 1
        guard let letter = byte, letter != UInt8(ascii: "\n") else {
            report("an escape must name a character", start..<index)
            return nil
        }
        index = characterRange(at: index).upperBound
        switch letter {
        case UInt8(ascii: "\""): return [UInt8(ascii: "\"")]
        case UInt8(ascii: "\\"): return [UInt8(ascii: "\\")]
        case UInt8(ascii: "n"): return [UInt8(ascii: "\n")]
        case UInt8(ascii: "t"): return [UInt8(ascii: "\t")]
        case UInt8(ascii: "r"): return [UInt8(ascii: "\r")]
        case UInt8(ascii: "b"): return [8]
        case UInt8(ascii: "f"): return [12]
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = letter == UInt8(ascii: "u") ? 4 : 8
            let digitsStart = index
            while index - digitsStart < count, let digit = byte, Self.isHexDigit(digit) { index += 1 }
            guard index - digitsStart == count, let value = UInt32(text(digitsStart..<index), radix: 16), let scalar = Unicode.Scalar(value) else {
                report("`\\\(letter == UInt8(ascii: "u") ? "u" : "U")` takes \(count) hex digits of a Unicode scalar", start..<index)
                return nil
            }
            return Array(String(Character(scalar)).utf8)
        default:
            report("`\(VisibleText.of(text(start..<index)))` is not an escape TOML knows", start..<index)
            return nil
        }
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }
}
