/// Every diagnostic code, with the facts that belong to it: the code users see and type
/// (`M014`, in `--disable` and `trellis-ignore` comments), a one-line title, the tags editors
/// show, and the anchor of its section in docs/diagnostics.md. The one owner of the codes:
/// nothing else spells one.
public enum DiagnosticCode: String, CaseIterable, Comparable, CustomStringConvertible, Sendable {
    // Syntax of Trellis files (TrellisSyntax)
    case unexpectedCharacter = "S001"
    case unterminatedString = "S002"
    case missingToken = "S003"
    case unexpectedTokens = "S004"
    case nestingTooDeep = "S005"
    case somethingAfterRepetition = "S006"
    case commaBetweenCells = "S007"
    case cellsWithoutSeparator = "S008"
    case fileTooLarge = "S009"
    case misspelledKeyword = "S010"
    // Syntax of JSON files (the JSON reader)
    case notJSON = "J001"
    case trailingComma = "J002"
    case missingColon = "J003"
    case fullWidthPunctuation = "J004"
    case bracketsOutOfOrder = "J005"
    case lineBreakInString = "J006"
    case commentInJSON = "J007"
    case duplicateKey = "J008"
    case fileEndsEarly = "J009"
    case jsonNestingTooDeep = "J010"
    case missingComma = "J012"
    case jsonFileTooLarge = "J013"
    case textEncoding = "J014"
    // The model: lowering Trellis, reading grid dictionaries as the runtime does
    case unknownTemplate = "M001"
    case templateCycle = "M002"
    case definedTwice = "M003"
    case unknownAttribute = "M004"
    case badAttributeArguments = "M005"
    case badSize = "M006"
    case badRepetition = "M007"
    case expansionLimit = "M008"
    case attributeGivenTwice = "M009"
    case badTarget = "M010"
    case badViewport = "M011"
    case secondBareLayout = "M012"
    case unusedTemplate = "M014"
    case tooDeepAfterExpansion = "M015"
    case templatesNestTooDeep = "M016"
    case noLayout = "M017"
    case attributesOnLastItemOfList = "M018"
    case bothRowsAndCols = "M101"
    case sizeStringReadAsFill = "M102"
    case percentageOf100OrMore = "M103"
    case sizeBelowMinusOne = "M104"
    case numberReadAsRatio = "M105"
    case ratiosOver100Percent = "M106"
    case gravityOnIgnoredAxis = "M107"
    case viewAlignedByUnsetSize = "M108"
    case placeholderOnNonLeaf = "M109"
    case anchorOnLeaf = "M110"
    case overlapOverwritten = "M111"
    case tagZero = "M112"
    case actionNotOneArgumentSelector = "M113"
    case colorMisread = "M114"
    case borderlineThinnerThanOne = "M115"
    case malformedPadding = "M116"
    case spaceVersusSpacing = "M117"
    case valueTypeConverted = "M118"
    case unknownKey = "M119"
    case sizeOnRoot = "M120"
    case gravityWordDroppedOrMisread = "M121"
    case valueOfWrongJSONType = "M122"
    // Layout: what the computed frames show
    case childrenOverflow = "L001"
    case cellGetsNoLength = "L002"
    case sizeDependsOnUnknownView = "L003"
    case borderlinesAwayUnderRTL = "L004"
    case heightNeverSettles = "L005"
    case framesChangeOnRelayout = "L006"
    // The project file, trellis.toml (TrellisLint's ProjectFile)
    case projectFileSyntax = "P001"
    case unknownProjectKey = "P002"
    case projectValueOfWrongType = "P003"
    case badProjectValue = "P004"
    case projectKeyGivenTwice = "P005"

    case usedFileNotFound = "U001"
    case useCycle = "U002"
    case templateFromTwoFiles = "U003"
    case usedFileHasErrors = "U004"
    case unusedUse = "U005"
    case useOutsideProject = "U006"
    case useAfterItems = "U007"

    case viewLandsInAnotherGrid = "D001"

    /// The code as users see it: `M014` (also what interpolation prints).
    public var id: String { rawValue }
    public var description: String { rawValue }

    /// The anchor of the code's section in docs/diagnostics.md: `m014`.
    public var anchor: String { rawValue.lowercased() }

