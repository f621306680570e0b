/// Splits Trellis source bytes into tokens (trivia included) in one linear pass.
/// Never fails: bytes that start no token become `.error` tokens with a diagnostic.
public enum Lexer {
    /// The tokens (trivia included, ending with `.eof`) and the lexer's diagnostics.
    public struct Output: Sendable {
        public var tokens: [Token]
        public var diagnostics: [Diagnostic]
    }

    public static func tokenize(_ bytes: [UInt8]) -> Output { tokenize(bytes, maximumBytes: Parser.maximumBytes) }

    /// The bytes the lexer reads: the source's storage, read without bounds checks, since
    /// every read is guarded by the scanner's own `index < count`.
    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// Past `maximumBytes` (tests lower it) the input is not read: one S009 and an empty
    /// token list, since token offsets are 32-bit.
    static func tokenize(_ bytes: [UInt8], maximumBytes: Int) -> Output {
        guard bytes.count <= maximumBytes else {
            let diagnostic = Diagnostic(
                code: .fileTooLarge, range: 0..<0,
                message: "the file holds \(bytes.count) bytes; Trellis reads files of at most \(maximumBytes) bytes")
            return Output(tokens: [Token(kind: .eof, start: 0, end: 0)], diagnostics: [diagnostic])
        }
        var diagnostics: [Diagnostic] = []
        // Typical Trellis has a token every two bytes or more (a space, a word, a bracket).
        // Tokens are written straight into the array's storage; when the estimate is short,
        // the tokens so far move to an array twice as large and scanning goes on.
        var capacity = bytes.count / 2 + 16
        var tokens: [Token] = []
        var resume = 0
        var finished = false
        // SAFETY: `input` does not escape the closure; `scan` reads it only below `input.count`.
        bytes.withUnsafeBufferPointer { input in
            while !finished {
                let scanned = tokens
                // SAFETY: `buffer` holds `capacity` tokens, more than the `scanned` tokens copied in (they filled a smaller one),
                // and `scan` writes only below `buffer.count`; `initialized` counts every token written.
                tokens = [Token](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                    HugePages.advise(buffer)
                    initialized = scanned.isEmpty ? 0 : buffer.initialize(fromContentsOf: scanned)
                    finished = scan(input, from: &resume, into: buffer, count: &initialized, diagnostics: &diagnostics)
                }
                capacity = capacity * 2 + 16
            }
        }
        if tokens.capacity - tokens.count > tokens.count / 4 + 64 {
            // Fewer tokens than estimated (long comments, strings): the tree keeps the array
            // for the file's lifetime, so it is kept at its exact size.
            // SAFETY: the array has room for exactly `tokens.count` tokens, all initialized from `tokens`.
            tokens = [Token](unsafeUninitializedCapacity: tokens.count) { buffer, initialized in
                initialized = buffer.initialize(fromContentsOf: tokens)
            }
        }
        return Output(tokens: tokens, diagnostics: diagnostics)
    }

