import TrellisModel
import TrellisPlatform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request the preview server answers: the path, the decoded query and the Host header.
struct HTTPRequest: Sendable {
    var path: String
    var query: [String: String]
    var host: String?
}

/// What came in on a connection: a request, a head over the limit, or something else.
enum HTTPRequestHead: Sendable {
    case request(HTTPRequest)
    case tooLarge
    case malformed
}

/// A small HTTP/1.1 server on 127.0.0.1 for the live preview: GET only, one thread per
/// connection, `Connection: close` except for the event stream. A request head over 16 KiB
/// gets a 431, a malformed request a 400, and what the client still sends (up to 1 MiB) is
/// read before the connection is closed (so the client reads the answer instead of a reset);
/// a client that goes away costs a failed write, never a signal (SIGPIPE is ignored by
/// `main`).
enum HTTPServer {
    /// The largest request head read.
    static let headLimit = 16_384

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Binds 127.0.0.1 at `port` (0: a free port the system picks) and listens.
    static func listen(port: UInt16) throws -> (socket: Int32, port: UInt16) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian  // 127.0.0.1 only
        // SAFETY: `sockaddr` and `sockaddr_in` are both 16 bytes; bind reads the `sockaddr_in`'s size from `address`, in the closure.
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, systemListen(descriptor, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "cannot listen on 127.0.0.1:\(port): \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        // SAFETY: as for bind: getsockname writes at most `length` bytes, the `sockaddr_in`'s size, into `address`.
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// Accepts connections for ever, handing each to `handler` on its own thread; the handler
    /// owns the descriptor and closes it.
    static func serve(_ listener: Int32, handler: @escaping @Sendable (Int32) -> Void) -> Never {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                usleep(10_000)
                continue
            }
            if !LargeStackThread.start({ handler(connection) }) { close(connection) }
        }
    }

    /// Reads a request head (at most ``headLimit`` bytes, within 5 seconds).
    static func readRequest(_ descriptor: Int32) -> HTTPRequestHead {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            // SAFETY: recv writes at most `$0.count` bytes at the buffer's base; `headLimit + 4 - head.count` is positive, since
            // the loop returns once `head.count` reaches `headLimit + 4`.
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, min($0.count, headLimit + 4 - head.count), 0) }
            if count <= 0 { return .malformed }
            head += buffer[0..<count]
            // At most `headLimit` bytes, then the blank line that ends a head.
            if let end = endOfHead(head) { return parse(Array(head[0..<end])).map { .request($0) } ?? .malformed }
            if head.count >= headLimit + 4 { return .tooLarge }
        }
    }

    static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// `GET /path?a=1&b=2 HTTP/1.1` and its headers.
    static func parse(_ head: [UInt8]) -> HTTPRequest? {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        guard let first = lines.first else { return nil }
        let words = first.split(separator: " ")
        guard words.count == 3, words[0] == "GET", words[2].hasPrefix("HTTP/1.") else { return nil }
        let target = words[1]
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                query[decode(keyValue[0])] = keyValue.count == 2 ? decode(keyValue[1]) : ""
            }
        }
        var host: String?
        for line in lines.dropFirst() {
            let header = line.split(separator: ":", maxSplits: 1)
            if header.count == 2, header[0].lowercased() == "host" {
                guard host == nil else { return nil }  // two Host headers: refused
                host = header[1].trimmingCharacters()
            }
        }
        return HTTPRequest(path: decode(parts[0]), query: query, host: host)
    }

    /// Percent-decoding (and `+` as a space in queries).
    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Blocks until the client closes the connection (or it is shut down); what it sends
    /// meanwhile is ignored.
    static func waitForClose(_ descriptor: Int32) {
        var timeout = timeval(tv_sec: 0, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            // SAFETY: recv writes at most `$0.count` bytes, the buffer's, at its base, in the closure.
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { continue }
            if count < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
            return
        }
    }

    /// A complete response, then the connection is closed.
    static func respond(_ descriptor: Int32, status: String, type: String, body: [UInt8]) {
        _ = send(descriptor, response(status: status, type: type, body: body))
        close(descriptor)
    }

    /// A response's bytes: the head, then the body.
    static func response(status: String, type: String, body: [UInt8]) -> [UInt8] {
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// A response to a request that was not read to its end (too large, malformed): the
    /// answer, then the end of sending, then what the client still sends is read and dropped
    /// (at most 1 MiB, for at most 2 seconds, until a second passes without any) before the
    /// connection is closed. Closed at once, unread bytes would make the system reset the
    /// connection, and the client would see the reset instead of the answer.
    static func refuse(_ descriptor: Int32, status: String, message: String) {
        if send(descriptor, response(status: status, type: "text/plain; charset=utf-8", body: Array(message.utf8))) {
            shutdown(descriptor, Int32(SHUT_WR))
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var buffer = [UInt8](repeating: 0, count: 16_384)
            var drained = 0
            let start = time(nil)
            while drained < 1 << 20, time(nil) - start < 2 {
                // SAFETY: recv writes at most `$0.count` bytes, the buffer's, at its base, in the closure.
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                drained += count
            }
        }
        close(descriptor)
    }

    /// Writes everything or reports that the client went away.
    static func send(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        // SAFETY: `Streams.writeAll` reads the buffer below its count only, in the closure.
        bytes.withUnsafeBufferPointer { Streams.writeAll($0, to: descriptor) } == 0
    }
}

extension Substring {
    /// Without surrounding spaces and tabs.
    func trimmingCharacters() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}

/// Threads for connections and watchers: detached, with the same large stack as the rest.
enum LargeStackThread {
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        LargeStack.detach(stackSize: 8 << 20, body)
    }
}
