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
        guard let tree = analysis.tree else { return [] }
        let limit = range ?? 0..<tree.source.bytes.count
        var result: [SemanticToken] = []
        guard var index = tree.tokenIndex(containing: limit.lowerBound) else { return [] }
        while index < tree.tokens.count, tree.tokens[index].start < limit.upperBound || (limit.isEmpty && index == 0) {
            defer { index += 1 }
            let token = tree.tokens[index]
            guard let type = classify(tree, index) else { continue }
            var declaration = false
            if type == .type || type == .namespace {
                let node = tree.deepestNode(containingToken: index)
                declaration = tree.nodes[node].kind == .templateDecl || tree.nodes[node].kind == .layoutDecl
            }
            result.append(SemanticToken(range: token.range, type: type, isDeclaration: declaration))
        }
        return result
    }

    static func classify(_ tree: SyntaxTree, _ index: Int) -> SemanticTokenType? {
        let token = tree.tokens[index]
        switch token.kind {
        case .kwTarget, .kwPreview, .kwTemplate, .kwLayout, .kwRows, .kwCols, .kwRtl, .kwFill, .kwWrap, .underscore: return .keyword
        case .number, .percent, .ratio, .dimension: return .number
        case .color, .string, .unterminatedString: return .string
        case .comment: return .comment
        case .pipe, .semicolon, .star: return .operator
        case .identifier:
            let node = tree.deepestNode(containingToken: index)
            switch tree.nodes[node].kind {
            case .templateRef, .templateDecl: return .type
            case .layoutDecl: return .namespace
            case .attribute: return .property
            case .attributeArgs:
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