    /// Scans tokens from byte `index` into `buffer` after its first `count`, until the input
    /// ends (then the end-of-file token is written) or the buffer is full but one slot.
    /// Returns whether it reached the end.
    /// SAFETY: callers pass `index >= 0` and the tokens already in `buffer` as `count`. Bytes are read below `bytes.count`
    /// only (the first three when it is at least 3); tokens are written at `written < buffer.count - 1`, the end-of-file
    /// token at `written < buffer.count`.
    static func scan(
        _ bytes: Bytes, from index: inout Int, into buffer: UnsafeMutableBufferPointer<Token>,
        count written: inout Int, diagnostics: inout [Diagnostic]
    ) -> Bool {
        let byteCount = bytes.count
        let room = buffer.count - 1
        if index == 0, byteCount >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF, written < room {
            buffer.initializeElement(at: written, to: Token(kind: .byteOrderMark, start: 0, end: 3))
            written += 1
            index = 3
        }

        @inline(__always) func at(_ position: Int) -> UInt8 {
            position < byteCount ? bytes[position] : 0
        }

        while index < byteCount, written < room {
            let start = index
            let byte = bytes[index]
            let kind: TokenKind
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                index += 1
                while index < byteCount, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                    index += 1
                }
                kind = .whitespace
            case UInt8(ascii: "\n"):
                index += 1
                kind = .newline
            case UInt8(ascii: "\r"):
                index += at(index + 1) == UInt8(ascii: "\n") ? 2 : 1
                kind = .newline
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                while index < byteCount, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                    index += 1
                }
                kind = .comment
            case UInt8(ascii: "\""):
                index += 1
                var terminated = false
                while index < byteCount {
                    let current = bytes[index]
                    if current == UInt8(ascii: "\"") {
                        index += 1
                        terminated = true
                        break
                    }
                    if current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r") { break }
                    if current == UInt8(ascii: "\\"), index + 1 < byteCount,
                        bytes[index + 1] != UInt8(ascii: "\n"), bytes[index + 1] != UInt8(ascii: "\r")
                    {
                        index += 2
                        continue
                    }
                    index += 1
                }
                kind = terminated ? .string : .unterminatedString
                if !terminated {
                    diagnostics.append(
                        Diagnostic(
                            code: .unterminatedString, range: start..<index,
                            message: "unterminated string: expected a closing `\"` before the end of the line",
                            fixIts: [FixIt(message: "close the string", edits: [TextEdit(range: index..<index, replacement: "\"")])]))
                }
            case UInt8(ascii: "#"):
                index += 1
                while index < byteCount, isIdentifierContinue(bytes[index]) { index += 1 }
                kind = .color
            case UInt8(ascii: "{"):
                index += 1
                kind = .lBrace
            case UInt8(ascii: "}"):
                index += 1
                kind = .rBrace
            case UInt8(ascii: "("):
                index += 1
                kind = .lParen
            case UInt8(ascii: ")"):
                index += 1
                kind = .rParen
            case UInt8(ascii: "["):
                index += 1
                kind = .lBracket
            case UInt8(ascii: "]"):
                index += 1
                kind = .rBracket
            case UInt8(ascii: "|"):
                index += 1
                kind = .pipe
            case UInt8(ascii: ";"):
                index += 1
                kind = .semicolon
            case UInt8(ascii: ","):
                index += 1
                kind = .comma
            case UInt8(ascii: ":"):
                index += 1
                kind = .colon
            case UInt8(ascii: "*"):
                index += 1
                kind = .star
            case UInt8(ascii: "@"):
                index += 1
                kind = .at
            case UInt8(ascii: "="):
                index += 1
                kind = .equals
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
                if let end = scanNumber(bytes, from: index) {
                    index = end
                    kind = numberSuffix(bytes, &index)
                } else {
                    index += 1
                    kind = .error
                    diagnostics.append(unexpected(bytes, start..<index))
                }
            default:
                if isIdentifierStart(byte) {
                    index = scanIdentifier(bytes, from: index)
                    kind = keyword(bytes, start, index)
                } else if let (scalar, length) = SourceFile.decodeScalar(bytes, at: index), scalar.properties.isXIDStart {
                    // Names may be any Unicode identifier (`layout 首页`): UAX #31.
                    index = scanIdentifier(bytes, from: index, firstLength: length)
                    kind = .identifier
                } else {
                    index += SourceFile.sequenceLength(byte)
                    // Group a run of unknown characters into one token and one diagnostic.
                    while index < byteCount {
                        let next = bytes[index]
                        if next < 0x80 { break }
                        index += SourceFile.sequenceLength(next)
                    }
                    index = min(index, byteCount)
                    kind = .error
                    diagnostics.append(unexpected(bytes, start..<index))
                }
            }
            buffer.initializeElement(at: written, to: Token(kind: kind, start: start, end: index))
            written += 1
        }
        guard index >= byteCount, written < buffer.count else { return false }
        buffer.initializeElement(at: written, to: Token(kind: .eof, start: byteCount, end: byteCount))
        written += 1
        return true
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    @inline(__always) static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    @inline(__always) static func isIdentifierContinue(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }

    /// `[A-Za-z_][A-Za-z0-9_]*` joined by single hyphens (`action-data`, `top-borderline`,
    /// `card-1`);
    /// beyond ASCII, Unicode identifier characters (XID_Start, XID_Continue).
    /// SAFETY: callers pass `start >= 0` and `start + firstLength <= bytes.count`; each read is at an index checked below
    /// `count` first (`decodeScalar` checks its own), and the index returned is at most `count`.
    @inline(__always)
    static func scanIdentifier(_ bytes: Bytes, from start: Int, firstLength: Int = 1) -> Int {
        var index = start + firstLength
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if isIdentifierContinue(byte) {
                index += 1
            } else if byte >= 0x80, let (scalar, length) = SourceFile.decodeScalar(bytes, at: index), scalar.properties.isXIDContinue {
                index += length
            } else if byte == UInt8(ascii: "-"), index + 1 < count, nameGoesOn(afterHyphenAt: index, in: bytes, from: start) {
                // The character after the hyphen is read by the next turn of the loop.
                index += 1
            } else {
                break
            }
        }
        return index
    }

    /// Whether the name that starts at `start` goes on past the hyphen at `hyphen`: a letter,
    /// a digit or a Unicode identifier character follows, and not a digit after a keyword or
    /// a borderline field (kept out of line: names seldom hold hyphens).
    /// SAFETY: callers pass `0 <= start <= hyphen < bytes.count`; `bytes[hyphen + 1]` is read only once `continuesName`
    /// has found it inside.
    @inline(never)
    static func nameGoesOn(afterHyphenAt hyphen: Int, in bytes: Bytes, from start: Int) -> Bool {
        continuesName(bytes, at: hyphen + 1) && !(isDigit(bytes[hyphen + 1]) && isReservedWord(bytes, start, hyphen))
    }

    /// Whether `bytes[start..<end]` is a keyword or a borderline's field name, which a number
    /// may follow without a space: `rows-50% | fill`, `offset-2` (not the names `rows-50`,
    /// `offset-2`).
    /// SAFETY: callers pass `start >= 0` and `end <= bytes.count`; a field is compared only when it is `end - start` bytes
    /// long, so every byte read is in `start..<end`.
    static func isReservedWord(_ bytes: Bytes, _ start: Int, _ end: Int) -> Bool {
        if keyword(bytes, start, end) != .identifier { return true }
        return GridSchema.borderlineFields.contains { field in
            field.utf8.count == end - start && field.utf8.enumerated().allSatisfy { bytes[start + $0.offset] == $0.element }
        }
    }

    /// Whether a name goes on at `index` after a hyphen: a letter, a digit or `_`, or a
    /// Unicode XID_Continue character (`card-1`, `a-é`: names read as a person reads them).
    /// SAFETY: callers pass `index >= 0`; `index < bytes.count` is checked before the first read.
    static func continuesName(_ bytes: Bytes, at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        if isIdentifierContinue(bytes[index]) { return true }
        guard bytes[index] >= 0x80, let (scalar, _) = SourceFile.decodeScalar(bytes, at: index) else { return false }
        return scalar.properties.isXIDContinue
    }

    /// `-?(digits)(.digits)?([eE][+-]?digits)?`, or nil when no digit follows.
    /// SAFETY: callers pass `0 <= start < bytes.count` (the byte at `start` is read unchecked); every later read checks its
    /// index against `count` first.
    @inline(__always)
    static func scanNumber(_ bytes: Bytes, from start: Int) -> Int? {
        var index = start
        let count = bytes.count
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        while index < count, isDigit(bytes[index]) { index += 1 }
        var digits = index - integerStart
        if index < count, bytes[index] == UInt8(ascii: "."), index + 1 < count, isDigit(bytes[index + 1]) {
            index += 1
            while index < count, isDigit(bytes[index]) { index += 1 }
            digits += 1
        }
        guard digits > 0 else { return nil }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var probe = index + 1
            if probe < count, bytes[probe] == UInt8(ascii: "+") || bytes[probe] == UInt8(ascii: "-") { probe += 1 }
            if probe < count, isDigit(bytes[probe]) {
                index = probe
                while index < count, isDigit(bytes[index]) { index += 1 }
            }
        }
        return index
    }

    /// After a number: `%`, `/digits`, or `x(digits|wrap)(@digits x)?` extend it.
    /// SAFETY: callers pass `index >= 0`; `index < count` is checked at entry, and every later read checks its index
    /// against `count` first (`ByteSearch.spells` checks its own bounds; `scanNumber` is called below `count`).
    @inline(__always)
    static func numberSuffix(_ bytes: Bytes, _ index: inout Int) -> TokenKind {
        let count = bytes.count
        guard index < count else { return .number }
        switch bytes[index] {
        case UInt8(ascii: "%"):
            index += 1
            return .percent
        case UInt8(ascii: "/") where index + 1 < count && isDigit(bytes[index + 1]):
            if let end = scanNumber(bytes, from: index + 1) { index = end }
            return .ratio
        case UInt8(ascii: "x") where index + 1 < count:
            var probe = index + 1
            if isDigit(bytes[probe]), let end = scanNumber(bytes, from: probe) {
                probe = end
            } else if ByteSearch.spells("wrap", in: bytes, at: probe) {
                probe += 4
            } else {
                return .number
            }
            if probe + 2 < count, bytes[probe] == UInt8(ascii: "@"), isDigit(bytes[probe + 1]),
                let end = scanNumber(bytes, from: probe + 1), end < count, bytes[end] == UInt8(ascii: "x")
            {
                probe = end + 1
            }
            if probe < count, isIdentifierContinue(bytes[probe]) { return .number }
            index = probe
            return .dimension
        default:
            return .number
        }
    }

    // SAFETY: no precondition: `0 <= start < end <= bytes.count` is checked before `bytes[start]` is read, and
    // `ByteSearch.spells` checks its own bounds.
    @inline(__always)
    static func keyword(_ bytes: Bytes, _ start: Int, _ end: Int) -> TokenKind {
        let length = end - start
        @inline(__always) func equal(_ word: StaticString) -> Bool {
            word.utf8CodeUnitCount == length && ByteSearch.spells(word, in: bytes, at: start)
        }
        guard length >= 1, start >= 0, end <= bytes.count else { return .identifier }
        // The first byte picks the one keyword worth comparing.
        switch (length, bytes[start]) {
        case (1, UInt8(ascii: "_")): return .underscore
        case (3, UInt8(ascii: "r")): return equal("rtl") ? .kwRtl : .identifier
        case (3, UInt8(ascii: "u")): return equal("use") ? .kwUse : .identifier
        case (4, UInt8(ascii: "r")): return equal("rows") ? .kwRows : .identifier
        case (4, UInt8(ascii: "c")): return equal("cols") ? .kwCols : .identifier
        case (4, UInt8(ascii: "f")): return equal("fill") ? .kwFill : .identifier
        case (4, UInt8(ascii: "w")): return equal("wrap") ? .kwWrap : .identifier
        case (6, UInt8(ascii: "t")): return equal("target") ? .kwTarget : .identifier
        case (6, UInt8(ascii: "l")): return equal("layout") ? .kwLayout : .identifier
        case (7, UInt8(ascii: "p")): return equal("preview") ? .kwPreview : .identifier
        case (8, UInt8(ascii: "t")): return equal("template") ? .kwTemplate : .identifier
        default: return .identifier
        }
    }

    // SAFETY: callers pass a range inside `bytes`: a token's, from its start to at most `bytes.count`.
    static func unexpected(_ bytes: Bytes, _ range: Range<Int>) -> Diagnostic {
        // SAFETY: `range` lies inside `bytes` (the callers' precondition above).
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        var fixIts: [FixIt] = []
        var message = "unexpected character `\(VisibleText.of(text))`"
        if let ascii = FullWidth.asciiEquivalent(of: text) {
            message = "full-width `\(text)` (typed with a CJK input method) where `\(ascii)` was meant"
            fixIts.append(FixIt(message: "replace with `\(ascii)`", edits: [TextEdit(range: range, replacement: ascii)]))
        } else if text == "-" {
            message = "unexpected `-`: a negative size is written `-50%`, `-1/3` or `-0.5`"
        }
        return Diagnostic(code: .unexpectedCharacter, range: range, message: message, fixIts: fixIts)
    }
}

/// Full-width punctuation that CJK input methods type in place of ASCII.
public enum FullWidth {
    public static let pairs: [(String, String)] = [
        ("，", ","), ("：", ":"), ("；", ";"), ("｜", "|"), ("（", "("), ("）", ")"),
        ("｛", "{"), ("｝", "}"), ("［", "["), ("］", "]"), ("“", "\""), ("”", "\""),
        ("＃", "#"), ("％", "%"), ("＊", "*"), ("　", " "), ("－", "-"), ("．", "."),
    ]

    /// The ASCII text a run of full-width punctuation stands for, or nil.
    public static func asciiEquivalent(of text: String) -> String? {
        var result = ""
        for character in text {
            guard let pair = pairs.first(where: { $0.0 == String(character) }) else { return nil }
            result += pair.1
        }
        return result.isEmpty ? nil : result
    }
}
