/// "Did you mean" support: the closest candidate by edit distance, if close enough.
public enum Suggestion {
    /// The candidate fewest edits from `word` (case-insensitive), when it lies within a third of
    /// the candidate's length (one to three edits); the first of equally close ones.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        closest(to: word, among: Candidates(candidates))
    }

    /// ``closest(to:among:)`` among candidates prepared once (a vocabulary searched for every
    /// unknown word of a file).
    public static func closest(to word: String, among candidates: Candidates) -> String? {
        var text = word
        // SAFETY: the word's bytes and their lowered copy are read inside the closures that lend them, below their counts.
        let asASCII: Int?? = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return .none }
            // An ASCII word is lowered byte by byte, as `lowercased()` lowers it, on the stack.
            // SAFETY: `lowered` holds `bytes.count` bytes, each written once below that count before it is read.
            return .some(
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { lowered in
                    for offset in 0..<bytes.count { lowered[offset] = lowercasedASCII(bytes[offset]) }
                    return closestIndex(to: UnsafeBufferPointer(lowered), among: candidates)
                })
        }
        // SAFETY: the lowered bytes are read inside the closure that lends them.
        let index = asASCII ?? Array(word.lowercased().utf8).withUnsafeBufferPointer { closestIndex(to: $0, among: candidates) }
        return index.map { candidates.names[$0] }
    }

    /// An ASCII byte as `lowercased()` maps it: `A`…`Z` to `a`…`z`, any other unchanged.
    @inlinable public static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
    }

    /// The index of the candidate fewest edits from the lowered `word` within its limit.
    /// SAFETY: callers pass a buffer valid for the call; it is read below its count only.
    private static func closestIndex(to word: UnsafeBufferPointer<UInt8>, among candidates: Candidates) -> Int? {
        var best: (index: Int, distance: Int)?
        var rows = EditRows()
        let wordKinds = Candidates.presence(word)
        // SAFETY: `letters` is read inside the closure that lends it; each candidate's bytes are
        // `letters[start ..< start + count]`, made so by `Candidates.init`.
        candidates.letters.withUnsafeBufferPointer { letters in
            for (index, candidate) in candidates.spans.enumerated() {
                let bound = min(candidate.limit, (best?.distance ?? Int.max) - 1)
                // The length difference is a lower bound of the distance.
                if abs(candidate.count - word.count) > bound { continue }
                // So is the number of kinds of byte only one of the two words has: an edit
                // removes or brings at most one (a swap neither).
                let onlyInWord = (wordKinds & ~candidate.byteKinds).nonzeroBitCount
                let onlyInCandidate = (candidate.byteKinds & ~wordKinds).nonzeroBitCount
                if max(onlyInWord, onlyInCandidate) > bound { continue }
                // SAFETY: the candidate's span lies inside `letters` (above).
                let bytes = UnsafeBufferPointer(rebasing: letters[candidate.start..<(candidate.start + candidate.count)])
                let distance = rows.distance(word, bytes, atMost: bound)
                if distance <= bound { best = (index, distance) }
            }
        }
        return best?.index
    }

    /// Words to suggest, each lowered once with the number of edits it tolerates; the lowered
    /// bytes of all of them in one array (comparing a word with each then retains nothing).
    public struct Candidates: Sendable {
        let names: [String]
        let letters: [UInt8]
        /// Where each candidate's lowered bytes lie in ``letters``, the edits it tolerates, and
        /// the kinds of byte in it (``presence(_:)``).
        let spans: [(start: Int, count: Int, limit: Int, byteKinds: UInt64)]

        public init(_ names: [String]) {
            self.names = names
            var letters: [UInt8] = []
            spans = names.map { name in
                let lowered = Array(name.lowercased().utf8)
                defer { letters += lowered }
                // SAFETY: the bytes are read inside the closure that lends them.
                let byteKinds = lowered.withUnsafeBufferPointer { Self.presence($0) }
                return (letters.count, lowered.count, max(1, min(3, name.count / 3)), byteKinds)
            }
            self.letters = letters
        }

        /// The kinds of byte in `bytes`, one bit for each value modulo 64: a bit a word has
        /// and another lacks stands for at least one byte an edit must remove or bring.
        /// SAFETY: callers pass a buffer valid for the call; it is read below its count only.
        static func presence(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            bytes.reduce(0) { $0 | 1 << ($1 & 63) }
        }
    }

    /// Edit distance on bytes counting a swap of two neighbours as one edit (optimal string
    /// alignment), so `biuld` is one edit from `build`; inputs are short names.
    public static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var rows = EditRows()
        return rows.distance(a, b, atMost: max(a.count, b.count))
    }
}
