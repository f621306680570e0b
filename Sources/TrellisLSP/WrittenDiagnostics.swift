import TrellisSyntax

/// A document's diagnostics as last written for the client, with their text: the next list
/// copies the text it shares with this one instead of writing it again. After an edit most of
/// a file's findings are the ones before it, moved (a file of many layouts previewed at a wrap
/// height has thousands); only their ranges (and their labels', which hold ranges) are written
/// anew.
struct WrittenDiagnostics {
    let diagnostics: [Diagnostic]
    let text: [UInt8]
    /// By diagnostic, where its body lies in ``text``: what follows its range, from
    /// `,"severity"` through its message and documentation link (its labels and tags follow).
    let bodies: [Range<Int>]
    /// By diagnostic, where it lies in ``text`` whole (`{` to `}`), and the positions its
    /// range was written with: one with no labels whose range is written at the same
    /// positions again is copied whole (after an edit within a line, every one off that line).
    let entries: [Range<Int>]
    let ranges: [WrittenRange]
    /// How many entries were copied whole from the list before.
    let copiedWhole: Int
    /// The documentation link's base the text was written with (every body holds it).
    let documentationBase: String?

    /// By diagnostic of `diagnostics`, the one of this list whose body in ``text`` is byte for
    /// byte the body it would be written with (its index), or nil: the diagnostics the two
    /// lists share at their start and at their end (an edit changes the findings of the layout
    /// it touched, in the middle).
    func reusableBodies(for diagnostics: [Diagnostic], documentationBase: String?) -> [Int?] {
        var reusable = [Int?](repeating: nil, count: diagnostics.count)
        guard documentationBase == self.documentationBase else { return reusable }
        // Through buffers: an array's element passed on is copied (a reference count per string
        // and list it holds), a buffer's is lent.
        // SAFETY: `old` is read below `shorter <= old.count` from the start and from its end,
        // `new` likewise; neither buffer leaves its closure.
        self.diagnostics.withUnsafeBufferPointer { old in
            diagnostics.withUnsafeBufferPointer { new in
                let shorter = min(old.count, new.count)
                var leading = 0
                while leading < shorter, Self.sameBody(old, leading, new, leading) {
                    reusable[leading] = leading
                    leading += 1
                }
                var trailing = 0
                while trailing < shorter - leading, Self.sameBody(old, old.count - 1 - trailing, new, new.count - 1 - trailing) {
                    reusable[new.count - 1 - trailing] = old.count - 1 - trailing
                    trailing += 1
                }
            }
        }
        return reusable
    }

    /// Whether two diagnostics have the same body: their texts byte for byte (`==` on strings
    /// would call two spellings of one accented letter equal).
    /// SAFETY: callers pass indices below each buffer's count.
    private static func sameBody(_ old: UnsafeBufferPointer<Diagnostic>, _ at: Int, _ new: UnsafeBufferPointer<Diagnostic>, _ other: Int) -> Bool {
        guard old[at].code == new[other].code, old[at].severity == new[other].severity, sameBytes(old[at].message, new[other].message),
            old[at].notes.count == new[other].notes.count
        else { return false }
        for note in old[at].notes.indices where !sameBytes(old[at].notes[note], new[other].notes[note]) { return false }
        return true
    }

    /// Eight bytes at a time: a body compared byte by byte cost more than writing it.
    private static func sameBytes(_ one: String, _ other: String) -> Bool {
        var one = one, other = other
        // SAFETY: each string's UTF-8 is read inside its closure only, below its count (eight
        // bytes at `index + 8 <= count`, one at `index < count`), and the counts are equal.
        return one.withUTF8 { first in
            other.withUTF8 { second in
                guard first.count == second.count else { return false }
                guard let left = first.baseAddress, let right = second.baseAddress else { return true }
                // A finding moved past an edit shares its strings with the one it was.
                if left == right { return true }
                var index = 0
                while index + 8 <= first.count {
                    // SAFETY: the eight bytes at `index` lie below both counts.
                    guard UnsafeRawPointer(left + index).loadUnaligned(as: UInt64.self) == UnsafeRawPointer(right + index).loadUnaligned(as: UInt64.self)
                    else { return false }
                    index += 8
                }
                while index < first.count {
                    guard left[index] == right[index] else { return false }
                    index += 1
                }
                return true
            }
        }
    }
}

/// A diagnostic's range as written for the client: its start and end as LSP positions.
struct WrittenRange: Equatable {
    var startLine: Int32, startCharacter: Int32, endLine: Int32, endCharacter: Int32

    init(_ start: Position, _ end: Position) {
        startLine = Int32(truncatingIfNeeded: start.line)
        startCharacter = Int32(truncatingIfNeeded: start.character)
        endLine = Int32(truncatingIfNeeded: end.line)
        endCharacter = Int32(truncatingIfNeeded: end.character)
    }
}
