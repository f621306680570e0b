/// Where the JSON writers put their bytes: an array, or a ``ByteSink``.
package protocol ByteOutput: ~Copyable {
    mutating func append(_ byte: UInt8)
    /// SAFETY: the bytes are copied whole (no index is read); callers hand a live buffer.
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
    /// `byte`, `times` times (indentation).
    mutating func append(_ byte: UInt8, times: Int)
}

extension Array: ByteOutput where Element == UInt8 {
    /// SAFETY: the bytes are copied whole (no index is read); callers hand a live buffer.
    package mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
    package mutating func append(_ byte: UInt8, times: Int) {
        guard byte == UInt8(ascii: " ") else {
            append(contentsOf: repeatElement(byte, count: Swift.max(0, times)))
            return
        }
        // Indentation, the common case: copied from a run of spaces (one memcpy per 64, where
        // a repeated element is appended one byte at a time).
        var remaining = times
        while remaining > 0 {
            let count = Swift.min(remaining, 64)
            // SAFETY: `count <= 64`, the literal's length: the rebased slice lies inside it.
            spaces.withUTF8Buffer { append(bytes: UnsafeBufferPointer(rebasing: $0[0..<count])) }
            remaining -= count
        }
    }
}

/// 64 spaces, for indentation.
private let spaces: StaticString = "                                                                "

extension ByteOutput where Self: ~Copyable {
    package mutating func append(contentsOf bytes: [UInt8]) {
        // SAFETY: the whole buffer is appended (copied) in the closure: no index is read and the pointer does not escape.
        bytes.withUnsafeBufferPointer { append(bytes: $0) }
    }

    /// A literal's bytes (no array, no lazily made constant).
    @inline(__always)
    package mutating func append(_ literal: StaticString) {
        // SAFETY: the literal's bytes are static and copied whole inside the closure.
        literal.withUTF8Buffer { append(bytes: $0) }
    }

    package mutating func append(utf8 text: String) {
        var text = text
        // SAFETY: the string's UTF-8 is copied whole inside the closure.
        text.withUTF8 { append(bytes: $0) }
    }
}
