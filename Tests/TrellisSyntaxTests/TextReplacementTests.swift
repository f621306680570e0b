import TrellisTestSupport
import XCTest

@testable import TrellisSyntax

final class TextReplacementTests: XCTestCase {
    /// The same result as the standard library's `replacing(_:with:)` on random texts, with
    /// combining marks, CR-LF pairs and emoji (compared as characters, as it compares).
    func testReplacesAsTheStandardLibraryReplaces() {
        var generator = SeededRandom(seed: 20_261_126)
        let pieces = ["a", "b", "|", "e", "\u{301}", "é", "\r", "\n", "\r\n", "%", "🍵", "卡", "ab"]
        func text(_ length: Int) -> String { (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined() }
        for _ in 0..<5_000 {
            let haystack = text(Int.random(in: 0...12, using: &generator))
            let target = text(Int.random(in: 1...3, using: &generator))
            let replacement = text(Int.random(in: 0...2, using: &generator))
            XCTAssertEqual(
                haystack.replacingEvery(target, with: replacement), haystack.replacing(target, with: replacement),
                "\(haystack.debugDescription) \(target.debugDescription)")
        }
        // ASCII texts take a path on bytes; a carriage return (CR LF is one character) keeps
        // them on the characters' path.
        let ascii = ["a", "b", "|", "%", "ab", "aa", ":", ",", "\n", "\r"]
        func asciiText(_ length: Int) -> String { (0..<length).map { _ in ascii.randomElement(using: &generator) ?? "a" }.joined() }
        for round in 0..<5_000 {
            let haystack = asciiText(Int.random(in: 0...16, using: &generator))
            let target = round % 7 == 0 ? "\r" : asciiText(Int.random(in: 1...3, using: &generator))
            let replacement = round % 5 == 0 ? "é🍵" : asciiText(Int.random(in: 0...2, using: &generator))
            XCTAssertEqual(
                haystack.replacingEvery(target, with: replacement), haystack.replacing(target, with: replacement),
                "\(haystack.debugDescription) \(target.debugDescription)")
        }
        XCTAssertEqual("left|centre".replacingEvery("centre", with: "centerX"), "left|centerX")
        XCTAssertEqual("abc".replacingEvery("", with: "x"), "abc")
    }
}
