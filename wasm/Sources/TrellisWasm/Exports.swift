import TrellisAPI

/// The last answer, kept until the next call; the host copies it out through
/// `trellis_answer` and `trellis_answer_length`. (A module instance is used by one thread.)
nonisolated(unsafe) var answer: [UInt8] = []

/// Memory for the host to write a request into: `count` bytes, freed with `trellis_free`.
@_expose(wasm, "trellis_alloc")
@_cdecl("trellis_alloc")
public func trellisAlloc(_ count: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: Int(max(count, 1)), alignment: 8)
}

/// Frees what `trellis_alloc` gave.
// SAFETY: the host passes back a pointer `trellis_alloc` returned, once.
@_expose(wasm, "trellis_free")
@_cdecl("trellis_free")
public func trellisFree(_ pointer: UnsafeMutableRawPointer) {
    pointer.deallocate()
}

/// Answers the request in the `count` bytes at `pointer` (UTF-8 JSON, see TrellisAPI) and
/// returns the answer's length in bytes.
// SAFETY: the host passes memory it got from `trellis_alloc` with at least `count` bytes written; they are copied out
// before anything else runs.
@_expose(wasm, "trellis_call")
@_cdecl("trellis_call")
public func trellisCall(_ pointer: UnsafePointer<UInt8>, _ count: Int32) -> Int32 {
    let request = Array(UnsafeBufferPointer(start: pointer, count: Int(max(count, 0))))
    answer = TrellisAPI.respond(to: request)
    return Int32(answer.count)
}

/// Where the last answer's bytes are (valid until the next `trellis_call`).
@_expose(wasm, "trellis_answer")
@_cdecl("trellis_answer")
public func trellisAnswer() -> UnsafePointer<UInt8>? {
    // SAFETY: the address of `answer`'s storage, which lives until the next call replaces it; the host reads
    // `trellis_call`'s count of bytes from it before calling again.
    answer.withUnsafeBufferPointer { $0.baseAddress }
}
