import TrellisSyntax
import TrellisTestSupport
import XCTest

/// The byte prefilter finds a word exactly where a plain search does.
final class ByteSearchTests: XCTestCase {
    func testAgreesWithAPlainSearch() {
        var random = SeededRandom(seed: 3)
        let alphabet: [UInt8] = Array("tjson-ignore //注😀\n".utf8) + [0x80, 0xFF, 0x00]
        for round in 0..<3_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in random.pick(alphabet) }
            let needle = (0..<Int.random(in: 1...3, using: &random)).map { _ in random.pick(alphabet) }
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
