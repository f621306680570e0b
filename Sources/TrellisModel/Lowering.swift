import TrellisSyntax

/// The lowered document and the diagnostics found while lowering.
public struct LoweringResult: Sendable {
    public var document: Document
    public var diagnostics: [Diagnostic]
    /// The arena the layouts' grids are in.
    var arena = GridArena()
    /// When layouts of an earlier lowering were taken over: how many records lowering the
    /// whole file made then (nil: this lowering was of the whole file).
    var wholeFileRecords: Int?
    /// By layout of ``document``, the templates lowering it named (the templates those name
    /// in turn may be missing: they were lowered for an earlier layout).
    var templatesNamed: [[String]] = []
}

/// Lowers a Trellis syntax tree to the grid model: templates expanded (each lowered once,
/// cycle-checked), overrides applied, repetition unrolled, all within fixed limits.
public enum Lowering {
    /// Most grids one layout may expand to (templates count where they are used).
    public static let maximumGrids = 1_000_000
    /// Largest `* N`.
    public static let maximumRepeat = 10_000
    /// Deepest grid tree, counting template expansion.
    public static let maximumDepth = 300
    /// Deepest expansion the lowering follows (cells inside templates inside cells…), so that
    /// no input can exhaust the stack.
    public static let maximumNesting = 600
    /// Decimal places kept when `1/3` becomes `"33.333333%"`.
    public static let ratioDecimals = 6

    /// Lowers a file; `uses` is what its `use` paths reached (nil: they are not followed, and
    /// a name no template of the file's has is not reported while the file has a `use`).
    public static func lower(_ tree: SyntaxTree, uses: UsedFiles? = nil) -> LoweringResult { lower(tree, uses: uses, fastPaths: true) }

    /// ``lower(_:uses:)`` of an edited text, taking over from `previous` (the lowering of the
    /// text before `edit`) the layouts the edit did not touch.
    static func lower(_ tree: SyntaxTree, uses: UsedFiles?, reusing previous: ReusableLowering, after edit: ByteEdit) -> LoweringResult {
        lower(tree, uses: uses, fastPaths: true, reusing: (previous, edit))
    }

    /// `fastPaths: false` lowers every attribute through the general path only: the tests
    /// hold the two equal.
    static func lower(_ tree: SyntaxTree, uses: UsedFiles? = nil, fastPaths: Bool, reusing previous: (ReusableLowering, ByteEdit)? = nil)
        -> LoweringResult
    {
        var state = LoweringState(tree: tree)
        state.uses = uses
        state.usesFastPaths = fastPaths
        if let (reusable, edit) = previous, let arena = reusable.arena(movedBy: edit) {
            state.arena = arena
            state.reuse = (edit, reusable)
        }
        let document = state.lowerFile()
        // With layouts taken over, templates are lowered first by another layout than in a
        // whole lowering (nesting and the grid budget then count differently), and an unused
        // one is lowered with another layout's leftover budget: the file is lowered whole.
        if state.reuse != nil,
            state.loweredUnusedTemplates || state.diagnostics.contains(where: { $0.code == .templatesNestTooDeep || $0.code == .expansionLimit })
        {
            return lower(tree, uses: uses, fastPaths: fastPaths)
        }
        return LoweringResult(
            document: document, diagnostics: state.diagnostics, arena: state.arena,
            wholeFileRecords: state.reuse?.lowering.wholeFileRecords, templatesNamed: state.templatesNamed)
    }

    /// The templates of a file for the files that use it: its layouts are not lowered, and its
    /// errors (syntax, lowering, its own uses) are kept for them.
    public static func library(_ parsed: ParseResult, path: String, uses: UsedFiles) -> TemplateLibrary {
        var state = LoweringState(tree: parsed.tree)
        state.uses = uses
        state.templatesOnly = true
        _ = state.lowerFile()
        let errors = Suppression.apply(parsed.diagnostics + state.diagnostics, tree: parsed.tree).filter { $0.severity == .error }
        var templates: [String: LoweredCell] = [:]
        for name in state.templateCells.keys {
            if let lowered = state.loweredTemplates[name] { templates[name] = lowered }
        }
        return TemplateLibrary(
            path: path, source: parsed.tree.source, templateNames: state.templateNameRanges, errors: errors, arena: state.arena,
            templates: templates)
    }

    /// A ratio as the percentage string's number: `1/3` → 33.333333.
    public static func percent(ofRatio ratio: Double) -> Double {
        let scale = pow10(ratioDecimals)
        return (ratio * 100 * scale).rounded() / scale
    }

    static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}

/// A cell lowered (a template's once): its own values, its children (already in the arena),
/// its height and its grid count.
struct LoweredCell {
    /// The cell's values, axis and children (already in the arena).
    var record: GridArena.Record
    var height: Int
    var count: Int
}

struct LoweringState {
    /// A node of the tree, by index (no reference counting on the hot path).
    typealias Node = Int

