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
    /// Read from a ``JSONNode``, every grid carries the range it was written at.
    public static func root<Value: RuntimeReadable>(_ value: Value, dialect: Dialect) -> RuntimeGrid {
        var grid = RuntimeGrid(measure: fill)
        apply(value, to: &grid, dialect: dialect, isRoot: true)
        return grid
    }

    /// `createLayoutSize:` — how a `size` value becomes a measure.
    public static func measure(of value: JSONValue?) -> Double { measure(read: value) }

    /// `createLayoutSize:` for any readable value (inlinable: specialized for the kind of value
    /// where it is called, in any module, without looking up the optional's type at run time).
    @inlinable
    public static func measure<Value: RuntimeReadable>(read value: Value?) -> Double {
        guard let value else { return fill }
        switch value.readableKind {
        case .number: return value.numberPayload ?? 0
        case .bool: return value.boolPayload == true ? 1 : 0
        case .string:
            let text = value.stringPayload ?? ""
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
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            index += 1
            digits += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
                digits += 1
            }
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
        return NumberParsing.double(bytes, start..<end) ?? 0
    }

    /// `Double(text)` when the text is a short plain decimal (`-12.5`), computed on bytes;
    /// nil otherwise, and the caller asks `Double` itself.
    public static func plainDecimal(_ text: Substring) -> Double? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 15,
            bytes.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") })
        else { return nil }
        return NumberParsing.double(bytes, 0..<bytes.count)
    }

    /// `doubleValue` sent to whatever JSON value a key holds (non-numbers read as 0).
    public static func double(_ value: JSONValue?) -> Double { double(read: value) }

    /// `doubleValue` for any readable value.
    public static func double<Value: RuntimeReadable>(read value: Value?) -> Double {
        guard let value else { return 0 }
        switch value.readableKind {
        case .number: return value.numberPayload ?? 0
        case .bool: return value.boolPayload == true ? 1 : 0
        case .string: return doubleValue(of: value.stringPayload ?? "")
        default: return 0
        }
    }

    /// `integerValue`: numbers truncate, strings read their integer prefix.
    public static func integer(_ value: JSONValue?) -> Int64 { integer(read: value) }

    /// `integerValue` for any readable value.
    public static func integer<Value: RuntimeReadable>(read value: Value?) -> Int64 {
        let number = double(read: value)
        guard number.isFinite, abs(number) < 9e18 else { return 0 }
        return Int64(number.rounded(.towardZero))
    }

    /// `boolValue`: numbers are true when non-zero; strings when they start (after
    /// whitespace, sign and zeros) with Y, y, T, t or a digit 1–9.
    public static func bool(_ value: JSONValue?) -> Bool { bool(read: value) }

    /// `boolValue` for any readable value.
    public static func bool<Value: RuntimeReadable>(read value: Value?) -> Bool {
        guard let value else { return false }
        switch value.readableKind {
        case .bool: return value.boolPayload ?? false
        case .number: return value.numberPayload != 0
        case .string:
            var scalars = Substring(value.stringPayload ?? "").drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
            if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
            scalars = scalars.drop(while: { $0 == "0" })
            guard let first = scalars.first else { return false }
            return "YyTt123456789".contains(first)
        default: return false
        }
    }

    /// `UIEdgeInsetsFromString`: `{top, left, bottom, right}`; malformed text reads as zeros.
    /// (Each part, without surrounding spaces, must be a whole finite number for `Double`.)
    public static func padding(_ text: String) -> EdgeInsets {
        var text = text
        // SAFETY: the string's UTF-8 is read inside the closure only.
        return text.withUTF8 { padding(bytes: $0) }
    }

    /// SAFETY: reads through `wellFormedPadding(bytes:)`, within the buffer's count.
    static func padding(bytes: UnsafeBufferPointer<UInt8>) -> EdgeInsets { wellFormedPadding(bytes: bytes) ?? .zero }

    /// Whether `UIEdgeInsetsFromString` reads four numbers from `text` (else it reads zeros).
    static func isWellFormedPadding(_ text: String) -> Bool {
        var text = text
        // SAFETY: the string's UTF-8 is read inside the closure only.
        return text.withUTF8 { wellFormedPadding(bytes: $0) } != nil
    }

    /// The four numbers of a well-formed padding string; nil when it is malformed.
    /// SAFETY: no precondition: `isSpace` is asked about indices in `0..<bytes.count` only and checks `index + 1` and
    /// `index - 1` before reading them; `bytes[start]` and `bytes[end - 1]` are read once `end - start >= 2`, `bytes[index]`
    /// below `end - 1`, and `NumberParsing.double` gets a range inside `start..<end`.
    static func wellFormedPadding(bytes: UnsafeBufferPointer<UInt8>) -> EdgeInsets? {
        // Spaces, tabs and lone line breaks are trimmed; `\r\n` is one character that is not.
        func isSpace(_ index: Int) -> Bool {
            switch bytes[index] {
            case 0x20, 0x09: return true
            case 0x0D: return index + 1 >= bytes.count || bytes[index + 1] != 0x0A
            case 0x0A: return index == 0 || bytes[index - 1] != 0x0D
            default: return false
            }
        }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(start) { start += 1 }
        while end > start, isSpace(end - 1) { end -= 1 }
        guard end - start >= 2, bytes[start] == UInt8(ascii: "{"), bytes[end - 1] == UInt8(ascii: "}") else { return nil }
        var numbers = FourNumbers()
        var partStart = start + 1
        var index = start
        while index < end - 1 {
            index += 1
            guard index == end - 1 || bytes[index] == UInt8(ascii: ",") else { continue }
            var lower = partStart
            var upper = index
            while lower < upper, isSpace(lower) { lower += 1 }
            while upper > lower, isSpace(upper - 1) { upper -= 1 }
            guard numbers.count < 4, let value = NumberParsing.double(bytes, lower..<upper), numbers.append(value) else { return nil }
            partStart = index + 1
        }
        return numbers.count == 4 ? numbers.insets : nil
    }

    /// The values of the keys the runtime reads; for a key given twice, the last one
    /// (what NSDictionary keeps).
    struct Keys<Value: RuntimeReadable> {
        var actionData, tag, action, padding, spacing, placeholder, anchor, overlap, gravity: Value?
        var topBorderline, leftBorderline, bottomBorderline, rightBorderline: Value?
        var cols, rows: Value?
        var unknown: [JSONMember] = []

        init(_ value: Value, dialect: Dialect) {
            value.forEachGridMember { key, name, value in
                guard let key, key != .spacing || dialect.readsSpacing(name()) else {
                    unknown.append(JSONMember(name(), value.plainValue))  // includes the other dialect's spacing key
                    return
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
                case .topBorderline: topBorderline = value
                case .leftBorderline: leftBorderline = value
                case .bottomBorderline: bottomBorderline = value
                case .rightBorderline: rightBorderline = value
                case .cols: cols = value
                case .rows: rows = value
                }
            }
        }
    }

    static func apply<Value: RuntimeReadable>(_ value: Value, to grid: inout RuntimeGrid, dialect: Dialect, isRoot: Bool) {
        guard let lists = applyOwnKeys(value, to: &grid, dialect: dialect, isRoot: isRoot) else { return }
        // `cols` are added first; `rows` after them turn the split into rows (an assertion
        // in debug builds; release builds keep both lists under one axis).
        readChildren(lists.cols, axis: .cols, into: &grid, dialect: dialect)
        readChildren(lists.rows, axis: .rows, into: &grid, dialect: dialect)
    }

    /// The children lists of a grid dictionary, as the runtime reads them: the `cols`
    /// elements, then the `rows` elements, under the axis of the last list with any.
    package struct ChildLists<Value: RuntimeReadable> {
        package var cols: Value?
        package var rows: Value?

        /// The children in the order the runtime adds them, and their axis.
        package var children: (elements: [Value], axis: Axis?) {
            let colElements = cols?.elementList ?? []
            let rowElements = rows?.elementList ?? []
            if rowElements.isEmpty { return (colElements, colElements.isEmpty ? nil : .cols) }
            return (colElements.isEmpty ? rowElements : colElements + rowElements, .rows)
        }
    }

    /// ``applyOwnKeys(_:to:dialect:isRoot:)`` for the JSON syntax, with the children in the
    /// order the runtime adds them and their axis (compiled for the syntax here, so that a
    /// caller in another module does not instantiate the generic reader for each grid).
    package static func readOwnKeys(
        _ node: JSONNode, into grid: inout RuntimeGrid, dialect: Dialect,
        isRoot: Bool
    ) -> (elements: [JSONNode], axis: Axis?) {
        applyOwnKeys(node, to: &grid, dialect: dialect, isRoot: isRoot)?.children ?? ([], nil)
    }

    /// Every key but the children; returns the children lists (nil for a value that is not
    /// an object). A layout tree's builder reads the children itself, so that no nested
    /// model of the whole tree is built.
    package static func applyOwnKeys<Value: RuntimeReadable>(
        _ value: Value, to grid: inout RuntimeGrid, dialect: Dialect,
        isRoot: Bool
    ) -> ChildLists<Value>? {
        grid.sourceRange = value.readableRange
        guard value.readableKind == .object else { return nil }
        let keys = Keys(value, dialect: dialect)
        if let data = keys.actionData, data.readableKind != .null { grid.actionData = data.plainValue }
        grid.tag = integer(read: keys.tag)
        if let action = keys.action?.stringPayload, !action.isEmpty, !isRoot { grid.action = action }
        if let text = keys.padding?.stringPayload, !text.isEmpty { grid.padding = padding(text) }
        grid.spacing = double(read: keys.spacing)
        if !isRoot {
            grid.placeholder = bool(read: keys.placeholder)
            grid.anchor = bool(read: keys.anchor)
        }
        readAlignment(
            overlap: keys.overlap?.stringPayload, gravity: keys.gravity?.stringPayload, isRoot: isRoot,
            measure: &grid.measure, anchor: &grid.anchor, gravity: &grid.gravity)
        if !isRoot {
            readBorderline(keys.topBorderline, edge: .top, into: &grid)
            readBorderline(keys.leftBorderline, edge: .left, into: &grid)
            readBorderline(keys.bottomBorderline, edge: .bottom, into: &grid)
            readBorderline(keys.rightBorderline, edge: .right, into: &grid)
        }
        if !keys.unknown.isEmpty {
            // NSDictionary keeps one value per key (the last) and no order.
            var unknown: [String: JSONValue] = [:]
            for member in keys.unknown { unknown[member.key] = member.value }
            grid.unknownKeys = unknown.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value) }
        }
        return ChildLists(cols: keys.cols, rows: keys.rows)
    }

    /// `overlap`, then `gravity`: a readable overlap makes a grid below the root an anchor of
    /// size 0 and is its gravity; a readable gravity then replaces it; unreadable words leave
    /// everything as it was.
    static func readAlignment(
        overlap: String?, gravity: String?, isRoot: Bool, measure: inout Double, anchor: inout Bool,
        gravity result: inout Gravity
    ) {
        if let text = overlap {
            let overlap = Gravity.parse(text)
            if !overlap.isNone {
                if !isRoot {
                    anchor = true
                    measure = 0
                }
                result = overlap
            }
        }
        if let text = gravity {
            let gravity = Gravity.parse(text)
            if !gravity.isNone { result = gravity }
        }
    }

    /// MyBorderline starts black and 1 point wide; an unreadable color string clears the
    /// color, and `setThick:` raises any width below 1 to 1.
    static func readBorderline<Value: RuntimeReadable>(_ line: Value?, edge: Edge, into grid: inout RuntimeGrid) {
        guard let line, line.readableKind == .object else { return }
        // One pass over the members; for a key given twice the last one counts.
        var colorValue, thick, head, tail, offset, dash: Value?
        line.forEachMember { key, value in
            switch BorderlineField(name: key) {
            case .color?: colorValue = value
            case .thick?: thick = value
            case .head?: head = value
            case .tail?: tail = value
            case .offset?: offset = value
            case .dash?: dash = value
            case nil: break
            }
        }
        var color: RGBA? = RGBA(named: .black)
        if let text = colorValue?.stringPayload { color = RGBA.parse(text) }
        grid.borderlines.append(
            RuntimeBorderline(
                edge: edge, color: color, thick: max(1, double(read: thick)), head: double(read: head),
                tail: double(read: tail), offset: double(read: offset), dash: double(read: dash)))
    }

    static func readChildren<Value: RuntimeReadable>(_ list: Value?, axis: Axis, into grid: inout RuntimeGrid, dialect: Dialect) {
        guard let elements = list?.elementList else { return }
        grid.children.reserveCapacity(grid.children.count + elements.count)
        for element in elements {
            var child = RuntimeGrid(measure: measure(read: element.lastMember(.size)))
            apply(element, to: &child, dialect: dialect, isRoot: false)
            grid.children.append(child)
            grid.axis = axis
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
