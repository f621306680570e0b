#if canImport(Glibc)
    import Glibc
#endif

/// Large arrays filled once from front to back (tokens, syntax nodes, grid records) asked to
/// be backed by huge pages where the kernel gives them on request (Linux's transparent huge
/// pages in `madvise` mode): filling 20 MB then takes about ten page faults instead of five
/// thousand. Advice only: the contents and the results are the same either way.
@usableFromInline package enum HugePages {
    /// Arrays reserved smaller than this are left alone: their untouched room would become
    /// resident with the huge pages around it.
    @usableFromInline static let threshold = 4 << 20

    /// Advises the kernel to use huge pages for `array`'s reserved storage.
    package static func advise<Element>(_ array: inout [Element]) {
        #if os(Linux)
            let size = array.capacity * MemoryLayout<Element>.stride
            guard size >= threshold else { return }
            // SAFETY: the address stays in the closure and goes only to madvise, which reads and writes no byte; `size` is the
            // storage `array` reserved (its one caller has just reserved it, so the closure copies nothing).
            array.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                advise(UnsafeMutableRawPointer(base), bytes: size)
            }
        #endif
    }

    /// Advises the kernel to use huge pages for a buffer's storage.
    /// SAFETY: only the buffer's address and size are used (advice: no byte is read or written).
    package static func advise<Element>(_ buffer: UnsafeMutableBufferPointer<Element>) {
        // SAFETY: only the address is used, for madvise over the buffer's own bytes (advice: no byte is read or written).
        guard let base = buffer.baseAddress else { return }
        advise(UnsafeMutableRawPointer(base), bytes: buffer.count * MemoryLayout<Element>.stride)
    }

    /// SAFETY: only whole huge pages inside `base ..< base + size` are advised; no byte is read
    /// or written, and callers pass their storage's own address and size.
    @usableFromInline package static func advise(_ base: UnsafeMutableRawPointer, bytes size: Int) {
        #if os(Linux)
            guard size >= threshold else { return }
            let hugePage: UInt = 2 << 20
            let start = (UInt(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
            let end = (UInt(bitPattern: base) + UInt(size)) & ~(hugePage - 1)
            // SAFETY: `start..<end` lies inside the storage (rounded inward to huge pages).
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(pointer, Int(end - start), Int32(MADV_HUGEPAGE))
        #endif
    }
}