    let tree: SyntaxTree
    let bytes: [UInt8]
    var diagnostics: [Diagnostic] = []
    var templateCells: [String: Node] = [:]
    var templateNameRanges: [String: Range<Int>] = [:]
    var loweredTemplates: [String: LoweredCell] = [:]
    var templatesInProgress: [String] = []
    var usedTemplates: Set<String> = []
    /// How many more grids the layout being lowered may expand to. A child's lowering takes
    /// what it expands to (one copy of it); its parent takes the rest, the child itself and the
    /// further copies of `* N`, so that each grid is counted once whatever its depth.
    var budget = Lowering.maximumGrids
    /// Cells being lowered, templates expanded inside them included (bounded: M016).
    var nesting = 0
    var nestingReported = false
    var budgetReported = false
    /// Plain `padding` and `spacing` numbers read without allocating (see `plainNumbers`), and
    /// gravity words written `top|left`, selectors written `handleTap:` and borderline colors
    /// written `#RRGGBB` copied from the source's bytes (see `apply` and `borderline`).
    var usesFastPaths = true
    /// Where each attribute name was first given on the cell being lowered (by raw value).
    var firstGiven = [Range<Int>](repeating: 0..<0, count: AttributeName.allCases.count)
    /// The grids built so far, shared by the file's layouts.
    var arena = GridArena()
    /// The records of the cells being lowered, each ahead of its children's and finished there
    /// in place; a list's records move into the arena side by side once the list is done (a
    /// list's cells are lowered depth first, so their own children land in the arena before
    /// them), and a root's or a template's is taken back off by ``lowerCellAlone(_:depth:)``.
    var pending: [GridArena.Record] = []
    /// Where the arena's entries of the cell whose attributes are being applied begin: an
    /// entry before it is a template's, copied before it is changed.
    var ownEntries = GridArena.Mark()
    /// The buffer ``arguments(of:)`` fills.
    var argumentTokens: [Token] = []
    /// What the file's `use` paths reached (nil: not followed).
    var uses: UsedFiles?
    /// Only the templates are lowered (a file used by another).
    var templatesOnly = false
    /// The edit from an earlier text of the file and that text's lowering, whose layouts are
    /// taken over where the edit did not touch them (``ReusableLowering``): their grids are in
    /// ``arena`` already.
    var reuse: (edit: ByteEdit, lowering: ReusableLowering)?
    /// The templates the root being lowered names (``LoweringResult/templatesNamed``).
    var rootTemplates: Set<String> = []
    /// By layout lowered or taken over, in order: ``rootTemplates``.
    var templatesNamed: [[String]] = []
    /// Whether a template no layout uses was lowered (to find what is wrong in it).
    var loweredUnusedTemplates = false
    /// The templates of used files, by name: the path as written, the directive, the library.
    var importedTemplates: [String: (written: String, directive: Range<Int>, library: TemplateLibrary)] = [:]
    /// The written paths whose templates the file refers to.
    var neededUses: Set<String> = []
    /// A `use` that reached no templates (its error says why), or uses not followed: a name
    /// no template has may be one of its.
    var someUseFailed = false

    init(tree: SyntaxTree) {
        self.tree = tree
        bytes = tree.source.bytes
    }

    func text(_ token: Token) -> String { tree.text(token) }

    /// Non-trivia tokens directly inside a node that has no child nodes (or all of them).
    func tokens(of node: Node) -> [Token] { tree.tokenIndices(of: node).map { tree.tokens[$0] } }

    mutating func report(
        _ code: DiagnosticCode, _ message: String, _ range: Range<Int>,
        notes: [String] = [], fixIts: [FixIt] = [], labels: [DiagnosticLabel] = []
    ) {
        report(code, code.severity, message, range, notes: notes, fixIts: fixIts, labels: labels)
    }

    mutating func report(
        _ code: DiagnosticCode, _ severity: Severity, _ message: String, _ range: Range<Int>,
        notes: [String] = [], fixIts: [FixIt] = [], labels: [DiagnosticLabel] = []
    ) {
        diagnostics.append(
            Diagnostic(
                code: code, severity: severity, range: range, message: message,
                labels: labels, notes: notes, fixIts: fixIts))
    }

    // MARK: file

    mutating func lowerFile() -> Document {
        var document = Document()
        var roots: [(name: String?, root: (index: Int, count: Int?), nameRange: Range<Int>?, item: Range<Int>)] = []
        // A cell is at least two nodes (the cell and its size or split); the pages reserved
        // past the last record are never touched. (An arena taken over has room already.)
        if reuse == nil { arena.reserve(grids: tree.nodes.count / 2) }
        var items: [Node] = []
        tree.forEachChild(of: 0) { items.append($0) }
        for item in items where tree.nodes[item].kind == .templateDecl {
            guard let nameToken = tree.node(item).ownTokens.first(where: { $0.kind == .identifier }) else { continue }
            let name = text(nameToken)
            if let first = templateNameRanges[name] {
                report(
                    .definedTwice, "template `\(name)` is defined twice", nameToken.range,
                    labels: [DiagnosticLabel(range: first, message: "first defined here")])
                continue
            }
            templateNameRanges[name] = nameToken.range
            if let cell = tree.child(of: item, .cell) { templateCells[name] = cell }
        }
        let libraryUses = lowerUses(items)
        var layoutNames: [String: Range<Int>] = [:]
        var bareRoot: Node?
        var targetRange: Range<Int>?
        for item in items {
            let itemRange = tree.range(of: item)
            switch tree.nodes[item].kind {
            case .targetDirective:
                if let first = targetRange {
                    report(
                        .badTarget, .warning, "the target is declared twice; the last one counts", itemRange,
                        labels: [DiagnosticLabel(range: first, message: "first declared here")])
                }
                targetRange = itemRange
                if let dialect = lowerTarget(item) { document.target = dialect }
            case .previewDirective:
                if let viewport = lowerPreview(item) { document.previews.append(viewport) }
            case .layoutDecl where !templatesOnly:
                let nameToken = tree.node(item).ownTokens.first(where: { $0.kind == .identifier })
                let name = nameToken.map(text)
                if let name, let nameToken {
                    if let first = layoutNames[name] {
                        report(
                            .definedTwice, "layout `\(name)` is defined twice", nameToken.range,
                            labels: [DiagnosticLabel(range: first, message: "first defined here")])
                    }
                    layoutNames[name] = nameToken.range
                }
                guard let cell = tree.child(of: item, .cell) else { continue }
                if let reused = reusedLayout(itemRange, name: name) {
                    markUsed(reused.templates)
                    templatesNamed.append(reused.templates)
                    roots.append((name, (reused.layout.tree.root, reused.layout.tree.gridCount), nameToken?.range, itemRange))
                    continue
                }
                rootTemplates.removeAll(keepingCapacity: true)
                if let root = lowerRoot(cell) {
                    templatesNamed.append(Array(rootTemplates))
                    roots.append((name, (root.index, root.count), nameToken?.range, itemRange))
                }
            case .cell where !templatesOnly:
                if let first = bareRoot {
                    report(
                        .secondBareLayout, "a file holds at most one bare layout; this cell is a second one", itemRange,
                        notes: ["Put each layout in `layout NAME …`, or join the cells into one root with `rows { … }`."],
                        labels: [DiagnosticLabel(range: tree.range(of: first), message: "the file's bare layout")])
                    continue
                }
                bareRoot = item
                rootTemplates.removeAll(keepingCapacity: true)
                if let root = lowerRoot(item) {
                    templatesNamed.append(Array(rootTemplates))
                    roots.append((nil, (root.index, root.count), nil, itemRange))
                }
            default:
                break
            }
        }
        let hasLayoutSyntax = items.contains { tree.nodes[$0].kind == .layoutDecl || tree.nodes[$0].kind == .cell }
        // A file of templates and no layout is a library, for the files that use it.
        let isLibrary = templatesOnly || (!hasLayoutSyntax && !templateCells.isEmpty)
        // Past M016 the rest of the chain is never reached: not "unused".
        for (name, cell) in templateCells.sorted(by: { $0.key < $1.key }) where !nestingReported {
            if !usedTemplates.contains(name) {
                loweredUnusedTemplates = true
                if templatesOnly {
                    // Each template of a file others use counts its grids as a layout would.
                    budget = Lowering.maximumGrids
                    budgetReported = false
                }
                _ = template(named: name, cell: cell)
                if !isLibrary {
                    report(
                        .unusedTemplate, "template `\(name)` is never used", templateNameRanges[name] ?? tree.range(of: cell),
                        fixIts: [])
                }
            }
        }
        if !templatesOnly { reportUnusedUses(libraryUses) }
        document.layouts = roots.map {
            LayoutDecl(
                name: $0.name, tree: GridTree(arena: arena, root: $0.root.index, gridCount: $0.root.count), nameRange: $0.nameRange,
                itemRange: $0.item)
        }
        if document.layouts.isEmpty, !hasLayoutSyntax, !isLibrary {
            report(
                .noLayout, tree.source.bytes.isEmpty ? "the file is empty: it defines no layout" : "the file defines no layout",
                0..<0, notes: ["Write `layout NAME rows …`, or a bare root cell such as `rows 20 | fill`."])
        }
        return document
    }

