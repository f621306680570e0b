import TrellisIDE
import TrellisModel
import TrellisSyntax

/// The JSON array answering `textDocument/inlayHint`, made as it is sent. `paddingRight` of a
/// length and `paddingLeft` of a slot are false, as when left out; `data` is
/// `[document, version, layout, grid]`, the document named by the server's number for it
/// (``OpenDocument/number``), not by its URI, which would be most of each hint's bytes.
///
/// Each hint is made in a buffer on the stack and appended whole: millions of hints (a whole
/// large document) are made twice, counted and sent, so each byte costs a store, not a call.
struct InlayHintBody: StreamedBody {
    let hints: [InlayHint]
    let document: Int
    let version: Int
    /// Each hint's position, line and column in one word (both below 2³²: a document has
    /// fewer bytes), converted once for both makings.
    private let positions: [UInt64]

    init(hints: [InlayHint], source: SourceFile, encoding: PositionEncoding, document: Int, version: Int) {
        self.hints = hints
        self.document = document
        self.version = version
        var cursor = PositionCursor(source, encoding: encoding)
        positions = hints.map { hint in
            let position = cursor.position(of: hint.offset)
            return UInt64(truncatingIfNeeded: position.line) << 32 | UInt64(truncatingIfNeeded: position.character) & 0xFFFF_FFFF
        }
    }

    /// A label longer than this is written the slow way (none is: three values at most).
    private static let longestQuickLabel = 256
    /// What one hint with a quick label takes at most besides its tail: the text before the
    /// label (`,{"position":{"line":` 21 bytes, `,"character":` 13, `},"label":` 10), the
    /// quoted label, the layout, a comma, the grid and `]}`, numbers of at most 20 characters.
    private static let hintBytes = 21 + 20 + 13 + 20 + 10 + (longestQuickLabel + 2) + 20 + 1 + 20 + 2

    func count(stop: () -> Bool) -> Int? {
        var count = ByteCount()
        return make(into: &count, counting: true, stop: stop) ? count.count : nil
    }

    func write(into sink: inout ByteSink, stop: () -> Bool) { _ = make(into: &sink, counting: false, stop: stop) }

    /// Makes the body into `output`; `counting`: only its length matters, the digits and
    /// labels are measured, not written. False when `stop` said to stop.
    func make<Output: ByteOutput & ~Copyable>(into output: inout Output, counting: Bool, stop: () -> Bool) -> Bool {
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
        // A hint's place holds its longest text with the longer tail; the tails are kept after
        // it in the same buffer, read through a pointer, not arrays retained for each hint.
        let scratchBytes = Self.hintBytes + max(lengthTailBytes.count, slotTailBytes.count)
        // SAFETY: the temporary buffer is used inside the closure only: `scratchBytes` for a
        // hint's `ScratchText`, then the two tails.
        let finished = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchBytes + lengthTailBytes.count + slotTailBytes.count) {
            buffer -> Bool in
            // A buffer of that capacity has memory: a hint is never left out for want of it.
            // SAFETY: the base address is used with the buffer's capacity (above).
            guard let scratch = buffer.baseAddress else { return true }
            // SAFETY: the tails lie after the hint's `scratchBytes`, inside the buffer.
            let lengthTail = UnsafeMutableBufferPointer(start: scratch + scratchBytes, count: lengthTailBytes.count)
            let slotTail = UnsafeMutableBufferPointer(start: scratch + scratchBytes + lengthTailBytes.count, count: slotTailBytes.count)
            _ = lengthTail.initialize(fromContentsOf: lengthTailBytes)
            _ = slotTail.initialize(fromContentsOf: slotTailBytes)
            for (number, hint) in hints.enumerated() {
                // A client that asked for a whole large document and moved on may cancel.
                if number % LanguageServer.cancellationStride == LanguageServer.cancellationStride - 1, stop() { return false }
                let position = positions[number]
                var hintText = ScratchText(scratch, counting: counting)
                hintText.put(number == 0 ? #"{"position":{"line":"# : #",{"position":{"line":"#)
                hintText.putDecimal(Int(position >> 32))
                hintText.put(#","character":"#)
                hintText.putDecimal(Int(position & 0xFFFF_FFFF))
                hintText.put(#"},"label":"#)
                if !hintText.putQuoted(hint.label, longest: Self.longestQuickLabel) {
                    output.append(bytes: hintText.written)
                    JSONWriter.appendString(hint.label, to: &output)
                    hintText = ScratchText(scratch, counting: counting)
                }
                hintText.put(UnsafeBufferPointer(hint.kind == .length ? lengthTail : slotTail))
                hintText.putDecimal(hint.layout)
                hintText.put(",")
                hintText.putDecimal(hint.grid)
                hintText.put("]}")
                assert(hintText.count <= scratchBytes, "a hint outgrew its place")
                output.append(bytes: hintText.written)
            }
            return true
        }
        guard finished else { return false }
        output.append(UInt8(ascii: "]"))
        return true
    }
}
