extension Grid {
    /// The grid dictionary for a dialect, keys in a fixed order: `size` first, then the
    /// attributes, raw members, and the children last. Default values are omitted.
    public func jsonValue(dialect: Dialect) -> JSONValue {
        var members: [JSONMember] = []
        members.reserveCapacity(4)
        if let size { members.append(JSONMember("size", size.jsonValue)) }
        if let padding { members.append(JSONMember("padding", .string(padding.runtimeString))) }
        if let spacing { members.append(JSONMember(dialect.spacingKey, .number(spacing))) }
        if let gravity { members.append(JSONMember("gravity", .string(gravity))) }
        if let overlap { members.append(JSONMember("overlap", .string(overlap))) }
        if anchor { members.append(JSONMember("anchor", .bool(true))) }
        if placeholder { members.append(JSONMember("placeholder", .bool(true))) }
        if let tag, tag != 0 { members.append(JSONMember("tag", .number(Double(tag)))) }
        if let action { members.append(JSONMember("action", .string(action))) }
        if let actionData { members.append(JSONMember("action-data", actionData)) }
        for line in borderlines {
            members.append(JSONMember(line.edge.jsonKey, line.jsonValue))
        }
        members.append(contentsOf: extra)
        if let axis {
            members.append(JSONMember(axis.rawValue, .array(children.map { $0.jsonValue(dialect: dialect) })))
        }
        return .object(members)
    }
}

extension Borderline {
    /// The borderline object: `color`, `thick`, `head`, `tail`, `offset`, `dash`, as given.
    public var jsonValue: JSONValue {
        var fields: [JSONMember] = []
        if let color { fields.append(JSONMember("color", .string(color))) }
        if let thick { fields.append(JSONMember("thick", .number(thick))) }
        if let head { fields.append(JSONMember("head", .number(head))) }
        if let tail { fields.append(JSONMember("tail", .number(tail))) }
        if let offset { fields.append(JSONMember("offset", .number(offset))) }
        if let dash { fields.append(JSONMember("dash", .number(dash))) }
        return .object(fields)
    }
}
