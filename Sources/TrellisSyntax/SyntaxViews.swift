/// Small typed views over syntax nodes, so no consumer finds a name by token position.
/// Each is a tree and a node index; building one costs nothing.

/// A typed view over nodes of one kind: made only from a node of that kind.
public protocol SyntaxView: Sendable {
    static var kind: SyntaxKind { get }
    var tree: SyntaxTree { get }
    var node: Int { get }
    init(unchecked tree: SyntaxTree, _ node: Int)
}

extension SyntaxView {
    /// The view of `node`, or nil when it is not a node of this view's kind.
    public init?(_ tree: SyntaxTree, _ node: Int) {
        guard tree.nodes.indices.contains(node), tree.nodes[node].kind == Self.kind else { return nil }
        self.init(unchecked: tree, node)
    }

    /// The first name token directly in the node (a declaration's name).
    var ownName: Token? { tree.ownTokenIndices(of: node).lazy.map { tree.tokens[$0] }.first { $0.kind == .identifier } }
}

/// `template NAME { cell }`.
public struct TemplateDecl: SyntaxView {
    public static let kind = SyntaxKind.templateDecl
    public let tree: SyntaxTree
    public let node: Int

    public init(unchecked tree: SyntaxTree, _ node: Int) {
        self.tree = tree
        self.node = node
    }

    /// The name token, when written.
    public var name: Token? { ownName }
    /// The template's cell.
    public var body: CellSyntax? { tree.child(of: node, .cell).flatMap { CellSyntax(tree, $0) } }
}

/// `use "path"`: the templates of another file.
public struct UseDirective: SyntaxView {
    public static let kind = SyntaxKind.useDirective
    public let tree: SyntaxTree
    public let node: Int

    public init(unchecked tree: SyntaxTree, _ node: Int) {
        self.tree = tree
        self.node = node
    }

    public var range: Range<Int> { tree.range(of: node) }
    /// The quoted path (terminated or not), when written.
    public var path: Token? {
        tree.ownTokenIndices(of: node).lazy.map { tree.tokens[$0] }.first { $0.kind == .string || $0.kind == .unterminatedString }
    }

    /// The file's `use` directives, in the order written.
    public static func all(in tree: SyntaxTree) -> [UseDirective] {
        var found: [UseDirective] = []
        tree.forEachChild(of: 0) { item in
            if tree.nodes[item].kind == .useDirective { found.append(UseDirective(unchecked: tree, item)) }
        }
        return found
    }
}

/// `layout NAME cell`.
public struct LayoutDecl: SyntaxView {
    public static let kind = SyntaxKind.layoutDecl
    public let tree: SyntaxTree
    public let node: Int

    public init(unchecked tree: SyntaxTree, _ node: Int) {
        self.tree = tree
        self.node = node
    }

    public var name: Token? { ownName }
    /// The root cell.
    public var root: CellSyntax? { tree.child(of: node, .cell).flatMap { CellSyntax(tree, $0) } }
}

/// A cell: size, template use, attributes, split and repetition, each optional.
public struct CellSyntax: SyntaxView {
    public static let kind = SyntaxKind.cell
    public let tree: SyntaxTree
    public let node: Int

    public init(unchecked tree: SyntaxTree, _ node: Int) {
        self.tree = tree
        self.node = node
    }

    public var range: Range<Int> { tree.range(of: node) }
    /// The size token (`120`, `33%`, `fill`, `_`…).
    public var size: Token? { token(in: .size) }
    /// The template name this cell uses.
    public var templateRef: Token? { token(in: .templateRef) }
    public var attributes: [AttributeSyntax] { tree.node(node).children(.attribute).compactMap { AttributeSyntax(tree, $0.index) } }
    public var split: SplitSyntax? { tree.child(of: node, .split).flatMap { SplitSyntax(tree, $0) } }
    /// The count after `*`, when written.
    public var repeatCount: Token? {
        guard let clause = tree.child(of: node, .repeatClause) else { return nil }
        return tree.ownTokenIndices(of: clause).lazy.map { tree.tokens[$0] }.first { $0.kind == .number }
    }

    func token(in kind: SyntaxKind) -> Token? { Self.token(in: kind, of: node, tree) }

    /// Where cell `node`'s size, or else the template name it uses, ends (``size`` ??
    /// ``templateRef``), without making a view: for walks over a million cells.
    public static func sizeOrTemplateEnd(of node: Int, in tree: SyntaxTree) -> Int? {
        (token(in: .size, of: node, tree) ?? token(in: .templateRef, of: node, tree))?.end
    }

    static func token(in kind: SyntaxKind, of node: Int, _ tree: SyntaxTree) -> Token? {
        guard let child = tree.child(of: node, kind), let index = tree.firstToken(of: child) else { return nil }
        return tree.tokens[index]
    }
}

/// `name(arguments)` or a bare `name`.
public struct AttributeSyntax: SyntaxView {
    public static let kind = SyntaxKind.attribute
    public let tree: SyntaxTree
    public let node: Int

    public init(unchecked tree: SyntaxTree, _ node: Int) {
        self.tree = tree
        self.node = node
    }

    public var nameToken: Token? { tree.firstToken(of: node).map { tree.tokens[$0] } }
    /// The attribute, when its name is one the language knows.
    public var name: AttributeName? { tree.nodes[node].attributeName }
    /// The tokens between the parentheses.
    public var arguments: [Token] {
        guard let args = tree.child(of: node, .attributeArgs) else { return [] }
        return tree.tokenIndices(of: args).map { tree.tokens[$0] }.filter { $0.kind != .lParen && $0.kind != .rParen }
    }
    /// The bytes between the parentheses, or nil without an argument list.
    public var argumentRange: Range<Int>? { tree.argumentRange(of: node) }
}

/// `rows …` or `cols …`: the keyword and the child cells (inline or in a block).
public struct SplitSyntax: SyntaxView {
    public static let kind = SyntaxKind.split
    public let tree: SyntaxTree
    public let node: Int

    public init(unchecked tree: SyntaxTree, _ node: Int) {
        self.tree = tree
        self.node = node
    }

    public var keyword: Token? { tree.firstToken(of: node).map { tree.tokens[$0] } }
    public var isBlock: Bool { tree.child(of: node, .block) != nil }
    public var cells: [CellSyntax] {
        guard let list = tree.child(of: node, .block) ?? tree.child(of: node, .inlineList) else { return [] }
        return tree.node(list).children(.cell).compactMap { CellSyntax(tree, $0.index) }
    }
}
