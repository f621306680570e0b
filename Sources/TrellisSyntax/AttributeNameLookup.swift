extension AttributeName {
    /// The attribute spelled by `bytes[range]`, or nil. The parser asks this of every name,
    /// the lowering of every attribute, so this is the schema's spellings compiled into a
    /// switch (picked by length and first byte, two for `anchor` and `action`, as the lexer
    /// finds keywords): a `SpellingTable` here made parsing 10 MB 10% slower and lowering 30%.
    /// `AttributeNameTests` holds it equal to the schema on every name and 20,000 near misses.
    public static func lookup(_ bytes: [UInt8], _ range: Range<Int>) -> AttributeName? {
        let length = range.count
        guard length >= 3, length <= 17, range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { text in
            @inline(__always) func spelled(_ word: StaticString, _ name: AttributeName) -> AttributeName? {
                word.utf8CodeUnitCount == length && ByteSearch.spells(word, in: text, at: range.lowerBound) ? name : nil
            }
            switch (length, text[range.lowerBound]) {
            case (3, UInt8(ascii: "t")): return spelled("tag", .tag)
            case (4, UInt8(ascii: "j")): return spelled("json", .json)
            case (6, UInt8(ascii: "a")): return spelled("anchor", .anchor) ?? spelled("action", .action)
            case (7, UInt8(ascii: "p")): return spelled("padding", .padding)
            case (7, UInt8(ascii: "s")): return spelled("spacing", .spacing)
            case (7, UInt8(ascii: "g")): return spelled("gravity", .gravity)
            case (7, UInt8(ascii: "o")): return spelled("overlap", .overlap)
            case (7, UInt8(ascii: "c")): return spelled("content", .content)
            case (11, UInt8(ascii: "p")): return spelled("placeholder", .placeholder)
            case (11, UInt8(ascii: "a")): return spelled("action-data", .actionData)
            case (14, UInt8(ascii: "t")): return spelled("top-borderline", .topBorderline)
            case (15, UInt8(ascii: "l")): return spelled("left-borderline", .leftBorderline)
            case (16, UInt8(ascii: "r")): return spelled("right-borderline", .rightBorderline)
            case (17, UInt8(ascii: "b")): return spelled("bottom-borderline", .bottomBorderline)
            default: return nil
            }
        }
    }
}
