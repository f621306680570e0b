import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisSyntax

/// One document analysed once: the loaded file, the lint diagnostics (the same list
/// `trellis check` prints), each layout's runtime model, and frames computed lazily per
/// layout and viewport and cached. Every editor feature starts from here, so the editor and
/// the command line can never disagree.
public struct Analysis: Sendable {
    public let file: LoadedFile
    public let diagnostics: [Diagnostic]
    public let options: LintOptions
    /// Each layout's runtime model, computed on first use (rendering asks for it).
    public var runtimes: [RuntimeGrid] { cache.runtimes.value { file.layouts.map { $0.runtime } } }
    /// Each layout's grids flattened once, for the rules and every viewport's passes.
    public let trees: [LayoutTree]
    /// The viewports frames are shown at: the same rule as `trellis check` and `trellis frames`.
    public let viewports: [Viewport]
    /// The runtime the editor's settings target, overriding the file's (nil: the file's).
    public let target: Dialect?
    /// What the next analysis of an edited text takes over: an untouched layout's results, or
    /// all but an edited grid's of a grid dictionary (nil for a one-off check).
    public let reusable: Reusable?
    let cache = FrameCache()

    /// `oneOff` for a one-off check, which reads only ``diagnostics``: the screens the rules
    /// compute are dropped as they go instead of being kept for requests, and a JSON file's
    /// syntax once the rules that read it have run (``file`` then has no `jsonRoot`).
    /// `parsed`: the parse of `source`, when an editor has reparsed it already (`Parser.reparse`).
    /// `uses`: what the file's `use` paths reached (nil: not followed).
    /// `previous`: what an analysis of an earlier text of the same document left (``reusable``),
    /// made with the same files used (a caller drops it when one of them changes): the layouts
    /// an edit did not touch take its trees and findings over, which equal what analysing them
    /// again would give (when the edit touched only layouts, and the files used, the dialect
    /// and the viewports are the same), and their grids where lowering them found nothing
    /// (`ReusableLowering`). It is let go before the new text is lowered when nothing can be
    /// taken over. For a grid dictionary edited inside one grid's object (below the root),
    /// that object alone is read, built and linted again.
    public init(
        _ source: SourceFile, kind: InputKind, options: LintOptions = LintOptions(), target: Dialect? = nil, oneOff: Bool = false,
        parsed: ParseResult? = nil, uses: UsedFiles? = nil, previous: consuming Reusable? = nil
    ) {
        var parsed = parsed
        let json = oneOff || kind != .json ? nil : previous?.json
        let gridEdit = json.flatMap { Self.gridEdit(from: $0, to: source.bytes) }
        var edit: ByteEdit?
        if let last = previous, kind == .trellis {
            let tree = parsed ?? Parser.parse(source)
            parsed = tree
            edit = Self.editOfLayoutsOnly(from: last, to: tree.tree, uses: uses)
        }
        if edit == nil { previous = nil }
        var loaded =
            oneOff
            ? LoadedFile.load(source, kind: kind, target: target, parsed: parsed, uses: uses)
            : kind == .json
                ? LoadedFile.loadJSON(source, target: target, rereading: json.flatMap { json in gridEdit.map { (json.read, $0.edit, $0.object) } })
                : LoadedFile.load(
                    source, kind: kind, target: target, parsed: parsed, uses: uses,
                    reusing: previous.flatMap { previous in edit.flatMap { edit in previous.lowering.map { ($0, edit) } } })
        self.options = options
        let viewports = options.viewports(for: loaded)
        var reused: [ReusedLayout?] = []
        if let previous, let edit { reused = Self.reusableLayouts(from: previous, for: loaded, viewports: viewports, edit: edit) }
        var jsonEdit: GridObjectEdit?
        var splicedTree: LayoutTree?
        if let json, let gridEdit, loaded.reusableJSON?.reread != nil, loaded.dialect == json.dialect,
            let grid = loaded.jsonRoot?.object(startingAt: gridEdit.object.lowerBound)
        {
            jsonEdit = GridObjectEdit(findings: json.findings, object: gridEdit.object, edit: gridEdit.edit, grid: grid)
            splicedTree = json.tree.replacing(grid: gridEdit.grid, with: grid, dialect: loaded.dialect, delta: gridEdit.edit.delta)
        }
        let trees = loaded.layouts.indices.map { index in
            (reused.indices.contains(index) ? reused[index]?.tree : nil) ?? (index == 0 ? splicedTree : nil) ?? LayoutTree(loaded.layouts[index])
        }
        self.trees = trees
        let run = Linter.run(
            &loaded, trees: trees, options: options, keepsScreens: !oneOff, dropsJSONSyntax: oneOff, reusing: reused.map { $0?.findings },
            reusingJSON: jsonEdit)
        file = loaded
        diagnostics = run.diagnostics
        self.viewports = viewports
        reusable = oneOff ? nil : Self.reusable(of: loaded, trees: trees, findings: run.layouts, jsonFindings: run.jsonFindings, viewports: viewports)
        self.target = target
        // The layout rules computed every screen already: requests read them from the cache.
        for (layout, byViewport) in run.screens.enumerated() {
            for (viewport, screens) in byViewport.enumerated() where viewport < 1 << 14 {
                guard let settled = screens.first else { continue }
                cache.store(settled, layout: layout, viewport: viewport)
                cache.store(screens.count == 2 ? screens[1] : settled, layout: layout, viewport: viewport | 1 << 14)
            }
        }
    }

