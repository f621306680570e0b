import TrellisIDE

/// Lengths' labels as JSON strings (`"▸ 176"`), kept by the length's bits in memory lent by
/// the caller: a document's lengths repeat (the same cards at the same screen width), and
/// making one is a decimal conversion.
struct LengthTexts {
    /// How many texts are kept, and each one's place: its byte count, then its bytes.
    static let places = InlayHintRecords.lengthPlaces
    static let placeBytes = 32
    static let bytes = places * placeBytes
    /// The caller's memory, ``bytes`` long; nil until lent.
    private var texts: UnsafeMutablePointer<UInt8>?
    private var bits = [UInt64](repeating: 0, count: places)

    /// Keeps the texts in `memory`, every place empty (a count of 0).
    /// SAFETY: `memory` must hold ``bytes`` bytes for as long as the texts are used.
    mutating func lend(_ memory: UnsafeMutablePointer<UInt8>) {
        // SAFETY: `memory` holds `bytes` bytes (the caller's promise).
        memory.initialize(repeating: 0, count: Self.bytes)
        texts = memory
    }

    /// Puts `length`'s label, quoted; false, having put nothing, when it is too long to keep.
    mutating func put(_ length: Double, into text: inout ScratchText) -> Bool {
        guard let texts else { return false }
        let key = length.bitPattern
        let place = InlayHintRecords.place(ofLength: length)
        // SAFETY: `place < places` (ten bits): the place's bytes lie inside the lent memory.
        let start = texts + place * Self.placeBytes
        if bits[place] != key || start[0] == 0 {
            var label = InlayHintRecords.label(ofLength: length)
            let kept = label.withUTF8 { bytes -> Bool in
                // Quoted, and needing no escape (a number and a mark).
                guard bytes.count + 2 < Self.placeBytes, !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
                else { return false }
                // SAFETY: the count byte, two quotes and the label fit the place (checked above); `bytes` is read below its count.
                start[0] = UInt8(bytes.count + 2)
                start[1] = UInt8(ascii: "\"")
                for index in 0..<bytes.count { start[2 + index] = bytes[index] }
                start[2 + bytes.count] = UInt8(ascii: "\"")
                return true
            }
            guard kept else { return false }
            bits[place] = key
        }
        // SAFETY: the place holds `start[0]` bytes after its count (written above).
        text.put(UnsafeBufferPointer(start: start + 1, count: Int(start[0])))
        return true
    }
}
