import TrellisSyntax

/// The templates of a `.trellis` file that other files `use`, lowered once in an arena of
/// their own; a file that uses one copies what it refers to into its own arena.
public struct TemplateLibrary: Sendable {
    /// The file, named as reports name it (``UseResolver/FileSystem/shown``).
    public var path: String
    /// The file's own path (``UseResolver/FileSystem/canonical``): where an editor opens it.
    public var file: String = ""
    public var source: SourceFile
    /// Each template's name and where it is written.
    public var templateNames: [String: Range<Int>]
    /// The file's errors (syntax, lowering, its own uses), in the order found.
    public var errors: [Diagnostic]
    var arena: GridArena
    var templates: [String: LoweredCell]

    /// The templates' names, sorted.
    public var names: [String] { templateNames.keys.sorted() }

    /// `path:line:column` of an offset in the file, for messages in the files that use it.
    public func place(_ offset: Int) -> String {
        let position = source.utf8Position(of: offset)
        return "\(path):\(position.line + 1):\(position.column + 1)"
    }
}

/// What each `use` path of a file reached, keyed by the path as written: independent of where
/// the directives stand, so that an edit moving them (a fix) keeps it.
public struct UsedFiles: Sendable {
    public var outcomes: [String: UseOutcome] = [:]

    public init(outcomes: [String: UseOutcome] = [:]) { self.outcomes = outcomes }

    /// Every file the uses name: reached, missing or on a cycle (as the resolver names them).
    public var files: Set<String> {
        var files: Set<String> = []
        for outcome in outcomes.values {
            switch outcome {
            case .library(let library, _): files.insert(library.path)
            case .notFound(let resolved, _), .unreadable(let resolved, _): files.insert(resolved)
            case .cycle(let chain): files.formUnion(chain)
            case .invalid: break
            }
        }
        return files
    }

    /// The library that defines the template `name`, as the lowering picks it (the first
    /// `use` written that has it), given the paths in the order written.
    public func library(defining name: String, order: [String]) -> TemplateLibrary? {
        for written in order {
            if case .library(let library, _)? = outcomes[written], library.templateNames[name] != nil { return library }
        }
        return nil
    }

    /// For each template name the files give, the library it is taken from (the first of
    /// `order`, ``UsePath/order(in:)``, that defines it): one walk for a file's every name.
    public func owners(order: [String]) -> [String: TemplateLibrary] {
        var owners: [String: TemplateLibrary] = [:]
        for written in order {
            guard case .library(let library, _)? = outcomes[written] else { continue }
            for name in library.templateNames.keys where owners[name] == nil { owners[name] = library }
        }
        return owners
    }

    /// Whether `other` reached the same files with the same texts, so that lowering a file
    /// against either gives the same result.
    public func reachesTheSame(as other: UsedFiles) -> Bool {
        guard outcomes.count == other.outcomes.count else { return false }
        return outcomes.allSatisfy { written, outcome in other.outcomes[written].map { outcome.isTheSame(as: $0) } ?? false }
    }

    /// The libraries reached, in no order.
    public var libraries: [TemplateLibrary] {
        outcomes.values.compactMap { if case .library(let library, _) = $0 { return library } else { return nil } }
    }
}

/// What one `use` path reached.
public enum UseOutcome: Sendable {
    /// The file, read and lowered; `outsideProject` when it lies outside the project's folder.
    case library(TemplateLibrary, outsideProject: Bool)
    /// No such file: the path it resolved to, and a written path to one that exists nearby.
    case notFound(resolved: String, suggestion: String?)
    /// The file exists but could not be read.
    case unreadable(resolved: String, reason: String)
    /// The path names no file (`UsePath.Problem`).
    case invalid(UsePath.Problem)
    /// The file uses, directly or not, the file that uses it: the chain, from this file back
    /// to it.
    case cycle([String])
}

extension UseOutcome {
    /// The same outcome, a library with the same text at the same place.
    func isTheSame(as other: UseOutcome) -> Bool {
        switch (self, other) {
        case (.library(let one, let outside), .library(let another, let otherOutside)):
            return outside == otherOutside && one.path == another.path && one.file == another.file
                && one.source.bytes == another.source.bytes
        case (.notFound(let one, let suggestion), .notFound(let another, let otherSuggestion)):
            return one == another && suggestion == otherSuggestion
        case (.unreadable(let one, let reason), .unreadable(let another, let otherReason)):
            return one == another && reason == otherReason
        case (.invalid(let one), .invalid(let another)): return one == another
        case (.cycle(let one), .cycle(let another)): return one == another
        default: return false
        }
    }
}
