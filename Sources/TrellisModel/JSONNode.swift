import TrellisSyntax

/// A JSON value read from a file, with the byte range of every value and key, so that
/// diagnostics, hovers and frames can point back into the source: a view of one value of a
/// ``JSONSyntax`` (16 bytes; nothing is copied until asked for).
public struct JSONNode: Sendable {
    /// A value with its contents, built when asked for (``kind``).
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

    /// One member of an object: its value, which knows the member's key and the key's range.
    public struct Member: Sendable {
        public let value: JSONNode

        public var key: String { value.syntax.key(value.index) }
        public var keyRange: Range<Int> { value.syntax.keyRange(value.index) }

        /// The grid key the member's key spells in either dialect, if any (no String is built
        /// for a key read on the fast path).
        public var gridKey: GridKey? { value.syntax.gridKey(value.index) }
    }

    public let syntax: JSONSyntax
    let index: Int

    init(_ syntax: JSONSyntax, _ index: Int) {
        self.syntax = syntax
        self.index = index
    }

    /// The value's type, without its contents.
    public var type: JSONSyntax.Kind { syntax.entries[index].kind }

    public var range: Range<Int> { syntax.range(index) }

    /// How many elements the arrays at or under this value hold that are the value of a member
    /// whose key spells a grid key `counts` accepts, in either dialect: one pass over the values
    /// as stored (in written order), without a walk through the members.
    public func elementCount(inArraysKeyed counts: (GridKey) -> Bool) -> Int {
        var count = 0
        let end = syntax.subtreeEnd(index)
        var value = index
        while value < end {
            if syntax.entries[value].kind == .array, let key = syntax.gridKey(value), counts(key) {
                var element = value + 1
                let arrayEnd = syntax.subtreeEnd(value)
                while element < arrayEnd {
                    count += 1
                    element = syntax.subtreeEnd(element)
                }
            }
            value += 1
        }
        return count
    }

    public var kind: Kind {
        switch type {
        case .null: return .null
        case .invalid: return .invalid
        case .bool: return .bool(syntax.entries[index].payload != 0)
        case .number: return .number(syntax.number(index))
        case .string: return .string(syntax.text(index))
        case .array: return .array(children.map { JSONNode(syntax, $0) })
        case .object: return .object(children.map { Member(value: JSONNode(syntax, $0)) })
        }
    }

    /// The indices of the members or elements, in written order.
    var children: JSONChildren { JSONChildren(syntax: syntax, parent: index) }

    /// The payload of a bool, a number or a string.
    public var bool: Bool? { type == .bool ? syntax.entries[index].payload != 0 : nil }
    public var number: Double? { type == .number ? syntax.number(index) : nil }
    public var string: String? { type == .string ? syntax.text(index) : nil }

    /// The plain value (invalid parts become null), as the runtime would see it after a
    /// successful parse.
    public var value: JSONValue {
        switch type {
        case .null, .invalid: return .null
        case .bool: return .bool(bool ?? false)
        case .number: return .number(number ?? 0)
        case .string: return .string(string ?? "")
        case .array: return .array(children.map { JSONNode(syntax, $0).value })
        case .object: return .object(children.map { JSONMember(syntax.key($0), JSONNode(syntax, $0).value) })
        }
    }

    public var members: [Member]? {
        type == .object ? children.map { Member(value: JSONNode(syntax, $0)) } : nil
    }

    public var elements: [JSONNode]? {
        type == .array ? children.map { JSONNode(syntax, $0) } : nil
    }

    /// Calls `body` with each member of an object, in written order (nothing for other values).
    public func forEachMember(_ body: (Member) -> Void) {
        guard type == .object else { return }
        for child in children { body(Member(value: JSONNode(syntax, child))) }
    }

    /// Calls `body` with each element of an array, in written order (nothing for other values).
    public func forEachElement(_ body: (JSONNode) -> Void) {
        guard type == .array else { return }
        for child in children { body(JSONNode(syntax, child)) }
    }

    /// Calls `body` with the range of this value and of every value under it that is an
    /// object or an array, in written order (values are stored so: no tree to walk).
    public func forEachContainer(_ body: (Range<Int>) -> Void) {
        let entries = syntax.entries
        for child in index..<syntax.subtreeEnd(index) where entries[child].isContainer { body(syntax.range(child)) }
    }

    /// The object written at `offset` (its `{`), found by binary search: values are stored in
    /// written order.
    public func object(startingAt offset: Int) -> JSONNode? {
        guard let found = syntax.firstValue(startingAtOrAfter: offset) else { return nil }
        var candidate = found
        while candidate < syntax.entries.count, Int(syntax.entries[candidate].start) == offset {
            if syntax.entries[candidate].kind == .object, candidate >= index, candidate < syntax.subtreeEnd(index) { return JSONNode(syntax, candidate) }
            candidate += 1
        }
        return nil
    }

    /// The deepest value in this one written exactly at `range`, found by binary search.
    public func value(spanning range: Range<Int>) -> JSONNode? {
        guard var candidate = syntax.firstValue(startingAtOrAfter: range.lowerBound) else { return nil }
        var found: Int?
        let end = syntax.subtreeEnd(index)
        while candidate < syntax.entries.count, Int(syntax.entries[candidate].start) == range.lowerBound {
            if candidate >= index, candidate < end, syntax.range(candidate) == range { found = candidate }
            candidate += 1
        }
        return found.map { JSONNode(syntax, $0) }
    }

    /// The last member named `key` (what `NSDictionary` keeps).
    public func member(_ key: String) -> Member? {
        guard type == .object else { return nil }
        var found: Int?
        for child in children where syntax.key(child, is: key) { found = child }
        return found.map { Member(value: JSONNode(syntax, $0)) }
    }
}

/// The indices of a container's members or elements in its ``JSONSyntax``.
struct JSONChildren: Sequence {
    let syntax: JSONSyntax
    let parent: Int

    struct Iterator: IteratorProtocol {
        let syntax: JSONSyntax
        var upcoming: Int
        let end: Int

        mutating func next() -> Int? {
            guard upcoming < end else { return nil }
            let current = upcoming
            upcoming = syntax.subtreeEnd(current)
            return current
        }
    }

    func makeIterator() -> Iterator {
        let entry = syntax.entries[parent]
        let isContainer = entry.kind == .object || entry.kind == .array
        return Iterator(syntax: syntax, upcoming: parent + 1, end: isContainer ? Int(entry.payload) : parent + 1)
    }
}
