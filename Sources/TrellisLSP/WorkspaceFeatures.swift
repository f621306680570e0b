import TrellisIDE
import TrellisLint
import TrellisModel
import TrellisSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// References and rename of a template across the workspace's files: the file that defines
/// it and every file whose `use` lines give it (open documents as the editor holds them, the
/// others as the disk does).
extension LanguageServer {
    /// The places meaning a template in one file.
    struct FileOccurrences {
        var uri: String
        var source: SourceFile
        var tree: SyntaxTree
        var uses: UsedFiles?
        /// The declaration's name first in the template's own file.
        var ranges: [Range<Int>]
    }

    /// The template named at `offset` of an open document, when it is one a file defines.
    func workspaceTemplate(_ document: OpenDocument, _ analysis: Analysis, at offset: Int) -> WorkspaceNavigation.Template? {
        guard let path = FileURI.path(of: document.uri) else { return nil }
        return WorkspaceNavigation.template(analysis, at: offset, path: DiskFiles.canonical(path))
    }

    /// Every file of the workspace with a place meaning `template`.
    mutating func workspaceOccurrences(of template: WorkspaceNavigation.Template) -> [FileOccurrences] {
        let openByPath = openTrellisPaths()
        var paths = Set(workspaceFiles())
        paths.formUnion(openByPath.keys)
        paths.insert(template.file)
        var found: [FileOccurrences] = []
        for path in paths.sorted() {
            let open = openByPath[path]
            guard let bytes = open?.bytes ?? Self.diskText(path), WorkspaceNavigation.mayMention(template, bytes: bytes, path: path) else { continue }
            let source = SourceFile(name: path, bytes: bytes)
            let tree = Parser.parse(source).tree
            let used = path == template.file && !ByteSearch.contains(Array("use".utf8), in: bytes) ? nil : uses.resolver.usedFiles(of: tree, at: path)
            let ranges = WorkspaceNavigation.occurrences(of: template, in: tree, path: path, uses: used)
            guard !ranges.isEmpty else { continue }
            found.append(FileOccurrences(uri: open?.uri ?? FileURI.uri(of: path), source: source, tree: tree, uses: used, ranges: ranges))
        }
        return found
    }

    static func diskText(_ path: String) -> [UInt8]? {
        if case .bytes(let bytes) = DiskFiles.read(path) { return bytes }
        return nil
    }

    /// The `.trellis` files under the workspace folder, found once and kept while files are
    /// only changed (a file created or deleted on disk finds them again).
    mutating func workspaceFiles() -> [String] {
        if let known = knownWorkspaceFiles { return known }
        let found = workspaceRoot.map { DiskFiles.trellisFiles(under: $0, limit: Self.maximumWorkspaceFiles) } ?? []
        knownWorkspaceFiles = found
        return found
    }

    /// Most files a workspace search reads.
    static let maximumWorkspaceFiles = 20_000

    /// References to a template across files; nil when the symbol at `offset` is none.
    mutating func workspaceReferences(_ document: OpenDocument, _ analysis: Analysis, at offset: Int, includeDeclaration: Bool) -> JSONValue? {
        guard let template = workspaceTemplate(document, analysis, at: offset) else { return nil }
        var locations: [JSONValue] = []
        for file in workspaceOccurrences(of: template) {
            let isHome = FileURI.path(of: file.uri).map(DiskFiles.canonical) == template.file
            for (index, occurrence) in file.ranges.enumerated() where includeDeclaration || !(isHome && index == 0) {
                locations.append(location(occurrence, uri: file.uri, file.source))
            }
        }
        return .array(locations)
    }

