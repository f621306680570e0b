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
    /// The server's number for this opening of the document (from 1; 0 for a file read from
    /// disk): inlay hints name their document by it.
    var number = 0
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
    /// The byte offset of an LSP position, clamped as LSP 3.17 says: a line past the last is
    /// the end of the file, a column past the end of its line the line's end. A column inside
    /// a character (a UTF-8 column inside a multibyte sequence, a UTF-16 column between the
    /// halves of a surrogate pair) is the character's start, in both encodings, so that an
    /// edit never splits a character and the text stays valid UTF-8.
    func offset(of position: Position, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let column = max(0, position.character)
        switch encoding {
        case .utf8:
            return characterStart(offset(line: position.line, utf8Column: column))
        case .utf16:
            // `offset(line:utf16Column:)` takes a column between the halves of a pair to the
            // character's end: moved back to its start.
            let offset = offset(line: position.line, utf16Column: column)
            guard offset >= 4, offset <= bytes.count, Self.sequenceLength(bytes[offset - 4]) == 4,
                utf16Position(of: offset).column > column
            else { return offset }
            return offset - 4
        }
    }

    /// The first byte of the character `offset` is inside of (`offset` itself when it is at a
    /// character's start, at the end, or in bytes that are not UTF-8).
    func characterStart(_ offset: Int) -> Int {
        guard offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 else { return offset }
        var start = offset - 1
        while start > 0, offset - start < 3, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return Self.sequenceLength(bytes[start]) > offset - start ? start : offset
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
