import Foundation
import TrellisSyntax
import XCTest

@testable import TrellisIDE

/// Highlighting decides an attribute argument's plain ASCII name by its bytes; it must say
/// what the schema's words said as strings, and leave every other name to them.
final class ArgumentWordTests: XCTestCase {
    func testBytesDecideAsTheWordsDo() {
        var names = GridSchema.alignmentWords + GridSchema.colorNames + GridSchema.borderlineFields
        names += names.map { $0.uppercased() } + names.map { $0.capitalized } + names.map { $0 + "s" } + names.map { String($0.dropLast()) }
        names += ["", "x", "centery", "CENTERY", "Red", "rEd", "blac\u{212A}", "ＲＥＤ", "réd", "top-1", "head_color", "[red]", "@red"]
        for name in names {
            let bytes = Array("(\(name))".utf8)
            let decided = ArgumentWord(1..<(bytes.count - 1), in: bytes)
            let byStrings: ArgumentWord =
                GridSchema.alignmentWords.contains(name) || GridSchema.colorNames.contains(name.lowercased())
                ? .enumMember : GridSchema.borderlineFields.contains(name) ? .parameter : .other
            XCTAssertEqual(decided, name.utf8.allSatisfy { $0 < 0x80 } ? byStrings : .undecided, name)
        }
        XCTAssertEqual(ArgumentWord(0..<9, in: Array("ab".utf8)), .undecided, "a range outside the bytes")
    }
}
