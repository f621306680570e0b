/// Words matched on bytes without hashing or allocating: the candidates of a length are
/// compared byte by byte. The JSON reader finds the schema's spellings through one. (The
/// parser's and the lowering's matchers are switches: a table there cost 10% and 30%.)
struct SpellingTable<Value: Sendable>: Sendable {
    struct Entry: Sendable {
        let bytes: [UInt8]
        let value: Value
    }

    /// `[length]` → the words of that many bytes, in the order given.
    let byLength: [[Entry]]

    /// A table of `words`; where two spellings are equal the first one wins.
    init(_ words: [(spelling: String, value: Value)]) {
        var table = [[Entry]](repeating: [], count: (words.map(\.spelling.utf8.count).max() ?? 0) + 1)
        for word in words { table[word.spelling.utf8.count].append(Entry(bytes: Array(word.spelling.utf8), value: word.value)) }
        byLength = table
    }

    /// The value of the word spelled exactly by `bytes[range]`, or nil (also for a range
    /// outside the bytes).
    @inline(__always)
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Value? {
        guard range.count < byLength.count, range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
        candidates: for entry in byLength[range.count] {
            for (offset, byte) in entry.bytes.enumerated() where bytes[range.lowerBound + offset] != byte { continue candidates }
            return entry.value
        }
        return nil
    }

    /// The value of the word spelled exactly by `bytes[range]`, or nil.
    func lookup(_ bytes: [UInt8], _ range: Range<Int>) -> Value? {
        bytes.withUnsafeBufferPointer { lookup($0, range) }
    }

    /// The value of the word spelled exactly `text`, or nil.
    func lookup(_ text: String) -> Value? {
        var text = text
        return text.withUTF8 { lookup($0, 0..<$0.count) }
    }
}
