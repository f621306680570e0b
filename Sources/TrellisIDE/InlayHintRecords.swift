import TrellisLayout

/// The inlay hints of a range as plain values, in order: what a language server writes when
/// a client asks for a whole large document (millions of hints). A record copies as its bytes
/// (no label string to retain): a label listing several values is kept apart, in ``texts``.
package struct InlayHintRecords: Sendable {
    /// One hint (``InlayHint`` with its label kept as a number or a place in ``texts``).
    package struct Record: Sendable {
        /// What the hint shows, before it is made into text.
        package enum Value: Sendable {
            /// `#3`.
            case slot(Int)
            /// `▸ 176`: the length as ``FramesReport/number(_:)`` writes it.
            case length(Double)
            /// The label at this index of ``InlayHintRecords/texts`` (`▸ 200, 75`, `#0, #1`).
            case text(Int)
        }

        package var offset: Int
        package var value: Value
        package var kind: InlayHint.Kind
        package var layout: Int
        package var grid: Int

        package init(offset: Int, value: Value, kind: InlayHint.Kind, layout: Int, grid: Int) {
            self.offset = offset
            self.value = value
            self.kind = kind
            self.layout = layout
            self.grid = grid
        }
    }

    package var records: [Record] = []
    package var texts: [String] = []

    package init() {}

    /// The hint `record` stands for.
    package func hint(_ record: Record) -> InlayHint {
        InlayHint(offset: record.offset, label: label(record.value), kind: record.kind, layout: record.layout, grid: record.grid)
    }

    /// The text shown for `value`.
    package func label(_ value: Record.Value) -> String {
        switch value {
        case .slot(let slot): Self.label(ofSlot: slot)
        case .length(let length): Self.label(ofLength: length)
        case .text(let index): texts.indices.contains(index) ? texts[index] : ""
        }
    }

    /// `▸ 176`.
    package static func label(ofLength length: Double) -> String { InlayHints.lengthMark + FramesReport.number(length) }

    /// `#3`.
    package static func label(ofSlot slot: Int) -> String { "#" + String(slot) }

    /// Where a length's text is kept in a table of ``lengthPlaces`` places by its bits (a
    /// document's lengths repeat: the same cards at the same screen width): the top
    /// ``lengthPlaceBits`` bits of the bits multiplied, so always below ``lengthPlaces``.
    package static func place(ofLength length: Double) -> Int {
        Int(truncatingIfNeeded: (length.bitPattern &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - lengthPlaceBits))
    }

    /// How many bits choose a length's place: one number behind both the places and the shift.
    package static let lengthPlaceBits = 10

    /// How many places ``place(ofLength:)`` chooses from.
    package static let lengthPlaces = 1 << lengthPlaceBits

    /// `text` kept in ``texts``: a value that shows it.
    package mutating func keep(_ text: String) -> Record.Value {
        texts.append(text)
        return .text(texts.count - 1)
    }

    /// Puts the records in the order of their offsets, those at one offset kept in the order made.
    mutating func sortByOffset() {
        guard !zip(records, records.dropFirst()).allSatisfy({ $0.offset <= $1.offset }) else { return }
        records = records.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map { $0.element }
    }
}
