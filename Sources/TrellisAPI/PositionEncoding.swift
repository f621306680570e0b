/// How the API's callers count offsets into the text: in UTF-16 code units (a JavaScript
/// string's index, the default) or in bytes of UTF-8 (Python's `bytes`).
enum PositionEncoding: String {
    case utf16 = "utf-16"
    case utf8 = "utf-8"

    /// The byte offset of `offset` counted in this encoding, at the start of the character it
    /// falls in (never inside one), and at most the text's end.
    func byteOffset(_ offset: Int, in bytes: [UInt8]) -> Int {
        var units = 0
        var index = 0
        while index < bytes.count {
            let width = Self.width(ofCharacterStartingWith: bytes[index])
            let step = self == .utf8 ? width : (width == 4 ? 2 : 1)
            if units + step > offset { return index }
            units += step
            index = min(index + width, bytes.count)
        }
        return bytes.count
    }

    /// `byteOffset` counted in this encoding (the inverse of ``byteOffset(_:in:)``).
    func offset(ofByte byteOffset: Int, in bytes: [UInt8]) -> Int {
        guard self == .utf16 else { return min(byteOffset, bytes.count) }
        var units = 0
        var index = 0
        while index < min(byteOffset, bytes.count) {
            let width = Self.width(ofCharacterStartingWith: bytes[index])
            units += width == 4 ? 2 : 1
            index += width
        }
        return units
    }

    /// Each of `byteOffsets` counted in this encoding, in one walk over the text however
    /// many there are and in whatever order (semantic tokens, diagnostics' ranges).
    func offsets(ofBytes byteOffsets: [Int], in bytes: [UInt8]) -> [Int] {
        guard self == .utf16 else { return byteOffsets.map { min(max($0, 0), bytes.count) } }
        let order = byteOffsets.indices.sorted { byteOffsets[$0] < byteOffsets[$1] }
        var answer = [Int](repeating: 0, count: byteOffsets.count)
        var units = 0
        var index = 0
        for position in order {
            let target = min(byteOffsets[position], bytes.count)
            while index < target {
                let width = Self.width(ofCharacterStartingWith: bytes[index])
                units += width == 4 ? 2 : 1
                index += width
            }
            answer[position] = units
        }
        return answer
    }

    /// The bytes a UTF-8 sequence starting with `byte` takes (1 for a byte that starts none:
    /// an invalid byte is one character, as a replacement character counts one unit).
    private static func width(ofCharacterStartingWith byte: UInt8) -> Int {
        switch byte {
        case 0xF0...0xF4: return 4
        case 0xE0...0xEF: return 3
        case 0xC2...0xDF: return 2
        default: return 1
        }
    }
}
