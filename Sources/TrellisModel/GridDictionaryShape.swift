import TrellisSyntax

/// Which JSON documents are grid dictionaries: an object at the root whose members include a
/// grid key of either dialect (`rows`, `cols`, `size`, `padding`, …), or no member at all.
/// `package.json`, a TextMate grammar or `[1, 2, 3]` are not; a grid dictionary with syntax
/// errors still is (the tolerant reader recovers its root's keys).
public enum GridDictionaryShape {
    public static func isGridDictionary(_ root: JSONNode?) -> Bool {
        guard let root, root.type == .object else { return false }
        var members = 0
        var gridKeys = 0
        root.forEachMember { member in
            members += 1
            if member.gridKey != nil { gridKeys += 1 }
        }
        return members == 0 || gridKeys > 0
    }

    /// ``isGridDictionary(_:)`` of a file's bytes, read as JSONSerialization reads them.
    public static func isGridDictionary(_ bytes: [UInt8]) -> Bool {
        let readable = LoadedFile.readable(SourceFile(name: "", bytes: bytes), kind: .json)
        return isGridDictionary(JSONReader.read(readable).root)
    }
}
