/// A value of a TOML document, with the byte range it is written at.
public struct TOMLValue: Sendable, Equatable {
    /// What the value holds.
    public enum Kind: Sendable, Equatable {
        case string(String)
        case integer(Int)
        case float(Double)
        case bool(Bool)
        case array([TOMLValue])
    }

    public var kind: Kind
    public var range: Range<Int>

    public init(_ kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }

    /// The value's TOML type, for messages: `a string`, `an integer`, `an array`.
    public var typeName: String {
        switch kind {
        case .string: return "a string"
        case .integer: return "an integer"
        case .float: return "a float"
        case .bool: return "a boolean"
        case .array: return "an array"
        }
    }

    public var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    public var elements: [TOMLValue]? {
        if case .array(let values) = kind { return values }
        return nil
    }
}

/// A table header of a TOML document: `[lint]` or `[[lint.per-path]]`.
public struct TOMLTableHeader: Sendable, Equatable {
    /// The dotted name, one part per element: `["lint", "per-path"]`.
    public var name: [String]
    /// `[[…]]`: one element of an array of tables.
    public var isArrayElement: Bool
    /// The whole header, brackets included.
    public var range: Range<Int>
    /// A header that could not be read (P001 said so): the keys under it belong to no table
    /// anyone can name, and are not checked.
    public var isBroken = false
}

/// One `key = value` of a TOML document, under the table header before it.
public struct TOMLEntry: Sendable, Equatable {
    /// The index in ``TOMLDocument/headers`` of the header the entry is under, nil for the
    /// entries before the first header.
    public var header: Int?
    /// The key's parts: one, or several for a dotted key (`lint.disable = […]`).
    public var key: [String]
    /// The whole key as written.
    public var keyRange: Range<Int>
    public var value: TOMLValue
}

/// A TOML document as read: its table headers and entries in written order, and what was
/// wrong (TOML syntax outside the subset read is P001).
public struct TOMLDocument: Sendable {
    public var headers: [TOMLTableHeader] = []
    public var entries: [TOMLEntry] = []
    public var diagnostics: [Diagnostic] = []

    public init() {}
}
