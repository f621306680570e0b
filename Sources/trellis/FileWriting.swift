#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing files without surprises. A regular file is replaced atomically (a temporary file
/// beside it, then rename(2)), keeping its permissions and, where allowed, its owner; a
/// symbolic link is written through to its target, which stays a link; a file with several
/// hard links, a device or a FIFO is written into, never replaced. An in-place rewrite (`fmt`,
/// `check --fix`) is refused when the file changed since it was read: checked when writing
/// starts, and again after the new text is written and synced, immediately before the rename.
enum FileWriting {
    static func write(_ bytes: [UInt8], to path: String, expecting original: [UInt8]?) throws {
        guard !path.isEmpty else { throw UsageError(message: "an output path is empty") }
        let target = resolvedTarget(path)
        var status = stat()
        let exists = stat(target, &status) == 0
        if let original {
            guard exists, case .success(let now) = Files.read(target), now == original else { throw changed(path) }
        }
        if !exists {
            let directory = Files.directoryName(target)
            if !directory.isEmpty, Files.kind(directory) != .directory {
                throw UsageError(message: "cannot write \(path): no such directory \(directory)")
            }
        }
        let type = status.st_mode & S_IFMT
        if exists, type == S_IFDIR { throw UsageError(message: "cannot write \(path): it is a directory") }
        if exists, type != S_IFREG || status.st_nlink > 1 {
            try writeInPlace(bytes, to: target, shownAs: path)
            return
        }
        try replace(target, with: bytes, keeping: exists ? status : nil, shownAs: path, expecting: original)
    }

    /// The file a path names, following symbolic links (a dangling link: the path it names).
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
        guard descriptor >= 0 else { throw UsageError(message: "cannot write \(path): \(String(cString: strerror(errno)))") }
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
            throw UsageError(message: "cannot write \(path): \(String(cString: strerror(failure)))")
        }
    }

    /// Whether the file at `path` still holds exactly `original`: its size first, then its bytes.
    static func holds(_ path: String, _ original: [UInt8]) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == original.count else { return false }
        guard case .success(let now) = Files.read(path, limit: original.count + 1, regularOnly: true) else { return false }
        return now == original
    }

    static func writeInPlace(_ bytes: [UInt8], to target: String, shownAs path: String) throws {
        let descriptor = open(target, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw UsageError(message: "cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard writeAll(bytes, to: descriptor) else { throw UsageError(message: "cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
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
}
