import TrellisIDE
import TrellisLint
import TrellisModel
import TrellisPlatform
import TrellisSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `trellis-lsp`: a language server over stdio for `.trellis` files and grid-dictionary JSON.
/// A reader thread parses messages into an `Inbox` as they arrive; this thread (with a large
/// stack) handles them in order. A request cancelled while it waited is answered
/// `RequestCancelled`, one whose document changed behind it `ContentModified`; diagnostics of
/// edited documents are published once nothing is waiting, so a burst of edits is analysed
/// once. Nothing but framed messages is ever written to standard output.
public struct LanguageServer {
    enum State { case uninitialized, running, shutDown }

    let input: Int32
    let inbox = Inbox()
    let background: BackgroundWork
    /// The requests worked on in the background, by `Inbox.key` of their id: the document and
    /// the version the result is for.
    var running: [String: (uri: String, version: Int)] = [:]
    /// A large document was closed while a job held it: memory goes back to the kernel once
    /// the worker is idle.
    var releaseWhenIdle = false
    let writer: MessageWriter
    var state = State.uninitialized
    var encoding = PositionEncoding.utf16
    var documents: [String: OpenDocument] = [:]
    /// How many documents were opened: the number of the last (``OpenDocument/number``).
    var documentsOpened = 0
    var dirty: Set<String> = []
    /// The analysis of each document's current text, made once and shared by every request.
    var analyses: [String: Analysis?] = [:]
    /// What the last analysis of each open Trellis document left, whatever text it was of: the
    /// next one takes over what it computed for the layouts an edit did not touch. Taken out
    /// when the next analysis is made; dropped when a file the document uses changes.
    var lastAnalyses: [String: Analysis.Reusable] = [:]
    /// The diagnostics last written for each open document, with their text: the next list
    /// copies what it shares with them.
    var writtenDiagnostics: [String: WrittenDiagnostics] = [:]
    /// What an edit of a document below ``smallDocument`` replaced (its analysis, and what the
    /// one before left for it): let go once the new diagnostics are out and no message waits,
    /// so that freeing thousands of findings and layout trees does not delay them. At most
    /// ``retiredAtMost`` of each wait: when edits come faster than they are analysed the inbox
    /// is never empty, and the oldest are let go at once.
    var retiredAnalyses: [Analysis] = []
    var retiredReusables: [Analysis.Reusable] = []
    static let retiredAtMost = 2
    var settings = Settings()
    var clientPullsDiagnostics = false
    /// Whether formatting is registered dynamically, for Trellis files only
    /// (``Capabilities/formattingRegistration``).
    var registersFormatting = false
    /// Whether the client watches files for the server (`workspace/didChangeWatchedFiles`,
    /// registered dynamically).
    var registersFileWatching = false
    /// Whether the client asks again for pulled diagnostics when told to
    /// (`workspace/diagnostic/refresh`): after a file others use changes.
    var refreshesPulledDiagnostics = false
    /// Requests the server sent, counted for their ids.
    var sentRequests = 0
    /// The files documents `use`, from the open documents and the disk.
    var uses = WorkspaceUses(root: nil)
    /// The workspace folder (its canonical path), where references and rename look for files.
    var workspaceRoot: String?
    /// The `.trellis` files under it, once looked for (``workspaceFiles()``).
    var knownWorkspaceFiles: [String]?
    /// Each project file read, by the folder that holds it (nil: none there); read again when
    /// the client says it changed.
    var projects: [String: ProjectSettings?] = [:]
    /// The project files (`trellis.toml`) open in the editor, apart from the Trellis and JSON
    /// documents: only diagnostics, hovers and completion answer in them.
    var projectDocuments: [String: OpenDocument] = [:]

    public static let version = "0.1.0"

    /// Settings from `initializationOptions` and `workspace/didChangeConfiguration`.
    struct Settings {
        var viewports: [Viewport] = []
        var target: Dialect?
        var rtl = false
        /// Where `codeDescription` links point (`diagnosticsBaseURL`, a URL of
        /// docs/diagnostics.md); nil, the default, sends no links: a path on the machine that
        /// built the server would be a dead link on the user's.
        var documentationBase: String?
        /// Whether completions may be snippets (`completionItem.snippetSupport`); without it
        /// they are plain text.
        var snippets = false
    }

