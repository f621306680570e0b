import TrellisIDE
import TrellisLint
import TrellisModel

/// A member of `ServerCapabilities` and the options the server gives there.
enum ServerCapability: Hashable, Sendable {
    case textDocumentSync, hover, completion, inlayHint, documentSymbol, foldingRange, selectionRange
    case semanticTokens, color, definition, documentLink, workspaceSymbol, references, documentHighlight, rename, codeAction
    case executeCommand, diagnostic, formatting, rangeFormatting

    /// The member's name in `ServerCapabilities`.
    var name: String {
        switch self {
        case .textDocumentSync: return "textDocumentSync"
        case .hover: return "hoverProvider"
        case .completion: return "completionProvider"
        case .inlayHint: return "inlayHintProvider"
        case .documentSymbol: return "documentSymbolProvider"
        case .foldingRange: return "foldingRangeProvider"
        case .selectionRange: return "selectionRangeProvider"
        case .semanticTokens: return "semanticTokensProvider"
        case .color: return "colorProvider"
        case .definition: return "definitionProvider"
        case .documentLink: return "documentLinkProvider"
        case .workspaceSymbol: return "workspaceSymbolProvider"
        case .references: return "referencesProvider"
        case .documentHighlight: return "documentHighlightProvider"
        case .rename: return "renameProvider"
        case .codeAction: return "codeActionProvider"
        case .executeCommand: return "executeCommandProvider"
        case .diagnostic: return "diagnosticProvider"
        case .formatting: return "documentFormattingProvider"
        case .rangeFormatting: return "documentRangeFormattingProvider"
        }
    }

    /// What the server offers under it.
    var value: JSONValue {
        switch self {
        case .textDocumentSync:
            // Incremental changes (`TextDocumentSyncKind.Incremental`); saves without the text.
            return LSPJSON.object([
                ("openClose", .bool(true)), ("change", LSPJSON.number(2)),
                ("save", LSPJSON.object([("includeText", .bool(false))])),
            ])
        case .completion:
            return LSPJSON.object([
                ("triggerCharacters", .array(["|", "(", "{", "\""].map { .string($0) })),
                ("resolveProvider", .bool(false)),
            ])
        case .inlayHint: return LSPJSON.object([("resolveProvider", .bool(true))])
        case .semanticTokens:
            return LSPJSON.object([
                (
                    "legend",
                    LSPJSON.object([
                        ("tokenTypes", .array(SemanticTokenType.allCases.map { .string($0.name) })),
                        ("tokenModifiers", .array(SemanticTokens.modifiers.map { .string($0) })),
                    ])
                ),
                ("full", .bool(true)),
                ("range", .bool(true)),
            ])
        case .rename: return LSPJSON.object([("prepareProvider", .bool(true))])
        case .documentLink: return LSPJSON.object([("resolveProvider", .bool(false))])
        case .codeAction: return LSPJSON.object([("codeActionKinds", .array(Capabilities.codeActionKinds.map { .string($0) }))])
        case .executeCommand: return LSPJSON.object([("commands", .array(Commands.names.map { .string($0) }))])
        case .diagnostic: return LSPJSON.object([("interFileDependencies", .bool(true)), ("workspaceDiagnostics", .bool(true))])
        case .hover, .documentSymbol, .workspaceSymbol, .foldingRange, .selectionRange, .color, .definition, .references, .documentHighlight,
            .formatting, .rangeFormatting:
            return .bool(true)
        }
    }

    /// Registered with `client/registerCapability` (for Trellis files only) where the client
    /// can, rather than advertised.
    var isRegisteredLater: Bool { self == .formatting || self == .rangeFormatting }
}

/// What the server tells the client it can do (`InitializeResult.capabilities`).
enum Capabilities {
    static let codeActionKinds = ["quickfix", CodeActions.fixAllKind, "refactor.extract", "refactor.inline"]

    /// The documents `trellis fmt` formats: Trellis files. The server takes JSON documents too,
    /// but formats none; a client that registers formatting for every document it sends
    /// would offer a second JSON formatter beside the editor's own (and VS Code then asks,
    /// or formats nothing on save).
    static let formattedDocuments: JSONValue = .array([
        LSPJSON.object([("language", .string("trellis"))]),
        LSPJSON.object([("pattern", .string("**/*.trellis"))]),
    ])

    /// `formattingRegisteredLater`: the client registers formatting dynamically (for
    /// ``formattedDocuments`` only), so the static capabilities leave it out. Made from the
    /// server's table of methods: each capability once, in the table's order.
    static func json(encoding: PositionEncoding, formattingRegisteredLater: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = [("positionEncoding", .string(encoding.rawValue))]
        var advertised: Set<ServerCapability> = []
        for method in LanguageServer.methods {
            guard let capability = method.capability, advertised.insert(capability).inserted else { continue }
            if formattingRegisteredLater, capability.isRegisteredLater { continue }
            members.append((capability.name, capability.value))
        }
        return LSPJSON.object(members)
    }

    /// The `client/registerCapability` parameters that register formatting for Trellis files.
    static var formattingRegistration: JSONValue {
        let options = LSPJSON.object([("documentSelector", formattedDocuments)])
        let methods = LanguageServer.methods.filter { $0.capability?.isRegisteredLater == true }
        return LSPJSON.object([
            (
                "registrations",
                .array(
                    methods.map { method in
                        LSPJSON.object([
                            ("id", .string("trellis." + (method.name.split(separator: "/").last.map(String.init) ?? method.name))),
                            ("method", .string(method.name)), ("registerOptions", options),
                        ])
                    })
            )
        ])
    }

    /// What the client watches for the server: every Trellis file of the workspace (a file a
    /// document uses may change on disk).
    static var fileWatchingRegistration: JSONValue {
        let watchers = JSONValue.array([
            LSPJSON.object([("globPattern", .string("**/*.trellis"))]), LSPJSON.object([("globPattern", .string("**/" + ProjectFile.fileName))]),
        ])
        return LSPJSON.object([
            (
                "registrations",
                .array([
                    LSPJSON.object([
                        ("id", .string("trellis.watched-files")), ("method", .string("workspace/didChangeWatchedFiles")),
                        ("registerOptions", LSPJSON.object([("watchers", watchers)])),
                    ])
                ])
            )
        ])
    }
}
