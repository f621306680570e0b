import TrellisSyntax
import XCTest

/// Codes compare and hash by their case, as their raw strings would.
final class DiagnosticCodeTests: XCTestCase {
    func testEachCaseHasItsOwnNumber() {
        XCTAssertEqual(MemoryLayout<DiagnosticCode>.size, 1)
        XCTAssertEqual(DiagnosticCode.allCases.map(\.caseNumber), (0..<DiagnosticCode.allCases.count).map(UInt8.init))
    }

    func testEqualityAndHashingFollowTheRawStrings() {
        for one in DiagnosticCode.allCases {
            for other in DiagnosticCode.allCases {
                XCTAssertEqual(one == other, one.rawValue == other.rawValue, "\(one) and \(other)")
                if one.rawValue == other.rawValue { XCTAssertEqual(one.hashValue, other.hashValue) }
            }
        }
        XCTAssertEqual(Set(DiagnosticCode.allCases).count, DiagnosticCode.allCases.count)
        // A set made of codes read from text (a `trellis-ignore` comment's) finds each case: hashing
        // that disagreed with equality made suppression miss a code now and then.
        let read = Set(DiagnosticCode.allCases.compactMap { DiagnosticCode(rawValue: $0.rawValue) })
        for code in DiagnosticCode.allCases { XCTAssertTrue(read.contains(code), "\(code)") }
        var hashers = (Hasher(), Hasher())
        hashers.0.combine(DiagnosticCode.sizeOnRoot)
        hashers.1.combine(DiagnosticCode(rawValue: "M120") ?? .notJSON)
        XCTAssertEqual(hashers.0.finalize(), hashers.1.finalize())
    }
}
