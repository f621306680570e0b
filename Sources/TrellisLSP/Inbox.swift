import TrellisModel
import TrellisPlatform
import TrellisSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The messages read but not yet handled. A reader thread fills it as input arrives, so the
/// server can see, while it works, that a request was cancelled (`$/cancelRequest` is
/// recorded the moment it is read) or that a document changed behind a request, and can
/// leave diagnostics until a burst of edits is over.
final class Inbox: @unchecked Sendable {
    /// One unit of input, parsed on the reader thread.
    enum Item {
        case message(JSONValue)
        /// Bytes that are not JSON: answered with a parse error.
        case notJSON
        /// Framing that could not be read: logged and skipped.
        case malformed(String)
        /// The result of a request worked on in the background (`BackgroundWork`), nil when
        /// the work stopped because the request was cancelled.
        case finished(JSONValue, [UInt8]?)
        case end
    }

    private let condition = Condition()
    /// Items from `head` on are waiting; those before it were taken and are nil, so that a
    /// message handled (a whole document, for `didOpen`) is not kept until the list is
    /// compacted.
    private var items: [Item?] = []
    private var head = 0
    private var cancelled: Set<String> = []

    /// Starts the thread that reads `descriptor` until its end.
    func startReading(_ descriptor: Int32) {
        LargeStack.detach(stackSize: 16 << 20) { [self] in
            var reader = MessageReader(descriptor: descriptor)
            while true {
                switch reader.next() {
                case .end:
                    self.put(.end)
                    return
                case .malformed(let reason): self.put(.malformed(reason))
                case .message(let body): self.put(Self.parse(body))
                }
            }
        }
    }

    static func parse(_ body: [UInt8]) -> Item {
        let read = JSONReader.read(SourceFile(name: "message", bytes: body))
        guard let root = read.root, !read.diagnostics.hasErrors else { return .notJSON }
        return .message(root.value)
    }

    func put(_ item: Item) {
        condition.lock()
        if case .message(let value) = item, value["method"]?.stringValue == LSPMethod.cancelRequest, let id = value["params"]?["id"] {
            cancelled.insert(Self.key(id))
        }
        items.append(item)
        condition.signal()
        condition.unlock()
    }

    /// The next item, waiting for one.
    func take() -> Item {
        condition.lock()
        defer { condition.unlock() }
        while head >= items.count { condition.wait() }
        let item = items[head] ?? .end
        items[head] = nil
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: items.capacity <= 4096)
            head = 0
        } else if head > 1024, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }

    /// How many cancellations are recorded and not yet answered.
    var recordedCancellations: Int {
        condition.lock()
        defer { condition.unlock() }
        return cancelled.count
    }

    /// How many items the list holds (waiting ones; taken ones are let go at once).
    var heldItems: Int {
        condition.lock()
        defer { condition.unlock() }
        return items.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
    }

    /// Whether nothing is waiting.
    var isEmpty: Bool {
        condition.lock()
        defer { condition.unlock() }
        return head >= items.count
    }

    /// Whether request `id` was cancelled, without forgetting it (for work that looks again
    /// as it goes; its answer then takes the cancellation).
    func isCancelled(_ id: JSONValue) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled.contains(Self.key(id))
    }

    /// Whether request `id` was cancelled (and forgets it: an id is answered once).
    func takeCancellation(_ id: JSONValue) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled.remove(Self.key(id)) != nil
    }

    /// Whether a change to document `uri` is waiting behind the current message.
    func hasPendingChange(to uri: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        for item in items[head...] {
            guard case .message(let value)? = item, let method = value["method"]?.stringValue else { continue }
            if method == LSPMethod.didChange || method == LSPMethod.didClose, value["params"]?["textDocument"]?["uri"]?.stringValue == uri {
                return true
            }
        }
        return false
    }

    static func key(_ id: JSONValue) -> String {
        switch id {
        case .number(let number): return "n\(number)"
        case .string(let text): return "s" + text
        default: return "?"
        }
    }
}

/// A mutex with a condition variable (pthreads): what `Inbox` waits on.
final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let variable = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(variable, nil)
    }

    deinit {
        pthread_cond_destroy(variable)
        pthread_mutex_destroy(mutex)
        variable.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits for `signal`; the mutex must be held.
    func wait() { pthread_cond_wait(variable, mutex) }
    func signal() { pthread_cond_signal(variable) }
}
