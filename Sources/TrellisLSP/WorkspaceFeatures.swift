import TrellisIDE
import TrellisModel
import TrellisSyntax

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
        var openByPath: [String: OpenDocument] = [:]
        for document in documents.values where document.kind == .trellis {
            if let path = FileURI.path(of: document.uri) { openByPath[DiskFiles.canonical(path)] = document }
        }
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
                let name = uses.resolver.fileSystem.shown(FileURI.path(of: file.uri).map(DiskFiles.canonical) ?? file.uri)
                return .failure(RenameRefused(reason: "renaming `\(template.name)` to `\(newName)` would change `\(name)`: \(conflict)"))
            }
            changes.append((file.uri, edits(file.ranges.map { TextEdit(range: $0, replacement: newName) }, file.source)))
        }
        return .success(LSPJSON.object([("changes", LSPJSON.object(changes))]))
    }

    /// Why a rename is refused.
    struct RenameRefused: Error {
        var reason: String
    }
}
