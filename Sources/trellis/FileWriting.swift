#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing files without surprises. A regular file is replaced atomically (a temporary file
/// beside it, then rename(2)), keeping its permissions and, where allowed, its owner; a
/// symbolic link is written through to its target, which stays a link (a loop of links is an
/// error); a file with several hard links, a device or a FIFO is written into, never
/// replaced, and a regular file written into gets its space reserved first, so that a full
/// disk leaves it as it was. An in-place rewrite (`fmt`, `check --fix`) is refused for a
/// read-only file, and when the file changed since it was read: checked after the new text is
/// written and synced, immediately before the rename (or before writing into the file).
enum FileWriting {
    static func write(_ bytes: [UInt8], to path: String, expecting original: [UInt8]?) throws {
        guard !path.isEmpty else { throw UsageError(message: "an output path is empty") }
        let target = resolvedTarget(path)
        var status = stat()
        let exists = stat(target, &status) == 0
        // A path that does not exist yet is written; one that cannot be looked up (a loop of
        // links, a folder that cannot be searched) is an error, never replaced.
        if !exists, errno != ENOENT, errno != ENOTDIR { throw cannotWrite(path, errno) }
        let type = status.st_mode & S_IFMT
        if let original {
            guard exists else { throw changed(path) }
            guard type == S_IFREG else { throw Terminal.notRegular(path, status) }
            // Read-only as an editor sees it: no write bit at all (root, whom access(2) lets
            // write anything, included), or not writable by this user.
            guard status.st_mode & 0o222 != 0, access(target, W_OK) == 0 || errno != EACCES else {
                throw UsageError(message: "\(path) is read-only; not rewritten")
            }
            guard Int(status.st_size) == original.count else { throw changed(path) }
        }
        if !exists {
            let directory = Files.directoryName(target)
            if !directory.isEmpty, Files.kind(directory) != .directory {
                throw UsageError(message: "cannot write \(path): no such directory \(directory)")
            }
        }
        if exists, type == S_IFDIR { throw UsageError(message: "cannot write \(path): it is a directory") }
        if exists, type != S_IFREG || status.st_nlink > 1 {
            try writeInPlace(bytes, to: target, shownAs: path, expecting: original)
            return
        }
        try replace(target, with: bytes, keeping: exists ? status : nil, shownAs: path, expecting: original)
    }

    /// The file a path names, following symbolic links (a dangling link: the path it names;
    /// a loop: a link, which stat(2) then refuses with `ELOOP`).
    static func resolvedTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = Files.linkDestination(current) else { return current }
            current = destination.hasPrefix("/") ? destination : Files.join(Files.directoryName(current), destination)
        }
        return current
    }

    static func replace(_ target: String, with bytes: [UInt8], keeping status: stat?, shownAs path: String, expecting original: [UInt8]?) throws {
        let directory = Files.directoryName(target)
        let temporary = Files.join(directory.isEmpty ? "." : directory, ".\(Files.baseName(target)).trellis-\(getpid()).tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(status.map { $0.st_mode & 0o7777 } ?? 0o666))
        guard descriptor >= 0 else { throw cannotWrite(path, errno) }
        var failure: Int32 = 0
        if let status {
            _ = fchown(descriptor, status.st_uid, status.st_gid)
            _ = fchmod(descriptor, status.st_mode & 0o7777)
        }
        if !writeAll(bytes, to: descriptor) || fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        // Another program may have saved the file while this one worked: look again now, the
        // last moment before the rename, and keep what it wrote.
        if failure == 0, let original, !holds(target, original) {
            unlink(temporary)
            throw changed(path)
        }
        if failure == 0, rename(temporary, target) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw cannotWrite(path, failure)
        }
    }

    /// Whether the file at `path` still holds exactly `original`: its size first, then its bytes.
    static func holds(_ path: String, _ original: [UInt8]) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == original.count else { return false }
        guard case .success(let now) = Files.read(path, limit: original.count + 1, regularOnly: true) else { return false }
        return now == original
    }

    /// Writes into the file itself (a hard link, a device, a FIFO). A regular file is first
    /// checked against what was read (a rewrite), then gets the space of the new text reserved
    /// (a full disk refuses it, the file untouched), then is written from its start and cut to
    /// length.
    static func writeInPlace(_ bytes: [UInt8], to target: String, shownAs path: String, expecting original: [UInt8]?) throws {
        let descriptor = open(target, (original == nil ? O_WRONLY : O_RDWR) | O_CLOEXEC)
        guard descriptor >= 0 else { throw cannotWrite(path, errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw cannotWrite(path, errno) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            // A stream takes the bytes as they come.
            guard writeAll(bytes, to: descriptor) else { throw cannotWrite(path, errno) }
            return
        }
        let size = off_t(status.st_size)
        if let original {
            guard let now = readFromStart(descriptor, count: original.count + 1), now == original else { throw changed(path) }
        }
        let reserved = reserve(descriptor, bytes, from: size)
        guard reserved == 0 else {
            // Whatever the failed reservation added is taken away again.
            var now = stat()
            if fstat(descriptor, &now) == 0, now.st_size > size { _ = ftruncate(descriptor, size) }
            throw UsageError(message: "cannot write \(path): \(String(cString: strerror(reserved))); the file is left as it was")
        }
        guard writeAll(bytes, to: descriptor, at: 0), ftruncate(descriptor, off_t(bytes.count)) == 0, fsync(descriptor) == 0 else {
            throw cannotWrite(path, errno)
        }
    }

    /// Reserves the blocks `bytes` need in the file (posix_fallocate on Linux; elsewhere by
    /// writing the part past the current end first); 0, or the errno of the failure.
    static func reserve(_ descriptor: Int32, _ bytes: [UInt8], from size: off_t) -> Int32 {
        guard !bytes.isEmpty else { return 0 }
        #if os(Linux)
            var result: Int32
            repeat { result = posix_fallocate(descriptor, 0, off_t(bytes.count)) } while result == EINTR
            if result != EOPNOTSUPP, result != ENOSYS { return result }
        #endif
        guard Int(size) < bytes.count else { return 0 }
        return writeAll(Array(bytes[Int(size)...]), to: descriptor, at: size) ? 0 : errno
    }

    /// Up to `count` bytes of a regular file from its start; nil when it cannot be read.
    static func readFromStart(_ descriptor: Int32, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            // SAFETY: `bytes` holds `count` bytes and `offset < count`: pread writes at most the `count - offset` bytes after `offset`.
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress.map { $0 + offset }, count - offset, off_t(offset)) }
            if read < 0, errno == EINTR { continue }
            if read < 0 { return nil }
            if read == 0 { break }
            offset += read
        }
        return Array(bytes[0..<offset])
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            // SAFETY: write(2) reads `$0.count` bytes from the slice's base: the slice's own bytes, in the closure.
            let written = bytes[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// pwrite(2) of every byte, starting at `position`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, at position: off_t) -> Bool {
        var offset = 0
        while offset < bytes.count {
            // SAFETY: pwrite reads `$0.count` bytes from the slice's base: the slice's own bytes, in the closure.
            let written = bytes[offset...].withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, position + off_t(offset)) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    static func changed(_ path: String) -> UsageError {
        UsageError(message: "\(path) changed since trellis read it; it was not overwritten (run the command again)")
    }

    static func cannotWrite(_ path: String, _ code: Int32) -> UsageError {
        let reason = code == ELOOP ? "too many levels of symbolic links (the links form a loop)" : String(cString: strerror(code))
        return UsageError(message: "cannot write \(path): \(reason)")
    }
}
