import TrellisSyntax

/// A JSON value the runtime's reading (``RuntimeReading``) can read: the plain
/// ``JSONValue``, or a ``JSONNode`` read from a file, whose grids then carry source ranges.
/// Reading the syntax directly skips building a plain value tree for every file.
public protocol RuntimeReadable {
    /// The value's type, with the payload of a scalar.
    var readable: ReadableValue { get }
    /// The value's type alone (no payload is copied).
    var readableKind: ReadableKind { get }
    /// The elements of an array.
    var elementList: [Self]? { get }
    /// Calls `body` with each member of an object, in written order.
    func forEachMember(_ body: (String, Self) -> Void)
    /// Calls `body` with each member of an object, in written order: the grid key its name
    /// spells in either dialect (nil for any other name), its name when asked, and its value.
    func forEachGridMember(_ body: (GridKey?, () -> String, Self) -> Void)
    /// The value of the LAST member named `key` (what `NSDictionary` keeps).
    func lastMember(_ key: String) -> Self?
    /// The plain value (for the rare keys kept whole: `actionData` and unknown keys).
    var plainValue: JSONValue { get }
    /// Where the value was written, when read from a file.
    var readableRange: Range<Int>? { get }
}

/// What the runtime's reading needs to know of a value: its type, and a scalar's payload.
public enum ReadableValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array, object
}

/// The type of a ``RuntimeReadable`` value, without its payload.
public enum ReadableKind: Sendable {
    case null, bool, number, string, array, object
}

extension RuntimeReadable {
    /// The value of the LAST member named as 2.0+ JSON names `key` (a key both dialects
    /// spell alike, such as `size`).
    public func lastMember(_ key: GridKey) -> Self? { lastMember(key.jsonName) }

    public func forEachGridMember(_ body: (GridKey?, () -> String, Self) -> Void) {
        forEachMember { name, value in body(GridSchema.key(json: name), { name }, value) }
    }

    public var readableKind: ReadableKind {
        switch readable {
        case .null: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    public var boolPayload: Bool? {
        if case .bool(let flag) = readable { return flag }
        return nil
    }

    public var numberPayload: Double? {
        if case .number(let number) = readable { return number }
        return nil
    }

    public var stringPayload: String? {
        if case .string(let text) = readable { return text }
        return nil
    }
}

extension JSONValue: RuntimeReadable {
    public var readable: ReadableValue {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array: return .array
        case .object: return .object
        }
    }

    public var elementList: [JSONValue]? { arrayElements }

    public func forEachMember(_ body: (String, JSONValue) -> Void) {
        guard case .object(let members) = self else { return }
        for member in members { body(member.key, member.value) }
    }

    public func lastMember(_ key: String) -> JSONValue? { self[key] }
    public var plainValue: JSONValue { self }
    public var readableRange: Range<Int>? { nil }
}

extension JSONNode: RuntimeReadable {
    public var readableKind: ReadableKind {
        switch type {
        case .null, .invalid: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    /// Text that is no JSON value reads as null, as in ``value``.
    public var readable: ReadableValue {
        switch type {
        case .null, .invalid: return .null
        case .bool: return .bool(bool ?? false)
        case .number: return .number(number ?? 0)
        case .string: return .string(string ?? "")
        case .array: return .array
        case .object: return .object
        }
    }

    public var elementList: [JSONNode]? { elements }

    public func forEachMember(_ body: (String, JSONNode) -> Void) {
        forEachMember { member in body(member.key, member.value) }
    }

    public func forEachGridMember(_ body: (GridKey?, () -> String, JSONNode) -> Void) {
        forEachMember { member in body(member.gridKey, { member.key }, member.value) }
    }

    public func lastMember(_ key: String) -> JSONNode? { member(key)?.value }
    public var plainValue: JSONValue { value }
    public var readableRange: Range<Int>? { range }
}
