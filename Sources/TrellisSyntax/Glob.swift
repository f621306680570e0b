/// A path pattern of a project file (`layouts/**/*.trellis`): relative to the project's
/// root, `/` between folders; `*` is any run of characters within one name, `?` one
/// character, `[abc]`, `[a-z]` and `[!abc]` one of a set, and `**` as a whole name any number
/// of folders. Matching is by dynamic programming over names and characters, so no pattern
/// takes more than the product of the two lengths.
public struct Glob: Sendable, Equatable {
    /// The pattern as written.
    public let pattern: String
    let parts: [[Character]]

    /// The pattern, or why it is not one (for the project file's diagnostic).
    public static func parse(_ pattern: String) -> Result<Glob, GlobError> {
        if pattern.isEmpty { return .failure(GlobError(message: "an empty pattern matches nothing")) }
        if pattern.hasPrefix("/") { return .failure(GlobError(message: "a pattern is relative to the project's root: remove the leading `/`")) }
        if pattern.contains("\\") { return .failure(GlobError(message: "write `/` between folders, not `\\`")) }
        if pattern.hasSuffix("/") {
            return .failure(GlobError(message: "a pattern names files: remove the trailing `/` (`legacy/**` for every file in a folder)"))
        }
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: false).map { Array($0) }
        for part in parts {
            if part == ["."] || part == [".", "."] {
                return .failure(GlobError(message: "a pattern is relative to the project's root and stays inside it: no `.` or `..` folders"))
            }
            if part.isEmpty { return .failure(GlobError(message: "`//` leaves a folder name empty")) }
            if part.contains("*"), part != ["*", "*"], part.count > 1, zip(part, part.dropFirst()).contains(where: { $0 == "*" && $1 == "*" }) {
                return .failure(GlobError(message: "`**` stands for folders only as a whole name, as in `a/**/b`"))
            }
            var index = 0
            while index < part.count {
                if part[index] == "[" {
                    guard let close = part[(index + 1)...].firstIndex(of: "]"), close > index + 1 else {
                        return .failure(GlobError(message: "`[` opens a set of characters that no `]` closes"))
                    }
                    index = close
                }
                index += 1
            }
        }
        return .success(Glob(pattern: pattern, parts: parts))
    }

    /// Whether `path` (relative to the root, `/` between names) matches.
    public func matches(_ path: String) -> Bool {
        let names = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
        // reachable[i][j]: the first i parts match the first j names.
        var reachable = [[Bool]](repeating: [Bool](repeating: false, count: names.count + 1), count: parts.count + 1)
        reachable[0][0] = true
        for i in 0..<parts.count {
            if parts[i] == ["*", "*"] {
                // Any number of names, at least one at the end (`legacy/**` is what is in the
                // folder, not the folder): reachable from any earlier place.
                let last = i == parts.count - 1
                var any = false
                for j in 0...names.count {
                    if last {
                        reachable[i + 1][j] = any
                        any = any || reachable[i][j]
                    } else {
                        any = any || reachable[i][j]
                        reachable[i + 1][j] = any
                    }
                }
                continue
            }
            for j in 0..<names.count where reachable[i][j] && Self.matches(parts[i], names[j]) { reachable[i + 1][j + 1] = true }
        }
        return reachable[parts.count][names.count]
    }

    /// One name against one part of the pattern (`*`, `?`, sets), in time the product of
    /// their lengths at most.
    static func matches(_ part: [Character], _ name: [Character]) -> Bool {
        // matched[j]: the part so far matches the first j characters of the name.
        var matched = [Bool](repeating: false, count: name.count + 1)
        matched[0] = true
        var index = 0
        while index < part.count {
            var next = [Bool](repeating: false, count: name.count + 1)
            let symbol = part[index]
            if symbol == "*" {
                var any = false
                for j in 0...name.count {
                    any = any || matched[j]
                    next[j] = any
                }
                index += 1
            } else {
                var width = 1
                var accepts: (Character) -> Bool = { $0 == symbol }
                if symbol == "?" {
                    accepts = { _ in true }
                } else if symbol == "[", let close = part[(index + 1)...].firstIndex(of: "]"), close > index + 1 {
                    let set = Array(part[(index + 1)..<close])
                    accepts = { Self.set(set, contains: $0) }
                    width = close - index + 1
                }
                for j in 0..<name.count where matched[j] && accepts(name[j]) { next[j + 1] = true }
                index += width
            }
            matched = next
        }
        return matched[name.count]
    }

    /// `abc`, `a-z`, `!abc` (none of them).
    static func set(_ set: [Character], contains character: Character) -> Bool {
        var members = set[...]
        let negated = members.first == "!"
        if negated { members = members.dropFirst() }
        var found = false
        var index = members.startIndex
        while index < members.endIndex {
            let low = members[index]
            if members.index(after: index) < members.endIndex, members[members.index(after: index)] == "-",
                members.index(index, offsetBy: 2) < members.endIndex
            {
                let high = members[members.index(index, offsetBy: 2)]
                if low <= character && character <= high { found = true }
                index = members.index(index, offsetBy: 3)
            } else {
                if low == character { found = true }
                index = members.index(after: index)
            }
        }
        return found != negated
    }
}

/// Why a pattern is not a ``Glob``.
public struct GlobError: Error, Sendable, Equatable {
    public let message: String
}
