import TrellisIDE
import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// The screens an analysis keeps from its lint run are the ones a request would compute:
/// every example, at several viewports (RTL and a wrap height included), and grid JSON.
final class AnalysisTests: XCTestCase {
    func testKeptScreensEqualScreensComputedOnRequest() throws {
        let options = LintOptions(viewports: ["375x667@2x", "320xwrap@3x", "768x1024@2x"].compactMap(Viewport.parse))
        var inputs = try TestPaths.files(in: TestPaths.examples, withExtension: "trellis").map {
            (SourceFile(name: $0.path, bytes: try TestPaths.bytes($0)), InputKind.trellis)
        }
        inputs += try TestPaths.corpusFiles("mylayout").prefix(6)
            .map { (SourceFile(name: $0.path, bytes: try TestPaths.bytes($0)), InputKind.json) }
        XCTAssertGreaterThan(inputs.count, 10)
        for (source, kind) in inputs {
            for rtl in [false, true] {
                var settings = options
                settings.rtl = rtl
                let analysis = Analysis(source, kind: kind, options: settings)
                for layout in analysis.runtimes.indices {
                    for (index, viewport) in analysis.viewports.enumerated() {
                        let place = "\(source.name) layout \(layout) at \(viewport.description) rtl \(rtl)"
                        let screens = LayoutEngine.screens(analysis.runtimes[layout], viewport: viewport, relayouts: 1)
                        XCTAssertTrue(
                            Self.same(analysis.frames(layout: layout, viewport: index), LayoutEngine.layout(analysis.runtimes[layout], viewport: viewport)),
                            place)
                        let again = screens.count == 2 ? screens[1] : nil
                        XCTAssertTrue(Self.same(analysis.relaidOut(layout: layout, viewport: index), again), "relaid out: " + place)
                    }
                }
            }
        }
    }

    static func same(_ one: LayoutResult?, _ other: LayoutResult?) -> Bool {
        guard let one, let other else { return one == nil && other == nil }
        guard one.height == other.height, one.passes == other.passes, one.settled == other.settled, one.relayouts == other.relayouts,
            one.heights == other.heights, one.grids.count == other.grids.count
        else { return false }
        return zip(one.grids, other.grids).allSatisfy { a, b in
            a.frame == b.frame && a.contentBox == b.contentBox && a.slot == b.slot && a.viewFrame == b.viewFrame
                && a.measure == b.measure && a.sourceRange == b.sourceRange && a.depth == b.depth
        } && (0..<one.grids.count).allSatisfy { one.path(of: $0) == other.path(of: $0) }
    }
}
