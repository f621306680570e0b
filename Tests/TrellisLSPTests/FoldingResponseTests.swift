import TrellisIDE
import TrellisLint
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

@testable import TrellisLSP

/// The folding ranges are written as JSON text: each must be the region's lines (a closing
/// `}` or `]` that starts its line left visible), once per pair of lines, comments marked.
final class FoldingResponseTests: XCTestCase {
    func testRangesAreTheRegionsLines() throws {
        var programs = ProgramGenerator(seed: 1_129)
        var random = SeededRandom(seed: 1_130)
        var texts: [(String, String)] = []
        for number in 0..<20 { texts.append(("file:///t/\(number).trellis", programs.manyLayouts())) }
        for number in 0..<10 {
            let grids = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                String(decoding: GridJSONWriter.write(RandomGrids.grid(random: &random), dialect: .v2, style: .pretty), as: UTF8.self)
            }
            texts.append(("file:///t/\(number).json", "{\n  \"rows\": [\n" + grids.joined(separator: ",\n") + "\n  ]\n}\n"))
        }
        texts.append(("file:///t/c.trellis", "// one\n// two\nlayout a rows {\n  20\n  fill\n}\n"))
        let server = InProcessServer()
        var compared = 0
        for (uri, text) in texts {
            server.open(uri, text, language: uri.hasSuffix(".json") ? "json" : "trellis")
            let reply = server.request("textDocument/foldingRange", InProcessServer.object([("textDocument", InProcessServer.object([("uri", .string(uri))]))]))
            let written = try XCTUnwrap(reply?["result"]?.arrayElements, uri)
            let source = SourceFile(name: uri, text: text)
            let analysis = Analysis(source, kind: uri.hasSuffix(".json") ? .json : .trellis, options: LintOptions())
            var expected: [JSONValue] = []
            var seen: Set<[Int]> = []
            for region in Folding.regions(analysis) {
                let start = source.lineIndex(of: region.range.lowerBound)
                var end = source.lineIndex(of: region.range.upperBound - 1)
                let lastByte = source.bytes[region.range.upperBound - 1]
                let line = source.lineRange(end)
                let indent = source.bytes[line].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
                if lastByte == UInt8(ascii: "}") || lastByte == UInt8(ascii: "]"), line.lowerBound + indent == region.range.upperBound - 1 { end -= 1 }
                guard end > start, seen.insert([start, end]).inserted else { continue }
                var members: [(String, JSONValue)] = [("startLine", .number(Double(start))), ("endLine", .number(Double(end)))]
                if region.isComment { members.append(("kind", .string("comment"))) }
                expected.append(InProcessServer.object(members))
            }
            XCTAssertEqual(written, expected, uri)
            if let root = analysis.file.jsonRoot {
                // Every object and array on more than one line, by where it starts.
                var plain: [Range<Int>] = []
                var stack = [root]
                while let node = stack.popLast() {
                    guard node.type == .object || node.type == .array else { continue }
                    if source.lineIndex(of: node.range.lowerBound) < source.lineIndex(of: node.range.upperBound - 1) { plain.append(node.range) }
                    node.forEachElement { stack.append($0) }
                    node.forEachMember { stack.append($0.value) }
                }
                XCTAssertEqual(Folding.regions(analysis).map(\.range), plain.sorted { $0.lowerBound < $1.lowerBound }, uri)
            }
            compared += expected.count
        }
        XCTAssertGreaterThan(compared, 100)
    }
}
