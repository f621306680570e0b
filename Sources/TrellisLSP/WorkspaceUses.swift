import TrellisLint
import TrellisModel
import TrellisSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files open documents `use`, for the server: read from the editor's open documents
/// first and from disk otherwise, each once until it changes (`changed(_:text:)`). Paths are the
/// absolute paths of `file:` URIs; a document of another scheme follows no `use`.
struct WorkspaceUses {
    /// The open documents' texts by path, shared with the resolver's reads.
    let open = Locked<[String: [UInt8]]>([:])
    var resolver: UseResolver

    /// `root`: the workspace folder's path; messages name files relative to it.
    init(root: String?) {
        let open = open
        let prefix = root.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        resolver = UseResolver(
            fileSystem: UseResolver.FileSystem(
                read: { path in open.withLock { $0[path] }.map { .bytes($0) } ?? DiskFiles.read(path) },
                fileNames: DiskFiles.names,
                canonical: DiskFiles.canonical,
                shown: { path in prefix.flatMap { path.hasPrefix($0) ? String(path.dropFirst($0.count)) : nil } ?? path },
                isInsideProject: { target, user in
                    guard let root = DiskFiles.projectRoot(of: user) else { return true }
                    return UsePath.isInside(target, folder: root)
                }))
    }

    /// What the uses of an open document reach, or nil for one whose URI is no file.
    mutating func usedFiles(of tree: SyntaxTree, uri: String) -> UsedFiles? {
        guard let path = FileURI.path(of: uri) else { return nil }
        return resolver.usedFiles(of: tree, at: path)
    }

    /// A file's text changed (in the editor, `text`; on disk, nil): what is known of it and
    /// of the files that use it is dropped; returns their paths as the resolver names them.
    mutating func changed(_ uri: String, text: [UInt8]?) -> Set<String> {
        guard let path = FileURI.path(of: uri) else { return [] }
        let canonical = DiskFiles.canonical(path)
        open.withLock { texts in
            if let text { texts[canonical] = text } else { texts[canonical] = nil }
        }
        // A file no file was found to use: nothing read from it to forget.
        guard resolver.hasRead(canonical) else { return [] }
        return Set(resolver.forget(canonical).map(resolver.fileSystem.shown))
    }
}

/// `file:` URIs and paths (percent-encoding as RFC 3986 says).
enum FileURI {
    /// The path of a `file:` URI, or nil for another scheme.
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        // `file://host/path`: the host is empty or `localhost` for a local file.
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            rest = rest[slash...]
        }
        var bytes: [UInt8] = []
        var utf8 = Array(rest.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The `file:` URI of an absolute path.
    static func uri(of path: String) -> String {
        var text = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                text += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text
    }
}

/// The few disk reads the server makes: the files documents use, folder names for "did you
/// mean", and where a project's `trellis.toml` is.
enum DiskFiles {
    /// The most read of one used file: as much as the parser reads.
    static let limit = 1 << 30

    static func read(_ path: String) -> UseResolver.Read {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .failed(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .failed("not a regular file") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            // SAFETY: `read` writes at most `chunk.count` bytes into the chunk's own buffer.
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failed(String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk.prefix(count))
        }
        return .bytes(bytes)
    }

    static func names(in folder: String) -> [String] {
        guard let handle = opendir(folder.isEmpty ? "." : folder) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            // SAFETY: `readdir` returned a live entry; its name is read within the tuple's
            // size, up to its terminating zero.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The symlink-free path (for a file that does not exist, its folder's and its name).
    static func canonical(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let folder = UsePath.directory(of: path)
        guard !folder.isEmpty, folder != path, let resolved = realpath(folder, nil) else { return path }
        defer { free(resolved) }
        let base = String(cString: resolved)
        return (base == "/" ? "" : base) + "/" + UsePath.fileName(of: path)
    }

    /// The `.trellis` files under `root` (hidden folders, `node_modules` and `.build` skipped),
    /// at most `limit`, by canonical path.
    static func trellisFiles(under root: String, limit: Int) -> [String] {
        var found: [String] = []
        var folders = [root]
        while let folder = folders.popLast(), found.count < limit {
            guard let handle = opendir(folder) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle), found.count < limit {
                // SAFETY: `readdir` returned a live entry; its name is read within the tuple's
                // size, up to its terminating zero.
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasPrefix(".") || name == "node_modules" { continue }
                let path = folder == "/" ? "/" + name : folder + "/" + name
                var status = stat()
                // Symbolic links are not followed, so a walk never loops.
                guard lstat(path, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: folders.append(path)
                case S_IFREG where name.hasSuffix(".trellis"): found.append(path)
                default: break
                }
            }
        }
        return found.sorted()
    }

    /// The folder holding the `trellis.toml` above `file`, if any.
    static func projectRoot(of file: String) -> String? {
        var folder = UsePath.directory(of: file)
        while !folder.isEmpty {
            var status = stat()
            if stat(folder + (folder == "/" ? "" : "/") + ProjectFile.fileName, &status) == 0, status.st_mode & S_IFMT == S_IFREG { return folder }
            guard folder != "/" else { return nil }
            folder = UsePath.directory(of: folder)
        }
        return nil
    }
}
