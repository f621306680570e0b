import TrellisTestSupport
import XCTest

@testable import TrellisSyntax

final class SuggestionTests: XCTestCase {
    /// The textbook definition the fast search must agree with: every candidate lowered,
    /// measured in full, the first of the closest within its limit.
    private func reference(_ word: String, _ candidates: [String]) -> String? {
        var best: (String, Int)?
        for candidate in candidates {
            let distance = referenceDistance(Array(word.lowercased().utf8), Array(candidate.lowercased().utf8))
            let limit = max(1, min(3, candidate.count / 3))
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }

    private func referenceDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }

    func testKnownTypos() {
        XCTAssertEqual(Suggestion.closest(to: "biuld", among: ["build", "check", "fmt"]), "build")
        XCTAssertEqual(Suggestion.closest(to: "topBorderline", among: ["top-borderline", "bottom-borderline"]), "top-borderline")
        XCTAssertEqual(Suggestion.closest(to: "PADDING", among: ["padding", "spacing"]), "padding")
        XCTAssertNil(Suggestion.closest(to: "zzzzzz", among: ["padding", "spacing"]))
        XCTAssertEqual(Suggestion.editDistance(Array("abc".utf8), []), 3)
    }

    func testAgreesWithTheTextbookDefinitionOnRandomWords() {
        var generator = SeededRandom(seed: 20_261_126)
        let alphabet = Array("abcdAB-_é卡🍵".map(String.init))
        func word(_ length: Int) -> String { (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" }.joined() }
        for _ in 0..<3_000 {
            let candidates = (0..<Int.random(in: 0...8, using: &generator)).map { _ in word(Int.random(in: 0...12, using: &generator)) }
            let base = candidates.randomElement(using: &generator) ?? word(5)
            var typo = Array(base)
            if !typo.isEmpty, Bool.random(using: &generator) { typo.remove(at: Int.random(in: 0..<typo.count, using: &generator)) }
            if Bool.random(using: &generator) { typo.append(Character(alphabet.randomElement(using: &generator) ?? "x")) }
            // A letter replaced, and two neighbours swapped (the edits the byte-kinds bound
            // must not overrate).
            if !typo.isEmpty, Bool.random(using: &generator) {
                typo[Int.random(in: 0..<typo.count, using: &generator)] = Character(alphabet.randomElement(using: &generator) ?? "x")
            }
            if typo.count > 1, Bool.random(using: &generator) {
                let place = Int.random(in: 0..<(typo.count - 1), using: &generator)
                typo.swapAt(place, place + 1)
            }
            let probe = Bool.random(using: &generator) ? String(typo).uppercased() : String(typo)
            XCTAssertEqual(Suggestion.closest(to: probe, among: candidates), reference(probe, candidates), "\(probe) among \(candidates)")
        }
    }
}

extension SuggestionTests {
    func testTheBandedDistanceIsExactWithinItsBound() {
        var generator = SeededRandom(seed: 20_261_126)
        var rows = EditRows()
        for _ in 0..<3_000 {
            let a = (0..<Int.random(in: 0...10, using: &generator)).map { _ in UInt8.random(in: 97...100, using: &generator) }
            let b = (0..<Int.random(in: 0...10, using: &generator)).map { _ in UInt8.random(in: 97...100, using: &generator) }
            let bound = Int.random(in: 0...4, using: &generator)
            let exact = referenceDistance(a, b)
            XCTAssertEqual(Suggestion.editDistance(a, b), exact)
            let banded = rows.distance(a, b, atMost: bound)
            if exact <= bound {
                XCTAssertEqual(banded, exact, "\(a) \(b) bound \(bound)")
            } else {
                XCTAssertGreaterThan(banded, bound, "\(a) \(b) bound \(bound)")
            }
        }
    }
}

extension SuggestionTests {
    /// ASCII words are lowered on their bytes: each ASCII character as `lowercased()` maps it.
    func testASCIIIsLoweredAsTheStandardLibraryLowersIt() {
        for byte in UInt8(0)..<0x80 {
            let character = String(decoding: [byte], as: UTF8.self)
            XCTAssertEqual([Suggestion.lowercasedASCII(byte)], Array(character.lowercased().utf8), "\(byte)")
        }
        XCTAssertEqual(Suggestion.closest(to: "ToP-BORDERLINE", among: ["top-borderline"]), "top-borderline")
        XCTAssertEqual(Suggestion.closest(to: "ＰＡＤＤＩＮＧ", among: ["padding"]), nil)
        XCTAssertEqual(Suggestion.closest(to: "blac\u{212A}", among: ["black"]), "black")
    }
}

extension SuggestionTests {
    /// The kinds of byte only one of two words has never exceed their distance: the search
    /// skips a candidate on that bound alone.
    func testTheByteKindsBoundNeverExceedsTheDistance() {
        var generator = SeededRandom(seed: 20_261_129)
        for _ in 0..<5_000 {
            let a = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator) | (Bool.random(using: &generator) ? 0x40 : 0)
            }
            var b = a
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where !b.isEmpty: b.remove(at: Int.random(in: 0..<b.count, using: &generator))
                case 1: b.insert(UInt8.random(in: 0...255, using: &generator), at: Int.random(in: 0...b.count, using: &generator))
                case 2 where !b.isEmpty: b[Int.random(in: 0..<b.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                case 3 where b.count > 1:
                    let place = Int.random(in: 0..<(b.count - 1), using: &generator)
                    b.swapAt(place, place + 1)
                default: break
                }
            }
            let kindsA = a.withUnsafeBufferPointer { Suggestion.Candidates.presence($0) }
            let kindsB = b.withUnsafeBufferPointer { Suggestion.Candidates.presence($0) }
            let bound = max((kindsA & ~kindsB).nonzeroBitCount, (kindsB & ~kindsA).nonzeroBitCount)
            XCTAssertLessThanOrEqual(bound, referenceDistance(a, b), "\(a) \(b)")
        }
    }
}
