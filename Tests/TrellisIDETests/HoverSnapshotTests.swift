import Foundation
import TrellisIDE
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// The hover at each marker (`0️⃣`…`9️⃣`) of each `Tests/fixtures/hover/*` file, kept in
/// `NAME.hover.md` beside it: the marker's place, the range the hover covers and its text,
/// as an editor shows it. `UPDATE_SNAPSHOTS=1` rewrites them for review.
final class HoverSnapshotTests: XCTestCase {
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/fixtures/hover")

    static func snapshot(of marked: MarkedText, name: String, kind: InputKind) -> String {
        let analysis = Analysis(SourceFile(name: name, bytes: marked.bytes), kind: kind)
        var text = "# Hovers of \(name)\n"
        for marker in MarkedText.markers {
            guard let offset = marked[marker], let place = marked.position(marker) else { continue }
            text += "\n## \(marker) line \(place.line + 1), column \(place.character + 1)\n\n"
            guard let hover = Hover.hover(analysis, at: offset) else {
                text += "(no hover)\n"
                continue
            }
            let covered = String(decoding: marked.bytes[hover.range.clamped(to: 0..<marked.bytes.count)], as: UTF8.self)
            text += "Covers `\(covered)` (bytes \(hover.range.lowerBound)..<\(hover.range.upperBound)).\n\n\(hover.markdown)\n"
        }
        return text
    }

    func testHoversMatchTheirSnapshots() throws {
        let files = TestPaths.files(in: Self.folder, withExtension: "trellis") + TestPaths.files(in: Self.folder, withExtension: "json")
        XCTAssertGreaterThanOrEqual(files.count, 2)
        for file in files {
            let marked = MarkedText(try TestPaths.text(file))
            XCTAssertTrue(marked.repeated.isEmpty, "\(file.lastPathComponent) repeats \(marked.repeated)")
            XCTAssertFalse(marked.offsets.isEmpty, "\(file.lastPathComponent) marks nothing")
            let kind = InputKind.of(path: file.path)
            let snapshot = file.deletingPathExtension().appendingPathExtension("hover.md")
            let actual = Self.snapshot(of: marked, name: file.lastPathComponent, kind: kind)
            if let mismatch = Snapshot.mismatch(actual, snapshot: snapshot) { XCTFail(mismatch) }
        }
    }
}
