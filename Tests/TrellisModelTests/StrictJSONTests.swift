import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisModel

final class StrictJSONTests: XCTestCase {
    private func randomValue(depth: Int, _ generator: inout some RandomNumberGenerator) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &generator) {
        case 0: return [.null, .bool(true), .bool(false)][Int.random(in: 0..<3, using: &generator)]
        case 1: return .number([0, -0.0, -1, 2.5, 1e20, 33.333333, 7, 1e-7, 123_456_789_012][Int.random(in: 0..<9, using: &generator)])
        case 2, 3: return .string(["", "a", "商品 🍵", "tap:", "quote \" and \\ and \n", "“fancy”", "\u{1}"][Int.random(in: 0..<7, using: &generator)])
        case 4: return .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in randomValue(depth: depth + 1, &generator) })
        default:
            return .object(
                (0..<Int.random(in: 0...3, using: &generator)).map {
                    JSONMember(["id", "name", "k\($0)", "名"][Int.random(in: 0..<4, using: &generator)], randomValue(depth: depth + 1, &generator))
                })
        }
    }

    /// Mistakes and rarities the fast path must hand to the reader.
    private func mutate(_ bytes: [UInt8], _ generator: inout some RandomNumberGenerator) -> [UInt8] {
        guard !bytes.isEmpty else { return bytes }
        var bytes = bytes
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        let insertions: [[UInt8]] = [
            [0x2C], [0x22], [0x5C], [0x7D], [0x5D], [0x30], Array("//".utf8), [0xE2, 0x80, 0x9C], [0xFF], [0x09], [0x0B], Array("-".utf8), Array(".".utf8),
            Array("e".utf8),
        ]
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes.insert(contentsOf: insertions.randomElement(using: &generator) ?? [], at: at)
        case 1: bytes.remove(at: at)
        default: bytes[at] = UInt8.random(in: 0...255, using: &generator)
        }
        return bytes
    }

    func testGivesTheReadersValueOrNothing() {
        var generator = SeededRandom(seed: 20_261_126)
        var fast = 0
        for round in 0..<6_000 {
            let value = randomValue(depth: 0, &generator)
            var bytes = JSONWriter.write(value, style: Bool.random(using: &generator) ? .pretty : .compact)
            if round % 2 == 1 { bytes = mutate(bytes, &generator) }
            let padding = Array("  ".utf8)
            let text = padding + bytes + padding
            let range = padding.count..<(text.count - padding.count)
            guard let strict = StrictJSON.value(text, in: range) else { continue }
            fast += 1
            let read = JSONReader.read(SourceFile(name: "t", bytes: Array(text[range])))
            XCTAssertEqual(read.diagnostics.map(\.code.id), [], String(decoding: bytes, as: UTF8.self))
            XCTAssertEqual(read.root?.value, strict, String(decoding: bytes, as: UTF8.self))
            XCTAssertEqual(JSONWriter.write(strict), read.root.map { JSONWriter.write($0.value) }, "-0 and 0 are told apart")
        }
        XCTAssertGreaterThan(fast, 2_000, "the fast path reads most plain values")
    }

    func testHandsMistakesToTheReader() {
        for text in ["{\"a\": 1,}", "{\"a\": 1, \"a\": 2}", "[1 2]", "\"a\\nb\"", "“a”", "01", "1.", "-", "{\"a\" 1}", "tru", "", "[", "{\"a\": 1} x"] {
            let bytes = Array(text.utf8)
            XCTAssertNil(StrictJSON.value(bytes, in: 0..<bytes.count), text)
        }
        let deep = Array((String(repeating: "[", count: 40) + String(repeating: "]", count: 40)).utf8)
        XCTAssertNil(StrictJSON.value(deep, in: 0..<deep.count))
        let bytes = Array("{\"id\": 30, \"name\": \"商品 🍵\"}".utf8)
        XCTAssertEqual(StrictJSON.value(bytes, in: 0..<bytes.count), .object([JSONMember("id", .number(30)), JSONMember("name", .string("商品 🍵"))]))
    }
}
