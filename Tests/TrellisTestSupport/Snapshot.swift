import Foundation

/// Snapshot files: a test's output kept beside its input and reviewed by eye in the diff.
/// `UPDATE_SNAPSHOTS=1 swift test --filter …` writes every snapshot from what the code gives
/// (a missing one too); otherwise a snapshot that differs, or is missing, fails with the first
/// line that differs.
public enum Snapshot {
    /// Whether this run rewrites snapshots instead of checking them.
    public static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" }

    /// Nil when `actual` is the snapshot at `url` (or was written there, when updating);
    /// otherwise what is wrong, for the failure message.
    public static func mismatch(_ actual: String, snapshot url: URL) -> String? {
        let name = url.lastPathComponent
        if updating {
            let current = try? String(contentsOf: url, encoding: .utf8)
            if current != actual {
                do { try Data(actual.utf8).write(to: url, options: .atomic) } catch { return "cannot write \(name): \(error)" }
            }
            return nil
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return "no snapshot \(name): run with UPDATE_SNAPSHOTS=1 to write it, then review it"
        }
        guard expected != actual else { return nil }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        let was = line < old.count ? String(old[line]) : "(end of file)"
        let now = line < new.count ? String(new[line]) : "(end of output)"
        return "\(name) differs at line \(line + 1):\n  snapshot: \(was)\n  now:      \(now)\n(UPDATE_SNAPSHOTS=1 rewrites it for review)"
    }
}
