/// How the core runs pieces of work at the same time: the platform's threads where an
/// executable has them (`LargeStack.sideBySide` in TrellisPlatform), one after another where
/// there are none (WebAssembly). The core itself starts no thread.
public struct SideBySide: Sendable {
    /// How many pieces are worth running at once.
    public let workers: Int
    /// Runs `first` on the calling thread and `others(index)` for each index of `1..<count`
    /// alongside, calling `whileWaiting` every few milliseconds after `first` until all are done.
    let run: @Sendable (_ count: Int, _ others: @escaping @Sendable (Int) -> Void, _ first: () -> Void, _ whileWaiting: () -> Void) -> Void

    public init(
        workers: Int,
        run: @escaping @Sendable (_ count: Int, _ others: @escaping @Sendable (Int) -> Void, _ first: () -> Void, _ whileWaiting: () -> Void) -> Void
    ) {
        self.workers = max(1, workers)
        self.run = run
    }

    /// Every piece on the calling thread, the first first.
    public static let oneAfterAnother = oneAfterAnother(pieces: 1)

    /// Up to `pieces` pieces, each on the calling thread in turn (the same results as threads:
    /// for a platform without them, and for tests of the cutting).
    public static func oneAfterAnother(pieces: Int) -> SideBySide {
        SideBySide(workers: pieces) { count, others, first, _ in
            first()
            for index in 1..<max(count, 1) { others(index) }
        }
    }

    /// Runs the pieces as `run` says (see the property).
    public func callAsFunction(_ count: Int, others: @escaping @Sendable (Int) -> Void, first: () -> Void, whileWaiting: () -> Void = {}) {
        run(count, others, first, whileWaiting)
    }
}