    init(input: Int32, output: Int32) {
        self.input = input
        writer = MessageWriter(descriptor: output)
        background = BackgroundWork(inbox: inbox)
    }

    /// Serves until `exit` or the end of input; returns the exit status (0 after `shutdown`).
    public static func serve(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        MessageWriter.widenPipe(output)
        ProcessMemory.keepFreedMemory()
        var server = LanguageServer(input: input, output: output)
        return server.loop()
    }

    /// Runs the server on a thread with a large stack (deep documents recurse in places) and
    /// exits the process with its status. The allocator is set up before any thread starts:
    /// a thread that allocates before `keepFreedMemory()` gets an arena of its own, whose
    /// free memory at its top `malloc_trim` does not return, so a large document's memory
    /// would stay after its close.
    public static func runAndExit() -> Never {
        ProcessMemory.keepFreedMemory()
        LargeStack.runAndExit { serve() }
    }

    mutating func loop() -> Int32 {
        inbox.startReading(input)
        while true {
            if !dirty.isEmpty, inbox.isEmpty { publishDirty() }
            if inbox.isEmpty {
                retiredAnalyses.removeAll()
                retiredReusables.removeAll()
                prepareForNextEdits()
            }
            switch inbox.take() {
            case .end: return state == .shutDown ? 0 : 1
            case .malformed(let reason): log("trellis-lsp: skipped \(reason)")
            case .notJSON: respond(id: .null, error: .parseError, "the message is not JSON")
            case .finished(let id, let result): finish(id, result)
            case .message(let value):
                if let status = handle(value) { return status }
            }
        }
    }

    // MARK: dispatch

    /// Handles one message; returns an exit status when the server must stop.
    mutating func handle(_ value: JSONValue) -> Int32? {
        guard case .object = value, value["jsonrpc"] == .string("2.0") else {
            respond(id: value["id"] ?? .null, error: .invalidRequest, "not a JSON-RPC 2.0 message")
            return nil
        }
        guard let method = value["method"]?.stringValue else {
            // A response from the client (to `client/registerCapability`, the one request the
            // server sends): ignored.
            if value["result"] != nil || value["error"] != nil { return nil }
            respond(id: value["id"] ?? .null, error: .invalidRequest, "a request needs a method")
            return nil
        }
        if let id = value["id"] {
            switch id {
            case .number, .string: break
            default:
                respond(id: .null, error: .invalidRequest, "an id is a number or a string")
                return nil
            }
        }
        let message = IncomingMessage(id: value["id"], method: method, params: value["params"] ?? .null)
        if method == LSPMethod.exit { return state == .shutDown ? 0 : 1 }
        switch state {
        case .uninitialized where method != LSPMethod.initialize:
            if message.isRequest { respond(id: message.id ?? .null, error: .serverNotInitialized, "the server is not initialized") }
            return nil
        case .shutDown:
            if message.isRequest { respond(id: message.id ?? .null, error: .invalidRequest, "the server is shut down") }
            return nil
        default: break
        }
        dispatch(message)
        return nil
    }

    mutating func dispatch(_ message: IncomingMessage) {
        let id = message.id ?? .null
        let params = message.params
        if message.isRequest, inbox.takeCancellation(id) { return respondCancelled(id) }
        if message.isRequest, let uri = params["textDocument"]?["uri"]?.stringValue, inbox.hasPendingChange(to: uri) {
            return respond(id: id, error: .contentModified, "the document changed; ask again")
        }
        guard let method = Self.methodsByName[message.method] else {
            if message.isRequest { respond(id: id, error: .methodNotFound, "unknown method \(message.method)") }
            return
        }
        method.handle(&self, id, params)
    }

    // MARK: lifecycle

