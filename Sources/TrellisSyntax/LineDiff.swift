/// The shortest edit script between two lists of lines (Myers 1986), O((N + M) · D) in
/// time: the formatter's diffs in the CLI (`fmt --diff`) and in the editor (minimal edits).
public enum LineDiff {
    public enum Edit: Equatable, Sendable { case same, delete, insert }

    public static func lines(_ text: String) -> (lines: [String], finalNewline: Bool) {
        // By bytes: "\r\n" is one Character in Swift, and a CRLF line keeps its "\r".
        var parts = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let finalNewline = text.utf8.last == UInt8(ascii: "\n") || text.isEmpty
        if finalNewline, !parts.isEmpty { parts.removeLast() }
        return (parts, finalNewline)
    }

    /// The steps from `a` to `b`: same, delete or insert, one per line.
    public static func edits(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count, m = b.count
        let maximum = n + m
        var frontier = [Int](repeating: 0, count: 2 * maximum + 2)
        var trace: [[Int]] = []
        var done = false
        for d in 0...maximum {
            // Past 20 million remembered entries, one hunk replacing everything is still a
            // correct diff, in linear memory.
            if (trace.count + 1) * frontier.count > 20_000_000 {
                return [Edit](repeating: .delete, count: n) + [Edit](repeating: .insert, count: m)
            }
            trace.append(frontier)
            var k = -d
            while k <= d {
                var x: Int
                if k == -d || (k != d && frontier[maximum + k - 1] < frontier[maximum + k + 1]) {
                    x = frontier[maximum + k + 1]
                } else {
                    x = frontier[maximum + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                frontier[maximum + k] = x
                if x >= n, y >= m { done = true; break }
                k += 2
            }
            if done { break }
        }
        // Backtrack.
        var script: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && v[maximum + k - 1] < v[maximum + k + 1]) { previousK = k + 1 } else { previousK = k - 1 }
            let previousX = d == 0 ? 0 : v[maximum + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY { script.append(.same); x -= 1; y -= 1 }
            if d > 0 {
                if x == previousX { script.append(.insert) } else { script.append(.delete) }
            }
            x = previousX
            y = previousY
        }
        while x > 0, y > 0 { script.append(.same); x -= 1; y -= 1 }
        return script.reversed()
    }
}
