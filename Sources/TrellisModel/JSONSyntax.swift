import TrellisSyntax

/// A JSON file read tolerantly, as plain values: one 24-byte entry per value in written
/// order (a container's members or elements follow it, and it knows where they end), a
/// member's key range on its value's entry, numbers in a column of their own, and texts read
/// from the file's bytes unless they had to be decoded. Built by ``JSONReader``; a
/// ``JSONNode`` is a view of one entry. Shared, never changed once read.
public final class JSONSyntax: Sendable {
    /// The type of a value.
    public enum Kind: UInt8, Sendable {
        case null, bool, number, string, array, object
        /// Text that is no JSON value; already reported.
        case invalid
    }

    /// One value (and, for a member of an object, its key).
    struct Entry: Sendable {
        var start: UInt32
        var end: UInt32
        var keyStart: UInt32 = 0
        var keyEnd: UInt32 = 0
        /// A container: the index past its last descendant. A number: its index in
        /// ``JSONSyntax/numbers``. A bool: 1 for true.
        var payload: UInt32 = 0
        var kind: Kind
        var flags: UInt8 = 0
        /// 1 + the key's index in ``GridSchema/jsonSpellings``; 0 for any other key.
        var keySpelling: UInt8 = 0

        /// The text is in ``JSONSyntax/decoded`` (it had escapes, typographic quotes, …).
        static let decodedText: UInt8 = 1 << 0
        static let decodedKey: UInt8 = 1 << 1

        init(kind: Kind, range: Range<Int>, payload: UInt32 = 0) {
            self.kind = kind
            start = UInt32(range.lowerBound)
            end = UInt32(range.upperBound)
            self.payload = payload
        }
    }

    let bytes: [UInt8]
    let entries: [Entry]
    let numbers: [Double]
    /// Texts not spelled by their bytes, by `index << 1` (a value) or `index << 1 | 1` (a key).
    let decoded: [Int: String]

    init(bytes: [UInt8], entries: [Entry], numbers: [Double], decoded: [Int: String]) {
        self.bytes = bytes
        self.entries = entries
        self.numbers = numbers
        self.decoded = decoded
    }

    /// How many values the file holds (keys not counted).
    public var count: Int { entries.count }

    /// The index past the last descendant of `index` (its next sibling, if any).
    @inline(__always)
    func subtreeEnd(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.kind == .object || entry.kind == .array ? Int(entry.payload) : index + 1
    }

    func range(_ index: Int) -> Range<Int> {
        let entry = entries[index]
        return Int(entry.start)..<Int(entry.end)
    }

    func keyRange(_ index: Int) -> Range<Int> {
        let entry = entries[index]
        return Int(entry.keyStart)..<Int(entry.keyEnd)
    }

    /// The first value written at `offset` or after it (values are in written order).
    func firstValue(startingAtOrAfter offset: Int) -> Int? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if Int(entries[middle].start) < offset { low = middle + 1 } else { high = middle }
        }
        return low < entries.count ? low : nil
    }

    /// The text of string `index`.
    func text(_ index: Int) -> String {
        let entry = entries[index]
        if entry.flags & Entry.decodedText != 0 { return decoded[index << 1] ?? "" }
        // A string read on the fast path: its bytes between the quotes.
        return string(from: Int(entry.start) + 1, to: Int(entry.end) - 1)
    }

    /// The key of member `index` (the schema's own String for a key it spells).
    func key(_ index: Int) -> String {
        let entry = entries[index]
        if entry.keySpelling != 0 { return GridSchema.jsonSpellings[Int(entry.keySpelling) - 1].text }
        if entry.flags & Entry.decodedKey != 0 { return decoded[index << 1 | 1] ?? "" }
        return string(from: Int(entry.keyStart) + 1, to: Int(entry.keyEnd) - 1)
    }

    /// The text of `bytes[start..<end]` (no slice is made).
    private func string(from start: Int, to end: Int) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            guard start <= end, end <= buffer.count else { return "" }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
    }

    /// Whether member `index`'s key is `name`, without building a String for a key of the schema.
    func key(_ index: Int, is name: String) -> Bool {
        let entry = entries[index]
        if entry.keySpelling != 0 { return GridSchema.jsonSpellings[Int(entry.keySpelling) - 1].text == name }
        return key(index) == name
    }
}
