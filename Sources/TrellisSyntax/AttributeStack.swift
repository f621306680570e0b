/// The attributes of the cells being visited, each cell's in the formatter's order (the
/// schema's, ties in source order): one stack shared by nested cells, so that visiting a cell
/// allocates nothing. The formatter prints in this order and its check compares in it.
struct AttributeStack {
    private var nodes: [(order: Int, node: Int)] = []

    var count: Int { nodes.count }

    /// The attribute node at `index` of the stack.
    subscript(index: Int) -> Int { nodes[index].node }

    /// Pushes the attributes of `cell` in order; returns where they are on the stack.
    mutating func push(attributesOf cell: Int, in tree: TreeBuffers) -> Range<Int> {
        let start = nodes.count
        tree.forEachChild(of: cell) { child in
            let node = tree.node(child)
            guard node.kind == .attribute else { return }
            let order = node.attributeName.map { Int($0.rawValue) } ?? AttributeName.allCases.count
            // An insertion sort, stable: a cell has a few attributes.
            nodes.append((order, child))
            var slot = nodes.count - 1
            while slot > start, nodes[slot - 1].order > order {
                nodes.swapAt(slot, slot - 1)
                slot -= 1
            }
        }
        return start..<nodes.count
    }

    /// Drops the attributes from `start` on (a cell's, when it is done).
    mutating func pop(to start: Int) {
        nodes.removeLast(max(0, nodes.count - start))
    }
}
