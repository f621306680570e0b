/// The kinds of token the lexer produces. Trivia (whitespace, newlines, comments) are
/// tokens too, so the syntax tree holds every byte of the input.
public enum TokenKind: UInt8, Sendable {
    case whitespace, newline, comment
    case byteOrderMark  // U+FEFF at the very start of a file
    case identifier
    case number  // 120, 12.5, -0.5
    case percent  // 33%, -50%
    case ratio  // 1/3, -1/3
    case dimension  // 375x667, 375xwrap@2x, 80x20
    case color  // #EEEEEE
    case string  // "…" (terminated)
    case unterminatedString
    case lBrace, rBrace, lParen, rParen, lBracket, rBracket
    case pipe, semicolon, comma, colon, star, at, equals
    // keywords
    case kwTarget, kwPreview, kwUse, kwTemplate, kwLayout, kwRows, kwCols, kwFill, kwWrap, kwRtl
    case underscore
    case error  // bytes that start no token
    case eof

    @inlinable
    public var isTrivia: Bool { self == .whitespace || self == .newline || self == .comment || self == .byteOrderMark }

    /// The spelling shown in "expected …" messages.
    public var display: String {
        switch self {
        case .whitespace: return "whitespace"
        case .byteOrderMark: return "a byte order mark"
        case .newline: return "a line break"
        case .comment: return "a comment"
        case .identifier: return "a name"
        case .number: return "a number"
        case .percent: return "a percentage"
        case .ratio: return "a ratio"
        case .dimension: return "a size such as 375x667"
        case .color: return "a color"
        case .string, .unterminatedString: return "a string"
        case .lBrace: return "`{`"
        case .rBrace: return "`}`"
        case .lParen: return "`(`"
        case .rParen: return "`)`"
        case .lBracket: return "`[`"
        case .rBracket: return "`]`"
        case .pipe: return "`|`"
        case .semicolon: return "`;`"
        case .comma: return "`,`"
        case .colon: return "`:`"
        case .star: return "`*`"
        case .at: return "`@`"
        case .equals: return "`=`"
        case .kwTarget: return "`target`"
        case .kwPreview: return "`preview`"
        case .kwUse: return "`use`"
        case .kwTemplate: return "`template`"
        case .kwLayout: return "`layout`"
        case .kwRows: return "`rows`"
        case .kwCols: return "`cols`"
        case .kwFill: return "`fill`"
        case .kwWrap: return "`wrap`"
        case .kwRtl: return "`rtl`"
        case .underscore: return "`_`"
        case .error: return "an unexpected character"
        case .eof: return "the end of the file"
        }
    }

    /// How a keyword is written, or nil for a token that is no keyword. The split keywords
    /// are spelled as the schema spells their keys.
    public var keywordSpelling: String? {
        switch self {
        case .kwTarget: return "target"
        case .kwPreview: return "preview"
        case .kwUse: return "use"
        case .kwTemplate: return "template"
        case .kwLayout: return "layout"
        case .kwRows: return GridKey.rows.jsonName
        case .kwCols: return GridKey.cols.jsonName
        case .kwFill: return "fill"
        case .kwWrap: return "wrap"
        case .kwRtl: return "rtl"
        case .underscore: return "_"
        case .whitespace, .newline, .comment, .byteOrderMark, .identifier, .number, .percent, .ratio, .dimension, .color,
            .string, .unterminatedString, .lBrace, .rBrace, .lParen, .rParen, .lBracket, .rBracket, .pipe, .semicolon, .comma,
            .colon, .star, .at, .equals, .error, .eof:
            return nil
        }
    }

    /// The keywords, which no name may take.
    public static let keywords: [TokenKind] = [.kwTarget, .kwPreview, .kwUse, .kwTemplate, .kwLayout, .kwRows, .kwCols, .kwFill, .kwWrap, .kwRtl, .underscore]

    /// Tokens that are a cell's size.
    public var isSize: Bool {
        switch self {
        case .number, .percent, .ratio, .kwFill, .kwWrap, .underscore: return true
        default: return false
        }
    }
}

/// One token: its kind and byte range in the source, in 12 bytes (offsets are 32-bit: the
/// parser reads files of at most ``Parser/maximumBytes``; an offset past that is a
/// programming error and traps rather than wrapping).
public struct Token: Hashable, Sendable {
    @usableFromInline var storedStart: UInt32
    @usableFromInline var storedEnd: UInt32
    public var kind: TokenKind

    @inlinable
    public init(kind: TokenKind, start: Int, end: Int) {
        self.kind = kind
        storedStart = UInt32(start)
        storedEnd = UInt32(end)
    }

    @inlinable
    public var start: Int {
        get { Int(storedStart) }
        set { storedStart = UInt32(newValue) }
    }

    @inlinable
    public var end: Int {
        get { Int(storedEnd) }
        set { storedEnd = UInt32(newValue) }
    }

    @inlinable
    public var range: Range<Int> { start..<end }
}
