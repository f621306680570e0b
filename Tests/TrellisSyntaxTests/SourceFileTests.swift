import TrellisSyntax
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
}
