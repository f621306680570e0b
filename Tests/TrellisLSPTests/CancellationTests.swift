import Foundation
@testable import TrellisIDE
@testable import TrellisLSP
import TrellisModel
import TrellisSyntax
import XCTest

/// A cancelled request is answered `RequestCancelled` (-32800) and its result is dropped;
/// long work looks whether it was cancelled between chunks and stops there.
final class CancellationTests: XCTestCase {
    /// Semantic tokens look every `stride` tokens and stop at the first look that finds the
    /// request cancelled.
    func testSemanticTokensStopAtTheFirstLookAfterACancellation() {
        let text = (0..<20).map { "layout l\($0) rows 20 | fill" }.joined(separator: "\n")
        let analysis = Analysis(SourceFile(name: "t.trellis", text: text), kind: .trellis)
        var looks = 0
        let whole = SemanticTokensData.result(analysis, in: nil, encoding: .utf16, stride: 10) { looks += 1; return false }
        XCTAssertNotNil(whole)
        XCTAssertEqual(looks, SemanticTokens.tokens(analysis).count / 10)
        looks = 0
        XCTAssertNil(SemanticTokensData.result(analysis, in: nil, encoding: .utf16, stride: 10) { looks += 1; return true })
        XCTAssertEqual(looks, 1)
    }
}
