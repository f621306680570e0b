/// The frames of one layout at one viewport: the rectangles a pass left, read with the tree
/// when a frame is asked for. A result holds 32 bytes a grid (four coordinates), not a
/// ``GridFrame`` each; reading a frame costs a few loads and additions.
public struct GridFrames: RandomAccessCollection, Sendable {
    /// The pass after its last run (its arrays are shared with the pass, not copied).
    private let pass: LayoutPass
    /// Whether view frames are computed (what the screen shows), or not (one fresh pass).
    private let screen: Bool

    init(_ pass: LayoutPass, screen: Bool) {
        self.pass = pass
        self.screen = screen
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { pass.x.count }

    public subscript(index: Int) -> GridFrame { pass.frame(index, screen: screen) }

    /// Grid `index`'s rectangle as it appears (``GridFrame/frame``), without the rest of
    /// its frame.
    public func rect(_ index: Int) -> Rect { pass.rect(index) }

    /// Grid `index`'s length along its parent's axis (its height in `rows`, its width in
    /// `cols`), nil for the root: ``GridFrame/frame`` along ``GridFrame/parentAxis``, without
    /// the rest of the frame.
    public func lengthAlongParent(_ index: Int) -> Double? { pass.lengthAlongParent(index) }

    /// Whether every frame equals `other`'s at the same index, for two results of the same
    /// tree (the caller's promise): the same viewport and kind of result, and the same finite
    /// rectangles bit for bit (a non-finite one never compares equal, as in the rules).
    package func isIdentical(toResultOfTheSameTree other: GridFrames) -> Bool {
        screen == other.screen && pass.viewport == other.pass.viewport && pass.tree.count == other.pass.tree.count
            && pass.isAt(other.pass.places) && pass.rectanglesAreFinite
    }
}
