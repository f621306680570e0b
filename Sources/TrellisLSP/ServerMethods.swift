import TrellisModel

/// One method the server handles: its name, whether it is a request (answered) or a
/// notification, what it does, and the capability that advertises it. The table
/// (``LanguageServer/methods``) is the one place a method is named: the dispatch and the
/// capabilities of `initialize` are both made from it.
struct ServerMethod: Sendable {
    let name: String
    let isRequest: Bool
    /// The capability the server advertises for it (shared by methods advertised together),
    /// or nil for a method every server takes.
    let capability: ServerCapability?
    let handle: @Sendable (inout LanguageServer, _ id: JSONValue, _ params: JSONValue) -> Void

    static func request(_ name: String, _ capability: ServerCapability?, _ handle: @escaping @Sendable (inout LanguageServer, JSONValue, JSONValue) -> Void)
        -> ServerMethod
    {
        ServerMethod(name: name, isRequest: true, capability: capability, handle: handle)
    }

    static func notification(_ name: String, _ capability: ServerCapability?, _ handle: @escaping @Sendable (inout LanguageServer, JSONValue) -> Void)
        -> ServerMethod
    {
        ServerMethod(name: name, isRequest: false, capability: capability) { server, _, params in handle(&server, params) }
    }
}

/// Method names the server reads or sends outside its table (the lifecycle, the inbox's
/// look-ahead, the messages it sends).
enum LSPMethod {
    static let initialize = "initialize"
    static let exit = "exit"
    static let cancelRequest = "$/cancelRequest"
    static let didChange = "textDocument/didChange"
    static let didClose = "textDocument/didClose"
    static let publishDiagnostics = "textDocument/publishDiagnostics"
    static let registerCapability = "client/registerCapability"
}

extension LanguageServer {
    /// Every method the server handles, in the order their capabilities are advertised.
    static let methods: [ServerMethod] = [
        .request(LSPMethod.initialize, nil) { server, id, params in server.initialize(id, params) },
        .notification("initialized", nil) { server, _ in server.initialized() },
        .request("shutdown", nil) { server, id, _ in server.shutdown(id) },
        .notification("textDocument/didOpen", .textDocumentSync) { server, params in server.textDocumentDidOpen(params) },
        .notification(LSPMethod.didChange, .textDocumentSync) { server, params in server.textDocumentDidChange(params) },
        .notification(LSPMethod.didClose, .textDocumentSync) { server, params in server.textDocumentDidClose(params) },
        .notification("textDocument/didSave", .textDocumentSync) { _, _ in },
        .notification("workspace/didChangeConfiguration", nil) { server, params in server.workspaceDidChangeConfiguration(params) },
        .notification("workspace/didChangeWatchedFiles", nil) { server, params in server.workspaceDidChangeWatchedFiles(params) },
        // Recorded as read by the inbox; a request worked on in the background is answered here.
        .notification(LSPMethod.cancelRequest, nil) { server, params in server.cancelRequest(params) },
        .notification("$/setTrace", nil) { _, _ in },
        .request("textDocument/hover", .hover) { server, id, params in server.textDocumentHover(id, params) },
        .request("textDocument/completion", .completion) { server, id, params in server.textDocumentCompletion(id, params) },
        .request("textDocument/inlayHint", .inlayHint) { server, id, params in server.textDocumentInlayHint(id, params) },
        .request("inlayHint/resolve", .inlayHint) { server, id, params in server.inlayHintResolve(id, params) },
        .request("textDocument/documentSymbol", .documentSymbol) { server, id, params in server.textDocumentDocumentSymbol(id, params) },
        .request("textDocument/foldingRange", .foldingRange) { server, id, params in server.textDocumentFoldingRange(id, params) },
        .request("textDocument/selectionRange", .selectionRange) { server, id, params in server.textDocumentSelectionRange(id, params) },
        .request("textDocument/semanticTokens/full", .semanticTokens) { server, id, params in server.textDocumentSemanticTokens(id, params, ranged: false) },
        .request("textDocument/semanticTokens/range", .semanticTokens) { server, id, params in server.textDocumentSemanticTokens(id, params, ranged: true) },
        .request("textDocument/documentColor", .color) { server, id, params in server.textDocumentDocumentColor(id, params) },
        .request("textDocument/colorPresentation", .color) { server, id, params in server.textDocumentColorPresentation(id, params) },
        .request("textDocument/definition", .definition) { server, id, params in server.textDocumentDefinition(id, params) },
        .request("workspace/symbol", .workspaceSymbol) { server, id, params in server.workspaceSymbol(id, params) },
        .request("textDocument/documentLink", .documentLink) { server, id, params in server.textDocumentDocumentLink(id, params) },
        .request("textDocument/references", .references) { server, id, params in server.textDocumentReferences(id, params) },
        .request("textDocument/documentHighlight", .documentHighlight) { server, id, params in server.textDocumentDocumentHighlight(id, params) },
        .request("textDocument/prepareRename", .rename) { server, id, params in server.textDocumentPrepareRename(id, params) },
        .request("textDocument/rename", .rename) { server, id, params in server.textDocumentRename(id, params) },
        .request("textDocument/codeAction", .codeAction) { server, id, params in server.textDocumentCodeAction(id, params) },
        .request("workspace/executeCommand", .executeCommand) { server, id, params in server.workspaceExecuteCommand(id, params) },
        .request("workspace/diagnostic", .diagnostic) { server, id, params in server.workspaceDiagnostic(id, params) },
        .request("textDocument/diagnostic", .diagnostic) { server, id, params in server.textDocumentDiagnostic(id, params) },
        .request("textDocument/formatting", .formatting) { server, id, params in server.textDocumentFormatting(id, params) },
        .request("textDocument/rangeFormatting", .rangeFormatting) { server, id, params in server.textDocumentRangeFormatting(id, params) },
    ]

    /// ``methods`` by name.
    static let methodsByName: [String: ServerMethod] = Dictionary(methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}
