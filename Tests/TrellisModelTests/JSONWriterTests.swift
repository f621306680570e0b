import TrellisModel
import TrellisSyntax
import TrellisTestSupport
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

final class GridJSONWriterTests: XCTestCase {
    /// The direct writer and the value writer produce the same text for every example.
    func testDirectWriterMatchesTheValueWriter() throws {
        var checked = 0
        for url in TestPaths.files(in: TestPaths.examples, withExtension: "trellis") {
            let source = SourceFile(name: url.path, bytes: try TestPaths.bytes(url))
            for dialect in [Dialect.v1, .v2] {
                for layout in LoadedFile.load(source, kind: .trellis, target: dialect).layouts {
                    let grid = try XCTUnwrap(layout.grid)
                    for style in [JSONWriter.Style.pretty, .compact] {
                        XCTAssertEqual(GridJSONWriter.write(grid, dialect: dialect, style: style),
                                       JSONWriter.write(grid.jsonValue(dialect: dialect), style: style), url.lastPathComponent)
                        checked += 1
                    }
                }
            }
        }
        let tricky = LoadedFile.load(SourceFile(name: "t", text: #"rows { _ ; 0 json({"x": [1, {"y": null}]}) action-data("数据") cols { } ; 1/3 top-borderline(color red) }"#), kind: .trellis)
        let grid = try XCTUnwrap(tricky.layouts.first?.grid)
        XCTAssertEqual(GridJSONWriter.write(grid, dialect: .v1), JSONWriter.write(grid.jsonValue(dialect: .v1)))
        XCTAssertGreaterThan(checked, 30)
    }
}
