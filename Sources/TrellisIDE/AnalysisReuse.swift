import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisSyntax

extension Analysis {
    /// One layout's tree and findings from an earlier analysis, moved into the new text (its
    /// screens are computed again if a request asks for them).
    typealias ReusedLayout = (tree: LayoutTree, findings: LayoutFindings)

    /// By layout of `file`, what `previous` (an analysis of an earlier text of the same
    /// document) computed for the same layout, moved into `file`'s text; nil for a layout that
    /// must be analysed again.
    ///
    /// A layout's tree and findings depend on its own text, the templates and directives of
    /// the file, the files it uses, the dialect and the viewports, and on nothing else. So a
    /// layout is taken over when the edit between the two texts (``ByteEdit/between(_:_:)``)
    /// touched neither it nor any item of the file that is not a layout, and the rest is equal.
    static func reusableLayouts(from previous: Analysis, for file: LoadedFile, viewports: [Viewport]) -> [ReusedLayout?] {
        let none = [ReusedLayout?](repeating: nil, count: file.layouts.count)
        guard file.kind == .trellis, previous.file.kind == .trellis, let oldTree = previous.file.tree, let newTree = file.tree,
            previous.layoutFindings.count == previous.trees.count, previous.viewports == viewports,
            previous.file.dialect == file.dialect, sameUses(previous.file.uses, file.uses)
        else { return none }
        let edit = ByteEdit.between(oldTree.source.bytes, newTree.source.bytes)
        guard let oldOthers = otherItems(of: oldTree, untouched: { edit.newRange(ofOld: $0) != nil }),
            let newOthers = otherItems(of: newTree, untouched: { edit.oldRange(ofNew: $0) != nil }), oldOthers == newOthers
        else { return none }
        var oldLayouts: [Int: Int] = [:]
        for (index, layout) in previous.file.layouts.enumerated() {
            if let item = layout.itemRange { oldLayouts[item.lowerBound] = index }
        }
        return file.layouts.map { layout in
            guard let item = layout.itemRange, let oldItem = edit.oldRange(ofNew: item), let old = oldLayouts[oldItem.lowerBound],
                previous.file.layouts[old].itemRange == oldItem, previous.file.layouts[old].name == layout.name,
                let tree = previous.trees[old].moved(by: edit), let findings = previous.layoutFindings[old].moved(by: edit)
            else { return nil }
            return (tree, findings)
        }
    }

    /// How many top-level items of `tree` are not layouts (templates, directives, unparsable
    /// text), or nil when `untouched` fails for one of them. A bare cell counts as a layout:
    /// whether it is the file's one bare layout depends on none of the others' text.
    private static func otherItems(of tree: SyntaxTree, untouched: (Range<Int>) -> Bool) -> Int? {
        var count = 0
        var allUntouched = true
        tree.forEachChild(of: 0) { item in
            guard tree.nodes[item].kind != .layoutDecl, tree.nodes[item].kind != .cell else { return }
            count += 1
            if !untouched(tree.range(of: item)) { allUntouched = false }
        }
        return allUntouched ? count : nil
    }

    private static func sameUses(_ one: UsedFiles?, _ other: UsedFiles?) -> Bool {
        switch (one, other) {
        case (nil, nil): return true
        case (let one?, let other?): return one.reachesTheSame(as: other)
        default: return false
        }
    }
}
