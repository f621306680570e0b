import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// Findings capped as they are made show exactly what capping all of them afterwards shows,
/// and a finding that is not shown never has its message built.
final class CappedDiagnosticsTests: XCTestCase {
    func testCappingAsFoundShowsWhatCappingAllShows() {
        var random = SeededRandom(seed: 2026_11_29)
        for round in 0..<300 {
            let count = Int.random(in: 0...450, using: &random)
            // Few positions, so that many findings share one (a template's cell stands for its uses).
            let positions = Int.random(in: 1...400, using: &random)
            var all: [Diagnostic] = []
            var collected = CappedDiagnostics()
            var built = 0
            for made in 0..<count {
                let code: DiagnosticCode = [.ratiosOver100Percent, .gravityOnIgnoredAxis, .sizeDependsOnUnknownView][Int.random(in: 0..<3, using: &random)]
                let start = Int.random(in: 0..<positions, using: &random)
                let diagnostic = Diagnostic(code: code, range: start..<(start + 1), message: "finding \(made)")
                all.append(diagnostic)
                collected.add(code, at: diagnostic.range) {
                    built += 1
                    return diagnostic
                }
            }
            let expected = DiagnosticCap.capped(all, scope: "layout `x`")
            let shown = DiagnosticCap.capped(collected.kept, scope: "layout `x`", alsoFound: collected.dropped)
            XCTAssertEqual(shown, expected, "round \(round)")
            XCTAssertLessThanOrEqual(collected.kept.count, 3 * DiagnosticCap.maximumPerRule, "round \(round)")
        }
    }

    func testMessagesOfFindingsNotShownAreNeverBuilt() {
        var collected = CappedDiagnostics()
        var built = 0
        for offset in 0..<10_000 {
            collected.add(.gravityOnIgnoredAxis, at: offset..<(offset + 1)) {
                built += 1
                return Diagnostic(code: .gravityOnIgnoredAxis, range: offset..<(offset + 1), message: "m")
            }
        }
        XCTAssertEqual(built, DiagnosticCap.maximumPerRule)
        XCTAssertEqual(collected.dropped[.gravityOnIgnoredAxis], 10_000 - DiagnosticCap.maximumPerRule)
        let shown = DiagnosticCap.capped(collected.kept, scope: "layout `x`", alsoFound: collected.dropped)
        XCTAssertEqual(shown.map(\.range.lowerBound), Array(0..<DiagnosticCap.maximumPerRule))
        XCTAssertEqual(shown.last?.notes, ["9900 more M107 findings in layout `x` are not shown (at most 100 per rule and layout)."])
    }
}
