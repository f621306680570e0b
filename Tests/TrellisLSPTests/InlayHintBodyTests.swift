import TrellisIDE
import TrellisModel
import TrellisSyntax
import XCTest

@testable import TrellisLSP

/// The inlay-hint answer is made twice, counted and then sent: the two must agree byte for
/// byte, and labels that take the slow way (an escape, a long label) read back as written.
final class InlayHintBodyTests: XCTestCase {
    func testTheCountIsTheBytesAndTheTextReadsBack() throws {
        let text = "首页 😀\nsecond line\n"
        let source = SourceFile(name: "t.trellis", text: text)
        let labels = ["▸ 176", "#3", "needs \"quotes\" and \\", String(repeating: "▸ 1, ", count: 80), "tab\there", "", "▸ -CGFLOAT_MAX"]
        let hints = labels.enumerated().map { number, label in
            InlayHint(offset: min(number * 3, text.utf8.count), label: label, kind: number % 2 == 0 ? .length : .slot, layout: number, grid: 1 << (number * 9))
        }
        for hints in [hints, [], Array(hints.prefix(1))] {
            let body = InlayHintBody(hints: hints, source: source, encoding: .utf16, document: 12, version: -3)
            var written: [UInt8] = []
            XCTAssertTrue(body.make(into: &written, counting: false, stop: { false }))
            XCTAssertEqual(body.count(stop: { false }), written.count)
            let read = try XCTUnwrap(JSONReader.read(SourceFile(name: "reply", bytes: written)).root?.value.arrayElements)
            XCTAssertEqual(read.count, hints.count)
            for (hint, json) in zip(hints, read) {
                let position = source.utf16Position(of: hint.offset)
                XCTAssertEqual(json["position"], InProcessServer.position(position.line, position.column))
                XCTAssertEqual(json["label"], .string(hint.label))
                XCTAssertEqual(json["kind"], .number(hint.kind == .length ? 1 : 2))
                XCTAssertEqual(json["data"], .array([.number(12), .number(-3), .number(Double(hint.layout)), .number(Double(hint.grid))]))
            }
        }
    }

    func testCountingStopsWhenAsked() {
        let source = SourceFile(name: "t.trellis", text: "x\n")
        let hints = Array(repeating: InlayHint(offset: 0, label: "#0", kind: .slot, layout: 0, grid: 0), count: LanguageServer.cancellationStride + 1)
        let body = InlayHintBody(hints: hints, source: source, encoding: .utf8, document: 1, version: 1)
        XCTAssertNil(body.count(stop: { true }))
    }

    /// Numbers are written as JSON writes them, and counted as long as written.
    func testNumbersAreWrittenAsJSONWritesThem() {
        var values = [0, 1, 9, 10, 99, 100, 101, 999, 1_000, Int.max, Int.min, -1, -10, -100]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power]
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            guard let base = buffer.baseAddress else { return XCTFail("no memory") }
            for value in values {
                var written = ScratchText(base, counting: false)
                written.putDecimal(value)
                var counted = ScratchText(base, counting: true)
                counted.putDecimal(value)
                var expected: [UInt8] = []
                JSONWriter.appendInteger(value, into: &expected)
                XCTAssertEqual(Array(written.written), expected, "\(value)")
                XCTAssertEqual(counted.count, expected.count, "\(value)")
            }
        }
    }
}