    /// Where the code is documented: `docs/diagnostics.md#m014`.
    public var documentationAnchor: String { Self.documentationAnchors[Int(caseNumber)] }

    /// Each code's ``documentationAnchor``, at its case number (made once: a report writes one
    /// for every finding).
    private static let documentationAnchors: [String] = {
        var anchors = [String](repeating: "", count: 256)
        for code in allCases { anchors[Int(code.caseNumber)] = "docs/diagnostics.md#\(code.anchor)" }
        return anchors
    }()

    /// A finding that marks text doing nothing: an editor fades it (LSP's
    /// `DiagnosticTag.Unnecessary`).
    public var isUnnecessary: Bool { self == .unusedTemplate || self == .unusedUse }

    /// The severity a finding of this code is reported with: what `check`'s exit status and an
    /// editor's mark follow. A few codes have a milder case too (``milderSeverities``).
    public var severity: Severity {
        switch self {
        case .trailingComma,
            .duplicateKey,
            .attributeGivenTwice,
            .unusedTemplate,
            .noLayout,
            .sizeStringReadAsFill,
            .percentageOf100OrMore,
            .ratiosOver100Percent,
            .gravityOnIgnoredAxis,
            .placeholderOnNonLeaf,
            .overlapOverwritten,
            .tagZero,
            .actionNotOneArgumentSelector,
            .colorMisread,
            .borderlineThinnerThanOne,
            .malformedPadding,
            .spaceVersusSpacing,
            .valueTypeConverted,
            .unknownKey,
            .gravityWordDroppedOrMisread,
            .childrenOverflow,
            .cellGetsNoLength,
            .borderlinesAwayUnderRTL,
            .heightNeverSettles,
            .framesChangeOnRelayout,
            .unusedUse,
            .useAfterItems,
            .viewLandsInAnotherGrid:
            return .warning
        case .attributesOnLastItemOfList,
            .numberReadAsRatio,
            .viewAlignedByUnsetSize,
            .anchorOnLeaf,
            .sizeOnRoot,
            .sizeDependsOnUnknownView,
            .useOutsideProject:
            return .info
        default:
            return .error
        }
    }

    /// The milder severities some findings of this code have, with the case in each comment.
    public var milderSeverities: [Severity] {
        switch self {
        case .badTarget: return [.warning]  // the target declared twice (the last counts)
        case .textEncoding: return [.info]  // a file in another encoding, read after transcoding
        case .colorMisread: return [.info]  // a color the runtime reads, written unusually
        case .valueTypeConverted: return [.info]  // a number where a flag belongs, read as expected
        case .framesChangeOnRelayout: return [.info]  // only frames nobody sees change
        default: return []
        }
    }

    public static func < (left: DiagnosticCode, right: DiagnosticCode) -> Bool { left.rawValue < right.rawValue }

    /// Equal codes are the same case. (A raw-value enum otherwise compares its raw strings,
    /// through `RawRepresentable`: every merge, cap and filter of findings did. Its hashing is
    /// left as it is: `RawRepresentable` hashes the raw string in more than one place, and all
    /// must agree; a hot table hashes ``caseNumber`` itself.)
    public static func == (left: DiagnosticCode, right: DiagnosticCode) -> Bool { left.caseNumber == right.caseNumber }

    /// The case's place among the cases: what a table of findings hashes.
    public var caseNumber: UInt8 {
        // SAFETY: an enum of fewer than 256 cases without payloads is one byte, its case's
        // place in the declaration (`DiagnosticCodeTests` checks the size and that every case
        // has its own number); `unsafeBitCast` traps if the sizes ever differ.
        unsafeBitCast(self, to: UInt8.self)
    }

