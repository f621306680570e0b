/// A usage error: printed with a hint to `--help`, exit code 2.
struct UsageError: Error {
    var message: String
}

/// Parsed command-line words: positional arguments and options (`--name value`,
/// `--name=value`, repeated options, flags).
struct Arguments {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    /// `valued` lists the options that take a value; `known` the flags.
    init(_ words: [String], valued: Set<String>, flags known: Set<String>) throws {
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            var name = word
            var inlineValue: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            if valued.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else {
                    guard index < words.count else { throw UsageError(message: "\(name) needs a value") }
                    values[name, default: []].append(words[index])
                    index += 1
                }
            } else if known.contains(name), inlineValue == nil {
                flags.insert(name)
            } else if known.contains(name) {
                throw UsageError(message: "\(name) takes no value")
            } else {
                let options = Array(valued) + Array(known) + ["--help"]
                throw UsageError(message: "unknown option \(word)" + Trellis.suggestion(name, among: options))
            }
        }
    }

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }
}
