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

    /// The processors this program may run on (at least 1).
    public static var processors: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Runs `first` on the calling thread and, at the same time, `others` for each index of
    /// `1..<count`, each on a thread with a stack of `stackSize` bytes; returns once all have
    /// finished. An index whose thread cannot be made runs on the calling thread after `first`.
    public static func concurrently(_ count: Int, stackSize: Int = size, others: @escaping @Sendable (Int) -> Void, first: () -> Void) {
        #if canImport(Glibc)
        var threads: [pthread_t] = []
        #else
        var threads: [pthread_t?] = []
        #endif
        var unstarted: [Int] = []
        for index in 1..<max(count, 1) {
            let box = Unmanaged.passRetained(Work { others(index); return 0 })
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setstacksize(&attributes, stackSize)
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
            pthread_attr_destroy(&attributes)
            if started == 0 {
                threads.append(thread)
            } else {
                box.release()
                unstarted.append(index)
            }
        }
        first()
        for index in unstarted { others(index) }
        for thread in threads {
            #if canImport(Glibc)
            pthread_join(thread, nil)
            #else
            if let thread { pthread_join(thread, nil) }
            #endif
        }
    }

    final class Work {
        let body: @Sendable () -> Int32
        init(_ body: @escaping @Sendable () -> Int32) { self.body = body }
    }
}
