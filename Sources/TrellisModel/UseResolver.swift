import TrellisSyntax

/// Follows `use` directives: reads each used file once, parses it, and lowers its templates
/// after the files it uses (depth first, without recursion, so a chain of any length is safe);
/// a file reached again while its own uses are being followed closes a cycle. The file system
/// is the caller's (the executables read disk; the language server reads its open documents
/// first), so this layer does no I/O.
public struct UseResolver {
    /// What reading a file gave.
    public enum Read: Sendable {
        case bytes([UInt8])
        case missing
        case failed(String)
    }

    /// The caller's file system: paths as ``UsePath`` writes them.
    public struct FileSystem {
        /// The bytes of a file.
        public var read: (String) -> Read
        /// The names in a folder (for "did you mean").
        public var fileNames: (String) -> [String]
        /// One name per file (symbolic links followed), so that two spellings of a path are one file.
        public var canonical: (String) -> String
        /// How reports name a file (relative to the current folder, say).
        public var shown: (String) -> String
        /// Whether a file (the first path) lies inside the project of a file that uses it (the second).
        public var isInsideProject: (String, String) -> Bool

        public init(
            read: @escaping (String) -> Read, fileNames: @escaping (String) -> [String], canonical: @escaping (String) -> String = { $0 },
            shown: @escaping (String) -> String = { $0 }, isInsideProject: @escaping (String, String) -> Bool = { _, _ in true }
        ) {
            self.read = read
            self.fileNames = fileNames
            self.canonical = canonical
            self.shown = shown
            self.isInsideProject = isInsideProject
        }
    }

    /// One file reached: its uses (as written, and the file each names) and, once its uses are
    /// lowered, its templates.
    struct Entry {
        var read: Read
        /// The path the file was first reached by (its `use` paths are relative to it: a
        /// folder reached through a symbolic link is where its files' uses are looked for).
        var located: String
        var uses: [(written: String, target: Result<String, UsePath.Problem>)] = []
        var parsed: ParseResult?
        var library: TemplateLibrary?
    }

    /// Most files one resolver reads: past it, a file is reported as not read.
    public static let maximumFiles = 100_000

    public let fileSystem: FileSystem
    private var entries: [String: Entry] = [:]

    public init(fileSystem: FileSystem) { self.fileSystem = fileSystem }

    /// What the uses of the file at `path`, parsed as `tree`, reach.
    public mutating func usedFiles(of tree: SyntaxTree, at path: String) -> UsedFiles {
        let located = UsePath.normalised(path)
        let file = fileSystem.canonical(located)
        var outcomes: [String: UseOutcome] = [:]
        for directive in UseDirective.all(in: tree) {
            guard let written = UsePath.written(directive), outcomes[written] == nil else { continue }
            outcomes[written] = outcome(of: written, from: file, located: located, inProgress: [], searchesCycles: true)
        }
        return UsedFiles(outcomes: outcomes)
    }

    /// What the uses of `source` (a file of `kind` at `path`; `-` is standard input, whose
    /// paths are relative to the current folder) reach, and the parse that found them, as
    /// the command line and the WebAssembly API follow them. A file that never spells `use` is not
    /// parsed here, and a grid dictionary uses nothing.
    public mutating func usedFiles(of source: SourceFile, at path: String, kind: InputKind) -> (uses: UsedFiles, parsed: ParseResult?) {
        guard kind == .trellis, ByteSearch.contains(Array("use".utf8), in: source.bytes) else { return (UsedFiles(), nil) }
        let parsed = Parser.parse(source)
        return (usedFiles(of: parsed.tree, at: path == "-" ? "<stdin>" : path), parsed)
    }

    /// Every file read so far (by ``FileSystem/canonical`` path): the files the files asked
    /// about use, directly or not.
    public var filesRead: [String] {
        entries.compactMap { path, entry in
            if case .bytes = entry.read { return path } else { return nil }
        }.sorted()
    }

    /// Every file read that `uses` reach, directly or through the files they use (canonical
    /// paths): what a change to any of them changes for the file that has these uses.
    public func reached(by uses: UsedFiles) -> Set<String> {
        var found = Set(uses.libraries.map { $0.file })
        var pending = Array(found)
        while let file = pending.popLast() {
            for use in entries[file]?.uses ?? [] {
                if case .success(let used) = use.target, found.insert(used).inserted { pending.append(used) }
            }
        }
        return found
    }

    /// Whether `path` was read as a file some file uses.
    public func hasRead(_ path: String) -> Bool { entries[fileSystem.canonical(UsePath.normalised(path))] != nil }

    /// Forgets what was read of `path` and of every file that uses it, directly or not (the
    /// file changed on disk or in an editor); returns those files (`path` among them).
    @discardableResult
    public mutating func forget(_ path: String) -> Set<String> {
        let start = fileSystem.canonical(UsePath.normalised(path))
        // Who uses each file, then the users of the users: one walk, linear in the uses.
        var users: [String: [String]] = [:]
        for (file, entry) in entries {
            for use in entry.uses { if case .success(let used) = use.target { users[used, default: []].append(file) } }
        }
        var changed: Set<String> = [start]
        var pending = [start]
        while let file = pending.popLast() {
            for user in users[file] ?? [] where changed.insert(user).inserted { pending.append(user) }
        }
        for file in changed { entries[file] = nil }
        return changed
    }

