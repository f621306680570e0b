import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisSyntax

extension Analysis {
    /// What the next analysis of an edited text of the same document can take over from this
    /// one: the text's syntax, the files it used, the grids lowering built and, by layout, its
    /// item, tree and findings. An editor keeps this between edits rather than the whole
    /// analysis (no screens).
    public struct Reusable: Sendable {
        let tree: SyntaxTree
        let uses: UsedFiles?
        let dialect: Dialect
        let viewports: [Viewport]
        let loweringMetALimit: Bool
        /// By layout: its name and the item it is written in.
        let layouts: [(name: String, item: Range<Int>?)]
        let trees: [LayoutTree]
        let findings: [LayoutFindings]
        /// The grids of the layouts lowering can take over.
        let lowering: ReusableLowering?

        /// The files the text's `use` paths reached, directly or not (nil: not followed).
        public var usedFiles: Set<String>? { uses?.files }

        /// The size of the text it was made of, in bytes.
        public var textSize: Int { tree.source.bytes.count }

        /// Whether some layout's tree still reads its borderlines out of its lowering's arena:
        /// the next edit reads them out for every layout it takes over (``detached()``).
        public var holdsArenas: Bool { trees.contains { $0.holdsArena } }

        /// The same, every tree's borderlines read out of its arena now: what an editor does
        /// while it waits, so that the next edit does not (after a document's open, every
        /// layout's; after an edit, the layouts lowered again).
        public func detached() -> Reusable {
            Reusable(
                tree: tree, uses: uses, dialect: dialect, viewports: viewports, loweringMetALimit: loweringMetALimit, layouts: layouts,
                trees: trees.map { $0.detached() }, findings: findings, lowering: lowering)
        }
    }

    /// One layout's tree and findings from an earlier analysis, moved into the new text (its
    /// screens are computed again if a request asks for them).
    typealias ReusedLayout = (tree: LayoutTree, findings: LayoutFindings)

    /// The edit from `previous`'s text (an earlier text of the same document) to `tree`'s,
    /// when it touched no item of the file but layouts and the files used are the same: then a
    /// layout the edit did not touch is linted and laid out as it was (its own text, the
    /// templates and directives, the files used are what its results depend on). Nil otherwise.
    static func editOfLayoutsOnly(from previous: Reusable, to tree: SyntaxTree, uses: UsedFiles?) -> ByteEdit? {
        guard !previous.loweringMetALimit, sameUses(previous.uses, uses) else { return nil }
        let edit = ByteEdit.between(previous.tree.source.bytes, tree.source.bytes)
        guard let oldOthers = otherItems(of: previous.tree, untouched: { edit.newRange(ofOld: $0) != nil }),
            let newOthers = otherItems(of: tree, untouched: { edit.oldRange(ofNew: $0) != nil }), oldOthers == newOthers
        else { return nil }
        return edit
    }

    /// By layout of `file`, what `previous` computed for the same layout, moved into `file`'s
    /// text past `edit` (``editOfLayoutsOnly(from:to:uses:)``); nil for a layout the edit
    /// touched, or when the dialect or the viewports differ, or when lowering `file` met a
    /// limit (a template then lowers as its first use decides).
    static func reusableLayouts(from previous: Reusable, for file: LoadedFile, viewports: [Viewport], edit: ByteEdit) -> [ReusedLayout?] {
        let none = [ReusedLayout?](repeating: nil, count: file.layouts.count)
        guard file.kind == .trellis, !file.loweringMetALimit, previous.viewports == viewports, previous.dialect == file.dialect else { return none }
        var oldLayouts: [Int: Int] = [:]
        for (index, layout) in previous.layouts.enumerated() {
            if let item = layout.item { oldLayouts[item.lowerBound] = index }
        }
        let bytes = file.source.bytes
        return file.layouts.map { layout in
            guard let item = layout.itemRange, let oldItem = edit.oldRange(ofNew: item, wholeLinesIn: bytes), let old = oldLayouts[oldItem.lowerBound],
                previous.layouts[old].item == oldItem, previous.layouts[old].name == layout.name,
                let tree = previous.trees[old].moved(by: edit), let findings = previous.findings[old].moved(by: edit)
            else { return nil }
            return (tree, findings)
        }
    }

    /// What of this analysis the next one of the same document can take over; nil for
    /// anything but a Trellis file analysed for an editor.
    static func reusable(of file: LoadedFile, trees: [LayoutTree], findings: [LayoutFindings], viewports: [Viewport]) -> Reusable? {
        guard file.kind == .trellis, let tree = file.tree, findings.count == trees.count, trees.count == file.layouts.count else { return nil }
        return Reusable(
            tree: tree, uses: file.uses, dialect: file.dialect, viewports: viewports, loweringMetALimit: file.loweringMetALimit,
            layouts: file.layouts.map { ($0.name, $0.itemRange) }, trees: trees, findings: findings.map { $0.withoutScreens },
            lowering: file.reusableLowering)
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
