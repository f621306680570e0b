#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program's work on a thread with a large, explicit stack, so that input nested to
/// every depth the limits allow (templates using templates, deep JSON) cannot overflow the
/// main thread's 8 MB. The memory is reserved, not used, until a deep input needs it.
public enum LargeStack {
    /// The stack given to the work: 512 MB.
    public static let size = 512 << 20

    /// Runs `body` on the large stack and exits the process with its status.
    public static func runAndExit(_ body: @escaping @Sendable () -> Int32) -> Never {
        if !detach(stackSize: size, { exit(body()) }) {
            // No thread: run here, with the main thread's stack.
            exit(body())
        }
        while true { pause() }
    }

    /// Starts `body` on a new detached thread with a stack of `stackSize` bytes; false when
    /// no thread could be made.
    @discardableResult
    public static func detach(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Work { body(); return 0 })
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let started = pthread_create(&thread, &attributes, { pointer in
            #if canImport(Glibc)
            guard let pointer else { return nil }
            #endif
            _ = Unmanaged<Work>.fromOpaque(pointer).takeRetainedValue().body()
            return nil
        }, box.toOpaque())
        if started != 0 { box.release() }
        return started == 0
    }

    final class Work {
        let body: @Sendable () -> Int32
        init(_ body: @escaping @Sendable () -> Int32) { self.body = body }
    }
}
