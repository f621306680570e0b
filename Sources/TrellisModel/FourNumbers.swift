/// Up to four numbers collected without allocating: the parts of a padding, in the runtime's
/// order (top, left, bottom, right).
struct FourNumbers {
    private(set) var values: (Double, Double, Double, Double) = (0, 0, 0, 0)
    private(set) var count = 0

    /// Adds a number; false when four are held already.
    mutating func append(_ value: Double) -> Bool {
        switch count {
        case 0: values.0 = value
        case 1: values.1 = value
        case 2: values.2 = value
        case 3: values.3 = value
        default: return false
        }
        count += 1
        return true
    }

    /// Four numbers as insets: top, left, bottom, right.
    var insets: EdgeInsets { EdgeInsets(top: values.0, left: values.1, bottom: values.2, right: values.3) }
}
