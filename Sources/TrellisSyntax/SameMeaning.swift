/// Whether two top-level items say the same, compared without what the formatter may change:
/// trivia, comments, spacing inside arguments, the order of attributes of different names, a
/// cell's missing size against `_`, and whether a split's cells are an inline list or a
/// block. Items that say the same build to the same JSON: the lowering reads their significant
/// tokens and structure, and trivia only inside `json(…)` and `action-data(…)`, whose
/// comments the formatter never moves there (the check compares the comments too; the
/// formatter's property tests build both texts and compare). The formatter's check compares a
/// file with its formatted text item by item, as Black compares syntax trees, instead of
/// lowering both.
package enum SameMeaning {
    /// Whether item `old` (a child of the root of `oldTree`) says what item `new` of `newTree`
    /// says.
    package static func items(_ oldTree: SyntaxTree, _ old: Int, _ newTree: SyntaxTree, _ new: Int) -> Bool {
        TreeBuffers.with(oldTree) { oldBuffers in
            TreeBuffers.with(newTree) { newBuffers in
                var comparison = Comparison(old: Side(tree: oldBuffers), new: Side(tree: newBuffers))
                return comparison.items(old, new)
            }
        }
    }

    /// One of the two texts compared.
    struct Side {
        let tree: TreeBuffers
        var attributes = AttributeStack()

        func text(_ index: Int) -> UnsafeBufferPointer<UInt8> { tree.text(index) }

        func isSignificant(_ index: Int) -> Bool { tree.isSignificant(index) }

        /// The parts of a cell; its attributes pushed on the stack in the formatter's order.
        mutating func parts(of cell: Int) -> (parts: CellParts, attributes: Range<Int>) {
            (CellParts(cell, in: tree), attributes.push(attributesOf: cell, in: tree))
        }
    }

    /// The two texts, walked together.
    struct Comparison {
        var old: Side
        var new: Side

        mutating func items(_ a: Int, _ b: Int) -> Bool {
            let kind = old.tree.node(a).kind
            guard kind == new.tree.node(b).kind else { return false }
            switch kind {
            case .templateDecl, .layoutDecl:
                // The name: the second token (after the keyword).
                guard optional(old.tree.significantToken(1, of: a), new.tree.significantToken(1, of: b), missing: "") else { return false }
                switch (old.tree.child(of: a, .cell), new.tree.child(of: b, .cell)) {
                case (nil, nil): return true
                case (let oldCell?, let newCell?): return cells(oldCell, newCell)
                default: return false
                }
            case .cell:
                return cells(a, b)
            default:
                return tokens(old.tree.node(a), new.tree.node(b))
            }
        }

        /// Whether two tokens have the same text.
        func same(_ a: Int, _ b: Int) -> Bool {
            let left = old.text(a), right = new.text(b)
            return left.count == right.count && left.elementsEqual(right)
        }

        /// Two tokens that may be missing, a missing one read as `missing`.
        func optional(_ a: Int?, _ b: Int?, missing: StaticString) -> Bool {
            switch (a, b) {
            case (nil, nil): return true
            case (let a?, let b?): return same(a, b)
            // SAFETY: a static string's bytes live as long as the program, `count` of them.
            case (let a?, nil): return old.text(a).elementsEqual(UnsafeBufferPointer(start: missing.utf8Start, count: missing.utf8CodeUnitCount))
            // SAFETY: as above.
            case (nil, let b?): return new.text(b).elementsEqual(UnsafeBufferPointer(start: missing.utf8Start, count: missing.utf8CodeUnitCount))
            }
        }

        /// Whether two nodes hold the same significant tokens.
        func tokens(_ a: SyntaxTree.Node, _ b: SyntaxTree.Node) -> Bool {
            var left = a.tokenStart, right = b.tokenStart
            while true {
                while left < a.tokenEnd, !old.isSignificant(left) { left += 1 }
                while right < b.tokenEnd, !new.isSignificant(right) { right += 1 }
                guard left < a.tokenEnd, right < b.tokenEnd else { return left >= a.tokenEnd && right >= b.tokenEnd }
                guard same(left, right) else { return false }
                left += 1
                right += 1
            }
        }

        mutating func cells(_ a: Int, _ b: Int) -> Bool {
            let left = old.parts(of: a), right = new.parts(of: b)
            defer {
                old.attributes.pop(to: left.attributes.lowerBound)
                new.attributes.pop(to: right.attributes.lowerBound)
            }
            // A missing size is `_` (no size) unless a template gives one.
            guard optional(left.parts.size, right.parts.size, missing: left.parts.template == nil && right.parts.template == nil ? "_" : ""),
                optional(left.parts.template, right.parts.template, missing: ""),
                left.attributes.count == right.attributes.count
            else { return false }
            for (oldAttribute, newAttribute) in zip(left.attributes, right.attributes)
            where !tokens(old.tree.node(old.attributes[oldAttribute]), new.tree.node(new.attributes[newAttribute])) {
                return false
            }
            switch (left.parts.repetition, right.parts.repetition) {
            case (nil, nil): break
            case (let oldRepeat?, let newRepeat?):
                guard optional(old.tree.significantToken(1, of: oldRepeat), new.tree.significantToken(1, of: newRepeat), missing: "1") else { return false }
            default: return false
            }
            switch (left.parts.split, right.parts.split) {
            case (nil, nil): return true
            case (let oldSplit?, let newSplit?): return splits(oldSplit, newSplit)
            default: return false
            }
        }

        /// The same keyword and the same cells, inline or in a block.
        mutating func splits(_ a: Int, _ b: Int) -> Bool {
            guard optional(old.tree.firstToken(of: a), new.tree.firstToken(of: b), missing: "") else { return false }
            let oldList = old.tree.child(of: a, .inlineList) ?? old.tree.child(of: a, .block)
            let newList = new.tree.child(of: b, .inlineList) ?? new.tree.child(of: b, .block)
            guard let oldList, let newList else { return oldList == nil && newList == nil }
            var left = nextCell(in: old.tree, oldList, after: oldList)
            var right = nextCell(in: new.tree, newList, after: newList)
            while let oldCell = left, let newCell = right {
                guard cells(oldCell, newCell) else { return false }
                left = nextCell(in: old.tree, oldList, after: oldCell)
                right = nextCell(in: new.tree, newList, after: newCell)
            }
            return left == nil && right == nil
        }

        /// The next cell among the children of `list` after `node` (the list itself: the first).
        func nextCell(in tree: TreeBuffers, _ list: Int, after node: Int) -> Int? {
            var child = node == list ? list + 1 : tree.node(node).subtreeEnd
            while child < tree.node(list).subtreeEnd {
                if tree.node(child).kind == .cell { return child }
                child = tree.node(child).subtreeEnd
            }
            return nil
        }
    }
}
