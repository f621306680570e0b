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
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(UInt8(ascii: " "), times: (baseIndent + openArrays.count) * 2)
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
        beforeKey()
        bytes.append(UInt8(ascii: "\""))
        // SAFETY: the literal's bytes are static and read whole inside the closure.
        name.withUTF8Buffer { name in
            assert(!name.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }, "a key JSON escapes")
            bytes.append(bytes: name)
        }
        bytes.append("\": ")
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
