import TrellisModel

/// The SVG as it is written: UTF-8 bytes appended in place, numbers as `trellis frames` prints
/// them and text escaped for XML, with no string made for each piece.
struct SVGBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Markup, as written.
    mutating func add(_ text: StaticString) {
        // SAFETY: the buffer is the literal's UTF-8, read only inside the closure, which copies it.
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Markup or text known to need no escaping (colors, ids, attributes made here).
    mutating func add(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Text in an element or an attribute, with `&`, `<`, `>` and `"` as entities (each one
    /// byte of UTF-8 that no other character's bytes contain).
    mutating func escaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): add("&amp;")
            case UInt8(ascii: "<"): add("&lt;")
            case UInt8(ascii: ">"): add("&gt;")
            case UInt8(ascii: "\""): add("&quot;")
            default: bytes.append(byte)
            }
        }
    }

    /// A number as ``FramesReport/number(_:)`` writes it.
    mutating func number(_ value: Double) {
        if Rect.isOrdinary(value) {
            JSONWriter.appendNumber(FramesReport.rounded(value), into: &bytes)
        } else {
            add(FramesReport.unbounded(value))
        }
    }

    /// Bytes made as these are (a label).
    mutating func add(bytes more: [UInt8]) { bytes.append(contentsOf: more) }

    /// A frame as the tooltips write it: `x 0, y 10, w 375, h 120`.
    mutating func rectangle(_ rect: Rect) {
        add("x ")
        number(rect.x)
        add(", y ")
        number(rect.y)
        add(", w ")
        number(rect.width)
        add(", h ")
        number(rect.height)
    }

    mutating func integer(_ value: Int) { JSONWriter.appendInteger(value, into: &bytes) }

    /// An attribute whose value is a number: `opening` is ` name="`, the closing quote follows
    /// the number.
    mutating func attribute(_ opening: StaticString, _ value: Double) {
        add(opening)
        number(value)
        add("\"")
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
