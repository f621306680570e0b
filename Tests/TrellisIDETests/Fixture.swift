import TrellisIDE
import TrellisModel
import TrellisSyntax
import TrellisTestSupport

/// Inline markers for IDE feature tests (``MarkedText``): `1️⃣`, `2️⃣`… mark offsets in a
/// fixture's text and are removed before analysis, so a test reads like the document it is about.
enum Fixture {
    /// The text without its markers, and the byte offset of each marker in the order of their
    /// names (`offsets[0]` is `1️⃣`'s, wherever it stands).
    static func parse(_ text: String, name: String = "t.trellis") -> (SourceFile, [Int]) {
        let marked = MarkedText(text)
        precondition(marked.repeated.isEmpty, "a marker written twice: \(marked.repeated)")
        return (SourceFile(name: name, bytes: marked.bytes), marked.inNameOrder)
    }

    /// The analysis of a fixture and its marker offsets.
    static func analysis(_ text: String, kind: InputKind = .trellis) -> (Analysis, [Int]) {
        let (source, offsets) = parse(text, name: kind == .json ? "t.json" : "t.trellis")
        return (Analysis(source, kind: kind), offsets)
    }

    /// The source with `edits` applied.
    static func apply(_ edits: [TextEdit], to source: SourceFile) -> String {
        var bytes = source.bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
