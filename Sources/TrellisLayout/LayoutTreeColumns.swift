import TrellisModel

extension LayoutTree {
    /// Each grid's source range as two 32-bit offsets (`UInt32.max` for a grid without one):
    /// 8 bytes a grid instead of the 24 of an optional range.
    public struct SourceColumn: Equatable, Sendable {
        var starts: [UInt32] = []
        var ends: [UInt32] = []

        public subscript(grid: Int) -> Range<Int>? {
            starts[grid] == .max ? nil : Int(starts[grid])..<Int(ends[grid])
        }

        /// The stored form of `range` (none for a range no file the readers read can have).
        static func stored(_ range: Range<Int>?) -> (start: UInt32, end: UInt32) {
            guard let range, let start = UInt32(exactly: range.lowerBound), let end = UInt32(exactly: range.upperBound),
                  start != .max else { return (.max, .max) }
            return (start, end)
        }
    }

    /// The preview content sizes few grids have (`content(WxH)`): an index a grid into the
    /// sizes, -1 for none (4 bytes a grid instead of the 24 of an optional size).
    public struct ContentColumn: Equatable, Sendable {
        var index: [Int32] = []
        var sizes: [PreviewSize] = []

        public subscript(grid: Int) -> PreviewSize? {
            index[grid] < 0 ? nil : sizes[Int(index[grid])]
        }
    }
}
