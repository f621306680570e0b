import TrellisModel
import TrellisSyntax

/// One classified token for semantic highlighting.
public struct SemanticToken: Sendable, Equatable {
    public var range: Range<Int>
    public var type: SemanticTokenType
    public var isDeclaration: Bool
}

/// The token types of the legend, in legend order.
public enum SemanticTokenType: Int, CaseIterable, Sendable {
    case keyword, number, type, namespace, property, enumMember, parameter, string, comment, `operator`

    /// The LSP name of the type.
    public var name: String {
        switch self {
        case .keyword: return "keyword"
        case .number: return "number"
        case .type: return "type"
        case .namespace: return "namespace"
        case .property: return "property"
        case .enumMember: return "enumMember"
        case .parameter: return "parameter"
        case .string: return "string"
        case .comment: return "comment"
        case .operator: return "operator"
        }
    }
}

/// Semantic tokens of a Trellis document: keywords and sizes, template names (declared and
/// used), layout names, attributes, gravity words and color names, borderline fields,
/// strings, comments and the `|` `;` `*` operators.
public enum SemanticTokens {
    /// The modifiers of the legend.
    public static let modifiers = ["declaration"]

    public static func tokens(_ analysis: Analysis, in range: Range<Int>? = nil) -> [SemanticToken] {
        var result: [SemanticToken] = []
        forEach(analysis, in: range) { token in
            result.append(token)
            return true
        }
        return result
    }

    /// Calls `body` with each token of `range` (the whole document when nil), in source order,
    /// until it returns false. Linear in the tokens: each token's node is found by walking on
    /// from the previous token's (`DeepestNodes`), not by a search.
    public static func forEach(_ analysis: Analysis, in range: Range<Int>? = nil, _ body: (SemanticToken) -> Bool) {
        guard let tree = analysis.tree else { return }
        let limit = range ?? 0..<tree.source.bytes.count
        guard var index = tree.tokenIndex(containing: limit.lowerBound) else { return }
        var nodes = DeepestNodes(tree, from: index)
        while index < tree.tokens.count, tree.tokens[index].start < limit.upperBound || (limit.isEmpty && index == 0) {
            defer { index += 1 }
            let token = tree.tokens[index]
            guard let type = classify(tree, index, &nodes) else { continue }
            var declaration = false
            if type == .type || type == .namespace {
                let node = nodes.node(containing: index)
                declaration = tree.nodes[node].kind == .templateDecl || tree.nodes[node].kind == .layoutDecl
            }
            guard body(SemanticToken(range: token.range, type: type, isDeclaration: declaration)) else { return }
        }
    }

    static func classify(_ tree: SyntaxTree, _ index: Int, _ nodes: inout DeepestNodes) -> SemanticTokenType? {
        let token = tree.tokens[index]
        switch token.kind {
        case .kwTarget, .kwPreview, .kwUse, .kwTemplate, .kwLayout, .kwRows, .kwCols, .kwRtl, .kwFill, .kwWrap, .underscore: return .keyword
        case .number, .percent, .ratio, .dimension: return .number
        case .color, .string, .unterminatedString: return .string
        case .comment: return .comment
        case .pipe, .semicolon, .star: return .operator
        case .identifier:
            let node = nodes.node(containing: index)
            switch tree.nodes[node].kind {
            case .templateRef, .templateDecl: return .type
            case .layoutDecl: return .namespace
            case .attribute: return .property
            case .attributeArgs:
                switch ArgumentWord(token.range, in: tree.source.bytes) {
                case .enumMember: return .enumMember
                case .parameter: return .parameter
                case .other: return nil
                case .undecided: break
                }
                let text = tree.text(token)
                if GridSchema.alignmentWords.contains(text) || GridSchema.colorNames.contains(text.lowercased()) { return .enumMember }
                if GridSchema.borderlineFields.contains(text) { return .parameter }
                return nil
            case .targetDirective: return .keyword
            default: return nil
            }
        default: return nil
        }
    }
}

/// The deepest node holding each of a rising sequence of tokens. Nodes are in pre-order, so
/// the last node starting at or before a token only moves forward as the tokens do: it is
/// walked on to from the previous token's, and the answer is it or its nearest ancestor that
/// holds the token (what `SyntaxTree.deepestNode(containingToken:)` finds by a search).
struct DeepestNodes {
    let nodes: [SyntaxTree.Node]
    /// The last node starting at or before the latest token asked about.
    var last = 0

    /// A cursor for tokens from `token` on.
    init(_ tree: SyntaxTree, from token: Int) {
        nodes = tree.nodes
        var low = 0
        var high = nodes.count
        while low < high {
            let middle = (low + high) / 2
            if nodes[middle].tokenStart <= token { low = middle + 1 } else { high = middle }
        }
        last = max(0, low - 1)
    }

    /// The deepest node holding `token`, which is not before the tokens asked about so far.
    mutating func node(containing token: Int) -> Int {
        while last + 1 < nodes.count, nodes[last + 1].tokenStart <= token { last += 1 }
        var node = last
        while node > 0, !(nodes[node].tokenStart <= token && token < nodes[node].tokenEnd) { node = nodes[node].parent }
        return max(0, node)
    }
}
