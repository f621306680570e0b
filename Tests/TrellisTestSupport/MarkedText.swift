import TrellisModel

/// A test's document with named places marked in it: `1️⃣` … `9️⃣` and `0️⃣` are removed
/// from the text, and each is then found by its name, wherever it stands (so `2️⃣1️⃣fill`
/// marks one offset twice). A marker used twice is a mistake in the test and fails it.
public struct MarkedText {
    /// The markers a text may hold, by name.
    public static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "0️⃣"]

    /// The text without its markers.
    public let text: String
    /// The UTF-8 bytes of `text`.
    public let bytes: [UInt8]
    /// The byte offset of each marker found, by marker.
    public let offsets: [String: Int]
    /// Markers written more than once (none in a well-formed test).
    public let repeated: [String]

    public init(_ marked: String) {
        var bytes: [UInt8] = []
        var offsets: [String: Int] = [:]
        var repeated: [String] = []
        var rest = Substring(marked)
        while let first = rest.first {
            if let marker = Self.markers.first(where: { rest.hasPrefix($0) }) {
                if offsets[marker] != nil { repeated.append(marker) }
                offsets[marker] = bytes.count
                rest = rest.dropFirst(marker.count)
                continue
            }
            bytes.append(contentsOf: Array(String(first).utf8))
            rest = rest.dropFirst()
        }
        self.bytes = bytes
        self.text = String(decoding: bytes, as: UTF8.self)
        self.offsets = offsets
        self.repeated = repeated
    }

    /// The offsets of the markers found, in the order of their names (`1️⃣` … `9️⃣`, then `0️⃣`).
    public var inNameOrder: [Int] {
        Self.markers.compactMap { offsets[$0] }
    }

    /// The byte offset of `marker`, or nil when the text does not hold it.
    public subscript(marker: String) -> Int? { offsets[marker] }

    /// The LSP position of `marker`: its 0-based line and its column in UTF-16 code units
    /// (or in bytes, with `utf8: true`).
    public func position(_ marker: String, utf8: Bool = false) -> (line: Int, character: Int)? {
        guard let offset = offsets[marker] else { return nil }
        let before = bytes[..<offset]
        let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
        let line = before.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column = bytes[lineStart..<offset]
        return (line, utf8 ? column.count : String(decoding: column, as: UTF8.self).utf16.count)
    }
}
