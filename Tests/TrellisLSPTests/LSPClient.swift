import Foundation
import TrellisModel
import TrellisSyntax
import TrellisTestSupport

/// A minimal LSP client for end-to-end tests: starts the real `trellis-lsp`, sends framed
/// messages, reads framed replies (skipping notifications it is not waiting for). A thread
/// drains the server's output as it comes, so no pipe ever fills, and a read gives up after
/// a minute, so a test fails instead of hanging.
final class LSPClient: @unchecked Sendable {
    let arrived = NSCondition()
    var received: [UInt8] = []
    var closed = false
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    var buffer: [UInt8] = []
    var nextID = 1
    var notifications: [JSONValue] = []

    init() throws {
        process.executableURL = TestPaths.products.appendingPathComponent("trellis-lsp")
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                arrived.lock()
                if data.isEmpty { closed = true } else { received.append(contentsOf: data) }
                arrived.broadcast()
                arrived.unlock()
                if data.isEmpty { return }
            }
        }
    }

    func sendRaw(_ bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    func send(_ value: JSONValue) {
        let body = JSONWriter.write(value, style: .compact)
        sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    static func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(members.map { JSONMember($0.0, $0.1) }) }

    @discardableResult
    func request(_ method: String, _ params: JSONValue) -> JSONValue? {
        let id = nextID
        nextID += 1
        send(Self.object([("jsonrpc", .string("2.0")), ("id", .number(Double(id))), ("method", .string(method)), ("params", params)]))
        return response(id: .number(Double(id)))
    }

    func notify(_ method: String, _ params: JSONValue) {
        send(Self.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    /// The next message with this id; notifications read meanwhile are kept.
    func response(id: JSONValue) -> JSONValue? {
        while let message = readMessage() {
            if message["id"] == id, message["method"] == nil { return message }
            if message["method"] != nil { notifications.append(message) }
        }
        return nil
    }

    /// The next notification with this method.
    func notification(_ method: String) -> JSONValue? {
        if let index = notifications.firstIndex(where: { $0["method"]?.stringValue == method }) { return notifications.remove(at: index) }
        while let message = readMessage() {
            if message["method"]?.stringValue == method { return message }
            if message["method"] != nil { notifications.append(message) }
        }
        return nil
    }

    func readMessage() -> JSONValue? {
        while true {
            if let end = headerEnd() {
                let header = String(decoding: buffer[..<end], as: UTF8.self)
                let length =
                    header.split(separator: "\r\n").compactMap { line -> Int? in
                        let parts = line.split(separator: ":")
                        return parts.count == 2 && parts[0].lowercased() == "content-length" ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
                    }.first ?? 0
                if buffer.count >= end + 4 + length {
                    let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                    buffer.removeFirst(end + 4 + length)
                    return JSONReader.read(SourceFile(name: "reply", bytes: body)).root?.value
                }
            }
            arrived.lock()
            let deadline = Date().addingTimeInterval(60)
            while received.isEmpty, !closed {
                if !arrived.wait(until: deadline) { break }
            }
            let data = received
            received.removeAll()
            let finished = closed
            arrived.unlock()
            if data.isEmpty, finished || Date() >= deadline { return nil }
            buffer.append(contentsOf: data)
        }
    }

    func headerEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4) where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
