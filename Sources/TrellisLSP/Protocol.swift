import TrellisIDE
import TrellisModel
import TrellisSyntax

/// JSON-RPC 2.0 error codes the server answers with (LSP 3.17).
enum ErrorCode: Int {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case serverNotInitialized = -32002
    case requestCancelled = -32800
    case contentModified = -32801
    case requestFailed = -32803
}

/// A request or notification as received.
struct IncomingMessage {
    var id: JSONValue?
    var method: String
    var params: JSONValue

    var isRequest: Bool { id != nil }
}

/// Small builders for the JSON the protocol needs, so handlers read as data.
enum LSPJSON {
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.map { JSONMember($0.0, $0.1) })
    }

    static func number(_ value: Int) -> JSONValue { .number(Double(value)) }

    static func position(_ position: Position) -> JSONValue {
        object([("line", number(position.line)), ("character", number(position.character))])
    }

    static func range(_ range: Range<Int>, in source: SourceFile, encoding: PositionEncoding) -> JSONValue {
        object([
            ("start", position(source.position(of: range.lowerBound, encoding: encoding))),
            ("end", position(source.position(of: range.upperBound, encoding: encoding))),
        ])
    }

    /// `TextEdit[]` as JSON text, the positions found by one walk (the edits are in source
    /// order and do not overlap); nil when `isCancelled` says so, which it is asked every
    /// `stride` edits.
    static func edits(_ edits: [TextEdit], in source: SourceFile, encoding: PositionEncoding, stride: Int, isCancelled: () -> Bool) -> [UInt8]? {
        var positions = PositionCursor(source, encoding: encoding)
        var json: [UInt8] = [UInt8(ascii: "[")]
        for (number, edit) in edits.enumerated() {
            if number > 0 {
                json.append(UInt8(ascii: ","))
                if number % stride == 0, isCancelled() { return nil }
            }
            let range = object([
                ("start", position(positions.position(of: edit.range.lowerBound))),
                ("end", position(positions.position(of: edit.range.upperBound))),
            ])
            JSONWriter.write(object([("range", range), ("newText", .string(edit.replacement))]), style: .compact, into: &json)
        }
        json.append(UInt8(ascii: "]"))
        return json
    }

    static func integer(_ value: JSONValue?) -> Int? {
        guard case .number(let number)? = value, number.isFinite, number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    static func positionParam(_ value: JSONValue?) -> Position? {
        guard let line = integer(value?["line"]), let character = integer(value?["character"]), line >= 0, character >= 0 else { return nil }
        return Position(line: line, character: character)
    }
}
