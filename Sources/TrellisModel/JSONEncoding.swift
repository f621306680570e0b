import TrellisSyntax

/// The Unicode encodings Foundation's JSONSerialization reads (UTF-8, UTF-16 and UTF-32 in
/// either byte order), found as it finds them: a byte order mark, else the pattern of zero
/// bytes in the first four (JSON text starts with an ASCII character).
public enum JSONEncoding: String, Sendable {
    case utf8 = "UTF-8"
    case utf16BigEndian = "UTF-16BE"
    case utf16LittleEndian = "UTF-16LE"
    case utf32BigEndian = "UTF-32BE"
    case utf32LittleEndian = "UTF-32LE"

    /// The encoding of `bytes` and the length of its byte order mark (0 when none, or UTF-8).
    public static func detect(_ bytes: [UInt8]) -> (encoding: JSONEncoding, markLength: Int) {
        func at(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
        switch (at(0), at(1), at(2), at(3)) {
        case (0x00, 0x00, 0xFE, 0xFF): return (.utf32BigEndian, 4)
        case (0xFF, 0xFE, 0x00, 0x00): return (.utf32LittleEndian, 4)
        case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
        case (0x00, 0x00, 0x00, .some(let byte)) where byte != 0: return (.utf32BigEndian, 0)
        case (.some(let byte), 0x00, 0x00, 0x00) where byte != 0: return (.utf32LittleEndian, 0)
        case (0x00, .some(let byte), _, _) where byte != 0: return (.utf16BigEndian, 0)
        case (.some(let byte), 0x00, _, _) where byte != 0 && bytes.count >= 2: return (.utf16LittleEndian, 0)
        default: return (.utf8, 0)
        }
    }

    /// A file in UTF-16 or UTF-32 as UTF-8 (without its byte order mark), and whether every
    /// code unit was valid; nil for UTF-8, which is read as it is.
    public static func transcodedToUTF8(_ bytes: [UInt8]) -> (bytes: [UInt8], encoding: JSONEncoding, valid: Bool)? {
        let (encoding, markLength) = detect(bytes)
        let body = bytes[markLength...]
        var output: [UInt8] = []
        var invalid: Bool
        switch encoding {
        case .utf8:
            return nil
        case .utf16BigEndian, .utf16LittleEndian:
            let (units, whole) = codeUnits(body, as: UInt16.self, bigEndian: encoding == .utf16BigEndian)
            output.reserveCapacity(units.count)
            invalid = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) { output.append($0) } || !whole
        case .utf32BigEndian, .utf32LittleEndian:
            let (units, whole) = codeUnits(body, as: UInt32.self, bigEndian: encoding == .utf32BigEndian)
            output.reserveCapacity(units.count)
            invalid = transcode(units.makeIterator(), from: UTF32.self, to: UTF8.self, stoppingOnError: false) { output.append($0) } || !whole
        }
        return (output, encoding, !invalid)
    }

    /// The code units of `Unit`'s width in `bytes`, in the byte order given, and whether the
    /// bytes hold a whole number of them.
    static func codeUnits<Unit: FixedWidthInteger>(_ bytes: ArraySlice<UInt8>, as: Unit.Type, bigEndian: Bool) -> (units: [Unit], whole: Bool) {
        let width = MemoryLayout<Unit>.size
        var units: [Unit] = []
        units.reserveCapacity(bytes.count / width)
        var index = bytes.startIndex
        while index + width <= bytes.endIndex {
            var unit: Unit = 0
            for offset in 0..<width { unit = unit << 8 | Unit(bytes[index + (bigEndian ? offset : width - 1 - offset)]) }
            units.append(unit)
            index += width
        }
        return (units, index == bytes.endIndex)
    }
}

/// Where UTF-8 text stops being valid (Unicode table 3-7: no overlong forms, no surrogates,
/// nothing above U+10FFFF), found in one pass that skips ASCII eight bytes at a time.
public enum UTF8Validation {
    /// The range of the first invalid sequence, or nil when all of `bytes` is valid UTF-8.
    public static func firstInvalid(in bytes: [UInt8]) -> Range<Int>? { firstInvalid(in: bytes, within: 0..<bytes.count) }

    /// Whether `bytes`, the new text of `edit`, is valid UTF-8, when its old text was: the
    /// bytes around the edit, from the character before it (which may end inside the edit) to
    /// the one after it, are.
    static func staysValid(_ bytes: [UInt8], after edit: ByteEdit) -> Bool {
        func continues(_ index: Int) -> Bool { index < bytes.count && bytes[index] & 0xC0 == 0x80 }
        // A character is at most four bytes: the one holding the byte before the edit starts
        // at most three bytes before that byte.
        var start = min(max(0, edit.range.lowerBound - 4), bytes.count)
        while start > 0, continues(start) { start -= 1 }
        var end = min(edit.insertedRange.upperBound, bytes.count)
        while continues(end) { end += 1 }
        return firstInvalid(in: bytes, within: start..<end) == nil
    }

    /// ``firstInvalid(in:)`` for the sequences that start in `range` (cut to the bytes).
    static func firstInvalid(in bytes: [UInt8], within range: Range<Int>) -> Range<Int>? {
        // SAFETY: `buffer` stays in the closure; it is read at `index < count` and `next < count` only (`count` is at most its count).
        bytes.withUnsafeBufferPointer { buffer in
            let count = min(range.upperBound, buffer.count)
            var index = max(0, range.lowerBound)
            while index < count {
                // SAFETY: index + 8 <= count, so the buffer is not empty (its base address is not nil) and the eight bytes read lie inside it.
                if index + 8 <= count,
                    UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                    continue
                }
                let lead = buffer[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                let length: Int
                var low: UInt8 = 0x80, high: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0:
                    length = 3
                    low = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED:
                    length = 3
                    high = 0x9F
                case 0xF0:
                    length = 4
                    low = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4:
                    length = 4
                    high = 0x8F
                default: return index..<index + 1
                }
                var next = index + 1
                while next < index + length {
                    guard next < count else { return index..<next }
                    let byte = buffer[next]
                    let (min, max) = next == index + 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                    guard byte >= min, byte <= max else { return index..<next }
                    next += 1
                }
                index = next
            }
            return nil
        }
    }
}
