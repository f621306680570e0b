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
    /// What one hint with a quick label takes at most: its fixed text, five numbers of at
    /// most 20 characters and the quoted label.
    private static let scratchBytes = 128 + 5 * 20 + longestQuickLabel + 2

    func count(stop: () -> Bool) -> Int? {
        var count = ByteCount()
        return make(into: &count, counting: true, stop: stop) ? count.count : nil
    }

    func write(into sink: inout ByteSink) { _ = make(into: &sink, counting: false, stop: { false }) }

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
        // SAFETY: the temporary buffer is used inside the closure only, through `ScratchText`s
        // it holds everything of (see `scratchBytes`) and the two tails kept after them.
        let finished = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.scratchBytes + lengthTailBytes.count + slotTailBytes.count) {
            buffer -> Bool in
            // A buffer of that capacity has memory: a hint is never left out for want of it.
            // SAFETY: the base address is used with the buffer's capacity (above).
            guard let scratch = buffer.baseAddress else { return true }
            // The tails are kept after the hint's place in the same buffer: read through a
            // pointer, not an array retained and released for each hint.
            // SAFETY: the buffer has `scratchBytes` for a hint, then room for both tails.
            let lengthTail = UnsafeBufferPointer(start: scratch + Self.scratchBytes, count: lengthTailBytes.count)
            let slotTail = UnsafeBufferPointer(start: scratch + Self.scratchBytes + lengthTailBytes.count, count: slotTailBytes.count)
            _ = UnsafeMutableBufferPointer(mutating: lengthTail).update(fromContentsOf: lengthTailBytes)
            _ = UnsafeMutableBufferPointer(mutating: slotTail).update(fromContentsOf: slotTailBytes)
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
                hintText.put(hint.kind == .length ? lengthTail : slotTail)
                hintText.putDecimal(hint.layout)
                hintText.put(",")
                hintText.putDecimal(hint.grid)
                hintText.put("]}")
                output.append(bytes: hintText.written)
            }
            return true
        }
        guard finished else { return false }
        output.append(UInt8(ascii: "]"))
        return true
    }
}

/// Text written into a buffer the caller holds, checked by none of its writes: the caller
/// gives a buffer that holds everything it writes (``InlayHintBody``'s `scratchBytes`). One
/// made for `counting` only counts: its bytes are left unwritten.
struct ScratchText {
    private let base: UnsafeMutablePointer<UInt8>
    private let counting: Bool
    private(set) var count = 0

    /// Writes from `base`, the start of the caller's buffer.
    /// SAFETY: `base` must hold everything written before the caller's next use of it.
    init(_ base: UnsafeMutablePointer<UInt8>, counting: Bool) {
        self.base = base
        self.counting = counting
    }

    /// The bytes written (none, counting), for the caller to copy before the buffer's next use.
    var written: UnsafeBufferPointer<UInt8> {
        // SAFETY: the first `count` bytes are written (or, counting, only their number is read: `ByteCount` reads no byte).
        UnsafeBufferPointer(start: base, count: count)
    }

    mutating func put(_ text: StaticString) {
        if counting { return count += text.utf8CodeUnitCount }
        // SAFETY: the caller's buffer holds everything written into it (see the type's note); the literal is read below its
        // count.
        text.withUTF8Buffer { copy($0) }
    }

    /// SAFETY: `bytes` must be live for the call; it is read below its count.
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        if counting { return count += bytes.count }
        copy(bytes)
    }

    /// SAFETY: `bytes` must be live for the call; it is read below its count.
    private mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        // SAFETY: `bytes` is read below its count; the caller's buffer holds what is written (see the type's note).
        guard let source = bytes.baseAddress else { return }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// `value` in decimal, as JSON writes an integer (at most 20 characters).
    mutating func putDecimal(_ value: Int) {
        var rest = value.magnitude
        let digits = (value < 0 ? 1 : 0) + Self.digitCount(rest)
        if counting { return count += digits }
        if value < 0 {
            // SAFETY: as in `put`.
            base[count] = UInt8(ascii: "-")
        }
        // Written from the last digit back, two at a time (divisions by constants are
        // multiplications).
        var index = count + digits
        count = index
        while rest >= 100 {
            let pair = rest % 100
            rest /= 100
            // SAFETY: as in `put`; `index` runs from the last digit's place down to the first's.
            base[index - 1] = UInt8(ascii: "0") + UInt8(pair % 10)
            base[index - 2] = UInt8(ascii: "0") + UInt8(pair / 10)
            index -= 2
        }
        // SAFETY: as above.
        base[index - 1] = UInt8(ascii: "0") + UInt8(rest % 10)
        if rest >= 10 { base[index - 2] = UInt8(ascii: "0") + UInt8(rest / 10) }
    }

    /// How many digits `value` has: a few comparisons for the numbers of a document (lines,
    /// columns, grids), a loop beyond a million.
    static func digitCount(_ value: UInt) -> Int {
        if value < 10_000 { return value < 100 ? (value < 10 ? 1 : 2) : (value < 1_000 ? 3 : 4) }
        if value < 1_000_000 { return value < 100_000 ? 5 : 6 }
        var digits = 7
        var power: UInt = 10_000_000
        while value >= power {
            digits += 1
            guard power <= UInt.max / 10 else { break }
            power *= 10
        }
        return digits
    }

    /// `text` in quotes when it needs no escape and has at most `longest` bytes; false, having
    /// written nothing, otherwise.
    mutating func putQuoted(_ text: String, longest: Int) -> Bool {
        var text = text
        // SAFETY: the string's bytes are read below their count inside the closure.
        return text.withUTF8 { bytes in
            guard bytes.count <= longest else { return false }
            if counting {
                guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
                count += bytes.count + 2
                return true
            }
            // SAFETY: `bytes` is read below its count; at most `longest` + 2 bytes are written, which the caller's buffer
            // holds (see the type's note).
            base[count] = UInt8(ascii: "\"")
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { return false }
                base[count + 1 + index] = byte
            }
            base[count + 1 + bytes.count] = UInt8(ascii: "\"")
            count += bytes.count + 2
            return true
        }
    }
}
