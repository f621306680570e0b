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
        var texts = InlayHintRecords()
        var values = labels.map { texts.keep($0) }
        values += [0, 7, -1, 12_345, Int.max, Int.min].map { .slot($0) }
        values += [0, -0.0, 176, 273.5, 1.0 / 3, -12.25, 1e15, 1e300, -1e300, .infinity, -.infinity, .nan, .ulpOfOne].map { .length($0) }
        let records = values.enumerated().map { number, value in
            InlayHintRecords.Record(
                offset: min(number * 3, text.utf8.count), value: value, kind: number % 2 == 0 ? .length : .slot, layout: number,
                grid: 1 << (number % 7 * 9))
        }
        for records in [records, [], Array(records.prefix(1))] {
            var hints = texts
            hints.records = records
            let read = try Self.readBack(InlayHintBody(hints: hints, source: source, encoding: .utf16, document: 12, version: -3))
            XCTAssertEqual(read.count, records.count)
            for (record, json) in zip(records, read) {
                let position = source.utf16Position(of: record.offset)
                XCTAssertEqual(json["position"], InProcessServer.position(position.line, position.column))
                XCTAssertEqual(json["label"], .string(hints.label(record.value)))
                XCTAssertEqual(json["kind"], .number(record.kind == .length ? 1 : 2))
                XCTAssertEqual(json["data"], .array([.number(12), .number(-3), .number(Double(record.layout)), .number(Double(record.grid))]))
            }
        }
    }

    /// Lengths' texts are kept by their bits in a table of 1,024 places: many lengths, each
    /// written twice, collide and are made again, and each still reads back as its label.
    func testLengthsKeptByTheirBitsReadBackAsTheirLabels() throws {
        let source = SourceFile(name: "t.trellis", text: "x\n")
        let lengths = (0..<3_000).map { Double($0) * 0.25 - 100 }
        var hints = InlayHintRecords()
        hints.records = (lengths + lengths.reversed()).map { InlayHintRecords.Record(offset: 0, value: .length($0), kind: .length, layout: 0, grid: 0) }
        let read = try Self.readBack(InlayHintBody(hints: hints, source: source, encoding: .utf8, document: 1, version: 1))
        XCTAssertEqual(read.map { $0["label"] }, hints.records.map { .string(hints.label($0.value)) })
    }

    /// The body written into a sink, checked to be as long as counted, read as JSON.
    private static func readBack(_ body: InlayHintBody) throws -> [JSONValue] {
        var sink = ByteSink(capacity: 64)
        body.write(into: &sink, stop: { false })
        let written = sink.withBytes { Array($0) }
        XCTAssertEqual(body.count(stop: { false }), written.count)
        return try XCTUnwrap(JSONReader.read(SourceFile(name: "reply", bytes: written)).root?.value.arrayElements)
    }

    func testCountingStopsWhenAsked() {
        let source = SourceFile(name: "t.trellis", text: "x\n")
        var hints = InlayHintRecords()
        hints.records = Array(
            repeating: InlayHintRecords.Record(offset: 0, value: .slot(0), kind: .slot, layout: 0, grid: 0), count: LanguageServer.cancellationStride + 1)
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
        // SAFETY: the buffer is used inside the closure only; a number takes at most 20 bytes.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            guard let base = buffer.baseAddress else { return XCTFail("no memory") }
            for value in values {
                var written = ScratchText(base, room: 32)
                written.putDecimal(value)
                var counted = ScratchText()
                counted.putDecimal(value)
                var expected: [UInt8] = []
                JSONWriter.appendInteger(value, into: &expected)
                // SAFETY: the first `written.count` bytes are written.
                XCTAssertEqual(Array(UnsafeBufferPointer(start: base, count: written.count)), expected, "\(value)")
                XCTAssertEqual(counted.count, expected.count, "\(value)")
            }
        }
    }
}
