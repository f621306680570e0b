/// Writes one pretty JSON document (2 spaces) piece by piece, byte for byte what
/// ``JSONWriter`` writes for the same value, without building the value first: for reports
/// with thousands of entries, where the tree would cost more than the writing.
///
/// Containers open and close in order; inside an object each value follows its ``key(_:)``.
public struct JSONStream: ~Copyable {
    /// What has been written (a sink: an append checks the capacity only).
    private var bytes: ByteSink
    /// One entry per open container: whether it is an array (its values need a separator).
    private var openArrays: [Bool] = []
    /// Whether the innermost open container has nothing in it yet.
    private var isEmpty = true
    private let baseIndent: Int

    /// A stream appending to `bytes`, its document nested `indent` levels deep (as
    /// ``JSONWriter/write(_:nestedAt:into:)``).
    public init(nestedAt indent: Int = 0, appendingTo prefix: [UInt8] = [], expectedBytes: Int = 256) {
        bytes = ByteSink(capacity: prefix.count + expectedBytes)
        bytes.append(contentsOf: prefix)
        baseIndent = indent
    }

    /// The bytes written, the stream given up.
    public consuming func finish() -> [UInt8] {
        // SAFETY: the sink's written bytes are copied whole inside the closure.
        bytes.withBytes { Array($0) }
    }

    private mutating func newline() {
        let indent = (baseIndent + openArrays.count) * 2
        let room = bytes.reserve(1 + indent)
        // SAFETY: `room` holds `1 + indent` bytes; one line break and `indent` spaces are written, then committed.
        room.initialize(to: UInt8(ascii: "\n"))
        (room + 1).initialize(repeating: UInt8(ascii: " "), count: indent)
        bytes.commit(1 + indent)
    }

    /// The separator before a value: in an array, a comma after the previous one and a new line.
    private mutating func beforeValue() {
        guard openArrays.last == true else { return }
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        newline()
    }

