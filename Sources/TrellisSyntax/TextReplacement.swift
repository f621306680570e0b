extension String {
    /// Every occurrence of `target`, left to right and not overlapping, replaced by
    /// `replacement`, characters compared as `==` compares them: what the standard library's
    /// `replacing(_:with:)` gives, without its string-processing machinery (a regular-expression
    /// engine, slow on short strings and absent from Embedded Swift). Unchanged for an empty
    /// `target`.
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        if let replaced = replacingEveryASCII(target, with: replacement) { return replaced }
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

    /// ``replacingEvery(_:with:)`` on bytes, when the text and the target are ASCII without a
    /// carriage return: each byte is then a character of its own (of ASCII bytes only CR LF
    /// makes one character of two). Nil otherwise.
    private func replacingEveryASCII(_ target: String, with replacement: String) -> String? {
        var text = self
        var pattern = target
        // SAFETY: each buffer is read below its count only, inside the closures that lend it.
        return text.withUTF8 { text in
            pattern.withUTF8 { pattern in
                let isPlain = { (byte: UInt8) in byte < 0x80 && byte != 0x0D }
                guard text.allSatisfy(isPlain), pattern.allSatisfy(isPlain), let first = pattern.first else { return nil }
                var result: [UInt8] = []
                var runStart = 0
                var index = 0
                while index + pattern.count <= text.count {
                    // SAFETY: `index + pattern.count <= text.count` (the loop's condition).
                    if text[index] == first, UnsafeBufferPointer(rebasing: text[index..<(index + pattern.count)]).elementsEqual(pattern) {
                        // SAFETY: `runStart <= index`, both within the text.
                        result.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
                        result.append(contentsOf: replacement.utf8)
                        index += pattern.count
                        runStart = index
                    } else {
                        index += 1
                    }
                }
                if runStart == 0 { return self }
                // SAFETY: `runStart <= text.count`: it is the end of a match inside the text.
                result.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
                return String(decoding: result, as: UTF8.self)
            }
        }
    }
}
