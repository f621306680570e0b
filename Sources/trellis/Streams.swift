#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output and error through write(2): a closed pipe or a full disk is an error the
/// command reports and exits on, never a trap.
enum Streams {
    /// Set when standard output could not be written; `main` exits 2 with a message.
    nonisolated(unsafe) static var outputFailure: Int32 = 0

    /// A broken pipe becomes EPIPE from write(2) instead of a signal.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        // SAFETY: the buffer goes to write(2) through `writeAll` in the closure: no index is read and no pointer escapes.
        bytes.withUnsafeBufferPointer { write($0, to: descriptor) }
    }

    /// SAFETY: hands `bytes` to `writeAll`, which reads below its count; callers hand a live buffer.
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        if descriptor == 1, outputFailure != 0 { return }
        let failure = writeAll(bytes, to: descriptor)
        if failure != 0, descriptor == 1 { outputFailure = failure }
    }

    /// Writes every byte (retrying interrupted writes); 0, or the errno of the failure.
    /// SAFETY: callers hand a live buffer; see the argument inside.
    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32 {
        // SAFETY: write(2) is asked for the `bytes.count - offset` bytes from `base + offset`, with `offset < bytes.count`: all
        // inside the buffer.
        guard let base = bytes.baseAddress else { return 0 }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }

    /// The exit status after a run: standard output failures override success.
    static func finish(_ status: Int32) -> Int32 {
        guard outputFailure != 0 else { return status }
        if outputFailure != EPIPE {
            write(Array("trellis: cannot write to standard output: \(String(cString: strerror(outputFailure)))\n".utf8), to: 2)
        }
        return 2
    }
}
