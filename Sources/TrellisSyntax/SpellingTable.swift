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
        var table = [[Entry]](repeating: [], count: (words.map { $0.spelling.utf8.count }.max() ?? 0) + 1)
        for word in words { table[word.spelling.utf8.count].append(Entry(bytes: Array(word.spelling.utf8), value: word.value)) }
        byLength = table
    }

    /// The value of the word spelled exactly by a word's bytes, or nil.
    @inline(__always)
    func lookup(_ word: ByteView) -> Value? {
        guard word.count < byLength.count else { return nil }
        for entry in byLength[word.count] where word.equals(entry.bytes) { return entry.value }
        return nil
    }

    /// The value of the word spelled exactly by `bytes[range]`, or nil (also for a range
    /// outside the bytes).
    func lookup(_ bytes: [UInt8], _ range: Range<Int>) -> Value? {
        ByteView.with(bytes, range) { lookup($0) } ?? nil
    }

    /// The value of the word spelled exactly `text`, or nil.
    func lookup(_ text: String) -> Value? {
        var text = text
        // SAFETY: the view of the string's UTF-8 is used inside the closure only.
        return text.withUTF8 { lookup(ByteView($0)) }
    }
}