    /// The rename of a template across files, or why it cannot be done; nil when the symbol at
    /// `offset` is none.
    mutating func workspaceRename(_ document: OpenDocument, _ analysis: Analysis, at offset: Int, to newName: String) -> Result<JSONValue, RenameRefused>? {
        guard let template = workspaceTemplate(document, analysis, at: offset) else { return nil }
        let files = workspaceOccurrences(of: template)
        var changes: [(String, JSONValue)] = []
        for file in files {
            if newName != template.name, let conflict = WorkspaceNavigation.renameConflict(to: newName, in: file.tree, uses: file.uses) {
                return .failure(refusal(template, newName, file: FileURI.path(of: file.uri).map(DiskFiles.canonical) ?? file.uri, conflict))
            }
            changes.append((file.uri, edits(file.ranges.map { TextEdit(range: $0, replacement: newName) }, file.source)))
        }
        // A file that uses the template's file without naming the template is given the new
        // name too: it must not have or take a template of that name already.
        if newName != template.name {
            let named = Set(files.compactMap { FileURI.path(of: $0.uri).map(DiskFiles.canonical) })
            let open = openTrellisPaths()
            for path in Set(workspaceFiles()).union(open.keys).sorted() where !named.contains(path) && path != template.file {
                guard let bytes = open[path]?.bytes ?? Self.diskText(path), ByteSearch.contains(Array(newName.utf8), in: bytes),
                    ByteSearch.contains(Array("use".utf8), in: bytes)
                else { continue }
                let tree = Parser.parse(SourceFile(name: path, bytes: bytes)).tree
                let used = uses.resolver.usedFiles(of: tree, at: path)
                guard used.libraries.contains(where: { $0.file == template.file }),
                    let conflict = WorkspaceNavigation.renameConflict(to: newName, in: tree, uses: used)
                else { continue }
                return .failure(refusal(template, newName, file: path, conflict))
            }
        }
        return .success(LSPJSON.object([("changes", LSPJSON.object(changes))]))
    }

    func refusal(_ template: WorkspaceNavigation.Template, _ newName: String, file: String, _ conflict: String) -> RenameRefused {
        RenameRefused(reason: "renaming `\(template.name)` to `\(newName)` would change `\(uses.resolver.fileSystem.shown(file))`: \(conflict)")
    }

    /// The open Trellis documents, by canonical path.
    func openTrellisPaths() -> [String: OpenDocument] {
        var byPath: [String: OpenDocument] = [:]
        for document in documents.values where document.kind == .trellis {
            if let path = FileURI.path(of: document.uri) { byPath[DiskFiles.canonical(path)] = document }
        }
        return byPath
    }

    /// Why a rename is refused.
    struct RenameRefused: Error {
        var reason: String
    }

    /// Inside the quotes of a `use` line: the `.trellis` files and folders of the folder typed
    /// so far (relative to the document's), as completion items; nil elsewhere.
    func usePathCompletion(_ document: OpenDocument, _ analysis: Analysis, at offset: Int) -> [JSONValue]? {
        guard let tree = analysis.tree, offset > 0, let index = tree.tokenIndex(containing: offset - 1) else { return nil }
        let token = tree.tokens[index]
        guard token.kind == .string || token.kind == .unterminatedString, token.start < offset,
            token.kind == .unterminatedString || offset < token.end,
            tree.nodes[tree.deepestNode(containingToken: index)].kind == .useDirective,
            let path = FileURI.path(of: document.uri)
        else { return nil }
        let typed = analysis.source.text(in: (token.start + 1)..<offset)
        let folderPart = typed.lastIndex(of: "/").map { String(typed[...$0]) } ?? ""
        let folder = UsePath.joined(UsePath.directory(of: path), folderPart)
        let replacing = (token.start + 1 + folderPart.utf8.count)..<offset
        let own = UsePath.fileName(of: path)
        var items: [JSONValue] = []
        for name in DiskFiles.names(in: folder).sorted() where !name.hasPrefix(".") {
            let full = folder.isEmpty ? name : folder + "/" + name
            var status = stat()
            guard stat(full, &status) == 0 else { continue }
            let isFolder = status.st_mode & S_IFMT == S_IFDIR
            guard isFolder || (name.hasSuffix(".trellis") && !(folderPart.isEmpty && name == own)) else { continue }
            let text = isFolder ? name + "/" : name
            items.append(
                LSPJSON.object([
                    ("label", .string(text)), ("kind", LSPJSON.number(isFolder ? 19 : 17)),
                    ("detail", .string(isFolder ? "folder" : "a file of templates")),
                    ("textEdit", LSPJSON.object([("range", range(replacing, analysis.source)), ("newText", .string(text))])),
                ]))
        }
        return items
    }

    /// The project file of the file at `path` (the nearest `trellis.toml` above it): its folder
    /// and settings, each read once until the client says it changed.
    mutating func projectSettings(of path: String) -> (root: String, settings: ProjectSettings)? {
        guard let root = DiskFiles.projectRoot(of: path) else { return nil }
        if let known = projects[root] { return known.map { (root, $0) } }
        var settings: ProjectSettings?
        let file = (root == "/" ? "" : root) + "/" + ProjectFile.fileName
        // The editor's text of an open project file, else the disk's.
        if let open = openProjectText(file) {
            settings = ProjectFile.read(SourceFile(name: file, bytes: open)).settings
        } else if case .bytes(let bytes) = DiskFiles.read(file) {
            settings = ProjectFile.read(SourceFile(name: file, bytes: bytes)).settings
        }
        projects[root] = settings
        return settings.map { (root, $0) }
    }