    /// The layout of an earlier text to take over for the layout item at `item` named `name`,
    /// with the templates lowering it named: the same item (its bytes and the rest of its
    /// lines untouched by the edit) with the same name, which lowered then with nothing found.
    func reusedLayout(_ item: Range<Int>, name: String?) -> (layout: LayoutDecl, templates: [String])? {
        guard let reuse, let oldItem = reuse.edit.oldRange(ofNew: item, wholeLinesIn: bytes),
            let reused = reuse.lowering.layout(item: oldItem), reused.layout.name == name
        else { return nil }
        return reused
    }

    /// Marks `names` as used, as lowering the layout that named them did, with the templates
    /// each one names in turn (read from its syntax: it may not be lowered this time).
    mutating func markUsed(_ names: [String]) {
        var unread: [Node] = []
        for name in names where usedTemplates.insert(name).inserted {
            if let cell = templateCells[name] { unread.append(cell) }
        }
        while let node = unread.popLast() {
            for index in node..<tree.nodes[node].subtreeEnd where tree.nodes[index].kind == .templateRef {
                guard let token = tree.firstToken(of: index) else { continue }
                let name = text(tree.tokens[token])
                if usedTemplates.insert(name).inserted, let cell = templateCells[name] { unread.append(cell) }
            }
        }
    }

    mutating func lowerTarget(_ node: Node) -> Dialect? {
        let tokens = tokens(of: node)
        if let word = tokens.first(where: { $0.kind == .identifier }), text(word) != "mylayout" {
            report(.badTarget, "unknown runtime `\(text(word))`: write `target mylayout 1` or `target mylayout 2`", word.range)
            return nil
        }
        guard let number = tokens.first(where: { $0.kind == .number }) else { return nil }
        switch text(number) {
        case "1": return .v1
        case "2": return .v2
        default:
            report(.badTarget, "MyLayout \(text(number)) is not a known runtime: 1 (1.x, reads `space`) or 2 (2.0+, reads `spacing`)", number.range)
            return nil
        }
    }

    mutating func lowerPreview(_ node: Node) -> Viewport? {
        let tokens = tokens(of: node)
        guard let dimension = tokens.first(where: { $0.kind == .dimension }) else { return nil }
        guard var viewport = Viewport.parse(text(dimension)) else {
            report(
                .badViewport, "`\(text(dimension))` is not a viewport: write WIDTHxHEIGHT@SCALEx (1x to 4x), e.g. `375x667@2x` or `375xwrap@3x`",
                dimension.range)
            return nil
        }
        for token in tokens {
            if token.kind == .kwRtl { viewport.rtl = true }
            if token.kind == .string { viewport.label = decodeString(token) }
        }
        return viewport
    }

    // MARK: cells

    /// Lowers a layout's root cell; returns its record's index in the arena and the number
    /// of grids it expands to.
    mutating func lowerRoot(_ cell: Node) -> (index: Int, count: Int)? {
        // The root is one of the layout's grids.
        budget = Lowering.maximumGrids - 1
        budgetReported = false
        if let repeatClause = tree.child(of: cell, .repeatClause) {
            report(.badRepetition, "a layout's root cannot repeat", tree.range(of: repeatClause))
        }
        guard let lowered = lowerCellAlone(cell, depth: 0) else { return nil }
        if lowered.record.size != .none, let sizeNode = tree.child(of: cell, .size) {
            report(.sizeOnRoot, "a size on a layout's root means nothing: the layout view's own size is the root's", tree.range(of: sizeNode))
        }
        if lowered.height > Lowering.maximumDepth {
            report(
                .tooDeepAfterExpansion, "the layout nests \(lowered.height) levels deep after template expansion (at most \(Lowering.maximumDepth))",
                tree.range(of: cell))
            return nil
        }
        return (arena.append(lowered.record), lowered.count)
    }