    mutating func initialized() {
        // The response is not needed: a client that declined is a client without formatting.
        if registersFormatting { request(LSPMethod.registerCapability, id: .string("trellis.register-formatting"), Capabilities.formattingRegistration) }
        if registersFileWatching {
            request(LSPMethod.registerCapability, id: .string("trellis.register-file-watching"), Capabilities.fileWatchingRegistration)
        }
    }

    mutating func shutdown(_ id: JSONValue) {
        state = .shutDown
        respond(id: id, result: .null)
    }

    mutating func initialize(_ id: JSONValue, _ params: JSONValue) {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.arrayElements?.compactMap(\.stringValue) ?? []
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        clientPullsDiagnostics = params["capabilities"]?["textDocument"]?["diagnostic"] != nil
        settings.snippets = params["capabilities"]?["textDocument"]?["completion"]?["completionItem"]?["snippetSupport"] == .bool(true)
        let textDocument = params["capabilities"]?["textDocument"]
        registersFormatting =
            textDocument?["formatting"]?["dynamicRegistration"] == .bool(true)
            && textDocument?["rangeFormatting"]?["dynamicRegistration"] == .bool(true)
        registersFileWatching = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"] == .bool(true)
        refreshesPulledDiagnostics = params["capabilities"]?["workspace"]?["diagnostics"]?["refreshSupport"] == .bool(true)
        let rootURI = params["workspaceFolders"]?.arrayElements?.first?["uri"]?.stringValue ?? params["rootUri"]?.stringValue
        workspaceRoot = rootURI.flatMap(FileURI.path).map(DiskFiles.canonical)
        uses = WorkspaceUses(root: workspaceRoot)
        applySettings(params["initializationOptions"])
        state = .running
        let capabilities = Capabilities.json(encoding: encoding, formattingRegisteredLater: registersFormatting)
        respond(
            id: id,
            result: LSPJSON.object([
                ("capabilities", capabilities),
                ("serverInfo", LSPJSON.object([("name", .string("trellis-lsp")), ("version", .string(Self.version))])),
            ]))
    }

    mutating func workspaceDidChangeConfiguration(_ params: JSONValue) {
        let settings = params["settings"]
        applySettings(settings?["trellis"] ?? settings)
        analyses.removeAll()
        dirty.formUnion(documents.keys)
    }

    /// Applies the keys `value` holds. Editors sync every key of their settings, so a key
    /// given as `null` or `""` (or `viewports` as `[]`) is unset: back to the default (the
    /// file's own `preview` and `target` lines, no links); an absent key changes nothing.
    mutating func applySettings(_ value: JSONValue?) {
        guard let value, case .object = value else { return }
        if let viewports = value["viewports"] {
            settings.viewports = (viewports.arrayElements ?? []).compactMap(\.stringValue).compactMap(Viewport.parse)
        }
        if let target = value["target"] {
            let number = LSPJSON.integer(target)
            settings.target = number == 2 ? .v2 : number == 1 ? .v1 : nil
        }
        if let rtl = value["rtl"] { settings.rtl = rtl == .bool(true) }
        if let base = value["diagnosticsBaseURL"] {
            let text = base.stringValue ?? ""
            settings.documentationBase = text.isEmpty ? nil : text
        }
    }

    // MARK: documents

    mutating func textDocumentDidOpen(_ params: JSONValue) {
        guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else {
            return log("trellis-lsp: didOpen without a text document")
        }
        let language = item["languageId"]?.stringValue ?? ""
        if ProjectFileAssist.isProjectFile(uri) {
            return projectFileOpened(uri, text: Array(text.utf8), version: LSPJSON.integer(item["version"]) ?? 0)
        }
        // Other TOML (an editor that sends every `.toml` buffer): not a document of this server.
        if language == "toml" || uri.lowercased().hasSuffix(".toml") { return }
        let kind: InputKind = language == "json" || language == "jsonc" || uri.lowercased().hasSuffix(".json") ? .json : .trellis
        var document = OpenDocument(uri: uri, bytes: Array(text.utf8), version: LSPJSON.integer(item["version"]) ?? 0, kind: kind, languageID: language)
        documentsOpened += 1
        document.number = documentsOpened
        documents[uri] = document
        analyses[uri] = nil
        dirty.insert(uri)
        if kind == .trellis { textChanged(uri, to: Array(text.utf8)) }
    }

