/// The shortest edit script between two lists of lines (Myers 1986), O((N + M) · D) in
/// time: the formatter's diffs in the CLI (`fmt --diff`) and in the editor (minimal edits).
public enum LineDiff {
    /// What happens to one line: kept, deleted from the old text or inserted from the new.
    public enum Edit: Equatable, Sendable { case same, delete, insert }

    public static func lines(_ text: String) -> (lines: [String], finalNewline: Bool) {
        // By bytes: "\r\n" is one Character in Swift, and a CRLF line keeps its "\r".
        var parts = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let finalNewline = text.utf8.last == UInt8(ascii: "\n") || text.isEmpty
        if finalNewline, !parts.isEmpty { parts.removeLast() }
        return (parts, finalNewline)
    }

    /// The lines of UTF-8 text as byte ranges (no string per line), and whether it ends
    /// with a line break.
    public static func lines(_ bytes: [UInt8]) -> (lines: [ArraySlice<UInt8>], finalNewline: Bool) {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                lines.append(bytes[start..<index])
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return (lines, bytes.last == UInt8(ascii: "\n") || bytes.isEmpty)
    }

    /// The most entries the search may remember (the frontiers of every step): past it, one
    /// hunk replacing everything that differs is still a correct diff, in linear memory.
    static let rememberedEntries = 20_000_000

    /// The steps from `a` to `b`: same, delete or insert, one per line. Lines equal at both
    /// ends are matched first; the search runs on what lies between. Past `maximumDistance`
    /// steps the search stops and what lies between is replaced whole: O((N + M) · D) time
    /// becomes linear for a caller that bounds D.
    public static func edits<Line: Equatable>(_ a: [Line], _ b: [Line], maximumDistance: Int = .max) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middle = search(a[prefix..<(a.count - suffix)], b[prefix..<(b.count - suffix)], maximumDistance: maximumDistance)
        return [Edit](repeating: .same, count: prefix) + middle + [Edit](repeating: .same, count: suffix)
    }

    static func search<Line: Equatable>(_ a: ArraySlice<Line>, _ b: ArraySlice<Line>, maximumDistance: Int) -> [Edit] {
        let a = Array(a), b = Array(b)
        let n = a.count, m = b.count
        let maximum = n + m
        let everything = [Edit](repeating: .delete, count: n) + [Edit](repeating: .insert, count: m)
        // At least |n - m| steps are needed, each remembering a frontier: when that passes the
        // limit, no search is started.
        if (abs(n - m) + 1) * (2 * maximum + 2) > rememberedEntries || abs(n - m) > maximumDistance { return everything }
        var frontier = [Int](repeating: 0, count: 2 * maximum + 2)
        var trace: [[Int]] = []
        var done = false
        for d in 0...maximum {
            if (trace.count + 1) * frontier.count > rememberedEntries || d > maximumDistance { return everything }
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
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[maximum + k] = x
                if x >= n, y >= m {
                    done = true
                    break
                }
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
            while x > previousX, y > previousY {
                script.append(.same)
                x -= 1
                y -= 1
            }
            if d > 0 {
                if x == previousX { script.append(.insert) } else { script.append(.delete) }
            }
            x = previousX
            y = previousY
        }
        while x > 0, y > 0 {
            script.append(.same)
            x -= 1
            y -= 1
        }
        return script.reversed()
    }
}
