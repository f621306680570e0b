/// The three rows of the edit-distance table, kept between the candidates of one search so
/// that comparing a word with each allocates nothing once the rows are long enough.
struct EditRows {
    /// The row before the previous one, the previous one and the current one, `stride` cells
    /// each, in one buffer; which is which rotates as the rows go by.
    private var cells: [Int] = []

    /// The distance when it is at most `bound`, else some number above `bound`: only the cells
    /// within `bound` of the diagonal are computed (a cheaper path never leaves that band,
    /// since each step off the diagonal costs an edit), and the search stops at two rows in a
    /// row whose every cell is above `bound` (a path crosses one of any two rows, a swap
    /// stepping over one at most, and never gets cheaper on the way).
    mutating func distance(_ a: [UInt8], _ b: [UInt8], atMost bound: Int) -> Int {
        // SAFETY: the buffers are read inside the closures that lend them.
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in distance(a, b, atMost: bound) }
        }
    }

    /// ``distance(_:_:atMost:)`` of two words' bytes.
    /// SAFETY: callers pass buffers valid for the call; they are read below their counts only.
    mutating func distance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, atMost bound: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if abs(a.count - b.count) > bound { return bound + 1 }
        let stride = b.count + 2
        if cells.count < 3 * stride { cells = [Int](repeating: 0, count: 3 * stride) }
        // SAFETY: `cells` holds three rows of `stride` cells, and `table` reads and writes
        // each at columns 0...b.count + 1 only; `a` and `b` are read below their counts.
        return cells.withUnsafeMutableBufferPointer { cells in
            guard let base = cells.baseAddress else { return bound + 1 }
            return Self.table(a, b, bound: bound, rows: (base, base + stride, base + 2 * stride))
        }
    }

    /// The banded table of optimal string alignment over `a` (rows) and `b` (columns).
    /// SAFETY: each of `rows` points at `b.count + 2` cells; `a` and `b` are not empty.
    private static func table(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, bound: Int,
        rows: (UnsafeMutablePointer<Int>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<Int>)
    ) -> Int {
        var (beforePrevious, previous, current) = rows
        let width = b.count + 1
        let beyond = bound + 1
        for j in 0..<width { previous[j] = j <= bound ? j : beyond }
        previous[width] = beyond
        var previousMinimum = 0
        for i in 1...a.count {
            let low = max(1, i - bound), high = min(b.count, i + bound)
            // The cells either side of the band read as out of reach.
            current[low - 1] = low == 1 ? min(i, beyond) : beyond
            if high + 1 <= b.count { current[high + 1] = beyond }
            var minimum = current[low - 1]
            let letter = a[i - 1]
            if low <= high {
                for j in low...high {
                    var cell = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (letter == b[j - 1] ? 0 : 1))
                    if i > 1, j > 1, letter == b[j - 2], a[i - 2] == b[j - 1] { cell = min(cell, beforePrevious[j - 2] + 1) }
                    current[j] = cell
                    minimum = min(minimum, cell)
                }
            }
            if minimum > bound, previousMinimum > bound { return beyond }
            previousMinimum = minimum
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return min(previous[b.count], beyond)
    }
}
