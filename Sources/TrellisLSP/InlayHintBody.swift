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
    let source: SourceFile
    let encoding: PositionEncoding
    let document: Int
    let version: Int

    /// A label longer than this is written the slow way (none is: three values at most).
    private static let longestQuickLabel = 256
    /// What one hint with a quick label takes at most: its fixed text, five numbers of at
    /// most 20 characters and the quoted label.
    private static let scratchBytes = 128 + 5 * 20 + longestQuickLabel + 2

    func write<Output: ByteOutput & ~Copyable>(into output: inout Output, stop: () -> Bool) -> Bool {
        output.append(UInt8(ascii: "["))
        var positions = PositionCursor(source, encoding: encoding)
        // What follows a label up to the grid, the same for every hint of a kind.
        var lengthTailBytes = Array(#","kind":1,"paddingLeft":true,"data":["#.utf8)
        var slotTailBytes = Array(#","kind":2,"paddingRight":true,"data":["#.utf8)
        for number in [document, version] {
            JSONWriter.appendInteger(number, into: &lengthTailBytes)
            lengthTailBytes.append(UInt8(ascii: ","))
            JSONWriter.appendInteger(number, into: &slotTailBytes)
            slotTailBytes.append(UInt8(ascii: ","))
        }
        let finished = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.scratchBytes + lengthTailBytes.count + slotTailBytes.count) {
            buffer -> Bool in
            // A buffer of that capacity has memory: a hint is never left out for want of it.
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
                let position = positions.position(of: hint.offset)
                var hintText = ScratchText(scratch)
                hintText.put(number == 0 ? #"{"position":{"line":"# : #",{"position":{"line":"#)
                hintText.putDecimal(position.line)
                hintText.put(#","character":"#)
                hintText.putDecimal(position.character)
                hintText.put(#"},"label":"#)
                if !hintText.putQuoted(hint.label, longest: Self.longestQuickLabel) {
                    output.append(bytes: hintText.written)
                    JSONWriter.appendString(hint.label, to: &output)
                    hintText = ScratchText(scratch)
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
/// gives a buffer that holds everything it writes (``InlayHintBody``'s `scratchBytes`).
struct ScratchText {
    private let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    /// Writes from `base`, the start of the caller's buffer.
    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// The bytes written, for the caller to copy before the buffer's next use.
    var written: UnsafeBufferPointer<UInt8> {
        // SAFETY: the first `count` bytes are written.
        UnsafeBufferPointer(start: base, count: count)
    }

    mutating func put(_ text: StaticString) {
        // SAFETY: the caller's buffer holds everything written into it (see the type's note); the literal is read below its
        // count.
        text.withUTF8Buffer { bytes in
            guard let source = bytes.baseAddress else { return }
            (base + count).update(from: source, count: bytes.count)
            count += bytes.count
        }
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        // SAFETY: as above; `bytes` is read below its count.
        guard let source = bytes.baseAddress else { return }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// `value` in decimal, as JSON writes an integer (at most 20 characters).
    mutating func putDecimal(_ value: Int) {
        if value < 0 {
            // SAFETY: as in `put`.
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var rest = value.magnitude
        if rest < 100 {
            // Most numbers here (columns, layouts): one or two digits.
            // SAFETY: as in `put`.
            if rest >= 10 {
                base[count] = UInt8(ascii: "0") + UInt8(rest / 10)
                count += 1
            }
            base[count] = UInt8(ascii: "0") + UInt8(rest % 10)
            count += 1
            return
        }
        var digits = 1
        var power: UInt = 10
        while rest >= power {
            digits += 1
            guard power <= UInt.max / 10 else { break }
            power *= 10
        }
        // Written from the last digit back (a division by ten is a multiplication).
        var index = count + digits
        count = index
        repeat {
            index -= 1
            // SAFETY: as in `put`; `index` runs from the last digit's place down to the first's.
            base[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
    }

    /// `text` in quotes when it needs no escape and has at most `longest` bytes; false, having
    /// written nothing, otherwise.
    mutating func putQuoted(_ text: String, longest: Int) -> Bool {
        var text = text
        // SAFETY: the string's bytes are read below their count in the closure; at most `longest` + 2 bytes are written,
        // which the caller's buffer holds.
        return text.withUTF8 { bytes in
            guard bytes.count <= longest, !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else { return false }
            base[count] = UInt8(ascii: "\"")
            if let source = bytes.baseAddress { (base + count + 1).update(from: source, count: bytes.count) }
            count += bytes.count + 1
            base[count] = UInt8(ascii: "\"")
            count += 1
            return true
        }
    }
}
