/// A one-line title for every diagnostic code (docs/diagnostics.md has a section for each).
public enum DiagnosticCatalog {
    public static let titles: [String: String] = [
        "S001": "Unexpected character", "S002": "Unterminated string", "S003": "Missing token",
        "S004": "Unexpected tokens", "S005": "Nesting too deep",
        "S006": "Something after a repetition", "S007": "Comma between cells", "S008": "Cells without a separator",
        "S009": "File too large", "S010": "Misspelled keyword",
        "J001": "Not JSON", "J002": "Trailing comma", "J003": "Missing colon", "J004": "Full-width punctuation",
        "J005": "Brackets out of order", "J006": "Line break inside a string", "J007": "Comment in JSON",
        "J008": "Duplicate key", "J009": "File ends early", "J010": "JSON nesting too deep", "J012": "Missing comma",
        "J013": "JSON file too large", "J014": "Text encoding",
        "M001": "Unknown template", "M002": "Template cycle", "M003": "Defined twice", "M004": "Unknown attribute",
        "M005": "Bad attribute arguments", "M006": "Bad size", "M007": "Bad repetition", "M008": "Expansion limit",
        "M009": "Attribute given twice", "M010": "Bad target", "M011": "Bad viewport", "M012": "A second bare layout",
        "M014": "Unused template", "M015": "Too deep after expansion", "M016": "Templates nest too deep", "M017": "No layout", "M018": "Attributes on the last item of a list",
        "M101": "Both rows and cols", "M102": "Size string read as fill", "M103": "Percentage of 100% or more",
        "M104": "Size below -1", "M105": "Number read as a ratio", "M106": "Ratios over 100%",
        "M107": "Gravity on an ignored axis", "M108": "View aligned by a size nobody sets", "M109": "Placeholder on a non-leaf",
        "M110": "Anchor on a leaf", "M111": "Overlap overwritten or overwriting", "M112": "Tag 0",
        "M113": "Action is not a one-argument selector", "M114": "Color the runtime misreads",
        "M115": "Borderline thinner than 1", "M116": "Malformed padding", "M117": "space vs spacing for the target",
        "M118": "Value of a type the runtime converts", "M119": "Unknown key", "M120": "Size on the root",
        "M121": "Gravity word dropped or misread", "M122": "Value of the wrong JSON type",
        "L001": "Children overflow their grid", "L002": "Cell gets no length", "L003": "Size depends on an unknown view",
        "L004": "Borderlines away from their grid under RTL", "L005": "Height never settles",
        "L006": "Frames change when laid out again",
    ]

    public static func title(_ code: String) -> String { titles[code] ?? code }

    /// The codes whose finding marks text that does nothing (an editor fades it: LSP's
    /// `DiagnosticTag.Unnecessary`).
    public static let unnecessaryCodes: Set<String> = ["M014"]
}
