import TrellisSyntax

/// A JSON file read tolerantly, as plain values: one 16-byte entry per value in written
/// order (a container's members or elements follow it, and it knows where they end). A
/// member's key is on its value's entry as the distance back to where it starts; numbers
/// are in the entry when whole and of 32 bits, else in a column of their own; texts are read
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
        /// A container: the index past its last descendant. A number: its index in
        /// ``JSONSyntax/numbers``, or its value (``wholeNumber``). A bool: 1 for true.
        var payload: UInt32 = 0
        /// How far before `start` the member's key starts; 0 for a value without a key (or
        /// one whose key range is in ``JSONSyntax/keysElsewhere``). The key's end follows
        /// from its bytes (``JSONSyntax/derivedKeyEnd(_:keyStart:spelling:)``).
        var keyDistance: UInt16 = 0
        /// The kind in the low three bits, the flags above.
        private var bits: UInt8
        /// 1 + the key's index in ``GridSchema/jsonSpellings``; 0 for any other key.
        var keySpelling: UInt8 = 0

        /// The text is in ``JSONSyntax/decoded`` (it had escapes, typographic quotes, …).
        static let decodedText: UInt8 = 1 << 0
        static let decodedKey: UInt8 = 1 << 1
        /// The key's range is in ``JSONSyntax/keysElsewhere``.
        static let keyElsewhere: UInt8 = 1 << 2
        /// A number whose payload is its value, a whole number of 32 bits.
        static let wholeNumber: UInt8 = 1 << 3

        init(kind: Kind, range: Range<Int>, payload: UInt32 = 0) {
            bits = kind.rawValue
            start = UInt32(range.lowerBound)
            end = UInt32(range.upperBound)
            self.payload = payload
        }

        var kind: Kind { Kind(rawValue: bits & 7) ?? .invalid }

        /// Whether the value is an object or an array (its payload is where it ends).
        var isContainer: Bool { bits & 7 == Kind.object.rawValue || bits & 7 == Kind.array.rawValue }

        var flags: UInt8 {
            get { bits >> 3 }
            set { bits = bits & 7 | newValue << 3 }
        }
    }

    let bytes: [UInt8]
    let entries: [Entry]
    let numbers: [Double]
    /// Texts not spelled by their bytes, by `index << 1` (a value) or `index << 1 | 1` (a key).
    let decoded: [Int: String]
    /// The key ranges an entry cannot hold: a key more than 64 KiB before its value, or one
    /// whose end does not follow from its bytes (escapes, typographic quotes, no quotes).
    let keysElsewhere: [Int: Range<UInt32>]

    init(bytes: [UInt8], entries: [Entry], numbers: [Double], decoded: [Int: String], keysElsewhere: [Int: Range<UInt32>]) {
        self.bytes = bytes
        self.entries = entries
        self.numbers = numbers
        self.decoded = decoded
        self.keysElsewhere = keysElsewhere
    }

    /// Where a key starting at `keyStart` ends when the entry does not say: after the
    /// schema's spelling (`spelling` ≠ 0), else after the first quote closing it.
    static func derivedKeyEnd(_ bytes: [UInt8], keyStart: Int, spelling: UInt8) -> Int {
        if spelling != 0 { return keyStart + 2 + GridSchema.jsonSpellings[Int(spelling) - 1].text.utf8.count }
        return (JSONReaderState.plainStringEnd(in: bytes, from: keyStart + 1) ?? keyStart) + 1
    }

    /// How many values the file holds (keys not counted).
    public var count: Int { entries.count }

    /// The index past the last descendant of `index` (its next sibling, if any).
    @inline(__always)
    func subtreeEnd(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.isContainer ? Int(entry.payload) : index + 1
    }

    func range(_ index: Int) -> Range<Int> {
        let entry = entries[index]
        return Int(entry.start)..<Int(entry.end)
    }

    /// The value of number `index`.
    func number(_ index: Int) -> Double {
        let entry = entries[index]
        if entry.flags & Entry.wholeNumber != 0 { return Double(Int32(bitPattern: entry.payload)) }
        return numbers[Int(entry.payload)]
    }

    func keyRange(_ index: Int) -> Range<Int> {
        let entry = entries[index]
        if entry.flags & Entry.keyElsewhere != 0, let range = keysElsewhere[index] { return Int(range.lowerBound)..<Int(range.upperBound) }
        guard entry.keyDistance != 0 else { return 0..<0 }
        let start = Int(entry.start) - Int(entry.keyDistance)
        return start..<Self.derivedKeyEnd(bytes, keyStart: start, spelling: entry.keySpelling)
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
        let range = keyRange(index)
        return string(from: range.lowerBound + 1, to: range.upperBound - 1)
    }

    /// The text of `bytes[start..<end]` (no slice is made).
    private func string(from start: Int, to end: Int) -> String {
        // SAFETY: `buffer` stays in the closure and is read only through the slice below, made once it is checked.
        bytes.withUnsafeBufferPointer { buffer in
            guard start >= 0, start <= end, end <= buffer.count else { return "" }
            // SAFETY: `0 <= start <= end <= buffer.count` is checked just above.
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
    }

    /// The grid key member `index`'s key spells in either dialect, if any, without building a
    /// String: a key of the schema was recognised when read, and any other key as written is
    /// looked up on its bytes (only a key with escapes goes through its decoded text).
    func gridKey(_ index: Int) -> GridKey? {
        let entry = entries[index]
        if entry.keySpelling != 0 { return GridSchema.jsonSpellings[Int(entry.keySpelling) - 1].key }
        if entry.flags & Entry.decodedKey != 0 { return GridSchema.key(json: key(index)) }
        // The bytes `key(index)` makes its text of (none when the range is off the bytes).
        let range = keyRange(index)
        return GridSchema.spellingNumber(bytes, (range.lowerBound + 1)..<max(range.lowerBound + 1, range.upperBound - 1)).map {
            GridSchema.jsonSpellings[$0].key
        }
    }

    /// Whether member `index`'s key is `name`, without building a String for a key of the schema.
    func key(_ index: Int, is name: String) -> Bool {
        let entry = entries[index]
        if entry.keySpelling != 0 { return GridSchema.jsonSpellings[Int(entry.keySpelling) - 1].text == name }
        if entry.flags & Entry.decodedKey == 0, let equal = asWritten(index, equals: name) { return equal }
        return key(index) == name
    }

    /// Whether the bytes `key(index)` makes its text of are `name`'s, when both are ASCII
    /// (two ASCII texts are equal as Strings exactly when their bytes are); nil otherwise.
    private func asWritten(_ index: Int, equals name: String) -> Bool? {
        let range = keyRange(index)
        let start = range.lowerBound + 1
        let end = max(start, range.upperBound - 1)
        guard start >= 0, end <= bytes.count else { return nil }
        var name = name
        // SAFETY: both buffers are read inside the closures that lend them, `buffer` only at `start..<end`, checked
        // above to lie inside it.
        return name.withUTF8 { name in
            bytes.withUnsafeBufferPointer { buffer -> Bool? in
                guard name.allSatisfy({ $0 < 0x80 }) else { return nil }
                let key = UnsafeBufferPointer(rebasing: buffer[start..<end])
                guard key.allSatisfy({ $0 < 0x80 }) else { return nil }
                return key.elementsEqual(name)
            }
        }
    }
}
