#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file system through POSIX calls: reading, kinds of file, links, directory walks and
/// paths. The command-line tool needs nothing more, so it does not load Foundation (which
/// costs most of a run's start-up time).
enum Files {
    enum Kind { case regular, directory, other }

    /// What `path` is, following symbolic links; nil when it does not exist.
    static func kind(_ path: String) -> Kind? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The most read from a pipe, a device or a terminal (`/dev/zero` never ends): 64 MB, the
    /// preview's limit. A regular file has a size and is read whole.
    static let streamLimit = 64 << 20

    /// The failure of reading more than ``streamLimit`` bytes from a stream.
    static let tooLarge = Errno(EFBIG)

    /// The bytes of a file, or the errno of the failure. `regularOnly`: anything but a regular
    /// file (a FIFO, a device) fails with `EINVAL`, and is never waited on (it is opened
    /// without blocking).
    static func read(_ path: String, limit: Int = Int.max, regularOnly: Bool = false) -> Result<[UInt8], Errno> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0))
        guard descriptor >= 0 else { return .failure(Errno(errno)) }
        defer { close(descriptor) }
        if regularOnly {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return .failure(Errno(errno)) }
            guard status.st_mode & S_IFMT == S_IFREG else { return .failure(Errno(EINVAL)) }
        }
        return readAll(descriptor, limit: limit)
    }

    /// Everything a descriptor gives until its end (or `limit` bytes). A stream (not a regular
    /// file) that gives more than ``streamLimit`` bytes fails with ``tooLarge``.
    static func readAll(_ descriptor: Int32, limit: Int = Int.max) -> Result<[UInt8], Errno> {
        var bytes: [UInt8] = []
        var status = stat()
        var limit = limit
        var bounded = false
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
            // A regular file is read straight into an array of its size and one byte more (to
            // see its end in the same reads): no zeroed chunk, no copy. A file that grew since
            // goes on below.
            var failure: Int32 = 0
            var atEnd = false
            // SAFETY: the closure writes through read(2) only, below the capacity it is given (argued inside).
            bytes = [UInt8](unsafeUninitializedCapacity: min(limit, max(0, Int(status.st_size)) + 1)) { buffer, initialized in
                // SAFETY: read(2) writes at most `buffer.count - initialized` bytes at
                // `base + initialized`, inside the buffer; `initialized` counts exactly what it wrote.
                guard let base = buffer.baseAddress else { return }
                while initialized < buffer.count {
                    let count = readDescriptor(descriptor, base + initialized, buffer.count - initialized)
                    if count < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if count == 0 {
                        atEnd = true
                        return
                    }
                    initialized += count
                }
            }
            if failure != 0 { return .failure(Errno(failure)) }
            if atEnd { return .success(bytes) }
        } else if limit > streamLimit {
            limit = streamLimit + 1
            bounded = true
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            // SAFETY: read(2) writes at most `wanted` bytes at the chunk's base, and `wanted <= chunk.count`.
            let count = chunk.withUnsafeMutableBytes { readDescriptor(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EISDIR { return .failure(Errno(EISDIR)) }
                return .failure(Errno(errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        if bounded, bytes.count > streamLimit { return .failure(tooLarge) }
        return .success(bytes)
    }

    /// What a file is, in words, from its status: "a FIFO", "a character device"…
    static func describe(_ status: stat) -> String {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    /// Whether `path` names a regular file itself, not through a symbolic link.
    static func isPlainFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Where a symbolic link points, or nil when `path` is not a link.
    static func linkDestination(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The names in a directory (not `.` and `..`), unsorted, each with its kind. Symbolic
    /// links are not followed (`.other`), so a walk never loops.
    static func entries(_ directory: String) -> [(name: String, kind: Kind?)] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var result: [(String, Kind?)] = []
        while let entry = readdir(handle) {
            // SAFETY: `readdir` returned a live entry; its name is read within the tuple's
            // size, up to its terminating zero.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var status = stat()
            guard lstat(join(directory, name), &status) == 0 else { continue }
            let type = status.st_mode & S_IFMT
            result.append((name, type == S_IFDIR ? .directory : type == S_IFREG ? .regular : .other))
        }
        return result
    }

    /// `mkdir -p`.
    static func makeDirectories(_ path: String) throws {
        if kind(path) == .directory { return }
        let parent = directoryName(path)
        if !parent.isEmpty, parent != path, parent != "/" { try makeDirectories(parent) }
        if mkdir(path, 0o777) != 0, errno != EEXIST {
            throw UsageError(message: "cannot create the directory \(path): \(Errno(errno).description)")
        }
    }

    /// The absolute, symlink-free form of a path; for a path that does not exist yet, its
    /// directory's form and its name.
    static func canonical(_ path: String) -> String {
        if let resolved = realPath(path) { return resolved }
        let parent = directoryName(path)
        let base = parent.isEmpty ? (realPath(".") ?? ".") : (realPath(parent) ?? absolute(parent))
        return join(base, baseName(path))
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return join(realPath(".") ?? ".", path)
    }

    /// The part of a path before its last `/` (`""` when there is none; `/` for a root file).
    static func directoryName(_ path: String) -> String {
        let (bytes, end) = trimmedOfSlashes(path)
        guard let slash = bytes[..<end].lastIndex(of: UInt8(ascii: "/")) else { return "" }
        if slash == bytes.startIndex { return "/" }
        return String(decoding: bytes[..<slash], as: UTF8.self)
    }

    /// The part of a path after its last `/`.
    static func baseName(_ path: String) -> String {
        let (bytes, end) = trimmedOfSlashes(path)
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// A path's bytes and where they end without the slashes that close it (a lone `/`
    /// kept): as the kernel reads paths, by bytes, `/` being one byte in UTF-8.
    private static func trimmedOfSlashes(_ path: String) -> (bytes: String.UTF8View, end: String.Index) {
        let bytes = path.utf8
        var end = bytes.endIndex
        while bytes.distance(from: bytes.startIndex, to: end) > 1, bytes[bytes.index(before: end)] == UInt8(ascii: "/") {
            end = bytes.index(before: end)
        }
        return (bytes, end)
    }

    static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty || directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// An environment variable.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// An errno value with its message.
struct Errno: Error, CustomStringConvertible {
    let code: Int32
    init(_ code: Int32) { self.code = code }
    var description: String { String(cString: strerror(code)) }
}

/// read(2), under a name that does not clash with the methods called `read`.
/// SAFETY: callers hand a buffer with room for `count` bytes.
@inline(__always)
func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
    #else
        return Darwin.read(descriptor, buffer, count)
    #endif
}

/// write(2), under a name that does not clash with the methods called `write`.
/// SAFETY: callers hand a buffer holding `count` bytes.
@inline(__always)
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.write(descriptor, buffer, count)
    #else
        return Darwin.write(descriptor, buffer, count)
    #endif
}

/// listen(2), named apart from ``HTTPServer/listen(port:)``.
func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.listen(descriptor, backlog)
    #else
        Darwin.listen(descriptor, backlog)
    #endif
}