    /// Opens an object (`{`).
    public mutating func beginObject() { open(UInt8(ascii: "{"), isArray: false) }
    /// Closes the innermost object (`}`).
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    /// Opens an array (`[`).
    public mutating func beginArray() { open(UInt8(ascii: "["), isArray: true) }
    /// Closes the innermost array (`]`).
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8, isArray: Bool) {
        beforeValue()
        bytes.append(bracket)
        openArrays.append(isArray)
        isEmpty = true
    }

    private mutating func close(_ bracket: UInt8) {
        let hadMembers = !isEmpty
        openArrays.removeLast()
        if hadMembers { newline() }
        bytes.append(bracket)
        // The container just closed is a value of the one around it, which is not empty.
        isEmpty = false
    }

    /// A member's key made at run time (a document's own); its value comes next.
    public mutating func key(named name: String) {
        beforeKey()
        JSONWriter.appendString(name, to: &bytes)
        bytes.append(": ")
    }

    /// A member's key written in the code (a report's own schema); its value comes next. It is
    /// copied as it is: a key in the code holds no character JSON escapes.
    public mutating func key(_ name: StaticString) {
        // The separator, the line break, the indentation and the quoted key with its colon are
        // written into one room: a report writes hundreds of thousands of keys.
        let comma = !isEmpty
        isEmpty = false
        let indent = (baseIndent + openArrays.count) * 2
        // SAFETY: the literal's bytes are static and read whole inside the closure.
        name.withUTF8Buffer { name in
            let length = (comma ? 1 : 0) + 1 + indent + name.count + 4
            // SAFETY: the room holds `length` bytes, what `writeKey` writes for this name, indentation and comma.
            _ = Self.writeKey(name, indent: indent, comma: comma, at: bytes.reserve(length))
            bytes.commit(length)
        }
    }

    /// Writes an optional comma, a line break, `indent` spaces, the quoted `name` and `": `;
    /// returns where the next byte goes.
    /// SAFETY: callers give room for `comma + 1 + indent + name.count + 4` bytes at `start` and a
    /// live `name`, read below its count.
    private static func writeKey(_ name: UnsafeBufferPointer<UInt8>, indent: Int, comma: Bool, at start: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>
    {
        assert(!name.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }, "a key JSON escapes")
        var at = start
        if comma {
            at.initialize(to: UInt8(ascii: ","))
            at += 1
        }
        at.initialize(to: UInt8(ascii: "\n"))
        (at + 1).initialize(repeating: UInt8(ascii: " "), count: indent)
        at += 1 + indent
        at.initialize(to: UInt8(ascii: "\""))
        at += 1
        // A loop beats memmove on a key.
        for offset in 0..<name.count { at[offset] = name[offset] }
        at += name.count
        at.initialize(to: UInt8(ascii: "\""))
        (at + 1).initialize(to: UInt8(ascii: ":"))
        (at + 2).initialize(to: UInt8(ascii: " "))
        return at + 3
    }

    private mutating func beforeKey() {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        newline()
    }

    /// A string, quoted and escaped.
    public mutating func string(_ text: String) {
        beforeValue()
        JSONWriter.appendString(text, to: &bytes)
    }

    /// A number as ``JSONWriter`` writes it (integers without a fraction).
    public mutating func number(_ value: Double) {
        beforeValue()
        JSONWriter.appendNumber(value, to: &bytes)
    }

    /// A whole number.
    public mutating func integer(_ value: Int) {
        beforeValue()
        JSONWriter.appendInteger(value, to: &bytes)
    }

    /// An object of four whole numbers, byte for byte what ``beginObject()``, four
    /// ``key(_:)``–``integer(_:)`` pairs and ``endObject()`` write, made in one room: a report
    /// writes two for each range (a position's line, column, offset and UTF-16 column).
    public mutating func integerObject(
        _ first: (StaticString, Int), _ second: (StaticString, Int), _ third: (StaticString, Int), _ fourth: (StaticString, Int)
    ) {
        beforeValue()
        let outer = (baseIndent + openArrays.count) * 2
        let inner = outer + 2
        let names = Self.length(first.0) + Self.length(second.0) + Self.length(third.0) + Self.length(fourth.0)
        // `{`, per member a comma, a line break, the indentation, the quoted name, `": ` and
        // at most 20 characters of number; then a line break, the indentation and `}`.
        let length = 1 + 4 * (2 + inner + 5 + 20) + names + 2 + outer
        let room = bytes.reserve(length)
        // SAFETY: every write below is counted in `length`, the room `reserve` gave: `at` only moves forward over
        // the bytes just written, and the members' writes (`Self.member`) keep to the sizes counted.
        var at = room
        at.initialize(to: UInt8(ascii: "{"))
        at += 1
        at = Self.member(first, indent: inner, comma: false, at: at)
        at = Self.member(second, indent: inner, comma: true, at: at)
        at = Self.member(third, indent: inner, comma: true, at: at)
        at = Self.member(fourth, indent: inner, comma: true, at: at)
        at.initialize(to: UInt8(ascii: "\n"))
        (at + 1).initialize(repeating: UInt8(ascii: " "), count: outer)
        at += 1 + outer
        at.initialize(to: UInt8(ascii: "}"))
        at += 1
        bytes.commit(at - room)
        isEmpty = false
    }

    /// How many bytes a literal's text has (any literal: one made of a single character too).
    private static func length(_ name: StaticString) -> Int {
        // SAFETY: the literal's bytes are only counted, inside the closure.
        name.withUTF8Buffer { $0.count }
    }

    /// One member of ``integerObject(_:_:_:_:)``: its key (``writeKey(_:indent:comma:at:)``) and the
    /// number; returns where the next byte goes.
    /// SAFETY: callers give room for `comma + 1 + indent + name + 4 + 20` bytes at `start`.
    private static func member(_ member: (StaticString, Int), indent: Int, comma: Bool, at start: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>
    {
        // SAFETY: the literal's bytes are read below their count, into room the caller gave for them.
        var at = member.0.withUTF8Buffer { name in writeKey(name, indent: indent, comma: comma, at: start) }
        // The number as ``JSONWriter/appendInteger(_:to:)`` writes it: a sign, then its digits
        // (an `Int64`'s magnitude has at most 19), written from the last.
        let value = Int64(member.1)
        if value < 0 {
            at.initialize(to: UInt8(ascii: "-"))
            at += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        for place in stride(from: digits - 1, through: 0, by: -1) {
            at[place] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        }
        return at + digits
    }

    /// `true` or `false`.
    public mutating func bool(_ flag: Bool) {
        beforeValue()
        bytes.append(flag ? "true" : "false")
    }

    /// A whole value at the current place.
    public mutating func value(_ value: JSONValue) {
        beforeValue()
        Emitter(style: .pretty, indentWidth: 2).emit(value, indent: baseIndent + openArrays.count, into: &bytes)
    }
}
