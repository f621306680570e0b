import TrellisModel
import TrellisPlatform

/// Requests too long to make everything else wait (formatting: the formatter and its check
/// take seconds on a 20 MB document and cannot stop midway) run on one worker thread, in the
/// order they came, while the handling thread goes on answering. A job's result comes back
/// through the inbox (`Inbox.Item.finished`), and the handling thread sends it, or
/// `RequestCancelled`, or `ContentModified` when the document changed meanwhile. A request
/// cancelled while its job waits or works is answered at once; the job is skipped, or stops
/// at its next look at `isCancelled`, and its result is dropped.
final class BackgroundWork: @unchecked Sendable {
    /// One request's work: its result as JSON text, or nil once it sees it was cancelled.
    typealias Work = @Sendable (_ isCancelled: () -> Bool) -> [UInt8]?

    private let inbox: Inbox
    private let condition = Condition()
    private var jobs: [(id: JSONValue, work: Work)] = []
    /// Requests already answered (cancelled) whose jobs have not finished yet.
    private var abandoned: Set<String> = []
    private var started = false
    /// Jobs queued or being worked on.
    private var pending = 0

    init(inbox: Inbox) { self.inbox = inbox }

    /// Queues `work` for request `id`; its result will come back as `.finished(id, result)`.
    func submit(_ id: JSONValue, _ work: @escaping Work) {
        condition.lock()
        jobs.append((id, work))
        pending += 1
        let start = !started
        started = true
        condition.signal()
        condition.unlock()
        if start, !LargeStack.detach(stackSize: LargeStack.size, { [self] in run() }) {
            // No thread: the work is done here and now, as it was before there was a worker.
            condition.lock()
            started = false
            let queued = jobs
            jobs.removeAll()
            pending -= queued.count
            condition.unlock()
            for job in queued { inbox.put(.finished(job.id, job.work { self.isCancelled(job.id) })) }
        }
    }

    /// Marks request `id`, answered already, so that its job is skipped or stops.
    func abandon(_ id: JSONValue) {
        condition.lock()
        abandoned.insert(Inbox.key(id))
        condition.unlock()
    }

    /// Whether no job is queued or being worked on (one that was is over, and so is its hold
    /// on the document it worked on).
    var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return pending == 0
    }

    /// Forgets request `id` once its result has come back.
    func finished(_ id: JSONValue) {
        condition.lock()
        abandoned.remove(Inbox.key(id))
        condition.unlock()
    }

    /// Whether request `id` was cancelled: read as cancelled by the inbox, or answered and
    /// abandoned by the handling thread.
    func isCancelled(_ id: JSONValue) -> Bool {
        if inbox.isCancelled(id) { return true }
        condition.lock()
        defer { condition.unlock() }
        return abandoned.contains(Inbox.key(id))
    }

    /// The worker: takes jobs in order for the life of the process.
    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            let result = isCancelled(job.id) ? nil : job.work { self.isCancelled(job.id) }
            condition.lock()
            pending -= 1
            condition.unlock()
            inbox.put(.finished(job.id, result))
        }
    }
}
