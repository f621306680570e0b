import TrellisModel
import TrellisSyntax

/// How the client counts columns: UTF-16 code units (the LSP default) or UTF-8 bytes
/// (negotiated when the client offers it).
public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
}

/// An LSP position: zero-based line and column in the negotiated encoding.
struct Position: Equatable {
    var line: Int
    var character: Int
}

/// One open document: its text with its line table, version and kind.
struct OpenDocument {
    let uri: String
    /// The text, its line table computed once per change.
    private(set) var source: SourceFile
    var version: Int
    var kind: InputKind
    var languageID: String
    /// What the next analysis reparses from: the parse of an earlier text and the one edit
    /// made since (no edit: the parse is of this text). Nil after anything else.
    var reparseBase: (parsed: ParseResult, edit: ByteEdit?)?

    init(uri: String, bytes: [UInt8], version: Int, kind: InputKind, languageID: String) {
        self.uri = uri
        source = SourceFile(name: uri, bytes: bytes)
        self.version = version
        self.kind = kind
        self.languageID = languageID
    }

    var bytes: [UInt8] { source.bytes }

    /// Replaces the whole text.
    mutating func replaceAll(with text: [UInt8]) {
        source = SourceFile(name: uri, bytes: text)
        reparseBase = nil
    }

    /// Replaces `range` of the text with `inserted`.
    mutating func replace(_ edited: Range<Int>, with inserted: [UInt8]) {
        let range = source.clamped(edited)
        source = source.replacing(range, with: inserted)
        if let base = reparseBase, base.edit == nil {
            reparseBase = (base.parsed, ByteEdit(range: range, insertedCount: inserted.count))
        } else {
            reparseBase = nil
        }
    }
}

extension SourceFile {
    /// The byte offset of an LSP position, clamped to the document (a position past the end of
    /// a line means its end, past the last line the end of the file).
    func offset(of position: Position, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        switch encoding {
        case .utf8: return offset(line: position.line, utf8Column: max(0, position.character))
        case .utf16: return offset(line: position.line, utf16Column: max(0, position.character))
        }
    }

    func position(of offset: Int, encoding: PositionEncoding) -> Position {
        switch encoding {
        case .utf8:
            let (line, column) = utf8Position(of: offset)
            return Position(line: line, character: column)
        case .utf16:
            let (line, column) = utf16Position(of: offset)
            return Position(line: line, character: column)
        }
    }
}
