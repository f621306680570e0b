#if canImport(Glibc)
    import Glibc
#endif

/// How the process's allocator treats freed memory.
public enum ProcessMemory {
    /// Work that allocates and frees the same few large arrays again and again (an edit in the
    /// server, a benchmark's repeated stage) asks glibc's allocator to keep freed memory in
    /// the process rather than return it to the kernel and fault it in again, zeroed, next
    /// time, and to use one arena for all threads (a thread's own arena returns memory
    /// regardless). Peak memory stays about what it was. Without it glibc's thresholds move
    /// with the sizes freed so far, so the same work can fault ten times as many pages.
    /// (`mallopt` is not in the Glibc module, so it is looked up; -1, -3 and -8 are
    /// M_TRIM_THRESHOLD, M_MMAP_THRESHOLD and M_ARENA_MAX in <malloc.h>. Where the lookup
    /// finds nothing, as it may in a fully static executable, the defaults stay.)
    public static func keepFreedMemory() {
        #if canImport(Glibc)
            // SAFETY: a null handle asks dlsym for the process's own symbols; the function type is mallopt's.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
            _ = mallopt(-1, 64 << 20)
            _ = mallopt(-3, 32 << 20)
            _ = mallopt(-8, 1)
        #endif
    }

    /// Hands the memory the allocator keeps free back to the kernel: glibc's `malloc_trim(0)`,
    /// which also releases the whole free pages inside the heap, not only at its top. For
    /// when a large piece of work is over and will not repeat (the server closing a large
    /// document): ``keepFreedMemory()`` would otherwise keep what it freed for the life of the
    /// process. It walks the allocator's free lists, so it is for rare, large releases.
    public static func releaseFreedMemory() {
        #if canImport(Glibc)
            // SAFETY: a null handle asks dlsym for the process's own symbols; the function type is malloc_trim's.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
            _ = trim(0)
        #endif
    }
}
