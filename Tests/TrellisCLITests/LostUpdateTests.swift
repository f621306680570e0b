import Foundation
import TrellisTestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// `trellis fmt` against an editor saving the same file meanwhile: another program's save is
/// never silently overwritten. Linux only (inotify shows the order of what happens).
final class LostUpdateTests: XCTestCase {
    #if os(Linux)
        /// One inotify event in the test folder: which name, what happened, and the cookie that
        /// pairs the two halves of a rename.
        struct Event {
            var name: String
            var mask: UInt32
            var cookie: UInt32
        }

        /// The racer: an editor that saves (temporary file, then rename, as editors do) the moment
        /// trellis creates its temporary file, with trellis stopped (SIGSTOP) meanwhile, so that
        /// the save lands while trellis is between reading the file and replacing it. It records
        /// every event of the folder, in order.
        final class Racer: @unchecked Sendable {
            let folder: String
            let inotify: Int32
            let lock = NSLock()
            var events: [Event] = []
            var saved = false
            var stopping = false
            var nextText = ""

            init?(folder: String) {
                self.folder = folder
                inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
                guard inotify >= 0 else { return nil }
                guard inotify_add_watch(inotify, folder, UInt32(IN_CREATE | IN_OPEN | IN_MOVED_FROM | IN_MOVED_TO)) >= 0 else {
                    close(inotify)
                    return nil
                }
            }

            deinit { close(inotify) }

            /// Reads events until told to stop (after a final drain); saves once, on trellis's
            /// temporary file.
            func run() {
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                while true {
                    let stop = lock.withLock { stopping }
                    var poller = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
                    _ = poll(&poller, 1, stop ? 0 : 5)
                    let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                    if count <= 0 {
                        if stop { return }
                        continue
                    }
                    var offset = 0
                    while offset + MemoryLayout<inotify_event>.size <= count {
                        let (mask, cookie, length) = buffer.withUnsafeBytes { raw -> (UInt32, UInt32, Int) in
                            let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                            return (event.mask, event.cookie, Int(event.len))
                        }
                        let start = offset + MemoryLayout<inotify_event>.size
                        let end = min(start + length, count)
                        let name = String(decoding: buffer[start..<end].prefix { $0 != 0 }, as: UTF8.self)
                        offset = end
                        lock.withLock { events.append(Event(name: name, mask: mask, cookie: cookie)) }
                        if mask & UInt32(IN_CREATE) != 0, name.hasPrefix(".race.trellis.trellis-"), !lock.withLock({ saved }) {
                            save(whileStopping: pid(in: name))
                        }
                    }
                }
            }

            /// The process id in `.race.trellis.trellis-PID.tmp`.
            func pid(in name: String) -> pid_t? {
                pid_t(name.dropFirst(".race.trellis.trellis-".count).prefix { $0.isNumber })
            }

            func save(whileStopping pid: pid_t?) {
                if let pid { kill(pid, SIGSTOP) }
                defer { if let pid { kill(pid, SIGCONT) } }
                let text = lock.withLock { nextText }
                Self.writeAtomically(text, to: folder + "/race.trellis", through: folder + "/.racer.tmp")
                lock.withLock { saved = true }
            }

            static func writeAtomically(_ text: String, to path: String, through temporary: String) {
                let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                precondition(descriptor >= 0, "cannot write \(temporary)")
                let bytes = Array(text.utf8)
                precondition(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
                close(descriptor)
                precondition(rename(temporary, path) == 0)
            }
        }

