import Dispatch

/// Maps items on every core (`DispatchQueue.concurrentPerform`), keeping their order: each
/// iteration writes only its own slot.
enum ParallelMap {
    static func map<Item: Sendable, Value: Sendable>(_ items: [Item], _ transform: @Sendable (Item) -> Value) -> [Value] {
        let slots = Slots<Value>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            slots.set(index, transform(items[index]))
        }
        return slots.values.map { value in
            guard let value else { preconditionFailure("every index is visited once") }
            return value
        }
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
