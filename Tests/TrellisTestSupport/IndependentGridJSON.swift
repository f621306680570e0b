import TrellisModel
import TrellisSyntax

/// The tests' own way from a ``Grid`` to its grid dictionary, a plain value built key by key,
/// written independently of `GridJSONWriter` (which `build` ships, and which the tests hold
/// to `JSONWriter.write(grid.jsonValue(dialect:))` byte for byte). A tag is a `Double` here,
/// so generated grids keep tags below 10^15, where the two agree.
extension Grid {
    /// The grid dictionary for a dialect, keys in the schema's canonical order (`GridKey`):
    /// `size` first, then the attributes, raw members, and the children last. Default values
    /// are omitted.
    public func jsonValue(dialect: Dialect) -> JSONValue {
        var members: [JSONMember] = []
        members.reserveCapacity(4)
        for key in GridSchema.attributeKeys {
            let name = dialect.json(key)
            switch key {
            case .size: if let size { members.append(JSONMember(name, size.jsonValue)) }
            case .padding: if let padding { members.append(JSONMember(name, .string(padding.runtimeString))) }
            case .spacing:
                guard let spacing else { break }
                if dialect == .any { members.append(JSONMember(GridSchema.jsonName(.spacing, legacy: true), .number(spacing))) }
                members.append(JSONMember(name, .number(spacing)))
            case .gravity: if let gravity { members.append(JSONMember(name, .string(gravity))) }
            case .overlap: if let overlap { members.append(JSONMember(name, .string(overlap))) }
            case .anchor: if anchor { members.append(JSONMember(name, .bool(true))) }
            case .placeholder: if placeholder { members.append(JSONMember(name, .bool(true))) }
            case .tag: if let tag, tag != 0 { members.append(JSONMember(name, .number(Double(tag)))) }
            case .action: if let action { members.append(JSONMember(name, .string(action))) }
            case .actionData: if let actionData { members.append(JSONMember(name, actionData)) }
            case .topBorderline, .leftBorderline, .bottomBorderline, .rightBorderline:
                for line in borderlines where line.edge.gridKey == key { members.append(JSONMember(name, line.jsonValue)) }
            case .rows, .cols: break
            }
        }
        members.append(contentsOf: extra)
        if let axis {
            members.append(JSONMember(dialect.json(axis.gridKey), .array(children.map { $0.jsonValue(dialect: dialect) })))
        }
        return .object(members)
    }
}

extension Borderline {
    /// The borderline object: `color`, `thick`, `head`, `tail`, `offset`, `dash`, as given.
    public var jsonValue: JSONValue {
        var fields: [JSONMember] = []
        if let color { fields.append(JSONMember(BorderlineField.color.name, .string(color))) }
        if let thick { fields.append(JSONMember(BorderlineField.thick.name, .number(thick))) }
        if let head { fields.append(JSONMember(BorderlineField.head.name, .number(head))) }
        if let tail { fields.append(JSONMember(BorderlineField.tail.name, .number(tail))) }
        if let offset { fields.append(JSONMember(BorderlineField.offset.name, .number(offset))) }
        if let dash { fields.append(JSONMember(BorderlineField.dash.name, .number(dash))) }
        return .object(fields)
    }
}
