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
        // Each folder's project found once, as every command finds it.
        var projects = Projects()
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
                guard let project = try? projects.project(ofFolder: Files.directoryName(user)) else { return true }
                return UsePath.isInside(target, folder: project.root)
            })
        return UseResolver(fileSystem: fileSystem)
    }

    /// The files `paths` use, directly or not (canonical paths), for the commands that watch:
    /// a change to one of them rebuilds the files that use it.
    static func filesUsed(by paths: [String]) -> [String] {
        var resolver = resolver()
        for path in paths {
            guard case .success(let bytes) = Files.read(path, regularOnly: true) else { continue }
            _ = resolver.usedFiles(of: SourceFile(name: path, bytes: bytes), at: path, kind: InputKind.of(path: path))
        }
        return resolver.filesRead
    }

    /// The templates a file takes from the files it uses, as `file\0name` (the defining file's
    /// canonical path): a template another file checked in the same run takes is not unused.
    static func templatesTaken(by tree: SyntaxTree, uses: UsedFiles) -> Set<String> {
        let order = UsePath.order(in: tree)
        var own: Set<String> = []
        tree.forEachChild(of: 0) { item in
            if let name = TemplateDecl(tree, item)?.name { own.insert(tree.text(name)) }
        }
        let owners = uses.owners(order: order)
        var taken: Set<String> = []
        for node in tree.descendants(of: 0, .templateRef) {
            guard let index = tree.firstToken(of: node) else { continue }
            let name = tree.text(tree.tokens[index])
            guard !own.contains(name), let library = owners[name] else { continue }
            taken.insert(library.file + "\u{0}" + name)
        }
        return taken
    }

    /// The files among `paths` to build again when `changed` changed: itself if it is one of
    /// them, and those whose uses reach it, directly or not (read now: a `use` written since
    /// the start counts).
    static func dependents(of changed: String, among paths: [String]) -> [String] {
        let target = Files.canonical(changed)
        var resolver = resolver()
        return paths.filter { path in
            if Files.canonical(path) == target { return true }
            guard InputKind.of(path: path) == .trellis, case .success(let bytes) = Files.read(path, regularOnly: true),
                ByteSearch.contains(Array("use".utf8), in: bytes)
            else { return false }
            let uses = resolver.usedFiles(of: SourceFile(name: path, bytes: bytes), at: path, kind: .trellis).uses
            return resolver.reached(by: uses).contains(target)
        }
    }

    /// `source` loaded with its uses followed.
    static func load(_ source: SourceFile, kind: InputKind, target: Dialect?, path: String, resolver: inout UseResolver) -> LoadedFile {
        let (uses, parsed) = resolver.usedFiles(of: source, at: path, kind: kind)
        return LoadedFile.load(source, kind: kind, target: target, parsed: parsed, uses: uses)
    }
}
