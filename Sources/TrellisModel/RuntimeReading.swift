import TrellisSyntax

/// The runtime's reading of grid dictionaries (MyGridNode.m, `translateGridDicionary:`),
/// including its silent conversions. Shared by frames, model comparison and lint.
public enum RuntimeReading {
    /// MyLayoutSize.wrap and MyLayoutSize.fill.
    public static let wrap: Double = -99999
    public static let fill: Double = -99998

    /// Every key the runtime reads, in either dialect.
    public static let knownKeys = Set(GridSchema.allJSONSpellings)

    /// The root grid of a layout view: its `size`, `anchor`, `placeholder` and borderlines
    /// mean nothing (the runtime's root always fills, is never an anchor or placeholder).
    public static func root(_ value: JSONValue, dialect: Dialect) -> RuntimeGrid {
        var grid = RuntimeGrid(measure: fill)
        apply(value, to: &grid, dialect: dialect, isRoot: true)
        return grid
    }

    /// `createLayoutSize:` — how a `size` value becomes a measure.
    public static func measure(of value: JSONValue?) -> Double {
        switch value {
        case .number(let number)?: return number
        case .bool(let flag)?: return flag ? 1 : 0
        case .string(let text)?:
            if text == "fill" { return fill }
            if text == "wrap" { return wrap }
            if text.hasSuffix("%") {
                if text == "100%" || text == "-100%" { return fill }
                return doubleValue(of: text) / 100
            }
            return fill
        default:
            return fill
        }
    }

