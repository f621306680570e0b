import TrellisSyntax

/// The result of reading a JSON file tolerantly.
public struct JSONReadResult: Sendable {
    /// The recovered value; nil only when the input holds no value at all.
    public var root: JSONNode?
    public var diagnostics: [Diagnostic]
    /// Whether some object of `root` has a `space` key, and whether one has a `spacing` key
    /// (what `LoadedFile.detectDialect` looks for), noted while reading.
    public var hasSpaceKey = false
    public var hasSpacingKey = false
    /// What the errors left out of `root`, each where its error is.
    package var losses: [JSONReader.LossAt] = []

    /// True when Foundation's `JSONSerialization` would accept the file (only portability
    /// warnings were found), so the app gets a layout.
    public var runtimeAccepts: Bool { root != nil && !diagnostics.hasErrors }
}

/// A tolerant, hand-written JSON reader on bytes. It reads what `JSONSerialization`
/// reads, and recovers from the mistakes people make in hand-written grid dictionaries
/// (trailing commas, a missing colon, full-width punctuation, stray or missing brackets,
/// raw line breaks in strings, comments, duplicate keys), reporting each once with a fix-it.
public enum JSONReader {
    public static let maximumDepth = 512
    /// Largest file the reader reads (entry offsets are 32-bit); beyond it, one J013.
    public static let maximumBytes = Int(clamping: UInt32.max) - 1

    public static func read(_ source: SourceFile) -> JSONReadResult { read(source, maximumBytes: maximumBytes) }

    /// What a reading error left out of the value read.
    package enum Loss: Equatable {
        /// A key without a value, read as null (the key as written, quoted).
        case missingValue(key: String)
        /// Text the reader skipped over.
        case skipped
    }

    /// A ``Loss`` and the range of the error that caused it.
    package struct LossAt: Equatable, Sendable {
        package var range: Range<Int>
        package var loss: Loss
    }

    /// `maximumBytes` is lowered by tests.
    static func read(_ source: SourceFile, maximumBytes: Int) -> JSONReadResult {
        guard source.bytes.count <= maximumBytes else {
            let message = "the file holds \(source.bytes.count) bytes; Trellis reads files of at most \(maximumBytes) bytes"
            return JSONReadResult(root: nil, diagnostics: [Diagnostic(code: .jsonFileTooLarge, range: 0..<0, message: message)])
        }
        var reader = JSONReaderState(bytes: source.bytes)
        return reader.readDocument()
    }

    /// Reads JSON this program wrote from a grid tree: as deep as the deepest tree the lowering
    /// builds (an object and an array a level), which is past what a file may nest.
    package static func readWritten(_ bytes: [UInt8]) -> JSONReadResult {
        var reader = JSONReaderState(bytes: bytes)
        reader.maximumDepth = 2 * Lowering.maximumDepth + 2
        let result = reader.readDocument()
        // A repeated key (a raw member that replaces one) is a warning; nothing is an error.
        assert(!result.diagnostics.hasErrors, "the JSON written from a grid reads back with errors: \(result.diagnostics)")
        return result
    }

    public static func read(_ text: String) -> JSONReadResult {
        read(SourceFile(name: "<string>", text: text))
    }

    static let rejectedNote = "Foundation's JSONSerialization rejects the file: the app gets no layout at all"
}

