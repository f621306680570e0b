import TrellisSyntax
import TrellisTestSupport
import XCTest

final class SourceFileTests: XCTestCase {
    func testLinesAndUTF16ColumnsWithChineseAndEmoji() {
        // "数据" is 2 scalars × 3 bytes; "😀" is 4 bytes and 2 UTF-16 units.
        let source = SourceFile(name: "t", text: "a\naction-data(\"数据😀\") x\r\nlast")
        XCTAssertEqual(source.lineStarts, [0, 2, 31])
        let xOffset = Array(source.bytes).firstIndex(of: UInt8(ascii: "x"))!
        XCTAssertEqual(source.utf8Position(of: xOffset).line, 1)
        XCTAssertEqual(source.utf8Position(of: xOffset).column, 26)
        // `action-data(` 12 + quote + 2 CJK (1 unit each) + emoji (2 units) + quote + `)` + space = 20
        XCTAssertEqual(source.utf16Position(of: xOffset).column, 20)
        XCTAssertEqual(source.scalarPosition(of: xOffset).column, 19)
        XCTAssertEqual(source.offset(line: 1, utf16Column: 20), xOffset)
        XCTAssertEqual(source.offset(line: 2, utf16Column: 0), 31)
        XCTAssertEqual(source.offset(line: 2, utf16Column: 99), source.bytes.count)
        XCTAssertEqual(source.text(in: source.lineRange(1)), "action-data(\"数据😀\") x")
    }

    /// Short lines outgrow the line table's estimate: it is copied to its exact size, with
    /// every start kept.
    func testManyShortLinesKeepEveryStart() {
        for (line, count) in [("x\n", 5_000), ("\r\n", 3_000), ("ab\r", 4_000), ("", 0)] {
            let source = SourceFile(name: "s", text: String(repeating: line, count: count))
            let width = line.utf8.count
            XCTAssertEqual(
                Array(source.lineStarts), Array(stride(from: 0, through: width * count, by: max(width, 1))).prefix(count + 1).map { $0 }, line.debugDescription)
            XCTAssertEqual(source.lineStarts.count, count + 1)
        }
    }

    func testRoundTripOffsetsThroughUTF16() {
        let source = SourceFile(name: "t", text: "// 栅格布局 🌈\nrows 33% | fill // 注释\n")
        var offset = 0
        while offset <= source.bytes.count {
            let (line, column) = source.utf16Position(of: offset)
            let back = source.offset(line: line, utf16Column: column)
            // Offsets inside a multi-byte character map back to its start.
            XCTAssertLessThanOrEqual(back, offset)
            XCTAssertEqual(source.utf16Position(of: back).column, column)
            offset += 1
        }
    }

    func testPositionsClampOutsideTheFile() {
        let source = SourceFile(name: "t", text: "ab")
        XCTAssertEqual(source.utf16Position(of: -5).column, 0)
        XCTAssertEqual(source.utf16Position(of: 99).column, 2)
        XCTAssertEqual(source.offset(line: 9, utf16Column: 0), 2)
        XCTAssertEqual(source.offset(line: -1, utf16Column: 0), 0)
    }

    /// An edited file's line table and columns equal those of the same text read afresh, for
    /// edits that keep the lines (the shortcut) and edits that break or join them.
    func testReplacingEqualsReadingTheEditedText() {
        // Between CR and LF: one line break becomes two.
        let split = SourceFile(name: "t", text: "a\r\nb").replacing(2..<2, with: Array("x".utf8))
        XCTAssertEqual(split.lineStarts, [0, 2, 4])
        // Removing what stands between them: two become one.
        let joined = SourceFile(name: "t", text: "a\rx\nb").replacing(2..<3, with: [])
        XCTAssertEqual(joined.lineStarts, [0, 3])
        var random = SeededRandom(seed: 11)
        let pieces = ["a", " ", "\n", "\r\n", "\r", "注", "😀", "é", String(repeating: "x", count: 300), String(repeating: "注😀", count: 90), "//", "1"]
        for round in 0..<400 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &random) { text += random.pick(pieces) }
            var source = SourceFile(name: "t", text: text)
            for step in 0..<4 {
                let count = source.bytes.count
                let lower = Int.random(in: 0...count, using: &random)
                let upper = min(count, lower + Int.random(in: 0...(random.chance(20) ? 400 : 3), using: &random))
                let inserted = Array((random.chance(50) ? "" : random.pick(pieces)).utf8)
                let edited = source.replacing(lower..<upper, with: inserted)
                let fresh = SourceFile(name: "t", bytes: edited.bytes)
                let context = "round \(round) step \(step): \(lower)..<\(upper) in \(source.bytes)"
                XCTAssertEqual(edited.lineStarts, fresh.lineStarts, context)
                for offset in stride(from: 0, through: edited.bytes.count, by: 7) {
                    XCTAssertEqual(edited.utf16Position(of: offset).line, fresh.utf16Position(of: offset).line, context)
                    XCTAssertEqual(edited.utf16Position(of: offset).column, fresh.utf16Position(of: offset).column, context)
                    XCTAssertEqual(edited.scalarPosition(of: offset).column, fresh.scalarPosition(of: offset).column, context)
                }
                source = edited
            }
        }
    }
}

extension SourceFileTests {
    func testBothColumnsAtOnceAgreeWithEachAlone() {
        var generator = SeededRandom(seed: 20_261_126)
        let pieces: [[UInt8]] = [Array("a".utf8), Array("卡".utf8), Array("🍵".utf8), [0xFF], [0xE4, 0xBD], Array("\n".utf8), Array("\r\n".utf8)]
        for _ in 0..<200 {
            var bytes: [UInt8] = []
            // Long lines too, past the checkpoint spacing.
            for _ in 0..<Int.random(in: 0...700, using: &generator) { bytes += pieces.randomElement(using: &generator) ?? [] }
            let source = SourceFile(name: "t", bytes: bytes)
            for offset in stride(from: -1, through: bytes.count + 1, by: 1) {
                // The definition, walked from the line's start (no checkpoints of long lines).
                let clamped = max(0, min(offset, bytes.count))
                let line = source.lineIndex(of: clamped)
                var index = source.lineStarts[line], scalars = 0, units = 0
                while index < clamped {
                    let length = SourceFile.sequenceLength(bytes[index])
                    if index + length > clamped { break }
                    index += length
                    scalars += 1
                    units += length == 4 ? 2 : 1
                }
                let both = source.scalarAndUTF16Position(of: offset)
                let scalar = source.scalarPosition(of: offset), utf16 = source.utf16Position(of: offset)
                XCTAssertEqual([both.line, both.scalars, both.utf16], [line, scalars, units], "offset \(offset)")
                XCTAssertEqual([scalar.line, scalar.column, utf16.line, utf16.column], [line, scalars, line, units], "offset \(offset)")
            }
        }
    }
}