    /// `-[NSString doubleValue]`: the longest numeric prefix after leading whitespace, else 0.
    public static func doubleValue(of text: String) -> Double {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A { index += 1 }
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1; digits += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1; digits += 1 }
        }
        guard digits > 0 else { return 0 }
        var end = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var probe = index + 1
            if probe < bytes.count, bytes[probe] == UInt8(ascii: "-") || bytes[probe] == UInt8(ascii: "+") { probe += 1 }
            if probe < bytes.count, bytes[probe] >= UInt8(ascii: "0"), bytes[probe] <= UInt8(ascii: "9") {
                while probe < bytes.count, bytes[probe] >= UInt8(ascii: "0"), bytes[probe] <= UInt8(ascii: "9") { probe += 1 }
                end = probe
            }
        }
        let number = Double(String(decoding: bytes[start..<end], as: UTF8.self)) ?? 0
        return number.isFinite ? number : 0
    }

    /// `doubleValue` sent to whatever JSON value a key holds (non-numbers read as 0).
    public static func double(_ value: JSONValue?) -> Double {
        switch value {
        case .number(let number)?: return number
        case .bool(let flag)?: return flag ? 1 : 0
        case .string(let text)?: return doubleValue(of: text)
        default: return 0
        }
    }

    /// `integerValue`: numbers truncate, strings read their integer prefix.
    public static func integer(_ value: JSONValue?) -> Int {
        let number = double(value)
        guard number.isFinite, abs(number) < 9e18 else { return 0 }
        return Int(number.rounded(.towardZero))
    }

    /// `boolValue`: numbers are true when non-zero; strings when they start (after
    /// whitespace, sign and zeros) with Y, y, T, t or a digit 1–9.
    public static func bool(_ value: JSONValue?) -> Bool {
        switch value {
        case .bool(let flag)?: return flag
        case .number(let number)?: return number != 0
        case .string(let text)?:
            var scalars = Substring(text).drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
            if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
            scalars = scalars.drop(while: { $0 == "0" })
            guard let first = scalars.first else { return false }
            return "YyTt123456789".contains(first)
        default: return false
        }
    }

    /// `UIEdgeInsetsFromString`: `{top, left, bottom, right}`; malformed text reads as zeros.
    public static func padding(_ text: String) -> EdgeInsets {
        let trimmed = text.trimmingSpaces
        guard trimmed.hasPrefix("{"), trimmed.hasSuffix("}"), trimmed.count >= 2 else { return .zero }
        let inner = trimmed.dropFirst().dropLast()
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return .zero }
        var values: [Double] = []
        for part in parts {
            guard let value = Double(String(part).trimmingSpaces), value.isFinite else { return .zero }
            values.append(value)
        }
        return EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }

    /// The values of the keys the runtime reads; for a key given twice, the last one
    /// (what NSDictionary keeps).
    struct Keys {
        var actionData, tag, action, padding, spacing, placeholder, anchor, overlap, gravity: JSONValue?
        var borderlines: [JSONValue?] = [nil, nil, nil, nil]   // top, left, bottom, right
        var cols, rows: JSONValue?
        var unknown: [JSONMember] = []

        init(_ members: [JSONMember], dialect: Dialect) {
            for member in members {
                let value = member.value
                guard let key = GridSchema.key(json: member.key), key != .spacing || member.key == dialect.spacingKey else {
                    unknown.append(member)   // includes the other dialect's spacing key
                    continue
                }
                switch key {
                case .size: break
                case .actionData: actionData = value
                case .tag: tag = value
                case .action: action = value
                case .padding: padding = value
                case .spacing: spacing = value
                case .placeholder: placeholder = value
                case .anchor: anchor = value
                case .overlap: overlap = value
                case .gravity: gravity = value
                case .topBorderline: borderlines[0] = value
                case .leftBorderline: borderlines[1] = value
                case .bottomBorderline: borderlines[2] = value
                case .rightBorderline: borderlines[3] = value
                case .cols: cols = value
                case .rows: rows = value
                }
            }
        }
    }

    static func apply(_ value: JSONValue, to grid: inout RuntimeGrid, dialect: Dialect, isRoot: Bool) {
        guard case .object(let members) = value else { return }
        let keys = Keys(members, dialect: dialect)
        if let data = keys.actionData, data != .null { grid.actionData = data }
        grid.tag = integer(keys.tag)
        if case .string(let action)? = keys.action, !action.isEmpty, !isRoot { grid.action = action }
        if case .string(let text)? = keys.padding, !text.isEmpty { grid.padding = padding(text) }
        grid.spacing = double(keys.spacing)
        if !isRoot {
            grid.placeholder = bool(keys.placeholder)
            grid.anchor = bool(keys.anchor)
        }
        if case .string(let text)? = keys.overlap {
            let overlap = Gravity.parse(text)
            if !overlap.isNone {
                if !isRoot {
                    grid.anchor = true
                    grid.measure = 0
                }
                grid.gravity = overlap
            }
        }
        if case .string(let text)? = keys.gravity {
            let gravity = Gravity.parse(text)
            if !gravity.isNone { grid.gravity = gravity }
        }
        if !isRoot {
            for (index, edge) in [Edge.top, .left, .bottom, .right].enumerated() {
                guard let line = keys.borderlines[index], case .object = line else { continue }
                // MyBorderline starts black and 1 point wide; an unreadable color string
                // clears the color, and `setThick:` raises any width below 1 to 1.
                var color: RGBA? = RGBA.namedColors["black"]
                if case .string(let text)? = line["color"] { color = RGBA.parse(text) }
                grid.borderlines.append(RuntimeBorderline(
                    edge: edge, color: color, thick: max(1, double(line["thick"])), head: double(line["head"]),
                    tail: double(line["tail"]), offset: double(line["offset"]), dash: double(line["dash"])))
            }
        }
        // NSDictionary keeps one value per key (the last) and no order.
        var unknown: [String: JSONValue] = [:]
        for member in keys.unknown { unknown[member.key] = member.value }
        grid.unknownKeys = unknown.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value) }
        // `cols` are added first; `rows` after them turn the split into rows (an assertion
        // in debug builds; release builds keep both lists under one axis).
        for (list, axis) in [(keys.cols, Axis.cols), (keys.rows, Axis.rows)] {
            guard case .array(let elements)? = list else { continue }
            grid.children.reserveCapacity(grid.children.count + elements.count)
            for element in elements {
                var child = RuntimeGrid(measure: measure(of: element["size"]))
                apply(element, to: &child, dialect: dialect, isRoot: false)
                grid.children.append(child)
                grid.axis = axis
            }
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    public var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" || first == "\r" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\n" || last == "\r" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