struct JSONReaderState {
    let bytes: [UInt8]
    /// Deepest value read; deeper ones are J010.
    var maximumDepth = JSONReader.maximumDepth
    var index = 0
    var diagnostics: [Diagnostic] = []
    var losses: [JSONReader.LossAt] = []
    /// Closing brackets of the containers being read, innermost last.
    var closers: [UInt8] = []
    var reportedEnd = false
    /// The values read so far, in written order (see ``JSONSyntax``).
    var entries: [JSONSyntax.Entry] = []
    var numbers: [Double] = []
    var decoded: [Int: String] = [:]
    var keysElsewhere: [Int: Range<UInt32>] = [:]
    /// The keys of the objects being read, innermost last (for duplicate keys).
    var keyStack: [(key: String, range: Range<Int>)] = []
    var sawSpaceKey = false
    var sawSpacingKey = false

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // Pretty-printed grid dictionaries hold a value every 20 bytes or more; untouched room
        // costs no memory.
        entries.reserveCapacity(bytes.count / 16 + 4)
    }

    /// A reader of part of `bytes`, with room for `capacity` values.
    init(bytes: [UInt8], reserving capacity: Int) {
        self.bytes = bytes
        entries.reserveCapacity(max(capacity, 4))
    }

    var atEnd: Bool { index >= bytes.count }
    var byte: UInt8 { index < bytes.count ? bytes[index] : 0 }

    func byte(at position: Int) -> UInt8 { position < bytes.count ? bytes[position] : 0 }

    mutating func report(
        _ code: DiagnosticCode, _ message: String, _ range: Range<Int>, loss: JSONReader.Loss? = nil,
        fix: FixIt? = nil, labels: [DiagnosticLabel] = []
    ) {
        report(code, code.severity, message, range, fix: fix, labels: labels)
        // Skipping nothing loses nothing.
        if let loss, loss != .skipped || !range.isEmpty { losses.append(JSONReader.LossAt(range: range, loss: loss)) }
    }

    mutating func report(
        _ code: DiagnosticCode, _ severity: Severity, _ message: String, _ range: Range<Int>,
        fix: FixIt? = nil, labels: [DiagnosticLabel] = []
    ) {
        // Said once, on the first error: every error has the same consequence.
        let notes = severity == .error && !diagnostics.contains(where: { $0.severity == .error }) ? [JSONReader.rejectedNote] : []
        diagnostics.append(
            Diagnostic(
                code: code, severity: severity, range: range, message: message,
                labels: labels, notes: notes, fixIts: fix.map { [$0] } ?? []))
    }

    /// Objects with more members than this index their keys to find duplicates.
    static let keyIndexThreshold = 16

    /// A 3-byte UTF-8 sequence, compared without touching an array.
    struct Triple {
        let first: UInt8, second: UInt8, third: UInt8
        init(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
            self.first = first
            self.second = second
            self.third = third
        }
    }

    // Full-width punctuation and the byte order mark.
    static let fullWidthComma = Triple(0xEF, 0xBC, 0x8C)
    static let fullWidthColon = Triple(0xEF, 0xBC, 0x9A)
    static let leftQuote = Triple(0xE2, 0x80, 0x9C)
    static let rightQuote = Triple(0xE2, 0x80, 0x9D)
    static let ideographicSpace = Triple(0xE3, 0x80, 0x80)
    static let byteOrderMark = Triple(0xEF, 0xBB, 0xBF)

    func looking(at sequence: Triple) -> Bool {
        guard index + 3 <= bytes.count, bytes[index] == sequence.first else { return false }
        return bytes[index + 1] == sequence.second && bytes[index + 2] == sequence.third
    }

    mutating func readDocument() -> JSONReadResult {
        if looking(at: Self.byteOrderMark) { index = 3 }
        skipSpace()
        if atEnd {
            report(.notJSON, "the file holds no JSON value", index..<index)
            return JSONReadResult(root: nil, diagnostics: diagnostics)
        }
        readValue(depth: 0)
        skipSpace()
        if !atEnd {
            let start = index
            report(
                .notJSON, "unexpected text after the end of the JSON value", start..<bytes.count, loss: .skipped,
                fix: FixIt(message: "remove the text after the value", edits: [TextEdit(range: start..<bytes.count, replacement: "")], isSafe: false))
        }
        let syntax = JSONSyntax(bytes: bytes, entries: entries, numbers: numbers, decoded: decoded, keysElsewhere: keysElsewhere)
        return JSONReadResult(root: JSONNode(syntax, 0), diagnostics: diagnostics, hasSpaceKey: sawSpaceKey, hasSpacingKey: sawSpacingKey, losses: losses)
    }

    /// Skips whitespace; reports (once per comment) and skips comments and ideographic spaces.
    @inline(__always)
    mutating func skipSpace() {
        // Most calls stand on the next token already.
        if index < bytes.count {
            let current = bytes[index]
            if current > 0x20, current != UInt8(ascii: "/"), current != 0xE3 { return }
        }
        skipSpaceRun()
    }

    mutating func skipSpaceRun() {
        // Whitespace first, in a tight loop: pretty-printed files are mostly indentation.
        // Only a `/` or the first byte of `　` can start anything else to skip.
        let start = index
        // SAFETY: `buffer` stays in the closure; `probe` starts at `index` (never negative) and each read is checked below its count.
        index = bytes.withUnsafeBufferPointer { buffer in
            var probe = start
            guard let base = UnsafeRawPointer(buffer.baseAddress) else { return probe }
            while probe < buffer.count {
                // Eight spaces at a time through runs of indentation.
                // SAFETY: `probe + 8 <= buffer.count`, so the eight bytes loaded lie inside the buffer.
                while probe + 8 <= buffer.count, base.loadUnaligned(fromByteOffset: probe, as: UInt64.self) == 0x2020_2020_2020_2020 { probe += 8 }
                guard probe < buffer.count else { break }
                let current = buffer[probe]
                guard current == 0x20 || current == 0x0A || current == 0x0D || current == 0x09 else { break }
                probe += 1
            }
            return probe
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "/") || bytes[index] == 0xE3 else { return }
        while !atEnd {
            let current = byte
            if current == 0x20 || current == 0x0A || current == 0x0D || current == 0x09 {
                index += 1
            } else if current == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: "/") {
                let start = index
                while !atEnd, byte != 0x0A, byte != 0x0D { index += 1 }
                report(
                    .commentInJSON, "comments are not JSON", start..<index,
                    fix: FixIt(message: "remove the comment", edits: [TextEdit(range: start..<index, replacement: "")]))
            } else if current == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: "*") {
                let start = index
                index += 2
                while !atEnd, !(byte == UInt8(ascii: "*") && byte(at: index + 1) == UInt8(ascii: "/")) { index += 1 }
                index = min(bytes.count, index + 2)
                report(
                    .commentInJSON, "comments are not JSON", start..<index,
                    fix: FixIt(message: "remove the comment", edits: [TextEdit(range: start..<index, replacement: "")]))
            } else if looking(at: Self.ideographicSpace) {
                let start = index
                index += 3
                report(
                    .fullWidthPunctuation, "full-width space `　` (typed with a CJK input method)", start..<index,
                    fix: FixIt(message: "replace with a space", edits: [TextEdit(range: start..<index, replacement: " ")]))
            } else {
                return
            }
        }
    }

    /// Appends the entry of one value (a container's members or elements follow it).
    mutating func append(_ kind: JSONSyntax.Kind, _ range: Range<Int>, payload: UInt32 = 0) {
        entries.append(JSONSyntax.Entry(kind: kind, range: range, payload: payload))
    }

    /// Whether `bytes[range]` spells `word`.
    func spells(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        // SAFETY: the literal's bytes are iterated, not indexed; `bytes` is an array (checked).
        return word.withUTF8Buffer { letters in
            for (offset, letter) in letters.enumerated() where bytes[range.lowerBound + offset] != letter { return false }
            return true
        }
    }

    mutating func readValue(depth: Int) {
        if depth > maximumDepth {
            let start = index
            skipBalanced()
            report(.jsonNestingTooDeep, "JSON nests deeper than \(maximumDepth) levels; this value is not read", start..<index)
            return append(.invalid, start..<index)
        }
        let start = index
        switch byte {
        case UInt8(ascii: "{"): return readObject(depth: depth)
        case UInt8(ascii: "["): return readArray(depth: depth)
        case UInt8(ascii: "\""): return readString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return readNumber()
        default:
            if looking(at: Self.leftQuote) || looking(at: Self.rightQuote) { return readString() }
            if isWordByte(byte) {
                while !atEnd, isWordByte(byte) { index += 1 }
                if spells(start..<index, "true") { return append(.bool, start..<index, payload: 1) }
                if spells(start..<index, "false") { return append(.bool, start..<index) }
                if spells(start..<index, "null") { return append(.null, start..<index) }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                var fix: FixIt?
                switch word.lowercased() {
                case "true", "yes": fix = FixIt(message: "write `true`", edits: [TextEdit(range: start..<index, replacement: "true")])
                case "false", "no": fix = FixIt(message: "write `false`", edits: [TextEdit(range: start..<index, replacement: "false")])
                default: fix = FixIt(message: "quote it as a string", edits: [TextEdit(range: start..<index, replacement: "\"\(word)\"")], isSafe: false)
                }
                report(
                    .notJSON, "`\(word)` is not a JSON value: expected a string, a number, `true`, `false`, `null`, an object or an array", start..<index,
                    fix: fix)
                return append(.invalid, start..<index)
            }
            if atEnd {
                report(.fileEndsEarly, "the file ends where a value was expected", index..<index)
            } else {
                index += SourceFile.sequenceLength(byte)
                index = min(index, bytes.count)
                report(.notJSON, "expected a JSON value, found `\(String(decoding: bytes[start..<index], as: UTF8.self))`", start..<index, loss: .skipped)
            }
            return append(.invalid, start..<index)
        }
    }

    func isWordByte(_ value: UInt8) -> Bool {
        (value >= UInt8(ascii: "a") && value <= UInt8(ascii: "z")) || (value >= UInt8(ascii: "A") && value <= UInt8(ascii: "Z"))
            || value == UInt8(ascii: "_") || (value >= UInt8(ascii: "0") && value <= UInt8(ascii: "9"))
    }

    /// Skips one value without reading it (used past the depth limit).
    mutating func skipBalanced() {
        var depth = 0
        var inString = false
        while !atEnd {
            let current = byte
            index += 1
            if inString {
                if current == UInt8(ascii: "\\") { index += 1 } else if current == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch current {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { return }
            default: if depth == 0 { return }
            }
        }
        index = min(index, bytes.count)
    }

    /// What follows a member or element: another one (`next`), or the end of the
    /// container (`done`, its closer consumed).
    enum SeparatorOutcome { case next, done }

    mutating func readObject(depth: Int) {
        let start = index
        let objectIndex = entries.count
        append(.object, start..<start)
        index += 1
        closers.append(UInt8(ascii: "}"))
        defer { closers.removeLast() }
        let base = keyStack.count
        /// Built once an object is large; small objects are searched member by member.
        var seenKeys: [String: Range<Int>] = [:]
        while true {
            skipSpace()
            if atEnd {
                reportUnclosed(openedAt: start)
                break
            }
            if byte == UInt8(ascii: "}") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "]") {
                if handleWrongCloser(expected: UInt8(ascii: "}"), openedAt: start) { break } else { continue }
            }
            // key
            let key: String
            let keyRange: Range<Int>
            var spelling: UInt8 = 0
            var keyIsDecoded = false
            if byte == UInt8(ascii: "\""), let end = plainStringEnd(from: index + 1), let number = GridSchema.spellingNumber(bytes, (index + 1)..<end) {
                // A key of the schema: its String is shared, not built again.
                key = GridSchema.jsonSpellings[number].text
                spelling = UInt8(number + 1)
                keyRange = index..<(end + 1)
                index = end + 1
            } else if byte == UInt8(ascii: "\"") || looking(at: Self.leftQuote) || looking(at: Self.rightQuote) {
                let scanned = scanString()
                keyRange = scanned.range
                keyIsDecoded = scanned.decoded != nil
                key = scanned.decoded ?? String(decoding: bytes[(keyRange.lowerBound + 1)..<(keyRange.upperBound - 1)], as: UTF8.self)
            } else if isWordByte(byte) {
                let keyStart = index
                while !atEnd, isWordByte(byte) || byte == UInt8(ascii: "-") { index += 1 }
                let word = String(decoding: bytes[keyStart..<index], as: UTF8.self)
                report(
                    .notJSON, "object keys must be strings in double quotes", keyStart..<index,
                    fix: FixIt(message: "quote the key", edits: [TextEdit(range: keyStart..<index, replacement: "\"\(word)\"")]))
                key = word
                keyRange = keyStart..<index
                keyIsDecoded = true
            } else if byte == UInt8(ascii: ",") {
                let commaStart = index
                index += 1
                report(
                    .notJSON, "unexpected `,`: expected a key", commaStart..<index, loss: .skipped,
                    fix: FixIt(message: "remove the extra comma", edits: [TextEdit(range: commaStart..<index, replacement: "")]))
                continue
            } else {
                let junkStart = index
                index = min(bytes.count, index + SourceFile.sequenceLength(byte))
                report(
                    .notJSON, "expected a key in double quotes or `}`, found `\(String(decoding: bytes[junkStart..<index], as: UTF8.self))`", junkStart..<index,
                    loss: .skipped)
                continue
            }
            skipSpace()
            if byte == UInt8(ascii: ":") {
                index += 1
            } else if looking(at: Self.fullWidthColon) {
                report(
                    .fullWidthPunctuation, "full-width colon `：` (typed with a CJK input method) where `:` was meant", index..<index + 3,
                    fix: FixIt(message: "replace with `:`", edits: [TextEdit(range: index..<index + 3, replacement: ":")]))
                index += 3
            } else {
                let point = keyRange.upperBound
                report(
                    .missingColon, "missing `:` after the key \"\(key)\"", keyRange,
                    fix: FixIt(message: "insert `:`", edits: [TextEdit(range: point..<point, replacement: ":")]))
            }
            skipSpace()
            let valueIndex = entries.count
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: ",") || atEnd {
                report(.notJSON, "missing value for the key \"\(key)\"", index..<index, loss: .missingValue(key: "\"\(key)\""))
                append(.invalid, index..<index)
            } else {
                readValue(depth: depth + 1)
            }
            entries[valueIndex].keySpelling = spelling
            let distance = Int(entries[valueIndex].start) - keyRange.lowerBound
            if distance > 0, distance <= Int(UInt16.max),
                JSONSyntax.derivedKeyEnd(bytes, keyStart: keyRange.lowerBound, spelling: spelling) == keyRange.upperBound
            {
                entries[valueIndex].keyDistance = UInt16(distance)
            } else {
                entries[valueIndex].flags |= JSONSyntax.Entry.keyElsewhere
                keysElsewhere[valueIndex] = UInt32(keyRange.lowerBound)..<UInt32(keyRange.upperBound)
            }
            if keyIsDecoded {
                entries[valueIndex].flags |= JSONSyntax.Entry.decodedKey
                decoded[valueIndex << 1 | 1] = key
            }
            let count = keyStack.count - base
            if count == Self.keyIndexThreshold {
                for member in keyStack[base...] { seenKeys[member.key] = member.range }
            }
            let first = count < Self.keyIndexThreshold ? keyStack[base...].last(where: { $0.key == key })?.range : seenKeys[key]
            if let first {
                diagnostics.append(
                    Diagnostic(
                        code: .duplicateKey, range: keyRange,
                        message: "duplicate key \"\(key)\": the runtime keeps only this last one",
                        labels: [DiagnosticLabel(range: first, message: "first given here")],
                        fixIts: []))
            }
            if count >= Self.keyIndexThreshold { seenKeys[key] = keyRange }
            switch GridSchema.spacingIsLegacy(key) {
            case true?: sawSpaceKey = true
            case false?: sawSpacingKey = true
            case nil: break
            }
            keyStack.append((key, keyRange))
            if afterElement(closer: UInt8(ascii: "}"), openedAt: start) == .done { break }
        }
        // One at a time: the generic range removal costs more than the few keys it drops.
        while keyStack.count > base { keyStack.removeLast() }
        entries[objectIndex].end = UInt32(index)
        entries[objectIndex].payload = UInt32(entries.count)
    }

    mutating func readArray(depth: Int) {
        let start = index
        let arrayIndex = entries.count
        append(.array, start..<start)
        index += 1
        closers.append(UInt8(ascii: "]"))
        defer { closers.removeLast() }
        while true {
            skipSpace()
            if atEnd {
                reportUnclosed(openedAt: start)
                break
            }
            if byte == UInt8(ascii: "]") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "}") {
                if handleWrongCloser(expected: UInt8(ascii: "]"), openedAt: start) { break } else { continue }
            }
            if byte == UInt8(ascii: ",") {
                let commaStart = index
                index += 1
                report(
                    .notJSON, "unexpected `,`: expected a value", commaStart..<index, loss: .skipped,
                    fix: FixIt(message: "remove the extra comma", edits: [TextEdit(range: commaStart..<index, replacement: "")]))
                continue
            }
            readValue(depth: depth + 1)
            if afterElement(closer: UInt8(ascii: "]"), openedAt: start) == .done { break }
        }
        entries[arrayIndex].end = UInt32(index)
        entries[arrayIndex].payload = UInt32(entries.count)
    }

    /// The file ends inside containers: one diagnostic (from the innermost) naming every
    /// missing closer, e.g. "expected `]}`".
    mutating func reportUnclosed(openedAt start: Int) {
        guard !reportedEnd else { return }
        reportedEnd = true
        let missing = String(decoding: closers.reversed(), as: UTF8.self)
        let what = missing.count == 1 ? "a bracket is" : "\(missing.count) brackets are"
        // Point just after the last content, not at trailing blank lines.
        var end = index
        while end > 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
        report(
            .fileEndsEarly, "the file ends before \(what) closed: expected `\(missing)`", end..<end,
            fix: FixIt(message: "insert `\(missing)`", edits: [TextEdit(range: end..<end, replacement: missing)], isSafe: false),
            labels: [DiagnosticLabel(range: start..<start + 1, message: "innermost bracket opened here")])
    }

    /// Reads what follows a member or element: `,` (maybe trailing), the closer, or a mistake.
    mutating func afterElement(closer: UInt8, openedAt start: Int) -> SeparatorOutcome {
        skipSpace()
        if byte == UInt8(ascii: ",") || looking(at: Self.fullWidthComma) {
            let commaStart = index
            if byte == UInt8(ascii: ",") {
                index += 1
            } else {
                index += 3
                report(
                    .fullWidthPunctuation, "full-width comma `，` (typed with a CJK input method) where `,` was meant", commaStart..<index,
                    fix: FixIt(message: "replace with `,`", edits: [TextEdit(range: commaStart..<index, replacement: ",")]))
            }
            skipSpace()
            if byte == closer {
                report(
                    .trailingComma,
                    "trailing comma: Foundation's JSONSerialization accepts it, strict JSON parsers (Python, Go, JavaScript) reject the file",
                    commaStart..<commaStart + 1,
                    fix: FixIt(message: "remove the trailing comma", edits: [TextEdit(range: commaStart..<commaStart + 1, replacement: "")]))
                index += 1
                return .done
            }
            return .next
        }
        if byte == closer {
            index += 1
            return .done
        }
        if atEnd { return .next }
        if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { return .next }
        let canStartValue =
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
            || byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || looking(at: Self.leftQuote) || isWordByte(byte)
        let point = index
        if canStartValue {
            var end = point
            while end > 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
            report(
                .missingComma, "missing `,` between two \(closer == UInt8(ascii: "}") ? "members" : "elements")", point..<point + 1,
                fix: FixIt(message: "insert `,`", edits: [TextEdit(range: end..<end, replacement: ",")]))
            return .next
        }
        let junkStart = index
        index = min(bytes.count, index + SourceFile.sequenceLength(byte))
        report(
            .notJSON, "expected `,` or `\(Character(Unicode.Scalar(closer)))`, found `\(String(decoding: bytes[junkStart..<index], as: UTF8.self))`",
            junkStart..<index, loss: .skipped)
        return .next
    }

    /// A closing bracket of the wrong kind. When an enclosing container expects it, the
    /// expected closer is missing (report, do not consume, finish this container: true);
    /// otherwise it is a stray bracket (report, skip it, go on: false).
    mutating func handleWrongCloser(expected: UInt8, openedAt start: Int) -> Bool {
        let found = byte
        let enclosingExpects = closers.dropLast().contains(found)
        // A stray closer is followed by the right one: `}]` where only `]` belongs.
        var probe = index + 1
        while probe < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[probe]) { probe += 1 }
        let followedByExpected = byte(at: probe) == expected
        let expectedText = expected == UInt8(ascii: "}") ? "}" : "]"
        let foundText = found == UInt8(ascii: "}") ? "}" : "]"
        if followedByExpected || !enclosingExpects {
            report(
                .bracketsOutOfOrder, "stray `\(foundText)`: brackets are out of order here", index..<index + 1,
                fix: FixIt(message: "remove this `\(foundText)`", edits: [TextEdit(range: index..<index + 1, replacement: "")]),
                labels: [DiagnosticLabel(range: start..<start + 1, message: "the innermost open bracket, closed by `\(expectedText)`")])
            index += 1
            return false
        }
        report(
            .bracketsOutOfOrder, "expected `\(expectedText)` before `\(foundText)`", index..<index + 1,
            fix: FixIt(message: "insert `\(expectedText)`", edits: [TextEdit(range: index..<index, replacement: expectedText)]),
            labels: [DiagnosticLabel(range: start..<start + 1, message: "opened here")])
        return true
    }

    /// Appends a string value.
    mutating func readString() {
        let scanned = scanString()
        var entry = JSONSyntax.Entry(kind: .string, range: scanned.range)
        if let text = scanned.decoded {
            entry.flags |= JSONSyntax.Entry.decodedText
            decoded[entries.count << 1] = text
        }
        entries.append(entry)
    }

    /// Reads a string: its range, and its text when that is not the bytes between its quotes
    /// (nil on the fast path: no escape, control character or typographic quote).
    mutating func scanString() -> (range: Range<Int>, decoded: String?) {
        let start = index
        var fancyOpen = false
        if looking(at: Self.leftQuote) || looking(at: Self.rightQuote) {
            fancyOpen = true
            index += 3
        } else {
            index += 1
        }
        if !fancyOpen, let end = plainStringEnd(from: index) {
            index = end + 1
            return (start..<index, nil)
        }
        var scalars: [UInt8] = []
        var fancyClose = false
        var closed = false
        while !atEnd {
            let current = byte
            if current == UInt8(ascii: "\"") {
                index += 1
                closed = true
                break
            }
            if looking(at: Self.rightQuote) || (fancyOpen && looking(at: Self.leftQuote)) {
                if fancyOpen || nextIsStructural(after: index + 3) {
                    index += 3
                    fancyClose = true
                    closed = true
                    break
                }
            }
            if current == 0x0A || current == 0x0D {
                let breakStart = index
                index += (current == 0x0D && byte(at: index + 1) == 0x0A) ? 2 : 1
                report(
                    .lineBreakInString, "a raw line break inside a string (JSONSerialization rejects control characters in strings)", breakStart..<index,
                    fix: FixIt(message: "join the lines", edits: [TextEdit(range: breakStart..<index, replacement: "")]))
                continue
            }
            if current < 0x20 {
                report(
                    .lineBreakInString, "a raw control character inside a string; write it escaped", index..<index + 1,
                    fix: FixIt(
                        message: "escape it",
                        edits: [TextEdit(range: index..<index + 1, replacement: current == 0x09 ? "\\t" : "\\u00" + String(current, radix: 16).leftPadded(2))]))
                scalars.append(current)
                index += 1
                continue
            }
            if current == UInt8(ascii: "\\") {
                readEscape(into: &scalars)
                continue
            }
            scalars.append(current)
            index += 1
        }
        if !closed {
            report(.fileEndsEarly, "the string is never closed: expected `\"`", start..<index)
        }
        if fancyOpen || fancyClose {
            var edits: [TextEdit] = []
            if fancyOpen { edits.append(TextEdit(range: start..<start + 3, replacement: "\"")) }
            if fancyClose { edits.append(TextEdit(range: index - 3..<index, replacement: "\"")) }
            report(
                .fullWidthPunctuation, "typographic quotes `“ ”` (typed with a CJK input method) where `\"` was meant", start..<index,
                fix: FixIt(message: "replace with straight quotes", edits: edits))
        }
        return (start..<index, String(decoding: scalars, as: UTF8.self))
    }

    /// The closing quote's offset when the string from `position` holds no escape, control
    /// character or typographic quote (the common case: its bytes are its text), else nil.
    func plainStringEnd(from position: Int) -> Int? { Self.plainStringEnd(in: bytes, from: position) }

    /// ``plainStringEnd(from:)`` in `bytes`.
    @inline(__always)
    static func plainStringEnd(in bytes: [UInt8], from position: Int) -> Int? {
        var probe = max(0, position)
        while probe < bytes.count {
            let current = bytes[probe]
            if current == UInt8(ascii: "\"") { return probe }
            if current == UInt8(ascii: "\\") || current < 0x20 || current == 0xE2 { return nil }
            probe += 1
        }
        return nil
    }

    func nextIsStructural(after position: Int) -> Bool {
        var probe = position
        while probe < bytes.count, bytes[probe] == 0x20 { probe += 1 }
        let next = byte(at: probe)
        return next == UInt8(ascii: ":") || next == UInt8(ascii: ",") || next == UInt8(ascii: "}") || next == UInt8(ascii: "]")
            || probe >= bytes.count || (probe + 3 <= bytes.count && bytes[probe] == 0xEF && bytes[probe + 1] == 0xBC)
    }

    mutating func readEscape(into scalars: inout [UInt8]) {
        let start = index
        index += 1
        let code = byte
        index += 1
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(code)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
            guard var value = readHex4() else {
                report(.notJSON, "`\\u` must be followed by four hex digits", start..<min(index, bytes.count))
                return
            }
            if (0xD800..<0xDC00).contains(value), byte == UInt8(ascii: "\\"), byte(at: index + 1) == UInt8(ascii: "u") {
                let save = index
                index += 2
                if let low = readHex4(), (0xDC00..<0xE000).contains(low) {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = save
                }
            }
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            index = min(index, bytes.count)
            report(.notJSON, "invalid escape `\\\(String(decoding: [code], as: UTF8.self))` in a string", start..<index)
        }
        index = min(index, bytes.count)
    }

    mutating func readHex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let digit = bytes[index + offset]
            let nibble: UInt32
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = UInt32(digit - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = UInt32(digit - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | nibble
        }
        index += 4
        return value
    }

    mutating func readNumber() {
        let start = index
        if byte == UInt8(ascii: "-") { index += 1 }
        while !atEnd, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        if byte == UInt8(ascii: "."), byte(at: index + 1) >= UInt8(ascii: "0"), byte(at: index + 1) <= UInt8(ascii: "9") {
            index += 1
            while !atEnd, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            var probe = index + 1
            if byte(at: probe) == UInt8(ascii: "+") || byte(at: probe) == UInt8(ascii: "-") { probe += 1 }
            if byte(at: probe) >= UInt8(ascii: "0"), byte(at: probe) <= UInt8(ascii: "9") {
                index = probe
                while !atEnd, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            }
        }
        guard let number = NumberParsing.double(bytes, start..<index) else {
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if index == start { index += 1 }
            report(.notJSON, "`\(text)` is not a valid number", start..<index)
            return append(.invalid, start..<index)
        }
        // Whole numbers of 32 bits (sizes, spacings: nearly all) are kept in the entry itself.
        if let whole = Int32(exactly: number), Double(whole).bitPattern == number.bitPattern {
            append(.number, start..<index, payload: UInt32(bitPattern: whole))
            entries[entries.count - 1].flags |= JSONSyntax.Entry.wholeNumber
            return
        }
        numbers.append(number)
        append(.number, start..<index, payload: UInt32(numbers.count - 1))
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