    /// ``lowerCell(_:depth:)``, with the cell's record taken back off `pending`.
    mutating func lowerCellAlone(_ cell: Node, depth: Int) -> LoweredCell? {
        guard let shape = lowerCell(cell, depth: depth) else { return nil }
        return LoweredCell(record: pending.removeLast(), height: shape.height, count: shape.count)
    }

    /// Lowers one cell (without its repetition), its children into the arena, and appends its
    /// record to `pending` (one copy of its 96 bytes, not two through an optional result);
    /// returns its height, its grid count and its repeat clause (found on the way), or nil
    /// (nothing appended) when it is not built.
    mutating func lowerCell(_ cell: Node, depth: Int) -> (height: Int, count: Int, repeatClause: Node?)? {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Lowering.maximumNesting else {
            if !nestingReported {
                nestingReported = true
                report(
                    .templatesNestTooDeep,
                    "templates and cells nest more than \(Lowering.maximumNesting / 2) templates deep here (a long chain of templates using templates); this cell is not built",
                    tree.range(of: cell), notes: ["Each template that uses another adds a level while it is expanded."])
            }
            return nil
        }
        var lowered = LoweredCell(record: GridArena.Record(), height: 1, count: 1)
        var sizeNode: Node?
        var split: Node?
        var firstAttribute: Node?
        var repeatClause: Node?
        let end = tree.nodes[cell].subtreeEnd
        var child = cell + 1
        while child < end {
            switch tree.nodes[child].kind {
            case .size: sizeNode = child
            case .attribute: if firstAttribute == nil { firstAttribute = child }
            case .split: split = child
            case .repeatClause: if repeatClause == nil { repeatClause = child }
            case .templateRef:
                if let index = tree.firstToken(of: child) {
                    let token = tree.tokens[index]
                    if let template = template(named: text(token), reference: token) { lowered = template }
                }
            default: break
            }
            child = tree.nodes[child].subtreeEnd
        }
        if let sizeNode, let index = tree.firstToken(of: sizeNode) {
            let token = tree.tokens[index]
            if !lowerSize(token, into: &lowered.record), token.kind == .underscore {
                lowered.record.setSize(nil)
            }
        }
        var givesGravity = false
        if let firstAttribute {
            ownEntries = arena.mark
            // One bit per attribute name seen on this cell; `firstGiven` holds where each was
            // first given, read only for names whose bit is set (no allocation per cell).
            var given: UInt64 = 0
            var attribute = firstAttribute
            while attribute < end {
                if tree.nodes[attribute].kind == .attribute, let nameIndex = tree.firstToken(of: attribute) {
                    let nameToken = tree.tokens[nameIndex]
                    let name = tree.nodes[attribute].attributeName
                    if let name, name != .json, firstGiven.indices.contains(Int(name.rawValue)) {
                        let slot = Int(name.rawValue)
                        if given & 1 << UInt64(slot) != 0 {
                            reportDuplicate(name, nameToken, first: firstGiven[slot])
                        } else {
                            firstGiven[slot] = nameToken.range
                            given |= 1 << UInt64(slot)
                        }
                    }
                    apply(attribute, name: name, nameToken: nameToken, to: &lowered.record)
                }
                attribute = tree.nodes[attribute].subtreeEnd
            }
            givesGravity = given & 1 << UInt64(AttributeName.gravity.rawValue) != 0
        }
        if !arena.rare[Int(lowered.record.rare)].overlap.isNone, let sizeNode, depth > 0,
            let size = arena.size(of: lowered.record), size != .number(0)
        {
            report(
                .overlapOverwritten, "`overlap` overwrites this size with 0", tree.range(of: sizeNode),
                fixIts: [FixIt(message: "write `_` (no size)", edits: [TextEdit(range: tree.range(of: sizeNode), replacement: "_")])])
        }
        if givesGravity, lowered.record.rare != 0 {
            checkGravityOverOverlap(rare: lowered.record.rare, gravity: lowered.record.gravity)
        }
        // The record goes to `pending` before its children, and is finished there in place:
        // copying it after its last small writes would wait for them to land (96 bytes read
        // in pieces wider than the fields just written).
        var list: Node?
        if let split, let keywordIndex = tree.firstToken(of: split) {
            let keyword = tree.tokens[keywordIndex]
            // A misspelled keyword (S010) is read as the one it was taken for.
            let isRows = keyword.kind == .kwRows || (keyword.kind == .identifier && misspellsRows(keyword))
            lowered.record.axis = isRows ? GridArena.Record.axisRows : GridArena.Record.axisCols
            lowered.record.setChildren(0..<0)
            lowered.height = 1
            lowered.count = 1
            var block: Node?
            var inlineList: Node?
            tree.forEachChild(of: split) { child in
                switch tree.nodes[child].kind {
                case .block: if block == nil { block = child }
                case .inlineList: if inlineList == nil { inlineList = child }
                default: break
                }
            }
            if let inlineList { attributesOnTheLastItem(inlineList, keyword: keyword) }
            list = block ?? inlineList
        }
        let slot = pending.count
        pending.append(lowered.record)
        if let list {
            let listEnd = tree.nodes[list].subtreeEnd
            let base = slot + 1
            var childCell = list + 1
            while childCell < listEnd {
                defer { childCell = tree.nodes[childCell].subtreeEnd }
                let budgetBefore = budget
                guard tree.nodes[childCell].kind == .cell, let child = lowerCell(childCell, depth: depth + 1) else { continue }
                let times = repeatCount(child.repeatClause)
                let added = child.count * times
                // What the child's own lowering took (nothing for a template lowered before).
                let taken = budgetBefore - budget
                if added - taken > budget {
                    pending.removeLast()
                    budget = budgetBefore
                    if !budgetReported {
                        report(
                            .expansionLimit, "this layout expands to more than \(Lowering.maximumGrids) grids; the rest is not built", tree.range(of: childCell)
                        )
                        budgetReported = true
                    }
                    continue
                }
                budget -= added - taken
                lowered.count += added
                lowered.height = max(lowered.height, child.height + 1)
                // The copies of `* N` share the child's subtree.
                if times > 1 {
                    let record = pending[pending.count - 1]
                    for _ in 1..<times { pending.append(record) }
                }
            }
            // SAFETY: `base <= pending.count` (it was `pending.count` before this cell's children
            // were appended), and the slice is copied whole inside the closure.
            let children = pending.withUnsafeBufferPointer { arena.append(block: UnsafeBufferPointer(rebasing: $0[base...])) }
            pending.removeSubrange(base...)
            pending[slot].setChildren(children)
        }
        // Set last: the cell's last token is read after its children's, not before them.
        pending[slot].setSource(tree.range(of: cell))
        return (lowered.height, lowered.count, repeatClause)
    }

