import TrellisModel
import TrellisSyntax

/// `trellis parse`: the syntax tree of a Trellis file, each node's production and byte range
/// (the tree the tree-sitter grammar is tested against, and a tool for reading the parser).
enum ParseCommand {
    static func run(_ words: [String]) throws -> Int32 {
        if Trellis.wantsHelp(words) {
            Terminal.write(Usage.parse)
            return Trellis.Exit.ok
        }
        let arguments = try Arguments(words, valued: ["--format"], flags: [])
        let format = arguments.value("--format") ?? "text"
        guard format == "text" || format == "json" else {
            throw UsageError(message: "--format must be text or json, not '\(format)'")
        }
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError(message: "give one .trellis file (or - for standard input)")
        }
        if path.hasSuffix(".json") { throw UsageError(message: "\(path) is JSON; `trellis parse` reads Trellis") }
        let source = try Terminal.read(path)
        let parsed = Parser.parse(source)
        let nodes = parsed.tree.nodes.indices.map { index in (index, parsed.tree.nodes[index], parsed.tree.range(of: index)) }
        if format == "json" {
            let list = nodes.map { index, node, range in
                JSONValue.object([
                    JSONMember("kind", .string(name(node.kind))),
                    JSONMember("start", .number(Double(range.lowerBound))),
                    JSONMember("end", .number(Double(range.upperBound))),
                    JSONMember("parent", node.parent < 0 ? .null : .number(Double(node.parent))),
                ])
            }
            Terminal.writeBytes(JSONWriter.write(.object([JSONMember("nodes", .array(list))]), style: .compact) + [0x0A])
        } else {
            var depths = [Int](repeating: 0, count: nodes.count)
            var text = ""
            for (index, node, range) in nodes {
                // Pre-order: a parent comes before its children.
                let depth = node.parent >= 0 && node.parent < index ? depths[node.parent] + 1 : 0
                depths[index] = depth
                text += String(repeating: "  ", count: depth) + "\(name(node.kind)) \(range.lowerBound)..\(range.upperBound)\n"
            }
            Terminal.write(text)
        }
        Terminal.printDiagnostics(parsed.diagnostics, in: source)
        return parsed.diagnostics.contains { $0.severity == .error } ? Trellis.Exit.inputErrors : Trellis.Exit.ok
    }

    /// The production of grammar/trellis.ebnf a node kind stands for.
    static func name(_ kind: SyntaxKind) -> String {
        switch kind {
        case .file: return "file"
        case .targetDirective: return "target"
        case .previewDirective: return "preview"
        case .useDirective: return "use"
        case .templateDecl: return "template"
        case .layoutDecl: return "layout"
        case .cell: return "cell"
        case .size: return "size"
        case .templateRef: return "template-ref"
        case .attribute: return "attribute"
        case .attributeArgs: return "attribute-args"
        case .split: return "split"
        case .block: return "block"
        case .inlineList: return "inline-list"
        case .repeatClause: return "repeat"
        case .error: return "error"
        }
    }
}
