import TrellisSyntax

/// What few grids have, kept beside the records: plain fields, borderlines and JSON values.
extension GridArena {
    /// The fields few grids have, as plain values (an array of them is freed without
    /// visiting them): texts in ``GridArena/text``, borderlines a run of
    /// ``GridArena/borderlines``, JSON values an entry of ``GridArena/rareValues``.
    package struct RareFields: Sendable {
        package var overlap = TextSpan.none
        package var contentSize: PreviewSize?
        package var borderlineStart: UInt32 = 0
        package var borderlineCount: UInt32 = 0
        /// Index in ``GridArena/rareValues`` (0: none).
        package var values: UInt32 = 0

        package var borderlineRun: Range<Int> { Int(borderlineStart)..<(Int(borderlineStart) + Int(borderlineCount)) }
    }

    /// The JSON values few grids have.
    package struct RareValues: Sendable {
        package var actionData: JSONValue?
        package var extra: [JSONMember] = []
        package var rawSize: JSONValue?

        var isEmpty: Bool { actionData == nil && extra.isEmpty && rawSize == nil }
    }

    /// A borderline as plain values: its color's bytes are in ``GridArena/text``.
    package struct StoredBorderline: Sendable {
        package var edge: Edge
        package var color = TextSpan.none
        package var thick: Double?
        package var head: Double?
        package var tail: Double?
        package var offset: Double?
        package var dash: Double?

        package init(edge: Edge) { self.edge = edge }

        /// The five numbers, in the schema's order.
        var numbers: (Double?, Double?, Double?, Double?, Double?) {
            get { (thick, head, tail, offset, dash) }
            set { (thick, head, tail, offset, dash) = newValue }
        }
    }

    /// Where the entries a cell may change in place begin: entries before these are a
    /// template's, shared with its other uses, and are copied before they are changed.
    package struct Mark: Sendable {
        var rare = 0
        var values = 0
        var borderlines = 0
    }
}
