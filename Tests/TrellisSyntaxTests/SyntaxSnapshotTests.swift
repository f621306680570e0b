import Foundation
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// The syntax tree of each `Tests/fixtures/syntax/*.trellis`, with byte ranges, and its
/// diagnostics, kept in `NAME.tree` beside it: well-formed files, broken ones the parser
/// recovers from, Chinese and emoji, garbage. `UPDATE_SNAPSHOTS=1` rewrites them for review.
final class SyntaxSnapshotTests: XCTestCase {
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/fixtures/syntax")

    static func snapshot(of source: SourceFile) -> String {
        let parsed = Parser.parse(source)
        var text = parsed.tree.dump(ranges: true) + "\n"
        if parsed.diagnostics.isEmpty { return text + "\nno diagnostics\n" }
        text += "\ndiagnostics:\n"
        for diagnostic in parsed.diagnostics {
            text += "  \(diagnostic.code)@\(diagnostic.range.lowerBound)..\(diagnostic.range.upperBound) \(diagnostic.message)\n"
        }
        return text
    }

    func testSyntaxTreesMatchTheirSnapshots() throws {
        let files = TestPaths.files(in: Self.folder, withExtension: "trellis")
        XCTAssertGreaterThanOrEqual(files.count, 5)
        for file in files {
            let source = SourceFile(name: file.lastPathComponent, bytes: try TestPaths.bytes(file))
            let tree = Parser.parse(source).tree
            XCTAssertEqual(tree.reconstructedBytes, source.bytes, "\(file.lastPathComponent): the tree is lossless")
            let snapshot = file.deletingPathExtension().appendingPathExtension("tree")
            if let mismatch = Snapshot.mismatch(Self.snapshot(of: source), snapshot: snapshot) { XCTFail(mismatch) }
        }
    }
}
