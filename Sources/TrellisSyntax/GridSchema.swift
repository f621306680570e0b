/// The keys of a grid dictionary (model spec §2), in canonical order: the order the JSON
/// writer emits them, the formatter prints attributes in, and the importer reads them.
public enum GridKey: UInt8, CaseIterable, Sendable {
    case size, padding, spacing, gravity, overlap, anchor, placeholder, tag, action, actionData
    case topBorderline, leftBorderline, bottomBorderline, rightBorderline
    case cols, rows

    /// The schema entry for this key.
    public var info: GridKeyInfo { GridSchema.entries[Int(rawValue)] }

    /// The key's JSON spelling in MyLayout 2.0+ (`spacing`; `info.json`), read without copying
    /// the schema row: the readers ask it per grid.
    public var jsonName: String { GridSchema.jsonName(self, legacy: false) }

    /// The borderline keys in the runtime's reading order (top, left, bottom, right).
    public static let borderlines: [GridKey] = [.topBorderline, .leftBorderline, .bottomBorderline, .rightBorderline]
}

/// What a key's value is, for checks, completion and hover.
public enum GridValueKind: Sendable {
    case size, children, insets, number, alignment, bool, integer, selector, anyJSON, borderline
}

/// One row of the schema: how a key is spelled in JSON (both dialects) and in Trellis, what
/// its value is, what it means, and what values it accepts.
public struct GridKeyInfo: Sendable {
    public let key: GridKey
    /// The JSON spelling (MyLayout 2.0+ where the dialects differ).
    public let json: String
    /// The MyLayout 1.x spelling where it differs (`space`).
    public let legacyJSON: String?
    /// The Trellis attribute (`action-data(…)`), or nil where the language has syntax
    /// instead (a size is written first, children after `rows`/`cols`).
    public let attribute: String?
    public let valueKind: GridValueKind
    /// One line of documentation.
    public let summary: String
    /// How the value is written in Trellis, e.g. `padding(top, left, bottom, right)`.
    public let usage: String
    /// Words accepted as the value, when the value is a word.
    public let values: [String]

    /// The JSON spelling for MyLayout 1.x (`legacy`) or 2.0+.
    public func json(legacy: Bool) -> String { legacy ? legacyJSON ?? json : json }
}

/// The one table of grid keys. The JSON writer, the JSON reader's dispatch, the formatter's
/// attribute order, the importer, completion and hover all read it; nothing else lists keys.
public enum GridSchema {
    /// Gravity and overlap words, in the order the runtime tests them (§5).
    public static let alignmentWords = AlignmentWord.allCases.map { $0.word }
    /// Named colors the runtime accepts (§6), lower-case.
    public static let colorNames = NamedColor.allCases.map { $0.name }
    /// The fields of a borderline object, in the order they are written.
    public static let borderlineFields = BorderlineField.allCases.map { $0.name }

