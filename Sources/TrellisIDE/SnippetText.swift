/// The text a snippet inserts when its placeholders are filled with their defaults, for
/// clients that take no snippets (LSP's snippet grammar, the part Trellis writes):
/// `${1:fill}` → `fill`, `${1|1,2|}` → `1`, `$1` and `$0` → nothing, `\$` → `$`.
enum SnippetText {
    static func plain(_ snippet: String) -> String {
        var output = ""
        var characters = Array(snippet)[...]
        plain(&characters, into: &output, until: nil)
        return output
    }

    /// Copies text up to `terminator` (consumed) or the end, resolving placeholders.
    private static func plain(_ characters: inout ArraySlice<Character>, into output: inout String, until terminator: Character?) {
        while let character = characters.popFirst() {
            if character == terminator { return }
            switch character {
            case "\\":
                if let escaped = characters.popFirst() { output.append(escaped) }
            case "$":
                placeholder(&characters, into: &output)
            default:
                output.append(character)
            }
        }
    }

    /// After a `$`: a tab stop (`$1`), a placeholder (`${1:text}`) or a choice (`${1|a,b|}`).
    private static func placeholder(_ characters: inout ArraySlice<Character>, into output: inout String) {
        if characters.first?.isNumber == true {
            while characters.first?.isNumber == true { characters.removeFirst() }
            return
        }
        guard characters.first == "{" else { return output.append("$") }
        characters.removeFirst()
        while characters.first?.isNumber == true { characters.removeFirst() }
        switch characters.popFirst() {
        case ":":
            plain(&characters, into: &output, until: "}")
        case "|":
            var choice = ""
            while let character = characters.popFirst(), character != "," && character != "|" { choice.append(character) }
            output += choice
            while let character = characters.popFirst(), character != "}" {}
        default:
            return
        }
    }
}

extension CompletionItem {
    /// What is inserted by a client that takes no snippets.
    public var plainInsertText: String { isSnippet ? SnippetText.plain(insertText) : insertText }
}
