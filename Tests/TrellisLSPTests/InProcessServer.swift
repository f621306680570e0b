import Foundation
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisLSP

/// The server's handler driven in this process, one message at a time and without its reader
/// thread, for tests that look at what it holds after each message (its documents, caches and
/// inbox). Its output goes to a temporary file; `replies()` reads the messages written there.
final class InProcessServer {
    var server: LanguageServer
    let path: String
    let file: FileHandle
    var nextID = 1

    init(encodings: [String] = ["utf-16"]) {
        path = NSTemporaryDirectory() + "trellis-lsp-\(UUID().uuidString).out"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        file = FileHandle(forWritingAtPath: path) ?? FileHandle.nullDevice
        server = LanguageServer(input: -1, output: file.fileDescriptor)
        request(
            "initialize",
            Self.object([
                ("processId", .null), ("rootUri", .null),
                ("capabilities", Self.object([("general", Self.object([("positionEncodings", .array(encodings.map { .string($0) }))]))])),
            ]))
        notify("initialized", Self.object([]))
    }

    deinit {
        try? file.close()
        try? FileManager.default.removeItem(atPath: path)
    }

    static func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(members.map { JSONMember($0.0, $0.1) }) }
    static func number(_ value: Int) -> JSONValue { .number(Double(value)) }
    static func position(_ line: Int, _ character: Int) -> JSONValue { object([("line", number(line)), ("character", number(character))]) }

    /// The LSP position (UTF-16 columns) of `marker` in `text`; a marker the text lacks fails
    /// the test.
    static func position(of marker: String, in text: MarkedText, file: StaticString = #filePath, line: UInt = #line) -> JSONValue {
        guard let place = text.position(marker) else {
            XCTFail("no \(marker) in the test's text", file: file, line: line)
            return .null
        }
        return position(place.line, place.character)
    }

    func notify(_ method: String, _ params: JSONValue) {
        _ = server.handle(Self.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    /// Handles a request and returns the reply written for it.
    @discardableResult
    func request(_ method: String, _ params: JSONValue) -> JSONValue? {
        let id = Self.number(nextID)
        nextID += 1
        _ = server.handle(Self.object([("jsonrpc", .string("2.0")), ("id", id), ("method", .string(method)), ("params", params)]))
        return replies().last { $0["id"] == id && $0["method"] == nil }
    }

    /// Puts `messages` in the inbox and runs the server's loop over them, as its reader
    /// thread would: the loop starts a reader on no input, whose end comes after them. Then
    /// waits for the results of the requests worked on in the background.
    func run(_ messages: [JSONValue]) {
        for message in messages { server.inbox.put(.message(message)) }
        _ = server.loop()
        while !server.running.isEmpty {
            if case .finished(let id, let result) = server.inbox.take() { server.finish(id, result) }
        }
    }

    static func message(_ method: String, id: Int? = nil, _ params: JSONValue) -> JSONValue {
        var members: [(String, JSONValue)] = [("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]
        if let id { members.append(("id", number(id))) }
        return object(members)
    }

    func open(_ uri: String, _ text: String, language: String = "trellis") {
        notify(
            "textDocument/didOpen",
            Self.object([
                (
                    "textDocument",
                    Self.object([
                        ("uri", .string(uri)), ("languageId", .string(language)), ("version", Self.number(1)), ("text", .string(text)),
                    ])
                )
            ]))
    }

    /// Every message written so far.
    func replies() -> [JSONValue] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let bytes = [UInt8](data)
        var messages: [JSONValue] = []
        var index = 0
        while let separator = Self.find([13, 10, 13, 10], in: bytes, from: index) {
            let header = String(decoding: bytes[index..<separator], as: UTF8.self)
            guard let length = Int(header.replacingOccurrences(of: "Content-Length: ", with: "")), separator + 4 + length <= bytes.count else { break }
            let body = Array(bytes[(separator + 4)..<(separator + 4 + length)])
            if let value = JSONReader.read(SourceFile(name: "reply", bytes: body)).root?.value { messages.append(value) }
            index = separator + 4 + length
        }
        return messages
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        for index in start...(bytes.count - needle.count) where bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
        return nil
    }
}
