import TrellisModel
import TrellisSyntax

/// `trellis fmt` for the editor, as minimal edits (changed lines only, so the cursor and
/// folds stay put). Only the verified formatter is used: nothing is returned when the
/// document has syntax errors, is formatted already, or the formatter could not keep its
/// meaning. A range gets the formatter's edits for the lines it touches, and only when
/// applying just those still builds the same JSON.
public enum Formatting {
    /// The formatted text of the whole document, or nil (also when `shouldStop` says so,
    /// between the formatter's stages and items); a large one in pieces run as `workers` says.
    public static func format(_ analysis: Analysis, workers: SideBySide = .oneAfterAnother, shouldStop: () -> Bool = { false }) -> String? {
        guard analysis.file.kind == .trellis,
            case .formatted(let text) = VerifiedFormatting.format(
                analysis.source, parsed: analysis.file.parsed, workers: workers, shouldStop: shouldStop),
            Array(text.utf8) != analysis.source.bytes
        else { return nil }
        return text
    }

    /// The edits that format the whole document (empty when nothing changes).
    public static func edits(_ analysis: Analysis) -> [TextEdit] {
        guard let text = format(analysis) else { return [] }
        return edits(analysis.source, formatted: text)
    }

    /// The edits that turn `source` into `formatted` (what `format(_:)` gave): its changed
    /// lines. With `format(_:)`, ``edits(_:)`` in two stages, for a caller that looks
    /// between them whether it should go on.
    public static func edits(_ source: SourceFile, formatted: String) -> [TextEdit] {
        hunks(source, formatted: formatted)
    }

    /// The edits that format the lines `range` touches.
    public static func edits(_ analysis: Analysis, in range: Range<Int>) -> [TextEdit] {
        edits(analysis, in: range, from: edits(analysis))
    }

    /// The edits among `all` (the whole document's) that format the lines `range` touches,
    /// when applying just those still builds the same JSON.
    public static func edits(_ analysis: Analysis, in range: Range<Int>, from all: [TextEdit]) -> [TextEdit] {
        let source = analysis.source
        let firstLine = source.lineIndex(of: range.lowerBound)
        let lastLine = source.lineIndex(of: max(range.lowerBound, range.upperBound - (range.isEmpty ? 0 : 1)))
        let lines = source.lineRange(firstLine).lowerBound..<source.lineRange(lastLine).upperBound
        let chosen = all.filter {
            $0.range.overlaps(lines) || (lines.contains($0.range.lowerBound)) || ($0.range.isEmpty && $0.range.lowerBound == lines.upperBound)
        }
        guard chosen.count != all.count else { return all }
        guard !chosen.isEmpty, CodeActions.buildsTheSame(analysis, chosen) else { return [] }
        return chosen
    }

    /// The formatter's changes as line hunks of byte edits.
    static func hunks(_ source: SourceFile, formatted: String) -> [TextEdit] {
        let formattedBytes = Array(formatted.utf8)
        let old = LineDiff.lines(source.bytes)
        let new = LineDiff.lines(formattedBytes)
        guard old.finalNewline == new.finalNewline else {
            return [TextEdit(range: 0..<source.bytes.count, replacement: formatted)]
        }
        let script = LineDiff.edits(old.lines, new.lines)
        var edits: [TextEdit] = []
        var x = 0, y = 0, step = 0
        // The diff's own lines (split at `\n` only: a lone `\r` does not end one here).
        func offset(_ line: Int) -> Int { line < old.lines.count ? old.lines[line].startIndex : source.bytes.count }
        // The new lines `lines`, each with its line break (the last one's only if it had one).
        func text(_ lines: Range<Int>) -> String {
            guard let first = lines.first.map({ new.lines[$0].startIndex }) else { return "" }
            let last = new.lines[lines.upperBound - 1].endIndex
            let end = lines.upperBound == new.lines.count && !new.finalNewline ? last : min(last + 1, formattedBytes.count)
            return String(decoding: formattedBytes[first..<end], as: UTF8.self)
        }
        while step < script.count {
            if script[step] == .same {
                x += 1
                y += 1
                step += 1
                continue
            }
            let startX = x, startY = y
            while step < script.count, script[step] != .same {
                if script[step] == .delete { x += 1 } else { y += 1 }
                step += 1
            }
            if x - startX == y - startY {
                // Line for line: one edit per line, so a range can take just its own.
                for line in 0..<(x - startX) {
                    edits.append(TextEdit(range: offset(startX + line)..<offset(startX + line + 1), replacement: text(startY + line..<startY + line + 1)))
                }
            } else {
                edits.append(TextEdit(range: offset(startX)..<offset(x), replacement: text(startY..<y)))
            }
        }
        return edits
    }
}