    /// The outcome of one written path of the file `file` (reached as `located`);
    /// `inProgress` holds the files whose uses are being followed (a use of one of them closes
    /// a cycle). `searchesCycles`: for a file no use has reached, a cycle through it is looked
    /// for (any other file's was found where it closed, while the files were lowered).
    private mutating func outcome(
        of written: String, from file: String, located: String, inProgress: Set<String>, searchesCycles: Bool
    ) -> UseOutcome {
        let target: String
        let targetLocated: String
        switch UsePath.resolve(written, from: located) {
        case .failure(let problem): return .invalid(problem)
        case .success(let path):
            targetLocated = path
            target = fileSystem.canonical(path)
        }
        let shownFile = fileSystem.shown(file)
        if target == file { return .cycle([shownFile, shownFile]) }
        if inProgress.contains(target) {
            return .cycle([shownFile] + (chain(from: target, to: file) ?? [fileSystem.shown(target), shownFile]))
        }
        load(target, located: targetLocated)
        guard let entry = entries[target] else { return .unreadable(resolved: fileSystem.shown(target), reason: "too many files") }
        switch entry.read {
        case .missing: return .notFound(resolved: fileSystem.shown(target), suggestion: suggestion(for: written, at: target))
        case .failed(let reason): return .unreadable(resolved: fileSystem.shown(target), reason: reason)
        case .bytes: break
        }
        guard let library = entry.library else { return .cycle([shownFile, fileSystem.shown(target), shownFile]) }
        // A file that reaches `file` has an error (the use that closes the cycle, found when it
        // was lowered), so only such a file is searched.
        if searchesCycles, !library.errors.isEmpty, let path = chain(from: target, to: file) { return .cycle([shownFile] + path) }
        return .library(library, outsideProject: !fileSystem.isInsideProject(target, file))
    }

    /// Reads `path` and every file it reaches, and lowers each one's templates after the files
    /// it uses.
    private mutating func load(_ path: String, located: String) {
        guard entries[path] == nil else { return }
        var stack: [(path: String, located: String, leaving: Bool)] = [(path, located, false)]
        var inProgress: Set<String> = []
        while let (file, located, leaving) = stack.popLast() {
            if leaving {
                lowerLibrary(file, inProgress: inProgress)
                inProgress.remove(file)
                continue
            }
            guard entries[file] == nil, entries.count < Self.maximumFiles else { continue }
            var entry = Entry(read: fileSystem.read(file), located: located)
            guard case .bytes(let bytes) = entry.read else {
                entries[file] = entry
                continue
            }
            let parsed = Parser.parse(SourceFile(name: fileSystem.shown(file), bytes: bytes))
            entry.parsed = parsed
            var reached: [(target: String, located: String)] = []
            for directive in UseDirective.all(in: parsed.tree) {
                guard let written = UsePath.written(directive) else { continue }
                let resolved = UsePath.resolve(written, from: located)
                entry.uses.append((written, resolved.map(fileSystem.canonical)))
                if case .success(let path) = resolved { reached.append((fileSystem.canonical(path), path)) }
            }
            entries[file] = entry
            inProgress.insert(file)
            stack.append((file, located, true))
            for use in reached.reversed() where entries[use.target] == nil { stack.append((use.target, use.located, false)) }
        }
    }

    /// Lowers the templates of a file whose uses are all loaded (or in progress: a cycle).
    private mutating func lowerLibrary(_ file: String, inProgress: Set<String>) {
        guard var entry = entries[file], let parsed = entry.parsed else { return }
        var outcomes: [String: UseOutcome] = [:]
        for use in entry.uses where outcomes[use.written] == nil {
            outcomes[use.written] = outcome(of: use.written, from: file, located: entry.located, inProgress: inProgress, searchesCycles: false)
        }
        var library = Lowering.library(parsed, path: fileSystem.shown(file), uses: UsedFiles(outcomes: outcomes))
        library.file = file
        entry.library = library
        entries[file] = entry
    }

    /// The files from `start` to `target` along uses (breadth first: the shortest chain), as
    /// reports name them; nil when `target` is not reached.
    private func chain(from start: String, to target: String) -> [String]? {
        var previous: [String: String] = [start: start]
        var queue = [start]
        var next = 0
        while next < queue.count {
            let file = queue[next]
            next += 1
            for use in entries[file]?.uses ?? [] {
                guard case .success(let used) = use.target, previous[used] == nil || used == target else { continue }
                if used == target {
                    var path = [used, file]
                    var step = file
                    while step != start, let before = previous[step] {
                        path.append(before)
                        step = before
                    }
                    return path.reversed().map(fileSystem.shown)
                }
                previous[used] = file
                queue.append(used)
            }
        }
        return nil
    }

    /// A written path to a `.trellis` file in the folder `target` names, spelled nearly as
    /// `written`'s last component.
    private func suggestion(for written: String, at target: String) -> String? {
        let name = UsePath.fileName(of: target)
        // Sorted: of equally near names the first is suggested, whatever order a folder lists them in.
        let candidates = fileSystem.fileNames(UsePath.directory(of: target)).filter { $0.hasSuffix(".trellis") && $0 != name }.sorted()
        guard let closest = Suggestion.closest(to: name, among: candidates) else { return nil }
        guard let slash = written.lastIndex(of: "/") else { return closest }
        return String(written[...slash]) + closest
    }
}
