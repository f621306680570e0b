extension AttributeName {
    /// The attribute spelled by `bytes[range]`, or nil. The parser asks this of every name,
    /// the lowering of every attribute, so this is the schema's spellings compiled into a
    /// switch (picked by length and first byte, two for `anchor` and `action`, as the lexer
    /// finds keywords): a `SpellingTable` here made parsing 10 MB 10% slower and lowering 30%.
    /// `AttributeNameTests` holds it equal to the schema on every name and 20,000 near misses.
    public static func lookup(_ bytes: [UInt8], _ range: Range<Int>) -> AttributeName? {
        guard range.count >= 3, range.count <= 17 else { return nil }
        return ByteView.with(bytes, range) { lookup($0) } ?? nil
    }

    /// ``lookup(_:_:)`` of a name's bytes.
    @inline(__always)
    public static func lookup(_ name: ByteView) -> AttributeName? {
        guard name.count >= 3 else { return nil }
        @inline(__always) func spelled(_ word: StaticString, _ attribute: AttributeName) -> AttributeName? {
            name.spells(word) ? attribute : nil
        }
        switch (name.count, name[0]) {
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
