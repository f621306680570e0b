import TrellisSyntax

/// A value computed on first use and kept, for caches shared between threads. Two threads
/// that ask at once may both compute it; the values are equal, and one is kept.
public final class Memo<Value: Sendable>: Sendable {
    private let stored = Locked<Value?>(nil)

    public init() {}

    public func value(_ compute: () -> Value) -> Value {
        if let cached = stored.withLock({ $0 }) { return cached }
        let computed = compute()
        stored.withLock { $0 = computed }
        return computed
    }
}
