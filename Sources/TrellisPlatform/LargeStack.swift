import TrellisModel
import TrellisSyntax

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
        start(stackSize: stackSize, detached: true, body) != nil
    }

    /// The pieces of work the core runs at once (formatting a large file) on threads of
    /// this stack, as many as there are processors.
    public static var sideBySide: SideBySide { sideBySide(workers: processors) }

    /// Up to `workers` pieces of work at once, each on a thread of this stack.
    public static func sideBySide(workers: Int) -> SideBySide {
        SideBySide(workers: workers) { count, others, first, whileWaiting in
            concurrently(count, others: others, first: first, whileWaiting: whileWaiting)
        }
    }

    /// The processors this program may run on (at least 1).
    public static var processors: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Runs `first` on the calling thread and, at the same time, `others` for each index of
    /// `1..<count`, each on a thread with a stack of `stackSize` bytes; returns once all have
    /// finished, calling `whileWaiting` every few milliseconds after `first` is done until then.
    /// An index whose thread cannot be made runs on the calling thread after `first`.
    public static func concurrently(
        _ count: Int, stackSize: Int = size, others: @escaping @Sendable (Int) -> Void,
        first: () -> Void, whileWaiting: () -> Void = {}
    ) {
        let running = Locked(0)
        var threads: [ThreadHandle] = []
        var unstarted: [Int] = []
        for index in 1..<max(count, 1) {
            running.withLock { $0 += 1 }
            if let thread = start(
                stackSize: stackSize, detached: false,
                {
                    others(index)
                    running.withLock { $0 -= 1 }
                })
            {
                threads.append(thread)
            } else {
                running.withLock { $0 -= 1 }
                unstarted.append(index)
            }
        }
        first()
        for index in unstarted { others(index) }
        while running.withLock({ $0 }) > 0 {
            whileWaiting()
            usleep(2_000)
        }
        for thread in threads { join(thread) }
    }

    #if canImport(Glibc)
        typealias ThreadHandle = pthread_t
    #else
        typealias ThreadHandle = pthread_t?
    #endif

    /// A new thread running `body`, or nil when none could be made.
    static func start(stackSize: Int, detached: Bool, _ body: @escaping @Sendable () -> Void) -> ThreadHandle? {
        // SAFETY: one retain, given up exactly once: by the new thread's `takeRetainedValue`, or by `release` below when no
        // thread starts.
        let box = Unmanaged.passRetained(
            Work {
                body()
                return 0
            })
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let started = pthread_create(
            &thread, &attributes,
            { pointer in
                #if canImport(Glibc)
                    guard let pointer else { return nil }
                #endif
                // SAFETY: `pointer` is `box.toOpaque()`, retained once for this thread, which takes that retain here.
                _ = Unmanaged<Work>.fromOpaque(pointer).takeRetainedValue().body()
                return nil
            }, box.toOpaque())
        guard started == 0 else {
            box.release()
            return nil
        }
        return thread
    }

    static func join(_ thread: ThreadHandle) {
        #if canImport(Glibc)
            pthread_join(thread, nil)
        #else
            if let thread { pthread_join(thread, nil) }
        #endif
    }

    /// The work a new thread runs, passed to it through a retained pointer.
    final class Work {
        let body: @Sendable () -> Int32
        init(_ body: @escaping @Sendable () -> Int32) { self.body = body }
    }
}
