import TrellisModel
import TrellisSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `use` paths followed on disk, for every command that reads `.trellis` files: one resolver
/// per run, so that a file of templates is read and lowered once however many files use it.
enum UsesOnDisk {
    /// A resolver over the file system, naming files as reports do.
    static func resolver() -> UseResolver {
        var projectRoots: [String: String?] = [:]
        /// The folder holding the `trellis.toml` above `file`, if any (each folder asked once).
        func projectRoot(of file: String) -> String? {
            var folder = Files.directoryName(file)
            var visited: [String] = []
            var found: String?
            while !folder.isEmpty {
                if let known = projectRoots[folder] {
                    found = known
                    break
                }
                visited.append(folder)
                if Files.kind(Files.join(folder, "trellis.toml")) == .regular {
                    found = folder
                    break
                }
                let parent = Files.directoryName(folder)
                if parent == folder { break }
                folder = parent
            }
            for folder in visited { projectRoots[folder] = found }
            return found
        }
        let fileSystem = UseResolver.FileSystem(
            read: { path in
                switch Files.read(path, regularOnly: true) {
                case .success(let bytes): return .bytes(bytes)
                case .failure(let error): return error.code == ENOENT || error.code == ENOTDIR ? .missing : .failed(error.description)
                }
            },
            fileNames: { folder in Files.entries(folder.isEmpty ? "." : folder).map(\.name) },
            canonical: Files.canonical,
            shown: Projects.shown,
            isInsideProject: { target, user in
                guard let root = projectRoot(of: user) else { return true }
                return target.hasPrefix(root == "/" ? "/" : root + "/")
            })
        return UseResolver(fileSystem: fileSystem)
    }

    /// What the uses of `source` (read from `path`; `-` is standard input, whose paths are
    /// relative to the current folder) reach, and the parse that found them. A file that never
    /// spells `use` is not parsed here.
    static func usedFiles(
        of source: SourceFile, at path: String, kind: InputKind, resolver: inout UseResolver
    ) -> (uses: UsedFiles, parsed: ParseResult?) {
        guard kind == .trellis, ByteSearch.contains(Array("use".utf8), in: source.bytes) else { return (UsedFiles(), nil) }
        let parsed = Parser.parse(source)
        return (resolver.usedFiles(of: parsed.tree, at: path == "-" ? "<stdin>" : path), parsed)
    }

    /// The files `paths` use, directly or not (canonical paths), for the commands that watch:
    /// a change to one of them rebuilds the files that use it.
    static func filesUsed(by paths: [String]) -> [String] {
        var resolver = resolver()
        for path in paths {
            guard case .success(let bytes) = Files.read(path, regularOnly: true) else { continue }
            _ = usedFiles(of: SourceFile(name: path, bytes: bytes), at: path, kind: InputKind.of(path: path), resolver: &resolver)
        }
        return resolver.filesRead
    }

    /// The templates a file takes from the files it uses, as `file\0name` (the defining file's
    /// canonical path): a template another file checked in the same run takes is not unused.
    static func templatesTaken(by tree: SyntaxTree, uses: UsedFiles) -> Set<String> {
        let order = UseDirective.all(in: tree).compactMap(UsePath.written)
        var own: Set<String> = []
        tree.forEachChild(of: 0) { item in
            if let name = TemplateDecl(tree, item)?.name { own.insert(tree.text(name)) }
        }
        var taken: Set<String> = []
        for node in tree.descendants(of: 0, .templateRef) {
            guard let index = tree.firstToken(of: node) else { continue }
            let name = tree.text(tree.tokens[index])
            guard !own.contains(name), let library = uses.library(defining: name, order: order) else { continue }
            taken.insert(library.file + "\u{0}" + name)
        }
        return taken
    }

    /// Whether the file at `path` may use another (it spells `use`).
    static func mayUse(_ path: String) -> Bool {
        guard case .success(let bytes) = Files.read(path, regularOnly: true) else { return false }
        return ByteSearch.contains(Array("use".utf8), in: bytes)
    }

    /// `source` loaded with its uses followed.
    static func load(_ source: SourceFile, kind: InputKind, target: Dialect?, path: String, resolver: inout UseResolver) -> LoadedFile {
        let (uses, parsed) = usedFiles(of: source, at: path, kind: kind, resolver: &resolver)
        return LoadedFile.load(source, kind: kind, target: target, parsed: parsed, uses: uses)
    }
}
