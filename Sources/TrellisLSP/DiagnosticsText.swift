import TrellisModel
import TrellisSyntax

extension LanguageServer {
    /// A document's diagnostics as the text of an LSP `Diagnostic[]`, or `[]` for a document
    /// that is not analysed (JSON that is no grid dictionary). The text is kept until the next
    /// list of the same document, which copies what the two share.
    mutating func diagnosticsText(_ document: OpenDocument) -> [UInt8] {
        guard let analysis = analysis(document) else {
            writtenDiagnostics[document.uri] = nil
            return Array("[]".utf8)
        }
        let written = diagnosticsText(
            analysis.diagnostics, uri: document.uri, source: analysis.source, reusing: writtenDiagnostics.removeValue(forKey: document.uri))
        writtenDiagnostics[document.uri] = written
        return written.text
    }

    /// `diagnostics` as the text of an LSP `Diagnostic[]`: byte for byte the compact JSON of
    /// ``diagnosticJSON(_:uri:source:)`` of each, written straight. A file of many layouts
    /// previewed at a wrap height has thousands, and a tree of values for each cost more than
    /// analysing the layout an edit touched.
    func diagnosticsText(_ diagnostics: [Diagnostic], uri: String, source: SourceFile) -> [UInt8] {
        diagnosticsText(diagnostics, uri: uri, source: source, reusing: nil).text
    }

    /// ``diagnosticsText(_:uri:source:)``, copying from `previous` (the list last written for
    /// the same document) the text of each diagnostic it shares: whole when its range is
    /// written at the same positions and it has no labels, else but for the ranges.
    func diagnosticsText(_ diagnostics: [Diagnostic], uri: String, source: SourceFile, reusing previous: WrittenDiagnostics?) -> WrittenDiagnostics {
        let base = settings.documentationBase
        let reusable = previous?.reusableBodies(for: diagnostics, documentationBase: base) ?? []
        let previousText = previous?.text ?? []
        // Ranges mostly rise through the list: converted by walking on from the last one.
        var cursor = PositionCursor(source, encoding: encoding)
        var uriText: [UInt8] = []
        JSONWriter.appendString(uri, into: &uriText)
        var json: [UInt8] = [UInt8(ascii: "[")]
        json.reserveCapacity(previous.map { $0.text.count + 1_024 } ?? diagnostics.count * 512)
        var bodies: [Range<Int>] = [], entries: [Range<Int>] = [], ranges: [WrittenRange] = []
        var copiedWhole = 0
        bodies.reserveCapacity(diagnostics.count)
        entries.reserveCapacity(diagnostics.count)
        ranges.reserveCapacity(diagnostics.count)
        // SAFETY: `$0[range]` is a range of `previousText` (``WrittenDiagnostics/bodies`` and
        // ``WrittenDiagnostics/entries`` of the list it was written as), read inside the closure only.
        func copy(_ range: Range<Int>) { previousText.withUnsafeBufferPointer { json.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) } }
        // By index: enumerating the list would copy each diagnostic (a reference count per
        // string and list it holds).
        for number in diagnostics.indices {
            let diagnostic = diagnostics[number]
            if number > 0 { json.append(UInt8(ascii: ",")) }
            let entryStart = json.count
            let start = cursor.position(of: diagnostic.range.lowerBound)
            let end = diagnostic.range.isEmpty ? start : cursor.position(of: diagnostic.range.upperBound)
            let range = WrittenRange(start, end)
            ranges.append(range)
            let old = reusable.indices.contains(number) ? reusable[number] : nil
            if let old, let previous, diagnostic.labels.isEmpty, previous.diagnostics[old].labels.isEmpty, previous.ranges[old] == range {
                copy(previous.entries[old])
                let shift = entryStart - previous.entries[old].lowerBound
                bodies.append((previous.bodies[old].lowerBound + shift)..<(previous.bodies[old].upperBound + shift))
                entries.append(entryStart..<json.count)
                copiedWhole += 1
                continue
            }
            json.append(literal: #"{"range":"#)
            appendRange(start, end, to: &json)
            let bodyStart = json.count
            if let old, let previous {
                copy(previous.bodies[old])
            } else {
                json.append(literal: #","severity":"#)
                JSONWriter.appendInteger(Self.severityNumber(diagnostic.severity), into: &json)
                json.append(literal: #","code":"#)
                JSONWriter.appendString(diagnostic.code.id, into: &json)
                json.append(literal: #","source":"trellis","message":"#)
                JSONWriter.appendString(diagnostic.message, lines: diagnostic.notes, into: &json)
                if let base {
                    json.append(literal: #","codeDescription":{"href":"#)
                    JSONWriter.appendString(base + "#" + diagnostic.code.anchor, into: &json)
                    json.append(UInt8(ascii: "}"))
                }
            }
            bodies.append(bodyStart..<json.count)
            if !diagnostic.labels.isEmpty {
                json.append(literal: #","relatedInformation":["#)
                for (index, label) in diagnostic.labels.enumerated() {
                    json.append(literal: index == 0 ? #"{"location":{"uri":"# : #",{"location":{"uri":"#)
                    json += uriText
                    json.append(literal: #","range":"#)
                    let labelStart = cursor.position(of: label.range.lowerBound)
                    appendRange(labelStart, label.range.isEmpty ? labelStart : cursor.position(of: label.range.upperBound), to: &json)
                    json.append(literal: #"},"message":"#)
                    JSONWriter.appendString(label.message, into: &json)
                    json.append(UInt8(ascii: "}"))
                }
                json.append(UInt8(ascii: "]"))
            }
            if diagnostic.code.isUnnecessary { json.append(literal: #","tags":[1]"#) }
            json.append(UInt8(ascii: "}"))
            entries.append(entryStart..<json.count)
        }
        json.append(UInt8(ascii: "]"))
        return WrittenDiagnostics(
            diagnostics: diagnostics, text: json, bodies: bodies, entries: entries, ranges: ranges, copiedWhole: copiedWhole, documentationBase: base)
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

    private func appendRange(_ start: Position, _ end: Position, to json: inout [UInt8]) {
        json.append(literal: #"{"start":{"line":"#)
        JSONWriter.appendInteger(start.line, into: &json)
        json.append(literal: #","character":"#)
        JSONWriter.appendInteger(start.character, into: &json)
        json.append(literal: #"},"end":{"line":"#)
        JSONWriter.appendInteger(end.line, into: &json)
        json.append(literal: #","character":"#)
        JSONWriter.appendInteger(end.character, into: &json)
        json.append(literal: "}}")
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

extension [UInt8] {
    /// Appends a literal's bytes in one piece (a string's UTF-8 view is appended a byte at a
    /// time).
    fileprivate mutating func append(literal: StaticString) {
        // SAFETY: the literal's bytes are static and copied whole inside the closure.
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}