    /// M018 (info): `fill cols 30% | fill padding(5)` pads the last column, not the `cols` grid,
    /// though it reads either way. Said when only the last item of an inline list has
    /// attributes; the fix for the other reading is to write them before the split.
    mutating func attributesOnTheLastItem(_ list: Node, keyword: Token) {
        // Most lists give no attribute to their last cell: said without collecting anything.
        var cellCount = 0
        var lastCell: Node?
        tree.forEachChild(of: list) {
            if tree.nodes[$0].kind == .cell {
                cellCount += 1
                lastCell = $0
            }
        }
        guard cellCount >= 2, let lastCell, hasOwnAttributes(lastCell) else { return }
        var cells: [Node] = []
        tree.forEachChild(of: list) { if tree.nodes[$0].kind == .cell { cells.append($0) } }
        guard cells.count >= 2, let last = cells.last, cells.dropLast().allSatisfy({ ownAttributes($0).isEmpty }),
            tree.child(of: last, .split) == nil, tree.child(of: last, .repeatClause) == nil,
            let first = ownAttributes(last).first, let final = ownAttributes(last).last
        else { return }
        let range = tree.range(of: first).lowerBound..<tree.range(of: final).upperBound
        report(
            .attributesOnLastItemOfList, "these attributes belong to the last cell of the list, not to the `\(text(keyword))` grid", range,
            notes: [
                "In an inline list, attributes after a cell are that cell's. To give them to the split grid, write them before `\(text(keyword))`; to keep them on the last cell and silence this, write the list as a block."
            ])
    }

    /// Whether ``ownAttributes(_:)`` is not empty.
    func hasOwnAttributes(_ cell: Node) -> Bool {
        var child = cell + 1
        let end = tree.nodes[cell].subtreeEnd
        while child < end {
            if tree.nodes[child].kind == .attribute, tree.nodes[child].attributeName != .content { return true }
            child = tree.nodes[child].subtreeEnd
        }
        return false
    }

    /// A cell's attributes but `content(WxH)`, which previews the cell's own view.
    func ownAttributes(_ cell: Node) -> [Node] {
        var attributes: [Node] = []
        tree.forEachChild(of: cell) { child in
            guard tree.nodes[child].kind == .attribute, tree.nodes[child].attributeName != .content else { return }
            attributes.append(child)
        }
        return attributes
    }

    /// Whether a split's misspelled keyword (S010) is read as `rows` (out of line: rare).
    @inline(never)
    func misspellsRows(_ keyword: Token) -> Bool {
        Parser.splitKeyword(misspelledAs: text(keyword)) == GridKey.rows.jsonName
    }

    /// M111: a cell's own `gravity` replaces the alignment its `overlap` (its own or its
    /// template's) gives, as the JSON rule says of the grid it writes. Kept out of line: few
    /// cells have both.
    @inline(never)
    mutating func checkGravityOverOverlap(rare: UInt32, gravity span: GridArena.TextSpan) {
        guard !arena.rare[Int(rare)].overlap.isNone, let gravity = arena.string(span), !Gravity.parse(gravity).isNone else { return }
        report(
            .overlapOverwritten, "`gravity` overwrites the alignment `overlap` gives (it is applied after it)",
            firstGiven[Int(AttributeName.gravity.rawValue)])
    }

    /// M009 for an attribute given twice on one cell, labelled at its first occurrence.
    mutating func reportDuplicate(_ name: AttributeName, _ nameToken: Token, first: Range<Int>) {
        report(
            .attributeGivenTwice, "`\(name.spelling)` is given twice on this cell; the last one counts", nameToken.range,
            labels: [DiagnosticLabel(range: first, message: "first given here")])
    }

    /// A cell's `* N` (1 without a repeat clause).
    @inline(__always)
    mutating func repeatCount(_ clause: Node?) -> Int {
        guard let clause else { return 1 }
        guard let token = tokens(of: clause).first(where: { $0.kind == .number }) else { return 1 }
        guard let value = NumberParsing.integer(bytes, token.range), value >= 1, value <= Int64(Lowering.maximumRepeat) else {
            report(.badRepetition, "a repeat count is a whole number from 1 to \(Lowering.maximumRepeat), found `\(text(token))`", token.range)
            return 1
        }
        return Int(value)
    }

    mutating func template(named name: String, reference: Token) -> LoweredCell? {
        usedTemplates.insert(name)
        rootTemplates.insert(name)
        guard let cell = templateCells[name] else {
            if importedTemplates[name] != nil { return importedTemplate(named: name, reference: reference) }
            if !someUseFailed { unknownName(name, reference) }
            return nil
        }
        if let cycleStart = templatesInProgress.firstIndex(of: name) {
            let cycle = templatesInProgress[cycleStart...] + [name]
            report(
                .templateCycle, "template cycle: \(cycle.map { "`\($0)`" }.joined(separator: " → "))", reference.range,
                labels: templateNameRanges[name].map { [DiagnosticLabel(range: $0, message: "`\(name)` defined here")] } ?? [])
            return nil
        }
        return template(named: name, cell: cell)
    }

