/// Values a command leaves to the end of the process instead of freeing them: the process
/// exits right after, and the kernel takes its memory back whole, where releasing a run's
/// every finding, text and report one allocation at a time would be the last work it does
/// on one thread (clang's `-disable-free` does the same).
enum KeptUntilExit {
    /// Keeps `value` (and all it refers to) alive until the process exits.
    static func keep<Value>(_ value: Value) {
        // SAFETY: the retain is never given up, on purpose: the box is never freed, and nothing reads it.
        _ = Unmanaged.passRetained(Box(value))
    }

    /// What is kept.
    private final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
