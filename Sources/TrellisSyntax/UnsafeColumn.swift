/// A growable column of plain values in memory it owns, appended to while a tree is built and
/// copied into an array at the end: one bounds check and no uniqueness check per value (an
/// array's append pays both: twenty times a grid in a layout tree, twice a syntax node).
package struct UnsafeColumn<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    package private(set) var count = 0

    package init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    package mutating func append(_ value: Element) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: value)
        count += 1
    }

    package mutating func append(_ value: Element, times: Int) {
        if count + times > capacity { grow(to: max(capacity * 2, count + times)) }
        (base + count).initialize(repeating: value, count: times)
        count += times
    }

    package subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "column index out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "column index out of range")
            base[index] = newValue
        }
    }

    private mutating func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    /// Asks for huge pages behind the column's room (see ``HugePages``).
    package func adviseHugePages() {
        HugePages.advise(UnsafeMutableBufferPointer(start: base, count: capacity))
    }

    /// The values in an array (itself asked for huge pages when large); the column's memory
    /// is freed as it returns, so a tree's columns are never all held twice.
    package consuming func take() -> [Element] {
        let values = UnsafeBufferPointer(start: base, count: count)
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            HugePages.advise(buffer)
            initialized = buffer.initialize(fromContentsOf: values)
        }
    }
}
