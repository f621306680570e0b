/// Whether some bytes hold a short ASCII word: somewhere in them (the prefilter that lets a
/// pass over every token or node be skipped when the word it looks for is nowhere in the
/// file; it looks sixteen places at a time for the word's first byte followed, a word's length
/// later, by its last), or at one place (how the
/// lexer, the attribute names and the lowering match keywords).
public enum ByteSearch {
    /// Whether the bytes from `start` spell `word` (false when they end before it does).
    /// SAFETY: `start + word.count <= bytes.count` is checked first, so every read is inside
    /// `bytes`; callers hand a live buffer.
    @inlinable @inline(__always)
    public static func spells(_ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        let length = word.utf8CodeUnitCount
        guard start >= 0, start + length <= bytes.count else { return false }
        let spelling = word.utf8Start
        var offset = 0
        while offset < length, bytes[start + offset] == spelling[offset] { offset += 1 }
        return offset == length
    }

    /// Whether `bytes[range]` holds `needle`.
    public static func contains(_ needle: [UInt8], in bytes: [UInt8], range: Range<Int>? = nil) -> Bool {
        let range = range ?? 0..<bytes.count
        guard let first = needle.first, range.lowerBound >= 0, range.upperBound <= bytes.count,
            range.count >= needle.count
        else { return false }
        let last = range.upperBound - needle.count
        let tail = needle.count - 1
        // SAFETY: `range` lies in `bytes` and holds the needle (checked above). A candidate
        // starts at most at `last`, so `candidate + word.count <= range.upperBound`; 16-byte
        // loads start at `start` and `start + tail` with `start + tail + 16 <= last + tail + 1 =
        // range.upperBound <= bytes.count`. Both pointers live only inside the closures.
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { word in
                guard let base = UnsafeRawPointer(haystack.baseAddress) else { return false }
                func matches(at start: Int) -> Bool {
                    var matched = 1
                    while matched < word.count, haystack[start + matched] == word[matched] { matched += 1 }
                    return matched == word.count
                }
                let firsts = SIMD16<UInt8>(repeating: first)
                // SAFETY: `tail < needle.count`, the needle's last byte.
                let lasts = SIMD16<UInt8>(repeating: word[tail])
                var start = range.lowerBound
                while start + 16 <= last + 1 {
                    // SAFETY: `start + tail + 16 <= last + tail + 1 <= bytes.count` (above).
                    let heads = base.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
                    // SAFETY: as above.
                    let ends = base.loadUnaligned(fromByteOffset: start + tail, as: SIMD16<UInt8>.self)
                    if any((heads .== firsts) .& (ends .== lasts)) {
                        for candidate in start..<(start + 16) where haystack[candidate] == first && matches(at: candidate) { return true }
                    }
                    start += 16
                }
                while start <= last {
                    if haystack[start] == first, matches(at: start) { return true }
                    start += 1
                }
                return false
            }
        }
    }
}
