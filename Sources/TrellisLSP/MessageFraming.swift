#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// LSP base protocol framing over a file descriptor: `Content-Length: N\r\n\r\n` then N bytes.
/// Reads with read(2) into a buffer; never traps on malformed input.
struct MessageReader {
    let descriptor: Int32
    var buffer: [UInt8] = []
    var start = 0

    /// The largest message accepted (a 10 MB document sent whole fits).
    static let maximumLength = 64 << 20

    init(descriptor: Int32) { self.descriptor = descriptor }

    enum Outcome {
        case message([UInt8])
        /// A header block without a usable Content-Length: skipped, with the reason.
        case malformed(String)
        case end
    }

    mutating func next() -> Outcome {
        while true {
            if let end = headerEnd() {
                let headers = start..<end
                guard let length = contentLength(headers) else {
                    start = end + 4
                    compact()
                    return .malformed("a header without a valid Content-Length")
                }
                guard length <= Self.maximumLength else {
                    start = end + 4
                    let buffered = min(length, buffer.count - start)
                    start += buffered
                    skip = length - buffered
                    compact()
                    return .malformed("a message of \(length) bytes, over the limit")
                }
                let bodyStart = end + 4
                if buffer.count - bodyStart >= length {
                    let body = Array(buffer[bodyStart..<(bodyStart + length)])
                    start = bodyStart + length
                    compact()
                    return .message(body)
                }
            }
            if !fill() { return .end }
        }
    }

    /// Bytes of an oversized body still to be discarded.
    var skip = 0

    mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        // SAFETY: read(2) writes at most `$0.count` bytes, the chunk's, at its base, in the closure.
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { return true }
        guard count > 0 else { return false }
        var received = chunk[..<count]
        if skip > 0 {
            let dropped = min(skip, received.count)
            skip -= dropped
            received = received.dropFirst(dropped)
        }
        buffer.append(contentsOf: received)
        return true
    }

    /// Room the buffer keeps once its messages are read; past it (after a large message, a
    /// whole document) the rest is moved to storage of its own size and the old one freed.
    static let keptCapacity = 1 << 20

    mutating func compact() {
        guard start > 65_536 || start == buffer.count else { return }
        if buffer.capacity > Self.keptCapacity {
            buffer = Array(buffer[start...])
        } else {
            buffer.removeFirst(start)
        }
        start = 0
    }

    /// The index of the `\r\n\r\n` that ends the headers.
    func headerEnd() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }

    func contentLength(_ headers: Range<Int>) -> Int? {
        let text = String(decoding: buffer[headers], as: UTF8.self)
        for line in text.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingBlanks.lowercased() == "content-length" else { continue }
            let value = parts[1].trimmingBlanks
            guard !value.isEmpty, value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber), let length = Int(value) else { return nil }
            return length
        }
        return nil
    }
}

/// Writes framed messages to a file descriptor; nothing else ever goes to standard output.
struct MessageWriter {
    let descriptor: Int32

    /// Lets a pipe to the client hold a whole large message (a file's thousands of
    /// diagnostics are half a megabyte): written at once, the client reads it in one call
    /// instead of one per 64 KiB, the server waiting on it between them. Linux's limit for
    /// a process is 1 MiB; a pipe already as wide, a descriptor that is no pipe, or another
    /// system is left as it is.
    static func widenPipe(_ descriptor: Int32) {
        #if os(Linux)
            // F_GETPIPE_SZ and F_SETPIPE_SZ (fcntl.h, not imported into Swift).
            let size = fcntl(descriptor, 1032)
            if size > 0, size < 1 << 20 { _ = fcntl(descriptor, 1031, Int32(1 << 20)) }
        #endif
    }

    func send(_ body: [UInt8]) { send([body]) }

    /// Sends one message whose body is `parts` one after the other: a small one in one write,
    /// a large result where it was made, without copying it into one array first.
    func send(_ parts: [[UInt8]]) {
        let length = parts.reduce(0) { $0 + $1.count }
        let header = Array("Content-Length: \(length)\r\n\r\n".utf8)
        if length <= 1 << 16 { return _ = writeAll(parts.reduce(header, +)) }
        guard writeAll(header) else { return }
        for part in parts {
            guard writeAll(part) else { return }
        }
    }

    /// Writes all of `bytes`; false when the descriptor fails (the client has gone).
    func writeAll(_ bytes: [UInt8]) -> Bool {
        // SAFETY: the array's bytes are written in the closure only.
        bytes.withUnsafeBytes { writeAll($0) }
    }

    /// Writes all of `bytes`; false when the descriptor fails.
    /// SAFETY: `bytes` must be live for the call; write(2) reads it below its count.
    func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            // SAFETY: write(2) reads `bytes.count - offset` bytes from `offset`: inside the buffer.
            let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingBlanks: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
