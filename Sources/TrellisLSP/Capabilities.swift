import TrellisIDE
import TrellisModel

/// What the server tells the client it can do (`InitializeResult.capabilities`).
enum Capabilities {
    static let codeActionKinds = ["quickfix", CodeActions.fixAllKind, "refactor.extract", "refactor.inline"]

    static func json(encoding: PositionEncoding) -> JSONValue {
        LSPJSON.object([
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
            ("documentFormattingProvider", .bool(true)),
            ("documentRangeFormattingProvider", .bool(true)),
            ("codeActionProvider", LSPJSON.object([("codeActionKinds", .array(codeActionKinds.map { .string($0) }))])),
            ("executeCommandProvider", LSPJSON.object([("commands", .array(Commands.names.map { .string($0) }))])),
            ("diagnosticProvider", LSPJSON.object([("interFileDependencies", .bool(false)), ("workspaceDiagnostics", .bool(false))])),
        ])
    }
}
