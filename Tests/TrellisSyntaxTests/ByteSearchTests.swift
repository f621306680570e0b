import TrellisSyntax
import TrellisTestSupport
import XCTest

/// The byte prefilter finds a word exactly where a plain search does.
final class ByteSearchTests: XCTestCase {
    func testAgreesWithAPlainSearch() {
        var random = SeededRandom(seed: 3)
        let alphabet: [UInt8] = Array("tjson-ignore //注😀\n".utf8) + [0x80, 0xFF, 0x00]
        for round in 0..<6_000 {
            var bytes = (0..<Int.random(in: 0...(round % 2 == 0 ? 40 : 120), using: &random)).map { _ in random.pick(alphabet) }
            // Long needles too (the search pairs a word's first byte with its last), planted
            // now and then, whole or cut short, where the sixteen-at-a-time loop or its tail meets them.
            let needle = (0..<Int.random(in: 1...(round % 3 == 0 ? 16 : 3), using: &random)).map { _ in random.pick(alphabet) }
            if round % 4 == 1, bytes.count >= needle.count {
                let at = Int.random(in: 0...(bytes.count - needle.count), using: &random)
                bytes.replaceSubrange(at..<(at + needle.count), with: needle.dropLast(round % 8 == 1 ? 1 : 0))
            }
            let lower = Int.random(in: 0...bytes.count, using: &random)
            let upper = Int.random(in: lower...bytes.count, using: &random)
            let plain = upper - lower >= needle.count && (lower...(upper - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
            XCTAssertEqual(ByteSearch.contains(needle, in: bytes, range: lower..<upper), plain, "round \(round): \(needle) in \(bytes)[\(lower)..<\(upper)]")
        }
        XCTAssertTrue(ByteSearch.contains(Array("trellis-ignore".utf8), in: Array("// 注释 trellis-ignore L001".utf8)))
        XCTAssertFalse(ByteSearch.contains(Array("json".utf8), in: Array("jso".utf8)))
    }

    /// A word at one place: anywhere it fits, never past the end or before the start.
    func testSpellsAWordAtOnePlace() {
        let bytes = Array("rows wrap 注 wra".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            XCTAssertTrue(ByteSearch.spells("rows", in: buffer, at: 0))
            XCTAssertTrue(ByteSearch.spells("wrap", in: buffer, at: 5))
            XCTAssertTrue(ByteSearch.spells("", in: buffer, at: buffer.count))
            XCTAssertFalse(ByteSearch.spells("wrap", in: buffer, at: 4))
            XCTAssertFalse(ByteSearch.spells("wrap", in: buffer, at: buffer.count - 3))
            XCTAssertFalse(ByteSearch.spells("rows", in: buffer, at: -1))
            XCTAssertFalse(ByteSearch.spells("rows", in: buffer, at: buffer.count + 1))
        }
    }
}
