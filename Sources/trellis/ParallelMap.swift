import Dispatch

/// Maps items on every core (`DispatchQueue.concurrentPerform`), keeping their order: each
/// iteration writes only its own slot.
enum ParallelMap {
    static func map<Item: Sendable, Value: Sendable>(_ items: [Item], _ transform: @Sendable (Item) -> Value) -> [Value] {
        // One item runs here, on the calling thread: no pool of threads is started (nor their
        // stacks and heaps made) for a single file.
        if items.count < 2 { return items.map(transform) }
        let slots = Slots<Value>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            slots.set(index, transform(items[index]))
        }
        // Every index is visited once; were one ever missed, it is computed here instead.
        return items.indices.map { index in slots.value(at: index) ?? transform(items[index]) }
    }

    /// Storage written at distinct indices from several threads, read once all are done.
    /// Plain memory allocated once: an array's own mutating access would move its buffer
    /// while another thread writes (heap corruption).
    final class Slots<Value>: @unchecked Sendable {
        private let storage: UnsafeMutablePointer<Value?>
        private let count: Int

        init(count: Int) {
            self.count = count
            storage = .allocate(capacity: max(count, 1))
            storage.initialize(repeating: nil, count: count)
        }

        deinit {
            storage.deinitialize(count: count)
            storage.deallocate()
        }

        func set(_ index: Int, _ value: Value) { storage[index] = value }

        /// The value written at `index`, if any (nil outside the slots).
        func value(at index: Int) -> Value? { index >= 0 && index < count ? storage[index] : nil }
    }
}
