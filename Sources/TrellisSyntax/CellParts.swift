/// A cell's parts other than its attributes (see ``AttributeStack``): what the formatter
/// prints and its check compares, read in one walk over the cell's children.
struct CellParts {
    /// The size's token, the template name's token.
    var size: Int?, template: Int?
    /// The split and the repetition nodes.
    var split: Int?, repetition: Int?

    init(_ cell: Int, in tree: TreeBuffers) {
        tree.forEachChild(of: cell) { child in
            switch tree.node(child).kind {
            case .size: size = tree.firstToken(of: child)
            case .templateRef: template = tree.firstToken(of: child)
            case .split: split = child
            case .repeatClause: repetition = child
            default: break
            }
        }
    }
}
