import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisSyntax

extension Analysis {
    /// One layout's tree and findings from an earlier analysis, moved into the new text (its
    /// screens are computed again if a request asks for them).
    typealias ReusedLayout = (tree: LayoutTree, findings: LayoutFindings)

    /// The edit from `previous`'s text (an earlier text of the same document) to `tree`'s,
    /// when it touched no item of the file but layouts and the files used are the same: then a
    /// layout the edit did not touch is linted and laid out as it was (its own text, the
    /// templates and directives, the files used are what its results depend on). Nil otherwise.
    static func editOfLayoutsOnly(from previous: Analysis, to tree: SyntaxTree, uses: UsedFiles?) -> ByteEdit? {
        guard previous.file.kind == .trellis, let oldTree = previous.file.tree, sameUses(previous.file.uses, uses) else { return nil }
        let edit = ByteEdit.between(oldTree.source.bytes, tree.source.bytes)
        guard let oldOthers = otherItems(of: oldTree, untouched: { edit.newRange(ofOld: $0) != nil }),
            let newOthers = otherItems(of: tree, untouched: { edit.oldRange(ofNew: $0) != nil }), oldOthers == newOthers
        else { return nil }
        return edit
    }

    /// By layout of `file`, what `previous` computed for the same layout, moved into `file`'s
    /// text past `edit` (``editOfLayoutsOnly(from:to:uses:)``); nil for a layout the edit
    /// touched, or when the dialect or the viewports differ.
    static func reusableLayouts(from previous: Analysis, for file: LoadedFile, viewports: [Viewport], edit: ByteEdit) -> [ReusedLayout?] {
        let none = [ReusedLayout?](repeating: nil, count: file.layouts.count)
        guard file.kind == .trellis, previous.layoutFindings.count == previous.trees.count, previous.viewports == viewports,
            previous.file.dialect == file.dialect
        else { return none }
        var oldLayouts: [Int: Int] = [:]
        for (index, layout) in previous.file.layouts.enumerated() {
            if let item = layout.itemRange { oldLayouts[item.lowerBound] = index }
        }
        let bytes = file.source.bytes
        return file.layouts.map { layout in
            // The whole lines the item is on: a cell's offside rule reads the indentation of
            // the line it starts on, which may begin before the item.
            guard let item = layout.itemRange, edit.oldRange(ofNew: wholeLines(item, in: bytes)) != nil,
                let oldItem = edit.oldRange(ofNew: item), let old = oldLayouts[oldItem.lowerBound],
                previous.file.layouts[old].itemRange == oldItem, previous.file.layouts[old].name == layout.name,
                let tree = previous.trees[old].moved(by: edit), let findings = previous.layoutFindings[old].moved(by: edit)
            else { return nil }
            return (tree, findings)
        }
    }

    /// `range` widened to the start of its first line and past the end of its last one.
    private static func wholeLines(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var start = min(range.lowerBound, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = min(range.upperBound, bytes.count)
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return start..<end
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
