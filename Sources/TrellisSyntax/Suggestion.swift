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

/// The three rows of the edit-distance table, kept between the candidates of one search so
/// that comparing a word with each allocates nothing once the rows are long enough.
struct EditRows {
    private var beforePrevious: [Int] = []
    private var previous: [Int] = []
    private var current: [Int] = []

    /// The distance when it is at most `bound`, else some number above `bound`: only the cells
    /// within `bound` of the diagonal are computed (a cheaper path never leaves that band,
    /// since each step off the diagonal costs an edit).
    mutating func distance(_ a: [UInt8], _ b: [UInt8], atMost bound: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        let beyond = bound + 1
        if abs(a.count - b.count) > bound { return beyond }
        if previous.count < width + 1 {
            beforePrevious = [Int](repeating: 0, count: width + 1)
            previous = beforePrevious
            current = beforePrevious
        }
        for j in 0..<width { previous[j] = j <= bound ? j : beyond }
        previous[width] = beyond
        for i in 1...a.count {
            let low = max(1, i - bound), high = min(b.count, i + bound)
            // The cells either side of the band read as out of reach.
            current[low - 1] = low == 1 ? min(i, beyond) : beyond
            if high + 1 <= b.count { current[high + 1] = beyond }
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        current[j] = min(current[j], beforePrevious[j - 2] + 1)
                    }
                }
            }
            swap(&beforePrevious, &previous)
            swap(&previous, &current)
        }
        return min(previous[b.count], beyond)
    }
}
