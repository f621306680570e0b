import TrellisModel

/// The files of a git revision as the commands that compare read them: the ones known
/// beforehand read by one git process (``Git/showAll(_:at:in:)``), any other when asked.
struct RevisionFiles: Sendable {
    let revision: String
    let top: String
    private let read: [String: [UInt8]]
    /// The paths asked in bulk: one of them not in `read` is not in the revision.
    private let asked: Set<String>

    /// `paths`: relative to the top folder of the work tree; those of layout files (`.trellis`,
    /// `.json`) are read at once.
    init(revision: String, top: String, prefetching paths: [String]) {
        self.revision = revision
        self.top = top
        // Layout files only: a changed image or archive is never read.
        let unique = Array(Set(paths.filter { $0.hasSuffix(".trellis") || $0.hasSuffix(".json") }))
        if let (asked, found) = Git.showAll(unique, at: revision, in: top) {
            read = found
            self.asked = asked
        } else {
            read = [:]
            asked = []
        }
    }

    /// A file's bytes at the revision; nil when it has no such file.
    func bytes(_ relative: String) -> [UInt8]? {
        if let bytes = read[relative] { return bytes }
        if asked.contains(relative) { return nil }
        return Git.show(relative, at: revision, in: top)
    }

    /// Uses followed as the files were at the revision.
    var resolver: UseResolver {
        let prefix = top == "/" ? "/" : top + "/"
        return UseResolver(
            fileSystem: UseResolver.FileSystem(
                read: { path in
                    guard path.hasPrefix(prefix), let bytes = bytes(String(path.dropFirst(prefix.count))) else { return .missing }
                    return .bytes(bytes)
                },
                fileNames: { _ in [] }, shown: Projects.shown))
    }
}
