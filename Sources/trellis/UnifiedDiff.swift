import TrellisSyntax

/// A unified diff (`@@` hunks, three lines of context) that `git apply` and `patch -p1`
/// accept: Myers' algorithm, O((N + M) · D) in time.
enum UnifiedDiff {
    static func render(old: String, new: String, path: String) -> String {
        let a = LineDiff.lines(old), b = LineDiff.lines(new)
        // The last line of a file without a final newline differs from the same text with one.
        let script = LineDiff.edits(keys(a), keys(b))
        let name = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        var out = "--- a/\(name)\n+++ b/\(name)\n"
        // Walk the script into hunks with 3 lines of context.
        var i = 0, j = 0, k = 0
        while k < script.count {
            guard let firstChange = script[k...].firstIndex(where: { $0 != .same }) else { break }
            // Advance to the change, counting lines.
            while k < firstChange {
                i += 1
                j += 1
                k += 1
            }
            let context = 3
            var start = k
            var oldStart = i, newStart = j
            var back = 0
            while back < context, start > 0, script[start - 1] == .same {
                start -= 1
                oldStart -= 1
                newStart -= 1
                back += 1
            }
            var end = k
            var lastChange = k
            while end < script.count {
                if script[end] != .same {
                    lastChange = end
                    end += 1
                    continue
                }
                var run = 0
                while end + run < script.count, script[end + run] == .same { run += 1 }
                if end + run < script.count, run <= 2 * context {
                    end += run
                    continue
                }
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
                    x += 1
                    y += 1
                    oldCount += 1
                    newCount += 1
                case .delete:
                    body += "-" + a.lines[x] + "\n"
                    if x == a.lines.count - 1, !a.finalNewline { body += "\\ No newline at end of file\n" }
                    x += 1
                    oldCount += 1
                case .insert:
                    body += "+" + b.lines[y] + "\n"
                    if y == b.lines.count - 1, !b.finalNewline { body += "\\ No newline at end of file\n" }
                    y += 1
                    newCount += 1
                }
            }
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n" + body
            i = x
            j = y
            k = end
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

}