    public static let entries: [GridKeyInfo] = [
        GridKeyInfo(
            key: .size, json: "size", legacyJSON: nil, attribute: nil, valueKind: .size,
            summary: "The grid's length along its parent's split axis: points, a ratio, a percentage, `fill` or `wrap`; missing means `fill`.",
            usage: "120 | 0.5 | -0.5 | 33% | -50% | 1/3 | fill | wrap | _", values: ["fill", "wrap"]),
        GridKeyInfo(
            key: .padding, json: "padding", legacyJSON: nil, attribute: "padding", valueKind: .insets,
            summary: "Inset inside the grid, in UIEdgeInsets order: top, left, bottom, right (not CSS order).",
            usage: "padding(all) | padding(vertical horizontal) | padding(top left bottom right)", values: []),
        GridKeyInfo(
            key: .spacing, json: "spacing", legacyJSON: "space", attribute: "spacing", valueKind: .number,
            summary: "The gap between consecutive children (`space` in MyLayout 1.x, `spacing` in 2.0+).",
            usage: "spacing(points)", values: []),
        GridKeyInfo(
            key: .gravity, json: "gravity", legacyJSON: nil, attribute: "gravity", valueKind: .alignment,
            summary:
                "Alignment: on a split grid it shifts the run of children along its axis; on a leaf it aligns the view by the view's own size (what it sets itself; without one MyLayout makes it CGFLOAT_MAX long, M108).",
            usage: "gravity(top|left)", values: AlignmentWord.allCases.map { $0.word }),
        GridKeyInfo(
            key: .overlap, json: "overlap", legacyJSON: nil, attribute: "overlap", valueKind: .alignment,
            summary: "Shorthand for an anchor of size 0 laid over its siblings with this gravity; an explicit `gravity` overwrites it.",
            usage: "overlap(centerX|centerY)", values: AlignmentWord.allCases.map { $0.word }),
        GridKeyInfo(
            key: .anchor, json: "anchor", legacyJSON: nil, attribute: "anchor", valueKind: .bool,
            summary: "A split grid that also takes a view (a background behind its children).",
            usage: "anchor", values: []),
        GridKeyInfo(
            key: .placeholder, json: "placeholder", legacyJSON: nil, attribute: "placeholder", valueKind: .bool,
            summary: "A leaf that takes no view: its space stays empty. On a split grid it disables `anchor`.",
            usage: "placeholder", values: []),
        GridKeyInfo(
            key: .tag, json: "tag", legacyJSON: nil, attribute: "tag", valueKind: .integer,
            summary: "Identifies the grid and binds view groups to it; 0 means no tag.",
            usage: "tag(integer)", values: []),
        GridKeyInfo(
            key: .action, json: "action", legacyJSON: nil, attribute: "action", valueKind: .selector,
            summary: "The Objective-C selector called on a tap, e.g. `handleTap:`.",
            usage: "action(handleTap:)", values: []),
        GridKeyInfo(
            key: .actionData, json: "action-data", legacyJSON: nil, attribute: "action-data", valueKind: .anyJSON,
            summary: "Any JSON handed to the action: a URL, a string, a script.",
            usage: "action-data(\"https://…\") | action-data({…})", values: []),
        GridKeyInfo(
            key: .topBorderline, json: "top-borderline", legacyJSON: nil, attribute: "top-borderline", valueKind: .borderline,
            summary: "A line along the top edge.", usage: "top-borderline(color #RRGGBB thick 1 head 0 tail 0 offset 0 dash 0)", values: []),
        GridKeyInfo(
            key: .leftBorderline, json: "left-borderline", legacyJSON: nil, attribute: "left-borderline", valueKind: .borderline,
            summary: "A line along the left edge.", usage: "left-borderline(color #RRGGBB thick 1 head 0 tail 0 offset 0 dash 0)", values: []),
        GridKeyInfo(
            key: .bottomBorderline, json: "bottom-borderline", legacyJSON: nil, attribute: "bottom-borderline", valueKind: .borderline,
            summary: "A line along the bottom edge.", usage: "bottom-borderline(color #RRGGBB thick 1 head 0 tail 0 offset 0 dash 0)", values: []),
        GridKeyInfo(
            key: .rightBorderline, json: "right-borderline", legacyJSON: nil, attribute: "right-borderline", valueKind: .borderline,
            summary: "A line along the right edge.", usage: "right-borderline(color #RRGGBB thick 1 head 0 tail 0 offset 0 dash 0)", values: []),
        GridKeyInfo(
            key: .cols, json: "cols", legacyJSON: nil, attribute: nil, valueKind: .children,
            summary: "Children side by side, left to right (right to left under RTL). With `rows` too, the app crashes.",
            usage: "cols 30% | fill", values: []),
        GridKeyInfo(
            key: .rows, json: "rows", legacyJSON: nil, attribute: nil, valueKind: .children,
            summary: "Children stacked top to bottom.",
            usage: "rows 44 | fill", values: []),
    ]

    /// Each key's JSON spelling, `[legacy ? 1 : 0][key]`, prepared once: the writers look a
    /// name up without copying a schema row.
    static let jsonNames: [[String]] = [false, true].map { legacy in entries.map { $0.json(legacy: legacy) } }

    /// How MyLayout 1.x (`legacy`) or 2.0+ spells `key` in JSON.
    public static func jsonName(_ key: GridKey, legacy: Bool) -> String { jsonNames[legacy ? 1 : 0][Int(key.rawValue)] }

    /// For the one key the dialects spell differently: whether `name` is its MyLayout 1.x
    /// spelling (`space`: true) or its 2.0+ spelling (`spacing`: false); nil for any other name.
    public static func spacingIsLegacy(_ name: String) -> Bool? {
        if name == jsonNames[1][Int(GridKey.spacing.rawValue)] { return true }
        if name == jsonNames[0][Int(GridKey.spacing.rawValue)] { return false }
        return nil
    }

    /// The keys other than the children, in canonical order.
    public static let attributeKeys: [GridKey] = GridKey.allCases.filter { $0 != .rows && $0 != .cols }

    /// Every JSON spelling the runtime reads in either dialect, sorted (for did-you-mean).
    public static let allJSONSpellings: [String] = entries.flatMap { [$0.json] + ($0.legacyJSON.map { [$0] } ?? []) }.sorted()

    /// The key a JSON member name spells in either dialect (`space` and `spacing` are both
    /// `.spacing`; the caller decides which one its dialect reads).
    /// Found by the name's length, then compared: no hashing on the readers' hot path.
    public static func key(json name: String) -> GridKey? {
        spellingTable.lookup(name).map { jsonSpellings[$0].key }
    }

    /// The index in ``jsonSpellings`` of a JSON spelling given as bytes, or nil: a reader keeps
    /// a key it recognised as this small number.
    public static func spellingNumber(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        spellingTable.lookup(bytes, range)
    }

    /// A JSON spelling and the key it names.
    public struct Spelling: Sendable {
        public let text: String
        public let key: GridKey
    }

    /// Every JSON spelling of either dialect, in the order of ``entries`` (fewer than 256).
    public static let jsonSpellings: [Spelling] = entries.flatMap { entry in
        [Spelling(text: entry.json, key: entry.key)] + (entry.legacyJSON.map { [Spelling(text: $0, key: entry.key)] } ?? [])
    }

    /// Each JSON spelling and its index in ``jsonSpellings``.
    static let spellingTable = SpellingTable(jsonSpellings.enumerated().map { (spelling: $0.element.text, value: $0.offset) })
}
