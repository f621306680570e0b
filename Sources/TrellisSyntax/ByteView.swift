/// A run of bytes whose bounds were checked once, when the view was made: the matchers of
/// names and words read a name's bytes through one, so that the check that keeps every read
/// inside the source is made in one place and not at each byte.
///
/// A view must live no longer than the closure of the `withUnsafeBufferPointer` it was made in
/// (`ByteView.with` makes one over an array and hands it to a closure); nothing but that rule
/// keeps a closure from returning it (a `Span` would, once the toolchain CI uses has one).
public struct ByteView {
    /// The viewed bytes exactly: `base.count` is the view's length.
    @usableFromInline let base: UnsafeBufferPointer<UInt8>

    /// The whole buffer.
    /// SAFETY: callers hand a buffer that outlives the view (the closure it was made in).
    @inlinable @inline(__always)
    package init(_ buffer: UnsafeBufferPointer<UInt8>) {
        base = buffer
    }

    /// The view of `buffer[range]`, or nil when `range` does not lie inside the buffer.
    /// SAFETY: callers hand a buffer that outlives the view; the range is checked here.
    @inlinable @inline(__always)
    public init?(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        guard range.lowerBound >= 0, range.upperBound <= buffer.count else { return nil }
        // SAFETY: the range was checked just above to lie inside the buffer.
        base = UnsafeBufferPointer(rebasing: buffer[range])
    }

    /// `body` of the view of `bytes[range]`, or nil when `range` does not lie inside the bytes.
    @inlinable @inline(__always)
    public static func with<Result>(_ bytes: [UInt8], _ range: Range<Int>, _ body: (ByteView) -> Result) -> Result? {
        // SAFETY: the view is made and used inside the closure, while the array's storage is pinned.
        bytes.withUnsafeBufferPointer { buffer in ByteView(buffer, range).map(body) }
    }

    /// No bytes.
    // SAFETY: no bytes, so no read.
    @inlinable public static var empty: ByteView { ByteView(UnsafeBufferPointer(start: nil, count: 0)) }

    /// How many bytes the view holds.
    @inlinable public var count: Int { base.count }

    /// The byte at `offset`, which callers keep below `count` (their loop bound or a length
    /// they compared first); checked in debug builds only: a check on every read made parsing
    /// 6% slower, and the matchers read a name's first byte after comparing its length.
    @inlinable @inline(__always)
    public subscript(offset: Int) -> UInt8 {
        assert(offset >= 0 && offset < base.count, "a read outside a byte view")
        // SAFETY: `0 <= offset < count` is every caller's precondition (asserted above), and
        // the view lies inside its buffer (checked when it was made).
        return base[offset]
    }

    /// The bytes from `range` of the view, or nil when `range` does not lie inside it.
    @inlinable @inline(__always)
    public func slice(_ range: Range<Int>) -> ByteView? {
        ByteView(base, range)
    }

    /// Whether the view holds exactly the ASCII word `word`.
    @inlinable @inline(__always)
    public func spells(_ word: StaticString) -> Bool {
        word.utf8CodeUnitCount == base.count && ByteSearch.spells(word, in: base, at: 0)
    }

    /// Whether the view holds exactly `bytes`.
    @inlinable @inline(__always)
    public func equals(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == base.count else { return false }
        var offset = 0
        while offset < bytes.count, bytes[offset] == self[offset] { offset += 1 }
        return offset == bytes.count
    }
}
