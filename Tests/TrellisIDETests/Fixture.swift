import TrellisIDE
import TrellisModel
import TrellisSyntax

/// Inline markers for IDE feature tests: `1️⃣`, `2️⃣`… mark offsets in a fixture's text and
/// are removed before analysis, so a test reads like the document it is about.
enum Fixture {
    static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"]

    /// The text without its markers, and the byte offset of each marker, in order.
    static func parse(_ text: String, name: String = "t.trellis") -> (SourceFile, [Int]) {
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if let marker = markers.first(where: { rest.hasPrefix($0) }) {
                offsets.append(bytes.count)
                rest = rest.dropFirst(marker.count)
                continue
            }
            bytes.append(contentsOf: Array(String(rest.prefix(1)).utf8))
            rest = rest.dropFirst()
        }
        return (SourceFile(name: name, bytes: bytes), offsets)
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
