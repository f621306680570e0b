#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes written at the end of memory the sink owns: an append checks the capacity only
/// (an array's append also checks that its storage is not shared). Read them with
/// ``withBytes(_:)``; the memory is freed with the sink. A sink made with a `drain` hands its
/// bytes over whenever it is full instead of growing, so a large output never sits whole in
/// memory (``withBytes(_:)`` then sees only the bytes not handed over yet).
package struct ByteSink: ~Copyable, ByteOutput {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    package private(set) var count = 0
    private let drain: ((UnsafeBufferPointer<UInt8>) -> Void)?

    package init(capacity: Int, drain: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil) {
        self.capacity = max(capacity, 64)
        self.drain = drain
        // SAFETY: `memory` is `capacity` fresh bytes, bound to no other type; the sink reads and writes them as bytes, below
        // `capacity` only.
        base = SinkMemory.allocate(self.capacity).assumingMemoryBound(to: UInt8.self)
    }

    /// Hands the bytes written so far to the drain (none without one).
    package mutating func flush() {
        guard let drain, count > 0 else { return }
        // SAFETY: the first `count` bytes are written; the drain gets them for the call only.
        drain(UnsafeBufferPointer(start: base, count: count))
        count = 0
    }

    deinit { SinkMemory.release(base) }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    // SAFETY: no precondition: any buffer; it is read below `bytes.count` only.
    @inline(__always)
    package mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        // SAFETY: `source` is read below `bytes.count` only; after `grow` (which may first empty the sink into its drain),
        // `count + bytes.count <= capacity`, so every write is inside the sink's memory.
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity - count < bytes.count { grow(toHold: count + bytes.count) }
        if bytes.count <= 16 {
            // Keys and numbers: a loop beats a call to memmove.
            for offset in 0..<bytes.count { base[count + offset] = source[offset] }
        } else {
            (base + count).initialize(from: source, count: bytes.count)
        }
        count += bytes.count
    }

    /// Room for `room` bytes at the end, for text made in place (no copy through a buffer of
    /// its own): the caller writes from the pointer returned, then says how many bytes it
    /// wrote with ``commit(_:)``.
    /// SAFETY: the pointer is valid for `room` bytes until the sink is next used; the caller
    /// writes no more and uses it no later.
    package mutating func reserve(_ room: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < room { grow(toHold: count + room) }
        // SAFETY: after `grow`, `count + room <= capacity`: the room lies inside the sink's memory.
        return base + count
    }

    /// Keeps the `written` bytes the caller wrote into the room ``reserve(_:)`` gave, which
    /// holds them (debug builds check this against the sink's memory here, and the language
    /// server's `ScratchOutput.end` against the room it reserved).
    package mutating func commit(_ written: Int) {
        assert(written >= 0 && count + written <= capacity, "\(written) bytes committed past the sink's memory")
        count = min(capacity, count + max(0, written))
    }

    package mutating func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        if capacity - count < times { grow(toHold: count + times) }
        (base + count).initialize(repeating: byte, count: times)
        count += times
    }

    /// Doubles the memory (with `realloc` where there is a C library: a large block is moved
    /// by remapping its pages, not by copying them into freshly faulted ones).
    @inline(never)
    private mutating func grow(toHold wanted: Int) {
        var needed = wanted
        if drain != nil, count > 0 {
            needed -= count
            flush()
            if needed <= capacity { return }
        }
        let newCapacity = max(needed, capacity * 2)
        // SAFETY: the memory moved keeps the first `count` bytes and has `newCapacity` in all, bound to no other type, as in
        // `init`.
        base = SinkMemory.grow(base, keeping: count, to: newCapacity).assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // SAFETY: the first `count` bytes are written; `body` gets them for the call only.
        body(UnsafeBufferPointer(start: base, count: count))
    }
}

/// A sink's memory: the C library's allocator where there is one (`realloc` remaps a large
/// block's pages), the standard library's otherwise (WebAssembly without a C library).
/// A failed allocation stops the program, as an array's would.
enum SinkMemory {
    #if canImport(Glibc) || canImport(Darwin)
        static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer {
            // SAFETY: `bytes` bytes or none; the sink reads and writes below `bytes` only.
            guard let memory = malloc(bytes) else { fatalError("out of memory allocating \(bytes) bytes") }
            return memory
        }

        // SAFETY: `memory` is what `allocate` or `grow` returned and was not freed; realloc keeps its first `kept` bytes.
        static func grow(_ memory: UnsafeMutableRawPointer, keeping kept: Int, to bytes: Int) -> UnsafeMutableRawPointer {
            guard let moved = realloc(memory, bytes) else { fatalError("out of memory growing a buffer to \(bytes) bytes") }
            return moved
        }

        // SAFETY: `memory` is what `allocate` or `grow` returned, freed once, by the sink's deinit.
        static func release(_ memory: UnsafeMutablePointer<UInt8>) { free(memory) }
    #else
        static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer {
            UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        }

        // SAFETY: `memory` is what `allocate` or `grow` returned and was not freed, with `kept` bytes written; they are copied
        // into the new memory (`bytes` >= `kept`) before it is freed.
        static func grow(_ memory: UnsafeMutableRawPointer, keeping kept: Int, to bytes: Int) -> UnsafeMutableRawPointer {
            let moved = allocate(bytes)
            moved.copyMemory(from: memory, byteCount: kept)
            memory.deallocate()
            return moved
        }

        // SAFETY: `memory` is what `allocate` or `grow` returned, freed once, by the sink's deinit.
        static func release(_ memory: UnsafeMutablePointer<UInt8>) { memory.deallocate() }
    #endif
}
