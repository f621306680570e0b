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
