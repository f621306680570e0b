import Foundation
import TrellisModel
import TrellisPlatform

/// Runs work on a thread with the stack the executables give theirs (`LargeStack.size`), for
/// tests whose inputs nest as deep as the limits allow: under AddressSanitizer a frame is
/// several times larger, and the test runner's 8 MB stack would not hold them.
public enum OnLargeStack {
    public static func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
        let box = ResultBox<Result>()
        let done = DispatchSemaphore(value: 0)
        let started = LargeStack.detach(stackSize: LargeStack.size) {
            box.set(body())
            done.signal()
        }
        guard started else { return body() }
        done.wait()
        guard let result = box.get() else { return body() }
        return result
    }
}

/// The result handed from the worker thread, behind a lock.
final class ResultBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    func set(_ new: Value) {
        lock.lock()
        value = new
        lock.unlock()
    }

    func get() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