    public var source: SourceFile { file.source }
    public var tree: SyntaxTree? { file.tree }

    /// What the screen shows for layout `layout` at viewport number `viewport` (computed once).
    public func frames(layout: Int, viewport: Int) -> LayoutResult? {
        guard trees.indices.contains(layout), viewports.indices.contains(viewport) else { return nil }
        return cache.result(layout: layout, viewport: viewport) {
            let screens = LayoutEngine.screens(trees[layout], viewport: viewports[viewport], relayouts: 0)
            return screens.last ?? LayoutEngine.singlePass(trees[layout], viewport: viewports[viewport])
        }
    }

    /// The same layout laid out once more after settling (a rotation round trip or
    /// `setNeedsLayout`), for hovers that say whether a cell moves then; computed once.
    public func relaidOut(layout: Int, viewport: Int) -> LayoutResult? {
        guard trees.indices.contains(layout), viewports.indices.contains(viewport), viewport < 1 << 14 else { return nil }
        let screens = cache.result(layout: layout, viewport: viewport | 1 << 14) {
            LayoutEngine.screens(trees[layout], viewport: viewports[viewport], relayouts: 1).last
                ?? LayoutEngine.singlePass(trees[layout], viewport: viewports[viewport])
        }
        return screens.relayouts == 1 ? screens : nil
    }

    /// Whether a JSON document is a grid dictionary worth analysing (`GridDictionaryShape`):
    /// the CLI's folder search and the server both use it.
    public static func looksLikeGridDictionary(_ bytes: [UInt8]) -> Bool {
        GridDictionaryShape.isGridDictionary(bytes)
    }
}

/// Layout results by layout and viewport, filled on first use; shared by every copy of an
/// analysis and safe to use from any thread.
final class FrameCache: Sendable {
    let results = Locked<[Int: LayoutResult]>([:])
    let runtimes = Memo<[RuntimeGrid]>()
    /// Every grid's origin, in pre-order.
    let origins = Memo<[GridOrigin]>()
    /// Every grid by where it was written (for hovers and inlay hints).
    let writtenGrids = Memo<WrittenGrids>()

    func store(_ result: LayoutResult, layout: Int, viewport: Int) {
        results.withLock { $0[layout << 16 | viewport] = result }
    }

    func result(layout: Int, viewport: Int, compute: () -> LayoutResult) -> LayoutResult {
        let key = layout << 16 | viewport
        if let cached = results.withLock({ $0[key] }) { return cached }
        let computed = compute()
        results.withLock { $0[key] = computed }
        return computed
    }
}
