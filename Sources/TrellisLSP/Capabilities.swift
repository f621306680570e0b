import TrellisIDE
import TrellisModel

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
    /// ``formattedDocuments`` only), so the static capabilities leave it out.
    static func json(encoding: PositionEncoding, formattingRegisteredLater: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("positionEncoding", .string(encoding.rawValue)),
            ("textDocumentSync", LSPJSON.object([("openClose", .bool(true)), ("change", LSPJSON.number(2)),
                                                 ("save", LSPJSON.object([("includeText", .bool(false))]))])),
            ("hoverProvider", .bool(true)),
            ("completionProvider", LSPJSON.object([("triggerCharacters", .array(["|", "(", "{", "\""].map { .string($0) })),
                                                   ("resolveProvider", .bool(false))])),
            ("inlayHintProvider", LSPJSON.object([("resolveProvider", .bool(true))])),
            ("documentSymbolProvider", .bool(true)),
            ("foldingRangeProvider", .bool(true)),
            ("selectionRangeProvider", .bool(true)),
            ("semanticTokensProvider", LSPJSON.object([
                ("legend", LSPJSON.object([
                    ("tokenTypes", .array(SemanticTokenType.allCases.map { .string($0.name) })),
                    ("tokenModifiers", .array(SemanticTokens.modifiers.map { .string($0) })),
                ])),
                ("full", .bool(true)),
                ("range", .bool(true)),
            ])),
            ("colorProvider", .bool(true)),
            ("definitionProvider", .bool(true)),
            ("referencesProvider", .bool(true)),
            ("documentHighlightProvider", .bool(true)),
            ("renameProvider", LSPJSON.object([("prepareProvider", .bool(true))])),
            ("codeActionProvider", LSPJSON.object([("codeActionKinds", .array(codeActionKinds.map { .string($0) }))])),
            ("executeCommandProvider", LSPJSON.object([("commands", .array(Commands.names.map { .string($0) }))])),
            ("diagnosticProvider", LSPJSON.object([("interFileDependencies", .bool(false)), ("workspaceDiagnostics", .bool(false))])),
        ]
        if !formattingRegisteredLater {
            members += [("documentFormattingProvider", .bool(true)), ("documentRangeFormattingProvider", .bool(true))]
        }
        return LSPJSON.object(members)
    }

    /// The `client/registerCapability` parameters that register formatting for Trellis files.
    static var formattingRegistration: JSONValue {
        let options = LSPJSON.object([("documentSelector", formattedDocuments)])
        return LSPJSON.object([("registrations", .array([
            LSPJSON.object([("id", .string("trellis.formatting")), ("method", .string("textDocument/formatting")), ("registerOptions", options)]),
            LSPJSON.object([("id", .string("trellis.rangeFormatting")), ("method", .string("textDocument/rangeFormatting")), ("registerOptions", options)]),
        ]))])
    }
}
