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
        let lowered = Array(word.lowercased().utf8)
        var best: (index: Int, distance: Int)?
        var rows = EditRows()
        for (index, candidate) in candidates.lowered.enumerated() {
            let bound = min(candidate.limit, (best?.distance ?? Int.max) - 1)
            // The length difference is a lower bound of the distance.
            if abs(candidate.bytes.count - lowered.count) > bound { continue }
            let distance = rows.distance(lowered, candidate.bytes, atMost: bound)
            if distance <= bound { best = (index, distance) }
        }
        return best.map { candidates.names[$0.index] }
    }

    /// Words to suggest, each lowered once with the number of edits it tolerates.
    public struct Candidates: Sendable {
        let names: [String]
        let lowered: [(bytes: [UInt8], limit: Int)]

        public init(_ names: [String]) {
            self.names = names
            lowered = names.map { (Array($0.lowercased().utf8), max(1, min(3, $0.count / 3))) }
        }
    }

    /// Edit distance on bytes counting a swap of two neighbours as one edit (optimal string
    /// alignment), so `biuld` is one edit from `build`; inputs are short names.
    public static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var rows = EditRows()
        return rows.distance(a, b, atMost: max(a.count, b.count))
    }
}
