/// What a layout pass reads of one grid, as the runtime holds it: plain values only.
public struct GridFacts: Sendable {
    public var measure: Double
    public var padding = EdgeInsets.zero
    public var spacing: Double = 0
    public var gravity = Gravity(rawValue: 0)
    public var anchor = false
    public var placeholder = false
    /// The edge of the first borderline in the runtime's order (top, left, bottom, right);
    /// none on the root, whose borderlines the runtime does not read.
    public var firstBorderline: Edge?

    public init(measure: Double) { self.measure = measure }

    public init(_ grid: borrowing RuntimeGrid) {
        measure = grid.measure
        padding = grid.padding
        spacing = grid.spacing
        gravity = grid.gravity
        anchor = grid.anchor
        placeholder = grid.placeholder
        firstBorderline = grid.borderlines.first?.edge
    }
}
