import TrellisModel
import TrellisSyntax

extension LanguageServer {
    /// A document's diagnostics as the text of an LSP `Diagnostic[]`, or `[]` for a document
    /// that is not analysed (JSON that is no grid dictionary).
    mutating func diagnosticsText(_ document: OpenDocument) -> [UInt8] {
        guard let analysis = analysis(document) else { return Array("[]".utf8) }
        return diagnosticsText(analysis.diagnostics, uri: document.uri, source: analysis.source)
    }

    /// `diagnostics` as the text of an LSP `Diagnostic[]`: byte for byte the compact JSON of
    /// ``diagnosticJSON(_:uri:source:)`` of each, written straight. A file of many layouts
    /// previewed at a wrap height has thousands, and a tree of values for each cost more than
    /// analysing the layout an edit touched.
    func diagnosticsText(_ diagnostics: [Diagnostic], uri: String, source: SourceFile) -> [UInt8] {
        let positions = source.positions
        var uriText: [UInt8] = []
        JSONWriter.appendString(uri, into: &uriText)
        var json: [UInt8] = [UInt8(ascii: "[")]
        json.reserveCapacity(diagnostics.count * 512)
        for (number, diagnostic) in diagnostics.enumerated() {
            if number > 0 { json.append(UInt8(ascii: ",")) }
            json.append(contentsOf: #"{"range":"#.utf8)
            appendRange(diagnostic.range, in: positions, to: &json)
            json.append(contentsOf: #","severity":"#.utf8)
            JSONWriter.appendInteger(Self.severityNumber(diagnostic.severity), into: &json)
            json.append(contentsOf: #","code":"#.utf8)
            JSONWriter.appendString(diagnostic.code.id, into: &json)
            json.append(contentsOf: #","source":"trellis","message":"#.utf8)
            JSONWriter.appendString(diagnostic.message, lines: diagnostic.notes, into: &json)
            if let base = settings.documentationBase {
                json.append(contentsOf: #","codeDescription":{"href":"#.utf8)
                JSONWriter.appendString(base + "#" + diagnostic.code.anchor, into: &json)
                json.append(UInt8(ascii: "}"))
            }
            if !diagnostic.labels.isEmpty {
                json.append(contentsOf: #","relatedInformation":["#.utf8)
                for (index, label) in diagnostic.labels.enumerated() {
                    json.append(contentsOf: (index == 0 ? #"{"location":{"uri":"# : #",{"location":{"uri":"#).utf8)
                    json += uriText
                    json.append(contentsOf: #","range":"#.utf8)
                    appendRange(label.range, in: positions, to: &json)
                    json.append(contentsOf: #"},"message":"#.utf8)
                    JSONWriter.appendString(label.message, into: &json)
                    json.append(UInt8(ascii: "}"))
                }
                json.append(UInt8(ascii: "]"))
            }
            if diagnostic.code.isUnnecessary { json.append(contentsOf: #","tags":[1]"#.utf8) }
            json.append(UInt8(ascii: "}"))
        }
        json.append(UInt8(ascii: "]"))
        return json
    }

    /// LSP's number for a severity (1 error … 4 hint).
    static func severityNumber(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .info: return 3
        case .hint: return 4
        }
    }

    private func appendRange(_ range: Range<Int>, in positions: SourceFile.Positions, to json: inout [UInt8]) {
        let start = position(of: range.lowerBound, in: positions)
        let end = range.isEmpty ? start : position(of: range.upperBound, in: positions)
        json.append(contentsOf: #"{"start":{"line":"#.utf8)
        JSONWriter.appendInteger(start.line, into: &json)
        json.append(contentsOf: #","character":"#.utf8)
        JSONWriter.appendInteger(start.character, into: &json)
        json.append(contentsOf: #"},"end":{"line":"#.utf8)
        JSONWriter.appendInteger(end.line, into: &json)
        json.append(contentsOf: #","character":"#.utf8)
        JSONWriter.appendInteger(end.character, into: &json)
        json.append(contentsOf: "}}".utf8)
    }

    private func position(of offset: Int, in positions: SourceFile.Positions) -> (line: Int, character: Int) {
        switch encoding {
        case .utf8:
            let found = positions.utf8Position(of: offset)
            return (found.line, found.column)
        case .utf16:
            let found = positions.scalarAndUTF16Position(of: offset)
            return (found.line, found.utf16)
        }
    }

    /// `textDocument/publishDiagnostics` with a list written as text (``diagnosticsText(_:)``).
    func publish(uri: String, diagnosticsText: [UInt8], version: Int?) {
        var head = Array(#"{"jsonrpc":"2.0","method":"#.utf8)
        JSONWriter.appendString(LSPMethod.publishDiagnostics, into: &head)
        head.append(contentsOf: #","params":{"uri":"#.utf8)
        JSONWriter.appendString(uri, into: &head)
        head.append(contentsOf: #","diagnostics":"#.utf8)
        var tail: [UInt8] = []
        if let version {
            tail.append(contentsOf: #","version":"#.utf8)
            JSONWriter.appendInteger(version, into: &tail)
        }
        tail.append(contentsOf: "}}".utf8)
        writer.send([head, diagnosticsText, tail])
    }
}
