import TrellisIDE
import TrellisModel
import TrellisSyntax

/// The JSON array answering `textDocument/inlayHint`, made as it is sent. `paddingRight` of a
/// length and `paddingLeft` of a slot are false, as when left out; `data` is
/// `[document, version, layout, grid]`, the document named by the server's number for it
/// (``OpenDocument/number``), not by its URI, which would be most of each hint's bytes.
///
/// Each hint is made in place, in room the sink reserves for it (checked once a hint, not
/// once a write): millions of hints (a whole large document) are made twice, counted and
/// sent, so each byte costs a store, not a call; slots and lengths are numbers until
/// written, each length's text made once (`LengthTexts`).
struct InlayHintBody: StreamedBody {
    let hints: InlayHintRecords
    let document: Int
    let version: Int
    /// Each hint's position, line and column in one word (both below 2³²: a document has
    /// fewer bytes), converted once for both makings.
    private let positions: [UInt64]

    init(hints: InlayHintRecords, source: SourceFile, encoding: PositionEncoding, document: Int, version: Int) {
        self.hints = hints
        self.document = document
        self.version = version
        var cursor = PositionCursor(source, encoding: encoding)
        var positions: [UInt64] = []
        positions.reserveCapacity(hints.records.count)
        for index in hints.records.indices {
            let position = cursor.position(of: hints.records[index].offset)
            positions.append(UInt64(truncatingIfNeeded: position.line) << 32 | UInt64(truncatingIfNeeded: position.character) & 0xFFFF_FFFF)
        }
        self.positions = positions
    }

    /// A label longer than this is written the slow way (none is: three values at most).
    private static let longestQuickLabel = 256
    /// What one hint takes at most besides its tail: the text before the label
    /// (`,{"position":{"line":` 21 bytes, `,"character":` 13, `},"label":` 10), the quoted label
    /// (a quick one, a slot, a length's text), the layout, a comma, the grid and `]}`, numbers
    /// of at most 20 characters.
    private static let hintBytes = 21 + 20 + 13 + 20 + 10 + (longestQuickLabel + 2) + 20 + 1 + 20 + 2

    func count(stop: () -> Bool) -> Int? {
        var count = ByteCount()
        return make(into: &count, stop: stop) ? count.count : nil
    }

    func write(into sink: inout ByteSink, stop: () -> Bool) { _ = make(into: &sink, stop: stop) }

    /// Makes the body into `output` (counted by a ``ByteCount``: the digits and labels
    /// measured, not written). False when `stop` said to stop.
    func make<Output: ScratchOutput & ~Copyable>(into output: inout Output, stop: () -> Bool) -> Bool {
        output.append(UInt8(ascii: "["))
        // What follows a label up to the grid, the same for every hint of a kind.
        var lengthTailBytes = Array(#","kind":1,"paddingLeft":true,"data":["#.utf8)
        var slotTailBytes = Array(#","kind":2,"paddingRight":true,"data":["#.utf8)
        for number in [document, version] {
            JSONWriter.appendInteger(number, into: &lengthTailBytes)
            lengthTailBytes.append(UInt8(ascii: ","))
            JSONWriter.appendInteger(number, into: &slotTailBytes)
            slotTailBytes.append(UInt8(ascii: ","))
        }
        let room = Self.hintBytes + max(lengthTailBytes.count, slotTailBytes.count)
        // SAFETY: the temporary buffer is used inside the closure only: the two tails, then the length texts.
        let finished = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: lengthTailBytes.count + slotTailBytes.count + LengthTexts.bytes) {
            buffer -> Bool in
            // A buffer of that capacity has memory: a hint is never left out for want of it.
            // SAFETY: the base address is used with the buffer's capacity (above).
            guard let memory = buffer.baseAddress else { return true }
            // SAFETY: the tails, then the texts, lie one after another inside the buffer.
            let lengthTail = UnsafeMutableBufferPointer(start: memory, count: lengthTailBytes.count)
            let slotTail = UnsafeMutableBufferPointer(start: memory + lengthTailBytes.count, count: slotTailBytes.count)
            _ = lengthTail.initialize(fromContentsOf: lengthTailBytes)
            _ = slotTail.initialize(fromContentsOf: slotTailBytes)
            var lengths = LengthTexts()
            // SAFETY: the texts' memory follows the tails inside the buffer, `LengthTexts.bytes` long.
            lengths.lend(memory + lengthTailBytes.count + slotTailBytes.count)
            let records = hints.records
            for number in records.indices {
                // A client that asked for a whole large document and moved on may cancel.
                if number % LanguageServer.cancellationStride == LanguageServer.cancellationStride - 1, stop() { return false }
                let hint = records[number]
                let position = positions[number]
                let tail = UnsafeBufferPointer(hint.kind == .length ? lengthTail : slotTail)
                var text = output.text(room: room)
                text.put(number == 0 ? #"{"position":{"line":"# : #",{"position":{"line":"#)
                text.putDecimal(Int(position >> 32))
                text.put(#","character":"#)
                text.putDecimal(Int(position & 0xFFFF_FFFF))
                text.put(#"},"label":"#)
                var slowLabel: String?
                switch hint.value {
                case .slot(let slot):
                    // As `InlayHintRecords.label(ofSlot:)` writes it (the tests compare them).
                    text.put("\"#")
                    text.putDecimal(slot)
                    text.put("\"")
                case .length(let length):
                    if !lengths.put(length, into: &text) { slowLabel = InlayHintRecords.label(ofLength: length) }
                case .text(let index):
                    let label = hints.label(.text(index))
                    if !text.putQuoted(label, longest: Self.longestQuickLabel) { slowLabel = label }
                }
                if let slowLabel {
                    output.end(text)
                    JSONWriter.appendString(slowLabel, to: &output)
                    text = output.text(room: room)
                }
                Self.putTail(tail, of: hint, into: &text)
                output.end(text)
            }
            return true
        }
        guard finished else { return false }
        output.append(UInt8(ascii: "]"))
        return true
    }

    /// What follows a hint's label: its kind's `tail`, then the grid it names and `]}`.
    /// SAFETY: `tail` must be live for the call.
    private static func putTail(_ tail: UnsafeBufferPointer<UInt8>, of hint: InlayHintRecords.Record, into text: inout ScratchText) {
        text.put(tail)
        text.putDecimal(hint.layout)
        text.put(",")
        text.putDecimal(hint.grid)
        text.put("]}")
    }
}
