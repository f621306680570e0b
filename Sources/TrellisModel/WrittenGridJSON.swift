import TrellisSyntax

extension GridJSONWriter {
    /// The grid dictionary `build` writes for `grid`, read back: the one way a grid becomes
    /// JSON, so that a hover, the runtime reading of a grid with raw members and
    /// ``LoadedLayout/json`` show what the app is sent (a tag of 10^15 or more included,
    /// which a `Double` would round or write with an exponent).
    package static func writtenNode(_ grid: Grid, dialect: Dialect) -> JSONNode? {
        JSONReader.readWritten(write(grid, dialect: dialect, style: .compact)).root
    }

    /// The text of `grid`'s last member named `key` as `build` writes it (compact), or nil
    /// when the grid has no such member.
    package static func writtenMember(_ key: String, of grid: Grid, dialect: Dialect) -> String? {
        let bytes = write(grid, dialect: dialect, style: .compact)
        let read = JSONReader.readWritten(bytes)
        guard let member = read.root?.member(key) else { return nil }
        let range = member.value.range
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
        return String(decoding: bytes[range], as: UTF8.self)
    }
}
