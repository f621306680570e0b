import TrellisModel

/// A message body made twice: once to count its bytes (the header says how many), once to
/// send them as they are made, 256 KiB at a time. A body of hundreds of megabytes (every
/// inlay hint of a large document) then never lies in memory whole.
protocol StreamedBody {
    /// The body's length in bytes; nil when `stop` said to stop.
    func count(stop: () -> Bool) -> Int?
    /// Makes the body into `sink`: exactly ``count(stop:)`` bytes, unless `stop` says to stop
    /// (the client has gone).
    func write(into sink: inout ByteSink, stop: () -> Bool)
}

/// Counts a body's bytes.
struct ByteCount: ByteOutput {
    private(set) var count = 0

    mutating func append(_ byte: UInt8) { count += 1 }
    // SAFETY: no byte is read: only the buffer's count.
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) { count += bytes.count }
    mutating func append(_ byte: UInt8, times: Int) { count += max(0, times) }
    /// Counts `bytes` more, written elsewhere (a ``ScratchText`` counting).
    mutating func append(counted bytes: Int) { count += bytes }
}

extension MessageWriter {
    /// Sends one message: `head`, the body `body` makes (`length` bytes, as a ``ByteCount``
    /// counted them), `tail`. The body is made by the same code both times, so it has the
    /// length counted; one that made fewer bytes would be padded with spaces, which JSON reads
    /// as nothing, so the client still finds the next message.
    func send(head: [UInt8], body: some StreamedBody, length: Int, tail: [UInt8]) {
        guard writeAll(Array("Content-Length: \(head.count + length + tail.count)\r\n\r\n".utf8) + head) else { return }
        var sent = 0
        var failed = false
        var sink = ByteSink(capacity: 1 << 18) { bytes in
            sent += bytes.count
            // SAFETY: `bytes` is the sink's buffer, handed over for this call only.
            if !failed { failed = !writeAll(UnsafeRawBufferPointer(bytes)) }
        }
        body.write(into: &sink, stop: { failed })
        sink.flush()
        guard !failed else { return }
        assert(sent == length, "a streamed body made \(sent) bytes, not the \(length) counted")
        if sent < length { _ = writeAll(Array(repeating: UInt8(ascii: " "), count: length - sent)) }
        _ = writeAll(tail)
    }
}
