import TrellisModel
import XCTest

final class JSONWriterTests: XCTestCase {
    func testNumbersStringsAndLayout() {
        let value = JSONValue.object([
            JSONMember("i", .number(120)), JSONMember("n", .number(-0.5)), JSONMember("big", .number(1e20)),
            JSONMember("s", .string("引号\"\\\n\u{01}")), JSONMember("a", .array([])), JSONMember("o", .object([])),
            JSONMember("l", .array([.bool(true), .null])),
        ])
        XCTAssertEqual(JSONWriter.string(value, style: .compact),
                       #"{"i":120,"n":-0.5,"big":1e+20,"s":"引号\"\\\n\u0001","a":[],"o":{},"l":[true,null]}"#)
        XCTAssertEqual(JSONWriter.string(.object([JSONMember("a", .array([.number(1)]))])), "{\n  \"a\": [\n    1\n  ]\n}\n")
    }

    func testWriterOutputReadsBackToTheSameValue() {
        let value = JSONValue.object([JSONMember("x", .array([.number(0.1), .number(1.0 / 3), .string("😀")]))])
        XCTAssertEqual(JSONReader.read(JSONWriter.string(value)).root?.value, value)
    }
}
