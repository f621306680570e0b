import Dispatch

/// Maps items on every core (`DispatchQueue.concurrentPerform`), keeping their order: each
/// iteration writes only its own slot.
enum ParallelMap {
    static func map<Item: Sendable, Value: Sendable>(_ items: [Item], _ transform: @Sendable (Item) -> Value) -> [Value] {
        let slots = Slots<Value>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            slots.set(index, transform(items[index]))
        }
        // Every index is visited once; were one ever missed, it is computed here instead.
        return items.indices.map { index in slots.values[index] ?? transform(items[index]) }
    }

    /// Storage written at distinct indices from several threads, read once all are done.
    final class Slots<Value>: @unchecked Sendable {
        var values: [Value?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Value) {
            values.withUnsafeMutableBufferPointer { $0[index] = value }
        }
    }
}
