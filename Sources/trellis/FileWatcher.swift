import TrellisPlatform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells when watched files change: written, replaced by a rename (how editors save), created
/// or removed. On Linux through inotify on the files' folders (a replaced file keeps being
/// seen), blocking until something happens; elsewhere by comparing each file's modification
/// time and size four times a second. Bursts are merged: one call per settled change.
enum FileWatcher {
    /// Watches `paths`, calling `onChange` (on a thread of its own) with the paths that
    /// changed. The watch is in place when this returns: no change after it is missed.
    static func watch(_ paths: [String], onChange: @escaping @Sendable ([String]) -> Void) -> Bool {
        #if os(Linux)
            if let watch = InotifyWatch(paths) {
                return LargeStackThread.start { watch.run(onChange: onChange) }
            }
        #endif
        let initial = paths.map(signature)
        return LargeStackThread.start { poll(paths, from: initial, onChange: onChange) }
    }

    #if os(Linux)
        /// inotify watches on the files' folders (and, for a symbolic link, its target's folder),
        /// set up before the thread that reads them starts. A folder that is removed or renamed
        /// away is looked for twice a second until it is back, and watched again.
        struct InotifyWatch: Sendable {
            let descriptor: Int32
            let initial: [Int32: String]
            /// Each watched name (folder + file name) → the path as given.
            let watched: [String: String]
            static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MODIFY | IN_DELETE_SELF | IN_MOVE_SELF)

            /// nil when inotify cannot be used (the caller polls instead).
            init?(_ paths: [String]) {
                descriptor = inotify_init1(Int32(IN_CLOEXEC))
                guard descriptor >= 0 else { return nil }
                var watched: [String: String] = [:]
                for path in paths {
                    for name in Self.names(of: path) where watched[name] == nil { watched[name] = path }
                }
                var folders: [Int32: String] = [:]
                for folder in Set(watched.keys.map(Files.directoryName)) {
                    let watch = inotify_add_watch(descriptor, folder, Self.mask)
                    if watch >= 0 { folders[watch] = folder }
                }
                guard !folders.isEmpty else {
                    close(descriptor)
                    return nil
                }
                initial = folders
                self.watched = watched
            }

            /// The absolute name of `path` and, when it is a symbolic link, of its target.
            static func names(of path: String) -> [String] {
                let absolute = Files.join(Files.directoryName(Files.absolute(path)), Files.baseName(path))
                guard let target = Files.realPath(path), target != absolute else { return [absolute] }
                return [absolute, target]
            }

            /// Reads events for ever, one call per settled burst.
            func run(onChange: @escaping @Sendable ([String]) -> Void) {
                var folders = initial
                var missing = Set(watched.keys.map(Files.directoryName)).subtracting(folders.values)
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                func files(in folder: String) -> [String] { watched.filter { Files.directoryName($0.key) == folder }.map(\.value) }
                while true {
                    var changed: Set<String> = []
                    // Wait for the first event (or, with a folder missing, half a second), then
                    // collect the rest of the burst (50 ms of quiet).
                    var timeout: Int32 = missing.isEmpty ? -1 : 500
                    while true {
                        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                        let ready = Glibc.poll(&poller, 1, timeout)
                        if ready < 0, errno == EINTR { continue }
                        if ready <= 0 { break }
                        // SAFETY: read writes at most `$0.count` bytes, the buffer's, at its base, in the closure.
                        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                        if count <= 0 { break }
                        var offset = 0
                        while offset + MemoryLayout<inotify_event>.size <= count {
                            // SAFETY: `offset + MemoryLayout<inotify_event>.size <= count <= buffer.count` (the loop's condition), so the event
                            // loaded lies inside the buffer.
                            let (watch, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                                return (event.wd, event.mask, Int(event.len))
                            }
                            let nameStart = offset + MemoryLayout<inotify_event>.size
                            let nameEnd = min(nameStart + length, count)
                            let name = String(decoding: buffer[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
                            offset = nameEnd
                            guard let folder = folders[watch] else { continue }
                            if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                                // The folder is gone (or elsewhere): its files are gone too.
                                inotify_rm_watch(descriptor, watch)
                                folders[watch] = nil
                                missing.insert(folder)
                                changed.formUnion(files(in: folder))
                            } else if let path = watched[Files.join(folder, name)] {
                                changed.insert(path)
                            }
                        }
                        timeout = 50
                    }
                    for folder in missing {
                        let watch = inotify_add_watch(descriptor, folder, Self.mask)
                        guard watch >= 0 else { continue }
                        folders[watch] = folder
                        missing.remove(folder)
                        changed.formUnion(files(in: folder))
                    }
                    if !changed.isEmpty { onChange(changed.sorted()) }
                }
            }
        }
    #endif

    /// Modification time, size and inode of a file (`[-1]` when it does not exist).
    static func signature(_ path: String) -> [Int] {
        var status = stat()
        guard stat(path, &status) == 0 else { return [-1] }
        #if canImport(Glibc)
            return [Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec), Int(status.st_size), Int(status.st_ino)]
        #else
            return [Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec), Int(status.st_size), Int(status.st_ino)]
        #endif
    }

    /// Each file's signature, compared four times a second.
    static func poll(_ paths: [String], from initial: [[Int]], onChange: @escaping @Sendable ([String]) -> Void) -> Never {
        var last = initial
        while true {
            usleep(250_000)
            let now = paths.map(signature)
            let changed = paths.indices.filter { now[$0] != last[$0] }.map { paths[$0] }
            last = now
            if !changed.isEmpty { onChange(changed) }
        }
    }
}
