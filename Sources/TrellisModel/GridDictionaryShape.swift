import TrellisSyntax

/// Which JSON documents are grid dictionaries: an object at the root whose members include a
/// grid key of either dialect (`rows`, `cols`, `size`, `padding`, …), or no member at all.
/// `package.json`, a TextMate grammar or `[1, 2, 3]` are not; a grid dictionary with syntax
/// errors still is (the tolerant reader recovers its root's keys).
public enum GridDictionaryShape {
    public static func isGridDictionary(_ root: JSONNode?) -> Bool {
        guard let root, root.type == .object else { return false }
        var members = 0
        var gridKeys = 0
        root.forEachMember { member in
            members += 1
            if member.gridKey != nil { gridKeys += 1 }
        }
        return members == 0 || gridKeys > 0
    }

    /// Whether a file is to be checked as a grid dictionary, read as JSONSerialization reads
    /// it: it is unless it is well-formed JSON that is not one (a file the reader finds errors
    /// in is reported, never skipped: an empty file, text that is no JSON). Well-formed UTF-8 is
    /// answered by a scan of the root's keys that stops at the first grid key (the editor asks
    /// on every request); anything the scan is unsure of goes to the tolerant reader.
    public static func isGridDictionary(_ bytes: [UInt8]) -> Bool {
        if JSONEncoding.detect(bytes).encoding == .utf8, scanFindsGridKey(bytes) { return true }
        let readable = LoadedFile.readable(SourceFile(name: "", bytes: bytes), kind: .json)
        let read = JSONReader.read(readable)
        return read.diagnostics.hasErrors || isGridDictionary(read.root)
    }

    /// The end of a number, `true`, `false` or `null` starting at `start`, or nil.
    static func scalarEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        // SAFETY: `buffer` stays in the closure; `ByteSearch.spells` checks `start` and the word's end against its count first.
        let literal = bytes.withUnsafeBufferPointer { buffer -> Int? in
            if ByteSearch.spells("true", in: buffer, at: start) || ByteSearch.spells("null", in: buffer, at: start) { return 4 }
            return ByteSearch.spells("false", in: buffer, at: start) ? 5 : nil
        }
        if let literal { return start + literal }
        var index = start
        while index < bytes.count,
            (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9"))
                || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: ".")
                || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
        { index += 1 }
        return index > start ? index : nil
    }

    /// True when the root object of JSON plain up to there has a grid key (as soon as it is
    /// read), or is `{}`; false when the tolerant reader must tell: no grid key among the root's
    /// keys (is all of it well-formed?), an escape in a key, a key without quotes, brackets out
    /// of order, a missing comma, a file that ends early. The reader agrees wherever this
    /// answers: a key read before any irregularity is one of the keys it recovers.
    static func scanFindsGridKey(_ bytes: [UInt8]) -> Bool {
        enum Expecting { case key, colon, value, comma }
        var index = 0
        let count = bytes.count
        func skipSpace() {
            while index < count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
        }
        /// Past a string whose opening quote is at `index`; false when it never closes.
        func skipString() -> Bool {
            index += 1
            while index < count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] < 0x20 { return false }
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < count else { return false }
            index += 1
            return true
        }
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipSpace()
        guard index < count else { return false }
        guard bytes[index] == UInt8(ascii: "{") else { return false }
        index += 1
        var expecting = Expecting.key
        var members = 0
        while true {
            skipSpace()
            guard index < count else { return false }
            let byte = bytes[index]
            switch expecting {
            case .key:
                if byte == UInt8(ascii: "}") {
                    index += 1
                    skipSpace()
                    return index == count && members == 0
                }
                guard byte == UInt8(ascii: "\"") else { return false }
                let start = index + 1
                guard skipString() else { return false }
                let key = start..<(index - 1)
                if bytes[key].contains(UInt8(ascii: "\\")) { return false }
                if GridSchema.spellingNumber(bytes, key) != nil { return true }
                members += 1
                expecting = .colon
            case .colon:
                guard byte == UInt8(ascii: ":") else { return false }
                index += 1
                expecting = .value
            case .value:
                if byte == UInt8(ascii: "\"") {
                    guard skipString() else { return false }
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    // A nested value: strings skipped, brackets matched.
                    var open: [UInt8] = []
                    repeat {
                        let current = bytes[index]
                        if current == UInt8(ascii: "\"") {
                            guard skipString() else { return false }
                            continue
                        }
                        if current == UInt8(ascii: "{") || current == UInt8(ascii: "[") {
                            open.append(current == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                        } else if current == UInt8(ascii: "}") || current == UInt8(ascii: "]") {
                            guard open.popLast() == current else { return false }
                        }
                        index += 1
                    } while !open.isEmpty && index < count
                    guard open.isEmpty else { return false }
                } else if let end = scalarEnd(bytes, from: index) {
                    index = end
                } else {
                    return false
                }
                expecting = .comma
            case .comma:
                if byte == UInt8(ascii: ",") {
                    index += 1
                    expecting = .key
                } else if byte == UInt8(ascii: "}") {
                    expecting = .key
                } else {
                    return false
                }
            }
        }
    }
}
