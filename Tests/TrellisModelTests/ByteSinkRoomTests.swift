import XCTest

@testable import TrellisModel

/// Text made in place: the room a sink reserves holds what is written into it, before and
/// after the sink grows or empties itself into its drain, and only the bytes committed count.
final class ByteSinkRoomTests: XCTestCase {
    func testWhatIsWrittenInTheRoomIsKeptAcrossGrowingAndDraining() {
        for draining in [false, true] {
            var drained: [UInt8] = []
            // SAFETY: the drain copies the bytes it is handed during the call.
            var sink = ByteSink(capacity: 64, drain: draining ? { drained += $0 } : nil)
            var expected: [UInt8] = []
            for round in 0..<500 {
                let room = 1 + round % 97
                let written = round % 3 == 0 ? room : room / 2
                let base = sink.reserve(room)
                for offset in 0..<written {
                    // SAFETY: `offset < written <= room`: inside the room reserved.
                    base[offset] = UInt8(truncatingIfNeeded: round &+ offset)
                }
                sink.commit(written)
                expected += (0..<written).map { UInt8(truncatingIfNeeded: round &+ $0) }
                if round % 50 == 0 { sink.append(utf8: "|") }
                if round % 50 == 0 { expected += Array("|".utf8) }
            }
            sink.flush()
            let kept = draining ? drained : sink.withBytes { Array($0) }
            XCTAssertEqual(kept, expected, draining ? "drained" : "kept")
        }
    }
}
