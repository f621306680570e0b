/// Where the JSON writers put their bytes: an array, or a ``ByteSink``.
protocol ByteOutput: ~Copyable {
    mutating func append(_ byte: UInt8)
    /// SAFETY: the bytes are copied whole (no index is read); callers hand a live buffer.
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
    /// `byte`, `times` times (indentation).
    mutating func append(_ byte: UInt8, times: Int)
}

extension Array: ByteOutput where Element == UInt8 {
    /// SAFETY: the bytes are copied whole (no index is read); callers hand a live buffer.
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
    mutating func append(_ byte: UInt8, times: Int) { append(contentsOf: repeatElement(byte, count: Swift.max(0, times))) }
}

extension ByteOutput where Self: ~Copyable {
    mutating func append(contentsOf bytes: [UInt8]) {
        // SAFETY: the whole buffer is appended (copied) in the closure: no index is read and the pointer does not escape.
        bytes.withUnsafeBufferPointer { append(bytes: $0) }
    }

    /// A literal's bytes (no array, no lazily made constant).
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        // SAFETY: the literal's bytes are static and copied whole inside the closure.
        literal.withUTF8Buffer { append(bytes: $0) }
    }

    mutating func append(utf8 text: String) {
        var text = text
        // SAFETY: the string's UTF-8 is copied whole inside the closure.
        text.withUTF8 { append(bytes: $0) }
    }
}