        /// Rounds of: version K written; `trellis fmt` started; the racer saves version K+1 while
        /// trellis is between reading and replacing. Whenever the racer's save landed before
        /// trellis replaced the file, trellis must refuse (exit 2, "changed since trellis read
        /// it") and leave the racer's text. The one excuse: a save that came after trellis's last
        /// look at the file, taken after its temporary file was written — the instant between
        /// that look and rename(2) that no POSIX call closes. Bounded: at most 30 rounds, 3 s.
        func testASaveDuringFmtIsNeverOverwritten() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-race-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("race.trellis")
            let version = { (number: Int) in "// version \(number)\nrows 1|2\n" }
            let formatted = { (number: Int) in "// version \(number)\nrows 1 | 2\n" }
            var outcomes: [String: Int] = [:]
            let deadline = Date().addingTimeInterval(3)
            for round in 0..<30 where Date() < deadline {
                let read = 2 * round
                Racer.writeAtomically(version(read), to: file.path, through: folder.path + "/.setup.tmp")
                guard let racer = Racer(folder: folder.path) else { throw XCTSkip("inotify is not available") }
                racer.nextText = version(read + 1)
                let finished = DispatchSemaphore(value: 0)
                Thread {
                    racer.run()
                    finished.signal()
                }.start()
                let run = try TrellisRun.run(["fmt", file.path], timeout: 20)
                racer.lock.withLock { racer.stopping = true }
                finished.wait()

                let final = try String(contentsOf: file, encoding: .utf8)
                let events = racer.lock.withLock { racer.events }
                let saved = racer.lock.withLock { racer.saved }
                let origin = { (cookie: UInt32) -> String in events.first { $0.mask & UInt32(IN_MOVED_FROM) != 0 && $0.cookie == cookie }?.name ?? "" }
                let renames = events.indices.filter { events[$0].mask & UInt32(IN_MOVED_TO) != 0 && events[$0].name == "race.trellis" }
                let trellisRename = renames.first { origin(events[$0].cookie).hasPrefix(".race.trellis.trellis-") }
                let racerRename = renames.first { origin(events[$0].cookie) == ".racer.tmp" }
                let created = events.firstIndex { $0.mask & UInt32(IN_CREATE) != 0 && $0.name.hasPrefix(".race.trellis.trellis-") }
                XCTAssertNotEqual(run.status, TrellisRun.timedOut, "round \(round): trellis hung")
                XCTAssertTrue(saved, "round \(round): trellis made no temporary file")
                let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".race.trellis.trellis-") }
                XCTAssertEqual(leftovers, [], "round \(round): a temporary file is left")

                if run.status == 0 {
                    XCTAssertNotNil(trellisRename, "round \(round): trellis succeeded without replacing the file")
                    guard let trellisRename else { continue }
                    if let racerRename, racerRename < trellisRename {
                        // The racer's save was replaced: allowed only after trellis's last look.
                        let lastLook = events[..<trellisRename].lastIndex { $0.mask & UInt32(IN_OPEN) != 0 && $0.name == "race.trellis" }
                        let excused = lastLook.map { look in created.map { look > $0 } == true && racerRename > look } ?? false
                        XCTAssertTrue(
                            excused,
                            "round \(round): lost update: trellis replaced the racer's save of version \(read + 1) with its formatting of version \(read)")
                        XCTAssertEqual(final, formatted(read), "round \(round)")
                        outcomes["save in the last instant", default: 0] += 1
                    } else {
                        XCTAssertEqual(final, racerRename == nil ? formatted(read) : version(read + 1), "round \(round)")
                        outcomes["save after trellis", default: 0] += 1
                    }
                } else {
                    XCTAssertEqual(run.status, 2, "round \(round): \(run.stderr)")
                    XCTAssertTrue(run.stderr.contains("race.trellis changed since trellis read it; it was not overwritten"), "round \(round): \(run.stderr)")
                    XCTAssertNil(trellisRename, "round \(round): trellis refused, yet replaced the file")
                    XCTAssertEqual(final, version(read + 1), "round \(round): the racer's save is kept")
                    outcomes["refused", default: 0] += 1
                }
            }
            print("LostUpdateTests: \(outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
            XCTAssertGreaterThan(outcomes["refused", default: 0], 0, "no round had a save between trellis's read and its rename")
        }
    #endif
}
