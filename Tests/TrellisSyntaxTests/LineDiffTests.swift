import TrellisSyntax
import TrellisTestSupport
import XCTest

/// The line diff behind `fmt --diff` and the editor's formatting edits.
final class LineDiffTests: XCTestCase {
    /// The lines of `b`, rebuilt from `a` and the script.
    func apply(_ script: [LineDiff.Edit], _ a: [Int], _ b: [Int]) -> [Int]? {
        var x = 0, y = 0, rebuilt: [Int] = []
        for step in script {
            switch step {
            case .same:
                guard x < a.count, y < b.count, a[x] == b[y] else { return nil }
                rebuilt.append(a[x])
                x += 1
                y += 1
            case .delete: x += 1
            case .insert:
                guard y < b.count else { return nil }
                rebuilt.append(b[y])
                y += 1
            }
        }
        return x == a.count ? rebuilt : nil
    }

    /// Property: on random pairs the script turns one list into the other, and it is the
    /// shortest where the search runs.
    func testScriptsTurnOneIntoTheOther() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<500 {
            let a = (0..<Int.random(in: 0...30, using: &random)).map { _ in Int.random(in: 0...5, using: &random) }
            var b = a
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                if !b.isEmpty, random.chance(50) {
                    b.remove(at: Int.random(in: 0..<b.count, using: &random))
                } else {
                    b.insert(Int.random(in: 0...5, using: &random), at: Int.random(in: 0...b.count, using: &random))
                }
            }
            let script = LineDiff.edits(a, b)
            XCTAssertEqual(apply(script, a, b), b)
            XCTAssertLessThanOrEqual(script.filter { $0 != .same }.count, 2 * 6)
        }
    }

    /// Lines equal at both ends stay; a middle too different to search is replaced whole,
    /// at once.
    func testLargeDifferencesAreReplacedWhole() {
        let a = [1] + Array(repeating: 2, count: 400_000) + [3]
        let b = [1] + Array(repeating: 4, count: 1_200_000) + [3]
        let script = LineDiff.edits(a, b)
        XCTAssertEqual(script.first, .same)
        XCTAssertEqual(script.last, .same)
        XCTAssertEqual(script.filter { $0 == .delete }.count, 400_000)
        XCTAssertEqual(apply(script, a, b), b)
    }

    func testByteLines() {
        XCTAssertEqual(LineDiff.lines(Array("a\nb\n".utf8)).lines.map { Array($0) }, [Array("a".utf8), Array("b".utf8)])
        XCTAssertEqual(LineDiff.lines(Array("a\nb".utf8)).finalNewline, false)
        XCTAssertEqual(LineDiff.lines([]).lines.count, 0)
    }
}
