/// A JSON value read from a file, with the byte range of every value and key, so that
/// diagnostics, hovers and frames can point back into the source.
public struct JSONNode: Sendable {
    public enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([Member])
        /// Text that is no JSON value; already reported.
        case invalid
    }

    /// One member of an object, with the key's own range (56 bytes).
    public struct Member: Sendable {
        public var key: String
        private var keyStart: UInt32
        private var keyEnd: UInt32
        public var value: JSONNode

        public init(key: String, keyRange: Range<Int>, value: JSONNode) {
            self.key = key
            keyStart = UInt32(keyRange.lowerBound)
            keyEnd = UInt32(keyRange.upperBound)
            self.value = value
        }

        public var keyRange: Range<Int> {
            get { Int(keyStart)..<Int(keyEnd) }
            set {
                keyStart = UInt32(newValue.lowerBound)
                keyEnd = UInt32(newValue.upperBound)
            }
        }
    }

    public var kind: Kind
    /// Byte offsets are 32-bit (32 bytes a node): the reader reads files of at most
    /// ``JSONReader/maximumBytes``.
    private var start: UInt32
    private var end: UInt32

    public init(kind: Kind, range: Range<Int>) {
        self.kind = kind
        start = UInt32(range.lowerBound)
        end = UInt32(range.upperBound)
    }

    public var range: Range<Int> {
        get { Int(start)..<Int(end) }
        set {
            start = UInt32(newValue.lowerBound)
            end = UInt32(newValue.upperBound)
        }
    }

    /// The plain value (invalid parts become null), as the runtime would see it after a
    /// successful parse.
    public var value: JSONValue {
        switch kind {
        case .null, .invalid: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let elements): return .array(elements.map(\.value))
        case .object(let members): return .object(members.map { JSONMember($0.key, $0.value.value) })
        }
    }

    public var members: [Member]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    public var elements: [JSONNode]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// The last member named `key` (what `NSDictionary` keeps).
    public func member(_ key: String) -> Member? {
        members?.last(where: { $0.key == key })
    }
}
