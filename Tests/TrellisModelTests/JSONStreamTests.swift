import TrellisTestSupport
import XCTest

@testable import TrellisModel

final class JSONStreamTests: XCTestCase {
    private func stream(_ value: JSONValue, into stream: inout JSONStream) {
        switch value {
        case .null: stream.value(.null)
        case .bool(let flag): stream.bool(flag)
        case .number(let number): stream.number(number)
        case .string(let text): stream.string(text)
        case .array(let elements):
            stream.beginArray()
            for element in elements { self.stream(element, into: &stream) }
            stream.endArray()
        case .object(let members):
            stream.beginObject()
            for member in members {
                stream.key(named: member.key)
                self.stream(member.value, into: &stream)
            }
            stream.endObject()
        }
    }

    private func randomValue(depth: Int, _ generator: inout some RandomNumberGenerator) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number([0, -1, 2.5, 1e20, 33.333333, 7][Int.random(in: 0..<6, using: &generator)])
        case 3: return .string(["", "a", "商品 🍵", "quote \" and \\ and \n"][Int.random(in: 0..<4, using: &generator)])
        case 4:
            return .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in randomValue(depth: depth + 1, &generator) })
        default:
            return .object(
                (0..<Int.random(in: 0...3, using: &generator)).map { JSONMember("k\($0)", randomValue(depth: depth + 1, &generator)) })
        }
    }

    func testWritesWhatTheWriterWritesForTheSameValue() {
        var generator = SeededRandom(seed: 20_261_126)
        for _ in 0..<2_000 {
            let value = randomValue(depth: 0, &generator)
            let indent = Int.random(in: 0...3, using: &generator)
            var expected: [UInt8] = Array("prefix".utf8)
            JSONWriter.write(value, nestedAt: indent, into: &expected)
            var written = JSONStream(nestedAt: indent, appendingTo: Array("prefix".utf8))
            stream(value, into: &written)
            let result = written.finish()
            XCTAssertEqual(String(decoding: result, as: UTF8.self), String(decoding: expected, as: UTF8.self))
        }
    }
}

extension JSONStreamTests {
    /// The escaping of strings, eight bytes at a time, against the byte-by-byte definition.
    func testStringEscapesMatchTheByteByByteDefinition() {
        func reference(_ bytes: [UInt8]) -> [UInt8] {
            var output: [UInt8] = [UInt8(ascii: "\"")]
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), byte]
                case UInt8(ascii: "\n"): output += Array("\\n".utf8)
                case UInt8(ascii: "\r"): output += Array("\\r".utf8)
                case UInt8(ascii: "\t"): output += Array("\\t".utf8)
                case 0..<0x20:
                    output +=
                        Array("\\u00".utf8) + Array("0123456789abcdef".utf8)[Int(byte >> 4)...Int(byte >> 4)]
                        + Array("0123456789abcdef".utf8)[Int(byte & 0xF)...Int(byte & 0xF)]
                default: output.append(byte)
                }
            }
            return output + [UInt8(ascii: "\"")]
        }
        var generator = SeededRandom(seed: 20_261_126)
        let alphabet: [UInt8] = [0, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xE5, 0xFF, 0x0A, 0x41]
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                Bool.random(using: &generator) ? UInt8(ascii: "a") : alphabet.randomElement(using: &generator) ?? 0
            }
            var written: [UInt8] = []
            // SAFETY: the array's bytes are read whole inside the closure.
            bytes.withUnsafeBufferPointer { JSONWriter.appendString(utf8: $0, to: &written) }
            XCTAssertEqual(written, reference(bytes), "\(bytes)")
        }
    }
}

extension JSONStreamTests {
    /// A report's own pieces, keys written in the code and objects of four whole numbers,
    /// write what the stream's general calls write (which the test above holds to the writer),
    /// at every depth, after other members and array elements, from a sink that must grow.
    /// An object of four whole numbers written by the stream's general calls.
    private func integers(_ names: [String], _ values: (Int, Int, Int, Int), into stream: inout JSONStream) {
        stream.beginObject()
        for (name, value) in zip(names, [values.0, values.1, values.2, values.3]) {
            stream.key(named: name)
            stream.integer(value)
        }
        stream.endObject()
    }

    func testReportPiecesWriteWhatTheGeneralCallsWrite() {
        var generator = SeededRandom(seed: 20_261_129)
        let numbers = [0, 1, 9, 10, 99, 100, 12_345, -1, -10, -99_999, Int(Int32.max), Int.max, Int.min + 1, Int.min]
        func number() -> Int { numbers.randomElement(using: &generator) ?? 0 }
        for _ in 0..<2_000 {
            let indent = Int.random(in: 0...3, using: &generator)
            let room = Int.random(in: 0...64, using: &generator)
            var fast = JSONStream(nestedAt: indent, appendingTo: Array("p".utf8), expectedBytes: room)
            var general = JSONStream(nestedAt: indent, appendingTo: Array("p".utf8), expectedBytes: room)
            fast.beginArray()
            general.beginArray()
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let values = (number(), number(), number(), number())
                if Bool.random(using: &generator) {
                    fast.integerObject(("line", values.0), ("column", values.1), ("offset", values.2), ("utf16", values.3))
                    integers(["line", "column", "offset", "utf16"], values, into: &general)
                } else {
                    fast.beginObject()
                    general.beginObject()
                    fast.key("code")
                    general.key(named: "code")
                    fast.string("M113")
                    general.string("M113")
                    fast.key("start")
                    general.key(named: "start")
                    fast.integerObject(("a", values.0), ("bb", values.1), ("ccc", values.2), ("utf16", values.3))
                    integers(["a", "bb", "ccc", "utf16"], values, into: &general)
                    fast.endObject()
                    general.endObject()
                }
            }
            fast.endArray()
            general.endArray()
            let fastBytes = fast.finish()
            let generalBytes = general.finish()
            XCTAssertEqual(String(decoding: fastBytes, as: UTF8.self), String(decoding: generalBytes, as: UTF8.self))
        }
    }
}