    mutating func textDocumentDidChange(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            return log("trellis-lsp: didChange without a text document")
        }
        if var project = projectDocuments[uri] {
            applyChanges(params, to: &project)
            return projectFileChanged(project)
        }
        guard var document = documents[uri] else { return log("trellis-lsp: didChange for a document that is not open") }
        applyChanges(params, to: &document)
        documents[uri] = document
        if case .some(.some(let replaced)) = analyses.removeValue(forKey: uri), replaced.source.bytes.count < Self.smallDocument {
            if retiredAnalyses.count >= Self.retiredAtMost { retiredAnalyses.removeFirst() }
            retiredAnalyses.append(replaced)
        }
        dirty.insert(uri)
        if document.kind == .trellis { textChanged(uri, to: document.bytes) }
    }

    /// `didChange`'s edits, in order, and its version.
    func applyChanges(_ params: JSONValue, to document: inout OpenDocument) {
        for change in params["contentChanges"]?.arrayElements ?? [] {
            guard let text = change["text"]?.stringValue else { continue }
            guard let range = change["range"] else {
                document.replaceAll(with: Array(text.utf8))
                continue
            }
            let source = document.source
            guard let start = LSPJSON.positionParam(range["start"]), let end = LSPJSON.positionParam(range["end"]) else {
                log("trellis-lsp: an edit with a malformed range was ignored")
                continue
            }
            let lower = source.offset(of: start, encoding: encoding)
            let upper = max(lower, source.offset(of: end, encoding: encoding))
            document.replace(lower..<upper, with: Array(text.utf8))
        }
        document.version = LSPJSON.integer(params["textDocument"]?["version"]) ?? document.version + 1
    }

    /// A Trellis file's text changed (in the editor; nil: back to what the disk holds): the
    /// open documents that use it, directly or not, are analysed again and re-published.
    mutating func textChanged(_ uri: String, to text: [UInt8]?) {
        let changed = uses.changed(uri, text: text)
        guard !changed.isEmpty else { return }
        for (other, analysis) in analyses where other != uri {
            guard let files = analysis?.file.uses?.files, !files.isDisjoint(with: changed) else { continue }
            analyses[other] = nil
            dirty.insert(other)
        }
        for (other, last) in lastAnalyses where other != uri {
            if let files = last.usedFiles, !files.isDisjoint(with: changed) { lastAnalyses[other] = nil }
        }
        // A client that pulls diagnostics is told to pull again: the diagnostics of the files
        // that use this one may have changed, open or not (`workspace/diagnostic` covers those).
        requestDiagnosticRefresh()
    }

    /// `workspace/diagnostic/refresh`, to a client that pulls diagnostics and takes it.
    mutating func requestDiagnosticRefresh() {
        guard clientPullsDiagnostics, refreshesPulledDiagnostics else { return }
        sentRequests += 1
        send(
            LSPJSON.object([
                ("jsonrpc", .string("2.0")), ("id", .string("trellis.refresh-\(sentRequests)")), ("method", .string("workspace/diagnostic/refresh")),
            ]))
    }

    /// Files changed on disk (the client watches them): those not open are read again.
    mutating func workspaceDidChangeWatchedFiles(_ params: JSONValue) {
        for change in params["changes"]?.arrayElements ?? [] {
            guard let uri = change["uri"]?.stringValue else { continue }
            if ProjectFileAssist.isProjectFile(uri) {
                // A project file: read again, and every document analysed again under it.
                projectSettingsChanged()
                continue
            }
            // Created (1) or deleted (3): the workspace's files are looked for again.
            if LSPJSON.integer(change["type"]) != 2 { knownWorkspaceFiles = nil }
            guard documents[uri] == nil else { continue }
            textChanged(uri, to: nil)
        }
    }

    /// Forgets the document and everything computed from it; after a large one, hands the
    /// memory freed back to the kernel (the allocator would keep it for work that repeats),
    /// once no formatting job holds it any more.
    mutating func textDocumentDidClose(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else { return }
        if projectDocuments[uri] != nil { return projectFileClosed(uri) }
        let closed = documents.removeValue(forKey: uri)
        let size = closed?.bytes.count ?? 0
        if closed?.kind == .trellis { textChanged(uri, to: nil) }
        analyses.removeValue(forKey: uri)
        lastAnalyses.removeValue(forKey: uri)
        writtenDiagnostics.removeValue(forKey: uri)
        dirty.remove(uri)
        if !clientPullsDiagnostics { publish(uri: uri, diagnostics: [], version: nil) }
        guard size >= Self.largeDocument else { return }
        if background.isIdle { ProcessMemory.releaseFreedMemory() } else { releaseWhenIdle = true }
    }

    /// A document from this size on is large: closing it returns memory to the kernel.
    static let largeDocument = 1 << 20

    /// A document below this size is small: what an edit replaced is kept until the new
    /// diagnostics are out, and its trees are readied for the next edit while the server
    /// waits (its analysis takes a few megabytes, and milliseconds).
    static let smallDocument = 1 << 18

    /// While no message waits: the layout trees the next edit of a document below
    /// ``smallDocument`` would take over read their borderlines out of their lowering's arena
    /// now rather than then (after a document's open, every layout's).
    mutating func prepareForNextEdits() {
        for (uri, last) in lastAnalyses where (documents[uri]?.bytes.count ?? .max) < Self.smallDocument && last.holdsArenas {
            lastAnalyses[uri] = last.detached()
        }
    }

    /// The analysis of a document's current text (cached until it changes), or nil for JSON
    /// that is not a grid dictionary.
    mutating func analysis(_ document: OpenDocument) -> Analysis? {
        if let cached = analyses[document.uri] { return cached }
        let last = lastAnalyses.removeValue(forKey: document.uri)
        if let last, last.textSize < Self.smallDocument {
            if retiredReusables.count >= Self.retiredAtMost { retiredReusables.removeFirst() }
            retiredReusables.append(last)
        }
        let made = makeAnalysis(document, previous: consume last)
        analyses[document.uri] = made
        lastAnalyses[document.uri] = made?.reusable
        if let parsed = made?.file.parsed, documents[document.uri]?.version == document.version {
            documents[document.uri]?.reparseBase = (parsed, nil)
        }
        return made
    }

    /// A Trellis document edited once since its last analysis is reparsed from that
    /// analysis's tree (`Parser.reparse`: the same tree as parsing it all again); `previous`
    /// is what an earlier analysis of the document left (``Analysis/init(_:kind:options:target:oneOff:parsed:uses:previous:)``).
    mutating func makeAnalysis(_ document: OpenDocument, previous: consuming Analysis.Reusable? = nil) -> Analysis? {
        if document.kind == .json, !document.uri.lowercased().hasSuffix(".grid.json"), !Analysis.looksLikeGridDictionary(document.bytes) { return nil }
        var options = LintOptions(viewports: settings.viewports, rtl: settings.rtl)
        var projectTarget: Dialect?
        if let path = FileURI.path(of: document.uri).map(DiskFiles.canonical), let (root, project) = projectSettings(of: path) {
            // As `trellis check` reads it: its disabled codes for this path, its devices where
            // neither the editor's settings nor the file name any, its target where neither does.
            let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : nil
            options = options.over(project, forPath: relative)
            projectTarget = project.target
        }
        var parsed: ParseResult?
        if document.kind == .trellis, let base = document.reparseBase {
            parsed = base.edit.map { Parser.reparse(document.source, after: $0, previous: base.parsed) } ?? base.parsed
        }
        var usedFiles: UsedFiles?
        if document.kind == .trellis, ByteSearch.contains(Array("use".utf8), in: document.bytes) {
            let tree = parsed ?? Parser.parse(document.source)
            parsed = tree
            usedFiles = uses.usedFiles(of: tree.tree, uri: document.uri)
        }
        var target = settings.target
        if target == nil, let projectTarget {
            if document.kind == .json {
                target = projectTarget
            } else {
                let tree = parsed ?? Parser.parse(document.source)
                parsed = tree
                if !tree.tree.nodes.contains(where: { $0.kind == .targetDirective }) { target = projectTarget }
            }
        }
        return Analysis(
            document.source, kind: document.kind, options: options, target: target, parsed: parsed, uses: usedFiles, previous: previous)
    }

    // MARK: diagnostics

    mutating func publishDirty() {
        let uris = dirty.sorted()
        dirty.removeAll()
        guard !clientPullsDiagnostics else { return }
        for uri in uris {
            if let project = projectDocuments[uri] {
                publish(uri: uri, diagnostics: projectDiagnosticsJSON(project), version: project.version)
                continue
            }
            guard let document = documents[uri] else { continue }
            publish(uri: uri, diagnosticsText: diagnosticsText(document), version: document.version)
        }
    }

    func publish(uri: String, diagnostics: [JSONValue], version: Int?) {
        var params: [(String, JSONValue)] = [("uri", .string(uri)), ("diagnostics", .array(diagnostics))]
        if let version { params.append(("version", LSPJSON.number(version))) }
        notify(LSPMethod.publishDiagnostics, LSPJSON.object(params))
    }

    mutating func textDocumentDiagnostic(_ id: JSONValue, _ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            return respond(id: id, error: .invalidParams, "textDocument.uri is required")
        }
        if let project = projectDocuments[uri] {
            dirty.remove(uri)
            return respond(id: id, result: LSPJSON.object([("kind", .string("full")), ("items", .array(projectDiagnosticsJSON(project)))]))
        }
        guard let document = documents[uri] else {
            return respond(id: id, result: LSPJSON.object([("kind", .string("full")), ("items", .array([]))]))
        }
        dirty.remove(uri)
        respond(id: id, json: Array(#"{"kind":"full","items":"#.utf8) + diagnosticsText(document) + [UInt8(ascii: "}")])
    }

    /// One diagnostic as LSP JSON: the same object in published lists and in code actions.
    func diagnosticJSON(_ diagnostic: Diagnostic, uri: String, source: SourceFile) -> JSONValue {
        var message = diagnostic.message
        for note in diagnostic.notes { message += "\n" + note }
        var members: [(String, JSONValue)] = [
            ("range", LSPJSON.range(diagnostic.range, in: source, encoding: encoding)),
            ("severity", LSPJSON.number(Self.severityNumber(diagnostic.severity))),
            ("code", .string(diagnostic.code.id)),
            ("source", .string("trellis")),
            ("message", .string(message)),
        ]
        if let base = settings.documentationBase {
            members.append(("codeDescription", LSPJSON.object([("href", .string(base + "#" + diagnostic.code.anchor))])))
        }
        if !diagnostic.labels.isEmpty {
            members.append(
                (
                    "relatedInformation",
                    .array(
                        diagnostic.labels.map { label in
                            LSPJSON.object([
                                ("location", LSPJSON.object([("uri", .string(uri)), ("range", LSPJSON.range(label.range, in: source, encoding: encoding))])),
                                ("message", .string(label.message)),
                            ])
                        })
                ))
        }
        if diagnostic.code.isUnnecessary { members.append(("tags", .array([LSPJSON.number(1)]))) }
        return LSPJSON.object(members)
    }

    // MARK: background work

    /// Has `work` done on the worker thread for request `id` about `document`; the handling
    /// thread goes on meanwhile.
    mutating func runInBackground(_ id: JSONValue, _ document: OpenDocument, _ work: @escaping BackgroundWork.Work) {
        running[Inbox.key(id)] = (document.uri, document.version)
        background.submit(id, work)
    }

    /// `$/cancelRequest` for a request worked on in the background: answered now, its job
    /// skipped or stopped and its result dropped. Any other request it names came before it
    /// and has been answered (it saw the cancellation if it came in time): what the inbox
    /// recorded is forgotten, so that cancellations that come too late do not pile up.
    mutating func cancelRequest(_ params: JSONValue) {
        guard let id = params["id"] else { return }
        guard running.removeValue(forKey: Inbox.key(id)) != nil else { return _ = inbox.takeCancellation(id) }
        background.abandon(id)
        respondCancelled(id)
    }

    /// A background result: sent, unless the request was answered already (cancelled), was
    /// cancelled meanwhile, or its document changed since.
    mutating func finish(_ id: JSONValue, _ result: [UInt8]?) {
        background.finished(id)
        if releaseWhenIdle, background.isIdle {
            releaseWhenIdle = false
            ProcessMemory.releaseFreedMemory()
        }
        guard let request = running.removeValue(forKey: Inbox.key(id)) else { return }
        guard let result else { return respondCancelled(id) }
        guard documents[request.uri]?.version == request.version else {
            return respond(id: id, error: .contentModified, "the document changed; ask again")
        }
        respond(id: id, json: result)
    }

    // MARK: output

    /// Answers a request; a request cancelled while it was computed gets `RequestCancelled`
    /// (its result is dropped).
    func respond(id: JSONValue, result: JSONValue) {
        if inbox.takeCancellation(id) { return respondCancelled(id) }
        send(LSPJSON.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
    }

    /// Answers a request with a result already written as JSON text (a large one, written
    /// without building a `JSONValue`); like ``respond(id:result:)`` otherwise.
    func respond(id: JSONValue, json result: [UInt8]) {
        if inbox.takeCancellation(id) { return respondCancelled(id) }
        writer.send([Self.resultHead(id), result, [UInt8(ascii: "}")]])
    }

    /// A response's text up to its result: `{"jsonrpc":"2.0","id":…,"result":`.
    static func resultHead(_ id: JSONValue) -> [UInt8] {
        var head = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
        JSONWriter.write(id, style: .compact, into: &head)
        head += Array(#","result":"#.utf8)
        return head
    }

    /// Answers `id` with a result made as it is sent (``StreamedBody``): counted first; a
    /// request cancelled while it is counted is answered as cancelled.
    func respond(id: JSONValue, streaming body: some StreamedBody) {
        if inbox.takeCancellation(id) { return respondCancelled(id) }
        guard let length = body.count(stop: { isCancelled(id) }) else { return respondCancelled(id) }
        writer.send(head: Self.resultHead(id), body: body, length: length, tail: [UInt8(ascii: "}")])
    }

    func respond(id: JSONValue, error code: ErrorCode, _ message: String) {
        _ = inbox.takeCancellation(id)
        send(
            LSPJSON.object([
                ("jsonrpc", .string("2.0")), ("id", id),
                ("error", LSPJSON.object([("code", LSPJSON.number(code.rawValue)), ("message", .string(message))])),
            ]))
    }

    /// `RequestCancelled`, the answer to a request cancelled before or while it was handled.
    func respondCancelled(_ id: JSONValue) {
        respond(id: id, error: .requestCancelled, "the request was cancelled")
    }

    /// Whether request `id` has been cancelled since it was taken up: long requests ask
    /// between chunks of their work (every ``cancellationStride`` tokens, between the
    /// formatter's stages) and stop.
    func isCancelled(_ id: JSONValue) -> Bool { inbox.isCancelled(id) }

    /// How many items (tokens, symbols, folds) a long request handles between two looks at
    /// whether it was cancelled.
    static let cancellationStride = 1 << 16

    /// A request to the client; its response is ignored (``handle(_:)``).
    func request(_ method: String, id: JSONValue, _ params: JSONValue) {
        send(LSPJSON.object([("jsonrpc", .string("2.0")), ("id", id), ("method", .string(method)), ("params", params)]))
    }

    func notify(_ method: String, _ params: JSONValue) {
        send(LSPJSON.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    /// `window/logMessage` (type 3: info).
    func log(_ text: String) {
        notify("window/logMessage", LSPJSON.object([("type", LSPJSON.number(3)), ("message", .string(text))]))
    }

    func send(_ value: JSONValue) {
        writer.send(JSONWriter.write(value, style: .compact))
    }
}