    /// Most symbols `workspace/symbol` answers.
    static let maximumWorkspaceSymbols = 1_000

    /// `workspace/symbol`: the templates (Class) and layouts (Module) of the workspace's files
    /// whose names hold the query's letters in order (case aside), by file then place.
    mutating func workspaceSymbol(_ id: JSONValue, _ params: JSONValue) {
        let query = Array((params["query"]?.stringValue ?? "").lowercased().unicodeScalars)
        let openByPath = openTrellisPaths()
        var symbols: [JSONValue] = []
        for path in Set(workspaceFiles()).union(openByPath.keys).sorted() where symbols.count < Self.maximumWorkspaceSymbols {
            if isCancelled(id) { return respondCancelled(id) }
            let open = openByPath[path]
            guard let bytes = open?.bytes ?? Self.diskText(path) else { continue }
            let source = SourceFile(name: path, bytes: bytes)
            let tree = Parser.parse(source).tree
            let uri = open?.uri ?? FileURI.uri(of: path)
            tree.forEachChild(of: 0) { item in
                let declared = TemplateDecl(tree, item).map { ($0.name, 5) } ?? LayoutDecl(tree, item).map { ($0.name, 2) }
                guard let declared, let token = declared.0, symbols.count < Self.maximumWorkspaceSymbols else { return }
                let kind = declared.1
                let name = tree.text(token)
                guard Self.holdsInOrder(query, Array(name.lowercased().unicodeScalars)) else { return }
                symbols.append(
                    LSPJSON.object([
                        ("name", .string(name)), ("kind", LSPJSON.number(kind)),
                        ("location", location(token.range, uri: uri, source)),
                        ("containerName", .string(uses.resolver.fileSystem.shown(path))),
                    ]))
            }
        }
        respond(id: id, result: .array(symbols))
    }

    /// Whether `text` holds the scalars of `query` in order (`prd` in `product`), as editors'
    /// symbol pickers match.
    static func holdsInOrder(_ query: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var next = 0
        for scalar in text where next < query.count && query[next] == scalar { next += 1 }
        return next == query.count
    }

    /// `workspace/diagnostic`: the diagnostics of the workspace's `.trellis` files that are not
    /// open (open ones are pulled one by one) and that their project includes, each as
    /// `trellis check FILE` gives them, with their uses followed and their project's settings
    /// (a template only other files use is unused in its own file, as `check FILE` says);
    /// a file whose findings are those of the `resultId` the client holds is answered
    /// `unchanged`.
    mutating func workspaceDiagnostic(_ id: JSONValue, _ params: JSONValue) {
        var previous: [String: String] = [:]
        for entry in params["previousResultIds"]?.arrayElements ?? [] {
            if let uri = entry["uri"]?.stringValue, let value = entry["value"]?.stringValue { previous[uri] = value }
        }
        var open: Set<String> = []
        for document in documents.values {
            if let path = FileURI.path(of: document.uri) { open.insert(DiskFiles.canonical(path)) }
        }
        var reports: [JSONValue] = []
        for path in workspaceFiles() where !open.contains(path) {
            if isCancelled(id) { return respondCancelled(id) }
            // The files `trellis check` with no path reads: those its project includes.
            if let (root, project) = projectSettings(of: path), path.hasPrefix(root + "/"), !project.includes(String(path.dropFirst(root.count + 1))) {
                continue
            }
            guard let bytes = Self.diskText(path) else { continue }
            let uri = FileURI.uri(of: path)
            let document = OpenDocument(uri: uri, bytes: bytes, version: 0, kind: .trellis, languageID: "trellis")
            let items =
                makeAnalysis(document).map { analysis in
                    analysis.diagnostics.map { diagnosticJSON($0, uri: uri, source: analysis.source) }
                } ?? []
            let resultID = String(JSONWriter.string(.array(items), style: .compact).hashValue, radix: 36)
            if previous[uri] == resultID {
                reports.append(
                    LSPJSON.object([("kind", .string("unchanged")), ("uri", .string(uri)), ("version", .null), ("resultId", .string(resultID))]))
            } else {
                reports.append(
                    LSPJSON.object([
                        ("kind", .string("full")), ("uri", .string(uri)), ("version", .null), ("resultId", .string(resultID)), ("items", .array(items)),
                    ]))
            }
        }
        respond(id: id, result: LSPJSON.object([("items", .array(reports))]))
    }
}
