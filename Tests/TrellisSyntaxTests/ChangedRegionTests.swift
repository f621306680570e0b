import TrellisSyntax
import TrellisTestSupport
import XCTest

/// `ByteEdit.between` finds the longest common prefix, then the longest common suffix of what
/// is left (as the byte-by-byte definition does), and a range moved past the edit names the
/// same bytes in the new text, or is refused when the edit touched or adjoins it.
final class ChangedRegionTests: XCTestCase {
    func testBetweenIsTheLongestCommonPrefixThenSuffix() {
        var random = SeededRandom(seed: 20_261_126)
        for round in 0..<3_000 {
            let alphabet: [UInt8] = round.isMultiple(of: 2) ? [0x61, 0x62] : Array(0...255)
            let old = (0..<Int.random(in: 0...80, using: &random)).map { _ in random.pick(alphabet) }
            var new = old
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let at = Int.random(in: 0...new.count, using: &random)
                if random.chance(50) {
                    new.insert(contentsOf: (0..<Int.random(in: 1...20, using: &random)).map { _ in random.pick(alphabet) }, at: at)
                } else {
                    new.removeSubrange(at..<min(new.count, at + Int.random(in: 0...20, using: &random)))
                }
            }
            let edit = ByteEdit.between(old, new)
            var prefix = 0
            while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            XCTAssertEqual(edit.range, prefix..<(old.count - suffix), "\(old) → \(new)")
            XCTAssertEqual(edit.insertedCount, new.count - prefix - suffix)
            var applied = old
            applied.replaceSubrange(edit.range, with: new[edit.insertedRange])
            XCTAssertEqual(applied, new)
            // Every range the edit leaves alone names the same bytes in both texts.
            for _ in 0..<10 {
                let start = Int.random(in: 0...old.count, using: &random)
                let range = start..<Int.random(in: start...old.count, using: &random)
                guard let moved = edit.newRange(ofOld: range) else {
                    XCTAssertTrue(range.upperBound >= edit.range.lowerBound && range.lowerBound <= edit.range.upperBound)
                    continue
                }
                XCTAssertEqual(Array(old[range]), Array(new[moved]))
                XCTAssertEqual(edit.oldRange(ofNew: moved), range)
            }
        }
    }

    func testAMovedDiagnosticMovesEveryRangeOrNone() {
        let edit = ByteEdit(range: 10..<12, insertedCount: 5)
        let diagnostic = Diagnostic(
            code: .childrenOverflow, range: 20..<24, message: "m", labels: [DiagnosticLabel(range: 0..<4, message: "l")],
            fixIts: [FixIt(message: "f", edits: [TextEdit(range: 30..<31, replacement: "x")])])
        let moved = diagnostic.moved(by: edit)
        XCTAssertEqual(moved?.range, 23..<27)
        XCTAssertEqual(moved?.labels.first?.range, 0..<4)
        XCTAssertEqual(moved?.fixIts.first?.edits.first?.range, 33..<34)
        var touching = diagnostic
        touching.labels[0].range = 8..<10
        XCTAssertNil(touching.moved(by: edit), "a label that ends where the edit starts")
        touching = diagnostic
        touching.fixIts[0].edits[0].range = 11..<11
        XCTAssertNil(touching.moved(by: edit), "a fix-it inside the edit")
        XCTAssertNil(diagnostic.moved(by: ByteEdit(range: 21..<21, insertedCount: 0)), "an empty edit inside the range")
    }
}
