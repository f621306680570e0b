import TrellisIDE
import TrellisLint
import TrellisModel
import TrellisSyntax

/// Project files (`trellis.toml`) open in the editor: their own diagnostics (P001–P005) as
/// they are typed, hovers and completion from the schema; and every document of the
/// workspace analysed again under the settings being typed.
extension LanguageServer {
    mutating func projectFileOpened(_ uri: String, text: [UInt8], version: Int) {
        projectFileChanged(OpenDocument(uri: uri, bytes: text, version: version, kind: .trellis, languageID: "toml"))
    }

    /// The project file's text changed (or opened): published again, and the documents it
    /// applies to analysed again under it.
    mutating func projectFileChanged(_ document: OpenDocument) {
        projectDocuments[document.uri] = document
        dirty.insert(document.uri)
        projectSettingsChanged()
    }

    /// Closed: its diagnostics cleared, and the disk's text applies again.
    mutating func projectFileClosed(_ uri: String) {
        projectDocuments.removeValue(forKey: uri)
        dirty.remove(uri)
        if !clientPullsDiagnostics { publish(uri: uri, diagnostics: [], version: nil) }
        projectSettingsChanged()
    }

    /// Every project is read again, every open document analysed again; a client that pulls
    /// diagnostics is told to pull again.
    mutating func projectSettingsChanged() {
        projects.removeAll()
        analyses.removeAll()
        lastAnalyses.removeAll()
        dirty.formUnion(documents.keys)
        requestDiagnosticRefresh()
    }

    /// The text of the project file at `path` (canonical) when it is open in the editor.
    func openProjectText(_ path: String) -> [UInt8]? {
        projectDocuments.values.first { FileURI.path(of: $0.uri).map(DiskFiles.canonical) == path }?.bytes
    }

    func projectDiagnosticsJSON(_ document: OpenDocument) -> [JSONValue] {
        ProjectFile.read(document.source).diagnostics.map { diagnosticJSON($0, uri: document.uri, source: document.source) }
    }

    /// A hover in an open project file; false when the document is none.
    mutating func projectHover(_ id: JSONValue, _ params: JSONValue) -> Bool {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = projectDocuments[uri] else { return false }
        guard let offset = offset(id, params, in: document.source) else { return true }
        guard let hover = ProjectFileAssist.hover(document.source, at: offset) else {
            respond(id: id, result: .null)
            return true
        }
        respond(
            id: id,
            result: LSPJSON.object([
                ("contents", LSPJSON.object([("kind", .string("markdown")), ("value", .string(hover.markdown))])),
                ("range", range(hover.range, document.source)),
            ]))
        return true
    }

    /// Completion in an open project file; false when the document is none.
    mutating func projectCompletion(_ id: JSONValue, _ params: JSONValue) -> Bool {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = projectDocuments[uri] else { return false }
        guard let offset = offset(id, params, in: document.source) else { return true }
        let items = ProjectFileAssist.completion(document.source, at: offset)
        respond(id: id, result: LSPJSON.object([("isIncomplete", .bool(false)), ("items", .array(completionItemsJSON(items, in: document.source)))]))
        return true
    }
}
