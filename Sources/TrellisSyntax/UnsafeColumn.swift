/// A growable column of plain values, appended to while a tree is built: one bounds check and
/// no uniqueness check per value (an array's append pays both: twenty times a grid in a layout
/// tree, twice a syntax node). It owns its memory and is copied into an array at the end, or
/// it starts in the storage of an array being made (`init(writingInto:)`), which then holds
/// the values without a copy unless they outgrew it.
public struct UnsafeColumn<Element>: ~Copyable {
    // Visible to inlined code only (the column's methods are inlined into the modules that
    // build trees, so that appending to a column of plain values is specialized there: that
    // takes `public` methods, as this toolchain (Swift 6.3, measured) specialized none of them
    // in another module while they were `@inlinable package`).
    @usableFromInline var base: UnsafeMutablePointer<Element>
    @usableFromInline var capacity: Int
    /// How many values are written (set by the column's own methods only).
    @usableFromInline package var count = 0
    /// False while the values are in storage lent by an array being made.
    @usableFromInline package var ownsMemory = true

    package init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// A column in `buffer`, the uninitialized storage of an array being made: once done,
    /// the array holds the first `count` values when `ownsMemory` is still false; when the
    /// values outgrew it they were moved out (the array then holds none) and `take()` has them.
    /// SAFETY: callers lend storage that outlives the column (they drop it in the closure that gave them `buffer`); the
    /// column writes only below `buffer.count` and moves its values out to memory of its own before it needs more.
    package init(writingInto buffer: UnsafeMutableBufferPointer<Element>) {
        // SAFETY: `start` and `buffer.count` become `base` and `capacity`; `append` writes below `capacity` only, growing first.
        if let start = buffer.baseAddress, buffer.count > 0 {
            base = start
            capacity = buffer.count
            ownsMemory = false
        } else {
            capacity = 16
            base = .allocate(capacity: capacity)
        }
    }

    deinit {
        guard ownsMemory else { return }
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Appends `value`, growing the column when it is full.
    @inlinable public mutating func append(_ value: Element) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: value)
        count += 1
    }

    /// Appends `value` `times` times.
    @inlinable public mutating func append(_ value: Element, times: Int) {
        if count + times > capacity { grow(to: max(capacity * 2, count + times)) }
        (base + count).initialize(repeating: value, count: times)
        count += times
    }

    /// The value at `index`, which must be below the count (checked).
    @inlinable public subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "column index out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "column index out of range")
            base[index] = newValue
        }
    }

    @usableFromInline mutating func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: count)
        if ownsMemory { base.deallocate() }
        base = grown
        capacity = newCapacity
        ownsMemory = true
    }

    /// The values in an array (itself asked for huge pages when large); the column's memory
    /// is freed as it returns, so a tree's columns are never all held twice. Only for a column
    /// that owns its memory: values in a lent array's storage are the array's already.
    @inlinable public consuming func take() -> [Element] {
        precondition(ownsMemory, "the values are in a lent array's storage")
        // SAFETY: the column owns `count` initialized values at `base`.
        let values = UnsafeBufferPointer(start: base, count: count)
        // A small array is copied through code made for the element type, whose storage's type
        // is looked up once (making the array uninitialized looks it up at run time each time).
        guard count * MemoryLayout<Element>.stride >= HugePages.threshold else { return Array(values) }
        // SAFETY: `values` are the column's first `count` values, all initialized; the array's `count` slots take them all.
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            // SAFETY: only the address and size of the array's storage go to the advice.
            if let start = buffer.baseAddress { HugePages.advise(UnsafeMutableRawPointer(start), bytes: buffer.count * MemoryLayout<Element>.stride) }
            initialized = buffer.initialize(fromContentsOf: values)
        }
    }
}
