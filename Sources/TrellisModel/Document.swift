import TrellisSyntax

/// Which MyLayout runtime the JSON is for: 1.x reads `space`, 2.0+ reads `spacing`; `any`
/// writes both (equal), which every version reads the same.
public enum Dialect: Int, Sendable, Hashable {
    case v1 = 1
    case v2 = 2
    case any = 3

    public static let `default` = Dialect.v1

    /// The dialect a `--target` word names: `1`, `2` or `any`.
    public init?(word: String) {
        switch word {
        case "1": self = .v1
        case "2": self = .v2
        case "any": self = .any
        default: return nil
        }
    }

    /// How this dialect spells a key in JSON (`any`: as 2.0+, and `space` beside `spacing`).
    public func json(_ key: GridKey) -> String { GridSchema.jsonName(key, legacy: self == .v1) }
    public var spacingKey: String { json(.spacing) }
    /// The spacing key this dialect's runtime ignores (none for `any`).
    public var otherSpacingKey: String? {
        self == .any ? nil : GridSchema.jsonName(.spacing, legacy: self != .v1)
    }

    /// Whether this dialect's runtime reads a spacing key of this name (`any`: either).
    public func readsSpacing(_ name: String) -> Bool {
        self == .any ? GridSchema.key(json: name) == .spacing : name == spacingKey
    }

    /// The runtime's name, for messages.
    public var runtimeName: String {
        switch self {
        case .v1: return "MyLayout 1.x"
        case .v2: return "MyLayout 2.0+"
        case .any: return "every MyLayout version"
        }
    }
}

/// A device to preview at: width × (height or wrap) @ scale, optionally right-to-left.
public struct Viewport: Hashable, Sendable {
    public var width: Double
    /// nil: the layout's height wraps its content (a grid inside a scroll view).
    public var height: Double?
    public var scale: Double
    public var rtl: Bool
    public var label: String?

    public init(width: Double, height: Double?, scale: Double = 2, rtl: Bool = false, label: String? = nil) {
        self.width = width
        self.height = height
        self.scale = scale
        self.rtl = rtl
        self.label = label
    }

    /// The documented default when neither flags nor the file name a viewport.
    public static let `default` = Viewport(width: 375, height: 667, scale: 2)

    /// Parses `375x667@2x`, `375xwrap@3x` or `320x568` (scale 2).
    public static func parse(_ text: String) -> Viewport? {
        var body = Substring(text)
        var scale = 2.0
        if let at = body.firstIndex(of: "@") {
            var scaleText = body[body.index(after: at)...]
            if scaleText.hasSuffix("x") { scaleText = scaleText.dropLast() }
            guard let value = Double(scaleText), value >= 1, value <= 4 else { return nil }
            scale = value
            body = body[..<at]
        }
        let parts = body.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), width.isFinite, width >= 0, width <= 100_000 else { return nil }
        if parts[1] == "wrap" { return Viewport(width: width, height: nil, scale: scale) }
        guard let height = Double(parts[1]), height.isFinite, height >= 0, height <= 100_000 else { return nil }
        return Viewport(width: width, height: height, scale: scale)
    }

    public var description: String {
        let height = self.height.map(JSONWriter.formatNumber) ?? "wrap"
        return "\(JSONWriter.formatNumber(width))x\(height)@\(JSONWriter.formatNumber(scale))x" + (rtl ? " rtl" : "")
    }
}

/// One layout of a file: a name (nil for a file's bare root) and its grid tree.
public struct LayoutDecl: Sendable {
    public var name: String?
    /// The grids, in the arena the file's layouts share.
    public var tree: GridTree
    public var nameRange: Range<Int>?
    /// The whole item the layout is written in (`layout NAME …`, or a bare root cell).
    public var itemRange: Range<Int>?

    public init(name: String?, tree: GridTree, nameRange: Range<Int>? = nil, itemRange: Range<Int>? = nil) {
        self.name = name
        self.tree = tree
        self.nameRange = nameRange
        self.itemRange = itemRange
    }

    public init(name: String?, root: Grid, nameRange: Range<Int>? = nil) {
        self.init(name: name, tree: GridTree(root), nameRange: nameRange)
    }

    /// The root grid as an authored ``Grid`` (built from the arena on each read).
    public var root: Grid {
        get { tree.grid }
        set { tree = GridTree(newValue) }
    }
}

/// A lowered `.trellis` file: the target it declares, its preview viewports and layouts.
public struct Document: Sendable {
    public var target: Dialect?
    public var previews: [Viewport] = []
    public var layouts: [LayoutDecl] = []

    public init() {}
}