    /// A one-line title (docs/diagnostics.md has a section under each).
    public var title: String {
        switch self {
        case .unexpectedCharacter: return "Unexpected character"
        case .unterminatedString: return "Unterminated string"
        case .missingToken: return "Missing token"
        case .unexpectedTokens: return "Unexpected tokens"
        case .nestingTooDeep: return "Nesting too deep"
        case .somethingAfterRepetition: return "Something after a repetition"
        case .commaBetweenCells: return "Comma between cells"
        case .cellsWithoutSeparator: return "Cells without a separator"
        case .fileTooLarge: return "File too large"
        case .misspelledKeyword: return "Misspelled keyword"
        case .notJSON: return "Not JSON"
        case .trailingComma: return "Trailing comma"
        case .missingColon: return "Missing colon"
        case .fullWidthPunctuation: return "Full-width punctuation"
        case .bracketsOutOfOrder: return "Brackets out of order"
        case .lineBreakInString: return "Line break inside a string"
        case .commentInJSON: return "Comment in JSON"
        case .duplicateKey: return "Duplicate key"
        case .fileEndsEarly: return "File ends early"
        case .jsonNestingTooDeep: return "JSON nesting too deep"
        case .missingComma: return "Missing comma"
        case .jsonFileTooLarge: return "JSON file too large"
        case .textEncoding: return "Text encoding"
        case .unknownTemplate: return "Unknown template"
        case .templateCycle: return "Template cycle"
        case .definedTwice: return "Defined twice"
        case .unknownAttribute: return "Unknown attribute"
        case .badAttributeArguments: return "Bad attribute arguments"
        case .badSize: return "Bad size"
        case .badRepetition: return "Bad repetition"
        case .expansionLimit: return "Expansion limit"
        case .attributeGivenTwice: return "Attribute given twice"
        case .badTarget: return "Bad target"
        case .badViewport: return "Bad viewport"
        case .secondBareLayout: return "A second bare layout"
        case .unusedTemplate: return "Unused template"
        case .tooDeepAfterExpansion: return "Too deep after expansion"
        case .templatesNestTooDeep: return "Templates nest too deep"
        case .noLayout: return "No layout"
        case .attributesOnLastItemOfList: return "Attributes on the last item of a list"
        case .bothRowsAndCols: return "Both rows and cols"
        case .sizeStringReadAsFill: return "Size string read as fill"
        case .percentageOf100OrMore: return "Percentage of 100% or more"
        case .sizeBelowMinusOne: return "Size below -1"
        case .numberReadAsRatio: return "Number read as a ratio"
        case .ratiosOver100Percent: return "Ratios over 100%"
        case .gravityOnIgnoredAxis: return "Gravity on an ignored axis"
        case .viewAlignedByUnsetSize: return "View aligned by a size nobody sets"
        case .placeholderOnNonLeaf: return "Placeholder on a non-leaf"
        case .anchorOnLeaf: return "Anchor on a leaf"
        case .overlapOverwritten: return "Overlap overwritten or overwriting"
        case .tagZero: return "Tag 0"
        case .actionNotOneArgumentSelector: return "Action is not a one-argument selector"
        case .colorMisread: return "Color the runtime misreads"
        case .borderlineThinnerThanOne: return "Borderline thinner than 1"
        case .malformedPadding: return "Malformed padding"
        case .spaceVersusSpacing: return "space vs spacing for the target"
        case .valueTypeConverted: return "Value of a type the runtime converts"
        case .unknownKey: return "Unknown key"
        case .sizeOnRoot: return "Size on the root"
        case .gravityWordDroppedOrMisread: return "Gravity word dropped or misread"
        case .valueOfWrongJSONType: return "Value of the wrong JSON type"
        case .childrenOverflow: return "Children overflow their grid"
        case .cellGetsNoLength: return "Cell gets no length"
        case .sizeDependsOnUnknownView: return "Size depends on an unknown view"
        case .borderlinesAwayUnderRTL: return "Borderlines away from their grid under RTL"
        case .heightNeverSettles: return "Height never settles"
        case .framesChangeOnRelayout: return "Frames change when laid out again"
        case .projectFileSyntax: return "Project file syntax"
        case .unknownProjectKey: return "Unknown project key"
        case .projectValueOfWrongType: return "Project value of the wrong type"
        case .badProjectValue: return "Bad project value"
        case .projectKeyGivenTwice: return "Project key given twice"
        case .usedFileNotFound: return "Used file not found"
        case .useCycle: return "Use cycle"
        case .templateFromTwoFiles: return "Template name from two files"
        case .usedFileHasErrors: return "Used file has errors"
        case .unusedUse: return "Unused use"
        case .useOutsideProject: return "Use outside the project"
        case .useAfterItems: return "Use after other items"
        case .viewLandsInAnotherGrid: return "View lands in another grid since the baseline"
        }
    }
}
