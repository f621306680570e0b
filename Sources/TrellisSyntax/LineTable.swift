/// A text's line table, computed on first use and then shared by every copy of the file;
/// safe to use from any thread.
final class LineTable: Sendable {
    /// Where lines start, and the checkpoints of long lines.
    struct Lines: Sendable {
        var starts: LineStarts
        var checkpoints: [Int: [SourceFile.Checkpoint]]
    }

    private let state: Locked<Lines?>

    init(_ lines: Lines? = nil) {
        state = Locked(lines)
    }

    /// The table of `bytes` (the file's own bytes, always the same for one table).
    func lines(of bytes: [UInt8]) -> Lines {
        state.withLock { lines in
            if let lines { return lines }
            let made = SourceFile.lines(of: bytes)
            lines = made
            return made
        }
    }
}
