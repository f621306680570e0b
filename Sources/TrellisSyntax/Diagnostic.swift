/// How serious a diagnostic is; mirrors compiler and LSP severities.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case error, warning, info, hint

    var rank: Int {
        switch self {
        case .error: return 3
        case .warning: return 2
        case .info: return 1
        case .hint: return 0
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A text replacement: the bytes of `range` become `replacement`.
public struct TextEdit: Hashable, Sendable {
    public var range: Range<Int>
    public var replacement: String

    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// A suggested change that resolves a diagnostic. `isSafe` fix-its may be applied
/// without review (`trellis check --fix`); others are offered, never applied silently.
public struct FixIt: Hashable, Sendable {
    public var message: String
    public var edits: [TextEdit]
    public var isSafe: Bool

    public init(message: String, edits: [TextEdit], isSafe: Bool = true) {
        self.message = message
        self.edits = edits
        self.isSafe = isSafe
    }
}

/// A secondary span with a short label ("first defined here").
public struct DiagnosticLabel: Hashable, Sendable {
    public var range: Range<Int>
    public var message: String

    public init(range: Range<Int>, message: String) {
        self.range = range
        self.message = message
    }
}

/// One finding about a source file: stable code, severity, primary byte range, message,
/// labelled secondary ranges, notes (why it matters at runtime) and fix-its.
/// Diagnostics are data; renderers (terminal, JSON, LSP) are separate functions.
public struct Diagnostic: Hashable, Sendable {
    public var code: DiagnosticCode
    public var severity: Severity
    public var range: Range<Int>
    public var message: String
    public var labels: [DiagnosticLabel]
    public var notes: [String]
    public var fixIts: [FixIt]

    /// A finding at its code's severity, or at `severity` (one of the code's milder ones, or
    /// what a caller computed).
    public init(
        code: DiagnosticCode, severity: Severity? = nil, range: Range<Int>, message: String,
        labels: [DiagnosticLabel] = [], notes: [String] = [], fixIts: [FixIt] = []
    ) {
        assert(
            severity.map { $0 == code.severity || code.milderSeverities.contains($0) } ?? true,
            "\(code.id) at \(severity?.rawValue ?? "its own severity"), neither its severity nor a milder one")
        self.code = code
        self.severity = severity ?? code.severity
        self.range = range
        self.message = message
        self.labels = labels
        self.notes = notes
        self.fixIts = fixIts
    }

    /// Where this code is documented.
    public var documentationAnchor: String { code.documentationAnchor }
}

extension Array where Element == Diagnostic {
    /// True when any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }
}
