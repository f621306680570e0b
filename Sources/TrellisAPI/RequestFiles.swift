import TrellisModel
import TrellisSyntax

/// The files a request gives beside its text (`files`: path → text), as the file system its
/// `use` lines read: paths are the command line's (relative to one folder, `/`-separated), the
/// request's own text stands at its `name`, and a path the request does not give is missing,
/// as a file the native tool cannot find. Without `files`, every `use` names a missing file.
/// No folder is a file here (a key `cards/a.trellis` makes no file `cards`), and no project
/// file (`trellis.toml`) is read.
struct RequestFiles {
    /// Each file's bytes by its normalised path.
    private var texts: [String: [UInt8]] = [:]

    /// The files of the request's `files` member (nil or null: none given), or why they cannot
    /// be read.
    static func read(_ member: JSONNode?) -> Result<RequestFiles, APIError> {
        var files = RequestFiles()
        guard let member, member.type != .null else { return .success(files) }
        guard let entries = member.members else { return .failure(APIError("`files` is an object: each path to its text")) }
        // The key each path was given by: two spellings of one path (`./a.trellis`) would be two
        // texts of one file.
        var givenAs: [String: String] = [:]
        for entry in entries {
            guard let text = entry.value.string else { return .failure(APIError("`files`: the value of \"\(entry.key)\" is not a text")) }
            let path = UsePath.normalised(entry.key)
            if let first = givenAs[path] {
                return .failure(APIError("`files`: \"\(first)\" and \"\(entry.key)\" are one path (\(path)): give its text once"))
            }
            givenAs[path] = entry.key
            files.texts[path] = Array(text.utf8)
        }
        return .success(files)
    }

    /// What the uses of `source` (of `kind`, named as the request names it) reach, and the
    /// parse that found them, as `trellis check` run in the folder the paths are relative to
    /// finds them on disk.
    func uses(of source: SourceFile, kind: InputKind) -> (uses: UsedFiles, parsed: ParseResult?) {
        var given = texts
        // The request's text is the file at its name, whatever `files` says of that path.
        let name = UsePath.normalised(source.name)
        given[name] = source.bytes
        let texts = given
        let fileSystem = UseResolver.FileSystem(
            read: { path in texts[path].map { .bytes($0) } ?? .missing },
            fileNames: { folder in texts.keys.filter { UsePath.directory(of: $0) == folder }.map { UsePath.fileName(of: $0) } },
            canonical: UsePath.normalised)
        var resolver = UseResolver(fileSystem: fileSystem)
        return resolver.usedFiles(of: source, at: name, kind: kind)
    }
}
