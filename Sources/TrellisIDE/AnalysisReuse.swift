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
        /// The text's syntax (nil for a grid dictionary: ``json``).
        let tree: SyntaxTree?
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
        /// What a grid dictionary's next text can take over (nil for a Trellis file).
        var json: ReusableJSON?

        /// The files the text's `use` paths reached, directly or not (nil: not followed).
        public var usedFiles: Set<String>? { uses?.files }

        /// The size of the text it was made of, in bytes.
        public var textSize: Int { tree?.source.bytes.count ?? json?.read.text.count ?? 0 }

        /// Whether some layout's tree still reads its borderlines out of its lowering's arena:
        /// the next edit reads them out for every layout it takes over (``detached()``).
        public var holdsArenas: Bool { trees.contains { $0.holdsArena } }

        /// The same, every tree's borderlines read out of its arena now: what an editor does
        /// while it waits, so that the next edit does not (after a document's open, every
        /// layout's; after an edit, the layouts lowered again).
        public func detached() -> Reusable {
            Reusable(
                tree: tree, uses: uses, dialect: dialect, viewports: viewports, loweringMetALimit: loweringMetALimit, layouts: layouts,
                trees: trees.map { $0.detached() }, findings: findings, lowering: lowering, json: json)
        }
    }

    /// What the next analysis of an edited grid dictionary can take over: the reading, what
    /// the rules over the dictionary as written found, and the layout tree, for the dialect
    /// they were made for. An edit inside one grid's object reads, lints and builds again
    /// that grid alone.
    struct ReusableJSON: Sendable {
        let read: ReusableJSONRead
        let findings: [Diagnostic]
        let tree: LayoutTree
        let dialect: Dialect
    }

    /// One layout's tree and findings from an earlier analysis, moved into the new text (its
    /// screens are computed again if a request asks for them).
    typealias ReusedLayout = (tree: LayoutTree, findings: LayoutFindings)

    /// The edit from `previous`'s text (an earlier text of the same document) to `tree`'s,
    /// when it touched no item of the file but layouts and the files used are the same: then a
    /// layout the edit did not touch is linted and laid out as it was (its own text, the
    /// templates and directives, the files used are what its results depend on). Nil otherwise.
    static func editOfLayoutsOnly(from previous: Reusable, to tree: SyntaxTree, uses: UsedFiles?) -> ByteEdit? {
        guard let previousTree = previous.tree, !previous.loweringMetALimit, sameUses(previous.uses, uses) else { return nil }
        let edit = ByteEdit.between(previousTree.source.bytes, tree.source.bytes)
        guard let oldOthers = otherItems(of: previousTree, untouched: { edit.newRange(ofOld: $0) != nil }),
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

    /// What of this analysis the next one of the same document can take over (`jsonFindings`:
    /// ``Linter/Run/jsonFindings``); nil for a one-off analysis.
    static func reusable(
        of file: LoadedFile, trees: [LayoutTree], findings: [LayoutFindings], jsonFindings: [Diagnostic], viewports: [Viewport]
    ) -> Reusable? {
        if file.kind == .json {
            guard let read = file.reusableJSON, let tree = trees.first, trees.count == 1 else { return nil }
            return Reusable(
                tree: nil, uses: nil, dialect: file.dialect, viewports: viewports, loweringMetALimit: false, layouts: [], trees: [], findings: [],
                lowering: nil, json: ReusableJSON(read: read, findings: jsonFindings, tree: tree, dialect: file.dialect))
        }
        guard let tree = file.tree, findings.count == trees.count, trees.count == file.layouts.count else { return nil }
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

extension Analysis {
    /// The grid of `previous`'s dictionary whose object an edit to `bytes` lay inside, the
    /// object's old range, and the edit; nil when only the root's object holds the edit.
    static func gridEdit(from previous: ReusableJSON, to bytes: [UInt8]) -> (grid: Int, object: Range<Int>, edit: ByteEdit)? {
        let edit = ByteEdit.between(previous.read.text, bytes)
        guard let grid = previous.tree.innermostGrid(holding: edit.range), let object = previous.tree.sources[grid] else { return nil }
        return (grid, object, edit)
    }
}
