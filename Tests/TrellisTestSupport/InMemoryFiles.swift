import TrellisModel
import TrellisSyntax

/// A project held in memory, by path: the `use` resolver and loaded files over it.
public struct InMemoryFiles: Sendable {
    public var files: [String: String]

    public init(_ files: [String: String]) { self.files = files }

    /// A resolver reading these files; `inside` lists the files inside the project (nil: all).
    public func resolver(inside: Set<String>? = nil) -> UseResolver {
        let files = files
        return UseResolver(
            fileSystem: UseResolver.FileSystem(
                read: { path in files[path].map { .bytes(Array($0.utf8)) } ?? .missing },
                fileNames: { folder in
                    files.keys.filter { UsePath.directory(of: $0) == folder }.map { UsePath.fileName(of: $0) }
                },
                isInsideProject: { target, _ in inside.map { $0.contains(target) } ?? true }))
    }

    /// The file at `path`, its uses followed.
    public func load(_ path: String, target: Dialect? = nil, inside: Set<String>? = nil) -> LoadedFile {
        let source = SourceFile(name: path, text: files[path] ?? "")
        let parsed = Parser.parse(source)
        var resolver = resolver(inside: inside)
        let uses = resolver.usedFiles(of: parsed.tree, at: path)
        return LoadedFile.load(source, kind: .trellis, target: target, parsed: parsed, uses: uses)
    }
}
