extension String {
    /// Every occurrence of `target`, left to right and not overlapping, replaced by
    /// `replacement`, characters compared as `==` compares them: what the standard library's
    /// `replacing(_:with:)` gives, without its string-processing machinery (a regular-expression
    /// engine, slow on short strings and absent from Embedded Swift). Unchanged for an empty
    /// `target`.
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        let pattern = Array(target)
        let characters = Array(self)
        guard characters.count >= pattern.count else { return self }
        var result = ""
        var runStart = 0
        var index = 0
        while index + pattern.count <= characters.count {
            if characters[index] == pattern[0], characters[index..<(index + pattern.count)].elementsEqual(pattern) {
                result += String(characters[runStart..<index])
                result += replacement
                index += pattern.count
                runStart = index
            } else {
                index += 1
            }
        }
        if runStart == 0 { return self }
        return result + String(characters[runStart...])
    }
}
