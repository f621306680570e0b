/// A unified diff (`@@` hunks, three lines of context) that `git apply` and `patch -p1`
/// accept: Myers' algorithm, O((N + M) · D) in time.
enum UnifiedDiff {
    enum Edit: Equatable { case same, delete, insert }

    static func render(old: String, new: String, path: String) -> String {
        let a = lines(old), b = lines(new)
        // The last line of a file without a final newline differs from the same text with one.
        let script = edits(keys(a), keys(b))
        let name = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        var out = "--- a/\(name)\n+++ b/\(name)\n"
        // Walk the script into hunks with 3 lines of context.
        var i = 0, j = 0, k = 0
        while k < script.count {
            guard let firstChange = script[k...].firstIndex(where: { $0 != .same }) else { break }
            // Advance to the change, counting lines.
            while k < firstChange { i += 1; j += 1; k += 1 }
            let context = 3
            var start = k
            var oldStart = i, newStart = j
            var back = 0
            while back < context, start > 0, script[start - 1] == .same { start -= 1; oldStart -= 1; newStart -= 1; back += 1 }
            var end = k
            var lastChange = k
            while end < script.count {
                if script[end] != .same { lastChange = end; end += 1; continue }
                var run = 0
                while end + run < script.count, script[end + run] == .same { run += 1 }
                if end + run < script.count, run <= 2 * context { end += run; continue }
                break
            }
            end = min(script.count, lastChange + 1 + context)
            var body = ""
            var oldCount = 0, newCount = 0
            var x = oldStart, y = newStart
            for index in start..<end {
                switch script[index] {
                case .same:
                    body += " " + a.lines[x] + "\n"
                    if x == a.lines.count - 1, !a.finalNewline { body += "\\ No newline at end of file\n" }
                    x += 1; y += 1; oldCount += 1; newCount += 1
                case .delete:
                    body += "-" + a.lines[x] + "\n"
                    if x == a.lines.count - 1, !a.finalNewline { body += "\\ No newline at end of file\n" }
                    x += 1; oldCount += 1
                case .insert:
                    body += "+" + b.lines[y] + "\n"
                    if y == b.lines.count - 1, !b.finalNewline { body += "\\ No newline at end of file\n" }
                    y += 1; newCount += 1
                }
            }
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n" + body
            i = x; j = y; k = end
        }
        return out
    }

    static func keys(_ file: (lines: [String], finalNewline: Bool)) -> [String] {
        var keys = file.lines
        if !file.finalNewline, let last = keys.popLast() { keys.append(last + "\u{0}") }
        return keys
    }

    static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
    }

    static func lines(_ text: String) -> (lines: [String], finalNewline: Bool) {
        // By bytes: "\r\n" is one Character in Swift, and a CRLF line keeps its "\r".
        var parts = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let finalNewline = text.utf8.last == UInt8(ascii: "\n") || text.isEmpty
        if finalNewline, !parts.isEmpty { parts.removeLast() }
        return (parts, finalNewline)
    }

    /// The shortest edit script from `a` to `b` (Myers 1986), as same/delete/insert steps.
    static func edits(_ a: [String], _ b: [String]) -> [Edit] {
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