    mutating func template(named name: String, cell: Node) -> LoweredCell? {
        if let done = loweredTemplates[name] { return done }
        templatesInProgress.append(name)
        defer { templatesInProgress.removeLast() }
        if let repeatClause = tree.child(of: cell, .repeatClause) {
            report(.badRepetition, "a template's cell cannot repeat; repeat it where it is used (`\(name) * 3`)", tree.range(of: repeatClause))
        }
        guard let lowered = lowerCellAlone(cell, depth: 0) else { return nil }
        loweredTemplates[name] = lowered
        return lowered
    }

    // MARK: attributes

    mutating func numbers(_ tokens: [Token], for name: String, at range: Range<Int>) -> [Double]? {
        var values: [Double] = []
        for token in tokens where token.kind != .comma {
            guard token.kind == .number, let value = NumberParsing.double(bytes, token.range) else {
                report(.badAttributeArguments, "`\(name)` takes numbers; found `\(text(token))`", token.range)
                return nil
            }
            values.append(value)
        }
        return values
    }

    mutating func apply(_ attribute: Node, name known: AttributeName?, nameToken: Token, to grid: inout GridArena.Record) {
        // The common cases first, without allocating: `padding` or `spacing` of plain numbers,
        // gravity words written `top|left` and selectors written `handleTap:`, whose bytes
        // are their values.
        if usesFastPaths, let known {
            switch known {
            case .padding, .spacing:
                guard let numbers = plainNumbers(attribute) else { break }
                let values = numbers.values
                switch (known, numbers.count) {
                case (.spacing, 1):
                    grid.setSpacing(values.0)
                    return
                case (.padding, 1):
                    grid.setPadding(EdgeInsets(top: values.0, left: values.0, bottom: values.0, right: values.0))
                    return
                case (.padding, 2):
                    grid.setPadding(EdgeInsets(top: values.0, left: values.1, bottom: values.0, right: values.1))
                    return
                case (.padding, 4):
                    grid.setPadding(numbers.insets)
                    return
                default: break  // the general path says what is wrong
                }
            case .gravity, .overlap:
                guard let range = plainArgumentText(attribute),
                    source(range, ValueChecks.isExactAlignment)
                else { break }
                let span = appendSourceText(range)
                if known == .gravity {
                    grid.gravity = span
                } else {
                    arena.updateRareFields(of: &grid, ownedFrom: ownEntries) { $0.overlap = span }
                }
                return
            case .action:
                guard let range = plainArgumentText(attribute),
                    source(range, ValueChecks.isPlainSelector)
                else { break }
                grid.action = appendSourceText(range)
                return
            default: break
            }
        }
        let args = arguments(of: attribute)
        var range: Range<Int> { tree.range(of: attribute) }
        guard let known else { return unknownAttribute(nameToken) }
        // Spelled out only for a message.
        var name: String { known.spelling }
        switch known {
        case .anchor, .placeholder:
            var value = true
            if let args, !args.isEmpty {
                let spelled = args.map(text).joined()
                if spelled == "true" {
                    value = true
                } else if spelled == "false" {
                    value = false
                } else {
                    report(.badAttributeArguments, "`\(name)` is a flag: write `\(name)`, or `\(name)(false)` to clear a template's", range)
                }
            }
            grid.set(known == .anchor ? GridArena.Record.anchor : GridArena.Record.placeholder, value)
        case .padding:
            guard let args, let values = numbers(args, for: name, at: range) else { return missingArguments(name, range, example: "padding(10 0 10 0)") }
            switch values.count {
            case 1: grid.setPadding(EdgeInsets(top: values[0], left: values[0], bottom: values[0], right: values[0]))
            case 2: grid.setPadding(EdgeInsets(top: values[0], left: values[1], bottom: values[0], right: values[1]))
            case 4: grid.setPadding(EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3]))
            default:
                report(
                    .badAttributeArguments, "`padding` takes 1, 2 or 4 numbers in the runtime's order: top left bottom right; found \(values.count)", range,
                    notes: ["MyLayout reads padding as UIEdgeInsets {top, left, bottom, right}, not CSS's top right bottom left."])
            }
        case .spacing:
            guard let args, let values = numbers(args, for: name, at: range), values.count == 1 else {
                return missingArguments(name, range, example: "spacing(5)")
            }
            grid.setSpacing(values[0])
        case .tag:
            guard let args, args.count == 1, args[0].kind == .number, let value = NumberParsing.integer(bytes, args[0].range) else {
                return missingArguments(name, range, example: "tag(1001)")
            }
            grid.setTag(value)
            if let finding = ValueChecks.tag(value) { report(finding, at: args[0].range) }
        case .gravity, .overlap:
            guard let args, !args.isEmpty else { return missingArguments(name, range, example: "\(name)(bottom|left)") }
            guard let value = gravityText(args, for: known) else { return }
            let span = arena.append(text: value)
            if known == .gravity {
                grid.gravity = span
            } else {
                arena.updateRareFields(of: &grid, ownedFrom: ownEntries) { $0.overlap = span }
            }
        case .action:
            guard let args, !args.isEmpty else { return missingArguments(name, range, example: "action(handleTap:)") }
            var action: String?
            if args.count == 1, args[0].kind == .string {
                action = decodeString(args[0])
            } else if args.allSatisfy({ $0.kind == .identifier || $0.kind == .colon || $0.kind.keywordSpelling != nil }) {
                // A selector's parts are names, keywords of Trellis too (`use:`).
                action = args.map(text).joined()
            } else {
                report(.badAttributeArguments, "`action` takes an Objective-C selector such as `handleTap:`", range)
            }
            if let action { grid.action = arena.append(text: action) }
            if let action = action ?? arena.string(grid.action), let finding = ValueChecks.action(action), let first = args.first, let last = args.last {
                let span = first.start..<last.end
                let replacement = finding.replacement.map { args.count == 1 && args[0].kind == .string ? "\"\($0)\"" : $0 }
                report(finding, at: span, replacement: replacement)
            }
        case .actionData:
            guard let value = jsonArgument(attribute, name: name) else { return }
            arena.updateRareValues(of: &grid, ownedFrom: ownEntries) { $0.actionData = value }
        case .json:
            guard let value = jsonArgument(attribute, name: name) else { return }
            guard case .object(let members) = value else {
                report(.badAttributeArguments, "`json` takes an object of raw grid-dictionary members, e.g. `json({\"x-note\": \"…\"})`", range)
                return
            }
            arena.updateRareValues(of: &grid, ownedFrom: ownEntries) { $0.extra.append(contentsOf: members) }
        case .topBorderline, .leftBorderline, .bottomBorderline, .rightBorderline:
            let edge: Edge = known == .topBorderline ? .top : known == .leftBorderline ? .left : known == .bottomBorderline ? .bottom : .right
            guard let args else { return missingArguments(name, range, example: "\(name)(color #EEEEEE thick 1)") }
            if let line = borderline(edge, args, attribute: known) {
                arena.setBorderline(line, of: &grid, ownedFrom: ownEntries)
            }
        case .content:
            guard let args, args.count == 1, args[0].kind == .dimension else {
                return missingArguments(name, range, example: "content(80x20)")
            }
            let parts = text(args[0]).split(separator: "x")
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else {
                report(.badAttributeArguments, "`content` takes WIDTHxHEIGHT in points, e.g. `content(80x20)`", args[0].range)
                return
            }
            arena.updateRareFields(of: &grid, ownedFrom: ownEntries) { $0.contentSize = PreviewSize(width: width, height: height) }
        }
    }

    /// A name where a template's was expected that names none: a unit glued to a size
    /// (`20px`, M006), or a near miss of a size word, a template or an attribute (M001), each
    /// one error with its fix.
    mutating func unknownName(_ name: String, _ reference: Token) {
        if let previous = tree.previousSignificantTokenIndex(before: reference.start), tree.tokens[previous].end == reference.start,
            tree.tokens[previous].kind.isSize
        {
            let size = text(tree.tokens[previous])
            let meaning = tree.tokens[previous].kind == .number ? "; `\(size)` is \(size) points" : ""
            report(
                .badSize, "`\(size)\(name)`: a size has no unit\(meaning)", tree.tokens[previous].start..<reference.end,
                notes: ["Sizes are points (`20`), shares (`33%`, `1/3`), `fill` or `wrap`; the runtime knows no units."],
                fixIts: [FixIt(message: "remove `\(name)`", edits: [TextEdit(range: reference.range, replacement: "")], isSafe: false)])
            return
        }
        let sizeWords = GridKey.size.info.values
        let candidates = sizeWords + templateCells.keys.sorted() + importedTemplates.keys.sorted() + Parser.attributeNames.sorted()
        var fixIts: [FixIt] = []
        var message = "unknown template `\(name)`"
        if let suggestion = Suggestion.closest(to: name, among: candidates) {
            if sizeWords.contains(suggestion) { message = "`\(name)` is not a size or a template" }
            message += "; did you mean `\(suggestion)`?"
            fixIts.append(FixIt(message: "replace with `\(suggestion)`", edits: [TextEdit(range: reference.range, replacement: suggestion)], isSafe: false))
        }
        report(
            .unknownTemplate, message, reference.range,
            notes: ["A name that starts a cell refers to a template; attributes are written `name(…)` or are the flags `anchor` and `placeholder`."],
            fixIts: fixIts)
    }

    mutating func unknownAttribute(_ nameToken: Token) {
        let name = text(nameToken)
        var message = "unknown attribute `\(name)`"
        var fixIts: [FixIt] = []
        if let suggestion = GridSchema.spacingIsLegacy(name) == true
            ? GridKey.spacing.info.attribute : Suggestion.closest(to: name, among: Parser.attributeNames.sorted())
        {
            message += "; did you mean `\(suggestion)`?"
            fixIts.append(FixIt(message: "replace with `\(suggestion)`", edits: [TextEdit(range: nameToken.range, replacement: suggestion)]))
        }
        report(
            .unknownAttribute, message, nameToken.range,
            notes: ["Keys Trellis does not know go through the escape hatch: `json({\"\(name)\": …})`."],
            fixIts: fixIts)
    }

    /// Reports a value check's finding at a span, with its replacement as a fix-it.
    mutating func report(_ finding: ValueFinding, at span: Range<Int>, replacement: String? = nil) {
        var fixIts: [FixIt] = []
        if let text = replacement ?? finding.replacement {
            fixIts.append(FixIt(message: "write `\(text)`", edits: [TextEdit(range: span, replacement: text)], isSafe: finding.replacementIsSafe))
        }
        report(finding.code, finding.severity, finding.message, span, notes: finding.notes, fixIts: fixIts)
    }

    mutating func missingArguments(_ name: String, _ range: Range<Int>, example: String) {
        report(.badAttributeArguments, "`\(name)` needs arguments like `\(example)`", range)
    }

    static let gravityWords = AlignmentWord.verticalFirst.map { $0.word }
    /// The borderline fields, prepared for "did you mean".
    static let borderlineSuggestions = Suggestion.Candidates(GridSchema.borderlineFields)

    mutating func gravityText(_ tokens: [Token], for attribute: AttributeName) -> String? {
        if tokens.count == 1, tokens[0].kind == .string { return decodeString(tokens[0]) }
        var words: [String] = []
        for token in tokens {
            switch token.kind {
            case .pipe, .comma: continue
            case .identifier:
                let word = text(token)
                guard Self.gravityWords.contains(word) else {
                    var fixIts: [FixIt] = []
                    var message = "`\(word)` is not a gravity; the runtime knows \(Self.gravityWords.map { "`\($0)`" }.joined(separator: ", "))"
                    if let suggestion = Suggestion.closest(to: word, among: Self.gravityWords) {
                        message = "`\(word)` is not a gravity; did you mean `\(suggestion)`?"
                        fixIts.append(FixIt(message: "replace with `\(suggestion)`", edits: [TextEdit(range: token.range, replacement: suggestion)]))
                    }
                    report(
                        .badAttributeArguments, message, token.range,
                        notes: ["Gravity words are case-sensitive; the runtime silently drops unknown ones."], fixIts: fixIts)
                    return nil
                }
                words.append(word)
            case .kwFill:
                report(.badAttributeArguments, "gravity has no `fill`: write `width` or `height`", token.range)
                return nil
            default:
                let name = attribute.spelling
                report(.badAttributeArguments, "`\(name)` takes gravity words joined by `|`, e.g. `\(name)(bottom|left)`", token.range)
                return nil
            }
        }
        return words.joined(separator: "|")
    }

    mutating func borderline(_ edge: Edge, _ tokens: [Token], attribute: AttributeName) -> GridArena.StoredBorderline? {
        var line = GridArena.StoredBorderline(edge: edge)
        var index = 0
        while index < tokens.count {
            let key = tokens[index]
            if key.kind == .comma {
                index += 1
                continue
            }
            guard key.kind == .identifier, index + 1 < tokens.count else {
                report(.badAttributeArguments, "`\(attribute.spelling)` takes pairs: color #RRGGBB thick N head N tail N offset N dash N", key.range)
                return nil
            }
            let value = tokens[index + 1]
            let field = source(key.range, BorderlineField.lookup)
            if field == .color {
                switch value.kind {
                case .color where usesFastPaths && source(value.range, ValueChecks.isPlainHexColor):
                    // `#RRGGBB`, the common case: its bytes are the color.
                    line.color = appendSourceText(value.range)
                case .color, .identifier, .string:
                    let color = value.kind == .string ? decodeString(value) : text(value)
                    line.color = arena.append(text: color)
                    if let finding = ValueChecks.color(color) {
                        report(finding, at: value.range, replacement: finding.replacement.map { value.kind == .string ? "\"\($0)\"" : $0 })
                    }
                default:
                    report(.badAttributeArguments, "a borderline color is `#RRGGBB`, `#AARRGGBB` or a name such as `red`", value.range)
                    return nil
                }
            } else if let field {
                guard value.kind == .number, let number = NumberParsing.double(bytes, value.range) else {
                    report(.badAttributeArguments, "`\(text(key))` takes a number", value.range)
                    return nil
                }
                switch field {
                case .thick:
                    line.thick = number
                    if let finding = ValueChecks.thick(number) { report(finding, at: value.range) }
                case .head: line.head = number
                case .tail: line.tail = number
                case .offset: line.offset = number
                case .dash: line.dash = number
                case .color: break  // read above, as a color
                }
            } else {
                // An unknown field is named first, whatever its value: `colour red` is a
                // misspelled field, not a color where a number belongs.
                let keyText = text(key)
                var message = "a borderline has no `\(keyText)`"
                var fixIts: [FixIt] = []
                if let suggestion = Suggestion.closest(to: keyText, among: Self.borderlineSuggestions) {
                    message += "; did you mean `\(suggestion)`?"
                    fixIts.append(FixIt(message: "replace with `\(suggestion)`", edits: [TextEdit(range: key.range, replacement: suggestion)]))
                }
                report(.badAttributeArguments, message, key.range, fixIts: fixIts)
                return nil
            }
            index += 2
        }
        return line
    }

    /// Reads the text between an attribute's parentheses as JSON (tolerantly, with the
    /// reader's diagnostics shifted to the file's offsets).
    mutating func jsonArgument(_ attribute: Node, name: String) -> JSONValue? {
        guard let range = argumentRange(of: attribute) else {
            missingArguments(name, tree.range(of: attribute), example: "\(name)(\"…\")")
            return nil
        }
        // Plain JSON (nearly all) is read without the reader's syntax tree and positions.
        if let value = StrictJSON.value(tree.source.bytes, in: range) { return value }
        let slice = Array(tree.source.bytes[range])
        let result = JSONReader.read(SourceFile(name: tree.source.name, bytes: slice))
        for var diagnostic in result.diagnostics {
            diagnostic.range = (diagnostic.range.lowerBound + range.lowerBound)..<(diagnostic.range.upperBound + range.lowerBound)
            diagnostic.labels = diagnostic.labels.map {
                DiagnosticLabel(range: ($0.range.lowerBound + range.lowerBound)..<($0.range.upperBound + range.lowerBound), message: $0.message)
            }
            diagnostic.fixIts = diagnostic.fixIts.map { fix in
                FixIt(
                    message: fix.message,
                    edits: fix.edits.map {
                        TextEdit(range: ($0.range.lowerBound + range.lowerBound)..<($0.range.upperBound + range.lowerBound), replacement: $0.replacement)
                    }, isSafe: fix.isSafe)
            }
            diagnostic.notes = []
            diagnostics.append(diagnostic)
        }
        return result.root?.value
    }

    /// The value of a Trellis string token (JSON escapes).
    func decodeString(_ token: Token) -> String {
        if case .string(let text)? = StrictJSON.value(tree.source.bytes, in: token.range) { return text }
        let result = JSONReader.read(SourceFile(name: "", bytes: Array(tree.source.bytes[token.range])))
        if case .string(let text)? = result.root?.value { return text }
        return String(text(token).dropFirst().dropLast())
    }
}
