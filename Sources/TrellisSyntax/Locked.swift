#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc) || canImport(Darwin)
    /// A value behind a mutex, for caches shared between threads. (The standard library's
    /// `Mutex` needs macOS 15; this works wherever Swift 6 does.)
    public final class Locked<Value>: @unchecked Sendable {
        private var value: Value
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

        public init(_ value: Value) {
            self.value = value
            pthread_mutex_init(mutex, nil)
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body(&value)
        }
    }
#else
    /// A value for caches, on a platform with one thread (WebAssembly without threads):
    /// nothing to lock.
    public final class Locked<Value>: @unchecked Sendable {
        private var value: Value

        public init(_ value: Value) { self.value = value }

        public func withLock<Result>(_ body: (inout Value) -> Result) -> Result { body(&value) }
    }
#endif
