import TrellisSyntax

/// The paths of `use` directives: written relative to the using file with forward slashes,
/// resolved lexically (no file system: `a/../b` is `b`), so that every reader of a project
/// names a file the same way.
public enum UsePath {
    /// The file `written` names from the file at `path`, or why it names none.
    public static func resolve(_ written: String, from path: String) -> Result<String, Problem> {
        if written.isEmpty { return .failure(.empty) }
        if written.contains("\\") { return .failure(.backslash) }
        if written.hasPrefix("/") || written.dropFirst().hasPrefix(":") { return .failure(.absolute) }
        guard written.hasSuffix(".trellis") else { return .failure(.notTrellis) }
        return .success(joined(directory(of: path), written))
    }

    /// What is wrong with a written path.
    public enum Problem: Error, Sendable, Equatable {
        case empty, backslash, absolute, notTrellis

        public var message: String {
            switch self {
            case .empty: return "the path is empty"
            case .backslash: return "a use path is written with forward slashes (`shared/cards.trellis`)"
            case .absolute: return "a use path is relative to this file, not absolute"
            case .notTrellis: return "only `.trellis` files hold templates"
            }
        }
    }

    /// The folder of `path` (`""` for a bare name or standard input).
    public static func directory(of path: String) -> String {
        if path == "<stdin>" { return "" }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return path == "/" ? "/" : String(path[..<slash]).isEmpty ? "/" : String(path[..<slash])
    }

    /// `path` with `.` dropped and `..` taken back where it can be.
    public static func normalised(_ path: String) -> String { joined("", path) }

    /// The text of a directive's quoted path (escapes read as in JSON), or nil without one.
    /// Whether `path` lies inside `folder` (both canonical): the rule for U006.
    public static func isInside(_ path: String, folder: String) -> Bool {
        folder == "/" ? path.hasPrefix("/") : path.hasPrefix(folder + "/")
    }

    /// The distinct paths a file's `use` lines write, in the order written (a path given
    /// twice once): the order in which the lowering looks for a template.
    public static func order(in tree: SyntaxTree) -> [String] {
        var seen: Set<String> = []
        return UseDirective.all(in: tree).compactMap(written).filter { seen.insert($0).inserted }
    }

    public static func written(_ directive: UseDirective) -> String? {
        guard let token = directive.path else { return nil }
        let tree = directive.tree
        // A path holds no escapes: a backslash is a Windows separator (which `resolve` refuses), not one.
        if token.kind == .string, !tree.source.bytes[token.range].contains(UInt8(ascii: "\\")),
            case .string(let text)? = JSONReader.read(SourceFile(name: "", bytes: Array(tree.source.bytes[token.range]))).root?.value
        {
            return text
        }
        var text = tree.text(token).dropFirst()
        if token.kind == .string { text = text.dropLast() }
        return String(text)
    }

    /// The last component of `path`.
    public static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `directory` and `relative` joined, `.` dropped and `..` taken back where it can be.
    public static func joined(_ directory: String, _ relative: String) -> String {
        let absolute = directory.isEmpty ? relative.hasPrefix("/") : directory.hasPrefix("/")
        var parts: [Substring] = []
        for part in (directory + "/" + relative).split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !absolute {
                    parts.append(part)
                }
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    /// The path from the folder `directory` to `path` (both as ``joined(_:_:)`` writes them),
    /// as a use directive in that folder would write it.
    public static func relative(_ path: String, from directory: String) -> String {
        let from = directory.split(separator: "/")
        let to = path.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        let ups = [Substring](repeating: "..", count: from.count - common)
        return (ups + to[common...]).joined(separator: "/")
    }
}
