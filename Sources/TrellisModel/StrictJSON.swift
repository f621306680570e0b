/// A fast path for the small JSON texts inside a Trellis file (`action-data({…})`, string
/// literals): plain, strict JSON read straight into a ``JSONValue``, with no syntax tree and no
/// positions. Anything else (an escape, a typographic quote, a repeated key, a trailing comma,
/// any mistake) gives nil, and the caller reads the text with ``JSONReader``, which explains
/// it; what this path gives is exactly the value that reader gives, with no diagnostic.
enum StrictJSON {
    /// Deepest value read here; deeper texts go to the reader.
    static let maximumDepth = 32

    /// The value of `bytes[range]`, or nil when the text is not plain, strict JSON.
    static func value(_ bytes: [UInt8], in range: Range<Int>) -> JSONValue? {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
        var reader = Reader(bytes: bytes, index: range.lowerBound, end: range.upperBound)
        reader.skipSpace()
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.index == reader.end ? value : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var index: Int
        let end: Int

        var current: UInt8? { index < end ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func value(depth: Int) -> JSONValue? {
            guard depth < StrictJSON.maximumDepth, let byte = current else { return nil }
            switch byte {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map { .string($0) }
            case UInt8(ascii: "t"): return word(Array("true".utf8), .bool(true))
            case UInt8(ascii: "f"): return word(Array("false".utf8), .bool(false))
            case UInt8(ascii: "n"): return word(Array("null".utf8), .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            default: return nil
            }
        }

        mutating func word(_ text: [UInt8], _ value: JSONValue) -> JSONValue? {
            guard index + text.count <= end, bytes[index..<index + text.count].elementsEqual(text) else { return nil }
            index += text.count
            return value
        }

        /// A string without escapes, control characters or typographic quotes (whose first
        /// byte is 0xE2): its bytes are its text.
        mutating func string() -> String? {
            let start = index + 1
            var probe = start
            while probe < end {
                let byte = bytes[probe]
                if byte == UInt8(ascii: "\"") {
                    index = probe + 1
                    return String(decoding: bytes[start..<probe], as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 || byte == 0xE2 { return nil }
                probe += 1
            }
            return nil
        }

        /// A number in JSON's own grammar, converted as the reader converts it.
        mutating func number() -> JSONValue? {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            guard let first = current, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
            index += 1
            if first != UInt8(ascii: "0") { skipDigits() }
            if current == UInt8(ascii: ".") {
                index += 1
                guard skipDigits() > 0 else { return nil }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard skipDigits() > 0 else { return nil }
            }
            return NumberParsing.double(bytes, start..<index).map { .number($0) }
        }

        @discardableResult
        mutating func skipDigits() -> Int {
            let start = index
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }

        mutating func array(depth: Int) -> JSONValue? {
            index += 1
            var elements: [JSONValue] = []
            skipSpace()
            if current == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                skipSpace()
                guard let byte = current else { return nil }
                index += 1
                if byte == UInt8(ascii: "]") { return .array(elements) }
                guard byte == UInt8(ascii: ",") else { return nil }
                skipSpace()
            }
        }

        mutating func object(depth: Int) -> JSONValue? {
            index += 1
            var members: [JSONMember] = []
            skipSpace()
            if current == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                guard current == UInt8(ascii: "\""), let key = string() else { return nil }
                // A repeated key is a finding of the reader's; few members are compared all.
                guard members.count < 16, !members.contains(where: { $0.key == key }) else { return nil }
                skipSpace()
                guard current == UInt8(ascii: ":") else { return nil }
                index += 1
                skipSpace()
                guard let member = value(depth: depth + 1) else { return nil }
                members.append(JSONMember(key, member))
                skipSpace()
                guard let byte = current else { return nil }
                index += 1
                if byte == UInt8(ascii: "}") { return .object(members) }
                guard byte == UInt8(ascii: ",") else { return nil }
                skipSpace()
            }
        }
    }
}
