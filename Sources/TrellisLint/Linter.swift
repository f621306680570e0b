import TrellisLayout
import TrellisModel
import TrellisSyntax

/// Settings of a lint run, the same for the CLI and (later) the editor.
public struct LintOptions: Sendable {
    /// Viewports for the layout rules; empty: the file's previews, else the default.
    public var viewports: [Viewport]
    /// Codes not to report.
    public var disabled: Set<String>
    /// Lay every viewport out right-to-left.
    public var rtl: Bool

    /// The viewports frames are computed at: these, else the file's previews, else the
    /// default; right-to-left with `rtl`. The one rule for `check`, `frames` and the editor.
    public func viewports(for file: LoadedFile) -> [Viewport] {
        var viewports = self.viewports
        if viewports.isEmpty { viewports = file.previews }
        if viewports.isEmpty { viewports = [.default] }
        if rtl { viewports = viewports.map { var viewport = $0; viewport.rtl = true; return viewport } }
        return viewports
    }

    public init(viewports: [Viewport] = [], disabled: Set<String> = [], rtl: Bool = false) {
        self.viewports = viewports
        self.disabled = disabled
        self.rtl = rtl
    }
}

/// Lints a loaded file: its syntax, JSON and lowering diagnostics, then the rules over its
/// grid dictionaries and frames. Pure: the same list feeds `trellis check` and the editor.
public enum Linter {
    public static func lint(_ file: LoadedFile, options: LintOptions = LintOptions()) -> [Diagnostic] {
        run(file, trees: file.layouts.map(LayoutTree.init), options: options, keepsScreens: false).diagnostics
    }

    /// What one lint run found, and the screens its layout rules computed (when kept).
    public struct Run: Sendable {
        public var diagnostics: [Diagnostic]
        /// By layout, then by viewport: the settled screen, then the screen after one more
        /// layout when the first settled; empty unless asked for.
        public var screens: [[[LayoutResult]]]
    }

    /// ``lint(_:options:)`` over layout trees built once by the caller (one per layout of
    /// `file`: `LayoutTree(layout)`), keeping the screens it computed when `keepsScreens`
    /// (every layout's at every viewport stay in memory together then).
    public static func run(_ file: LoadedFile, trees: [LayoutTree], options: LintOptions = LintOptions(), keepsScreens: Bool = true) -> Run {
        var file = file
        return run(&file, trees: trees, options: options, keepsScreens: keepsScreens, dropsJSONSyntax: false)
    }

    /// ``run(_:trees:options:keepsScreens:)``; with `dropsJSONSyntax`, a JSON file's syntax
    /// is dropped from `file` once the rules that read it have run, so the layout passes
    /// never hold it (its reports point at keys the layout trees recorded): a one-off check
    /// of a large grid dictionary needs less memory at its peak.
    public static func run(_ file: inout LoadedFile, trees: [LayoutTree], options: LintOptions = LintOptions(), keepsScreens: Bool,
                           dropsJSONSyntax: Bool) -> Run {
        let trees = trees.count == file.layouts.count ? trees : file.layouts.map(LayoutTree.init)
        var diagnostics = file.diagnostics
        var screens: [[[LayoutResult]]] = []
        if let root = file.jsonRoot {
            var rules = JSONRules(dialect: file.dialect)
            rules.lint(root: root)
            diagnostics += DiagnosticCap.capped(rules.diagnostics, scope: "layout `\(file.layouts.first?.name ?? file.source.name)`")
        }
        if let tree = file.tree { diagnostics += escapeHatches(tree, dialect: file.dialect) }
        var structures: [CappedDiagnostics] = []
        do {
            let spans = Spans(file)
            for tree in trees {
                var structure = StructureRules(spans: spans)
                structure.lint(tree)
                structures.append(structure.findings)
            }
        }
        if dropsJSONSyntax, file.jsonRoot != nil, trees.allSatisfy(\.recordsKeyPlaces) {
            file.jsonRoot = nil
            for index in file.layouts.indices { file.layouts[index].readNode = nil }
        }
        let spans = Spans(file)
        let viewports = options.viewports(for: file)
        for ((layout, tree), structure) in zip(zip(file.layouts, trees), structures) {
            var frames = LayoutRules(spans: spans, keepsScreens: keepsScreens)
            frames.lint(tree, viewports: viewports)
            screens.append(frames.screens)
            // The two sets of rules report different codes, so each is capped on its own.
            diagnostics += DiagnosticCap.capped(structure.kept + frames.diagnostics, scope: "layout `\(layout.name)`",
                                                alsoFound: structure.dropped)
        }
        // Ratios over 100% (M106) overflow at every viewport: L001 there says nothing more.
        let ratioSpans = Set(diagnostics.filter { $0.code == "M106" }.map(\.range))
        diagnostics.removeAll { $0.code == "L001" && ratioSpans.contains($0.range) }
        diagnostics = diagnostics.filter { !options.disabled.contains($0.code) }
        if let tree = file.tree {
            diagnostics = TemplateFindings.merged(diagnostics, tree: tree)
            diagnostics = Suppression.apply(diagnostics, tree: tree)
        }
        diagnostics.sort { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
        return Run(diagnostics: diagnostics, screens: screens)
    }

    /// The rules over a grid dictionary as written (key names, value types and forms) alone:
    /// what `trellis import` tells of the values it imports as the runtime reads them.
    public static func jsonRuleFindings(_ root: JSONNode, dialect: Dialect) -> [Diagnostic] {
        var rules = JSONRules(dialect: dialect)
        rules.lint(root: root)
        return DiagnosticCap.capped(rules.diagnostics, scope: "this file")
    }

    static let jsonWord = Array("json".utf8)

    /// The members inside `json({…})` are grid-dictionary members written as given: the JSON
    /// rules check them exactly as in a JSON file (the reader's own errors come from the
    /// lowering already).
    static func escapeHatches(_ tree: SyntaxTree, dialect: Dialect) -> [Diagnostic] {
        var found: [Diagnostic] = []
        guard ByteSearch.contains(jsonWord, in: tree.source.bytes) else { return found }
        for (index, node) in tree.nodes.enumerated() where node.kind == .attribute {
            guard let name = tree.firstToken(of: index), tree.token(tree.tokens[name], is: "json"),
                  let range = tree.argumentRange(of: index) else { continue }
            let slice = SourceFile(name: tree.source.name, bytes: Array(tree.source.bytes[range]))
            guard let root = JSONReader.read(slice).root, root.type == .object else { continue }
            var rules = JSONRules(dialect: dialect)
            rules.lintMembers(of: root, isRoot: false)
            let shift = range.lowerBound
            found += crossChecks(root, attribute: index, tree: tree, shift: shift)
            for var diagnostic in rules.diagnostics {
                diagnostic.range = (diagnostic.range.lowerBound + shift)..<(diagnostic.range.upperBound + shift)
                diagnostic.labels = diagnostic.labels.map { DiagnosticLabel(range: ($0.range.lowerBound + shift)..<($0.range.upperBound + shift), message: $0.message) }
                diagnostic.fixIts = diagnostic.fixIts.map { fix in
                    FixIt(message: fix.message, edits: fix.edits.map { TextEdit(range: ($0.range.lowerBound + shift)..<($0.range.upperBound + shift), replacement: $0.replacement) }, isSafe: fix.isSafe)
                }
                diagnostic.notes.append("Inside `json(…)`: written to the grid dictionary as given.")
                found.append(diagnostic)
            }
        }
        return found
    }

    /// Members of `json({…})` checked against the rest of their cell, as the JSON rules check
    /// the keys of one grid: a key the cell writes already (its size, its split, one of its
    /// attributes: the grid dictionary then holds it twice and the runtime reads the last,
    /// J008 in a JSON file), `rows` beside a `cols` split (M101), a size or gravity that
    /// `overlap` overwrites (M111).
    static func crossChecks(_ root: JSONNode, attribute: Int, tree: SyntaxTree, shift: Int) -> [Diagnostic] {
        let cell = tree.nodes[attribute].parent
        guard cell >= 0, tree.nodes[cell].kind == .cell else { return [] }
        var given: [GridKey: Range<Int>] = [:]
        var givenRaw: [String: Range<Int>] = [:]
        tree.forEachChild(of: cell) { child in
            guard child != attribute else { return }
            let node = tree.nodes[child]
            switch node.kind {
            case .size:
                if let token = tree.firstToken(of: child), tree.tokens[token].kind != .underscore { given[.size] = tree.range(of: child) }
            case .split:
                if let token = tree.firstToken(of: child) {
                    given[tree.tokens[token].kind == .kwRows ? .rows : .cols] = tree.tokens[token].range
                }
            case .attribute where node.attributeName == .json:
                // An earlier `json({…})` of the same cell gives its keys too.
                guard child < attribute, let range = tree.argumentRange(of: child),
                      let earlier = JSONReader.read(SourceFile(name: "", bytes: Array(tree.source.bytes[range]))).root else { return }
                earlier.forEachMember { member in
                    let keyRange = (member.keyRange.lowerBound + range.lowerBound)..<(member.keyRange.upperBound + range.lowerBound)
                    if let key = member.gridKey { given[key] = keyRange } else { givenRaw[member.key] = keyRange }
                }
            case .attribute:
                if let key = node.attributeName?.gridKey, let token = tree.firstToken(of: child) { given[key] = tree.tokens[token].range }
            default:
                break
            }
        }
        var found: [Diagnostic] = []
        root.forEachMember { member in
            guard let key = member.gridKey else {
                if let other = givenRaw[member.key] {
                    let keyRange = (member.keyRange.lowerBound + shift)..<(member.keyRange.upperBound + shift)
                    found.append(Diagnostic(code: "M009", severity: .warning, range: keyRange,
                                            message: "\"\(member.key)\" is given twice on this cell: the grid dictionary gets the key twice and the runtime reads only the last",
                                            labels: [DiagnosticLabel(range: other, message: "also given here")]))
                }
                return
            }
            let otherAxis: GridKey? = key == .rows ? .cols : key == .cols ? .rows : nil
            if let otherAxis, let split = given[otherAxis] {
                let keyRange = (member.keyRange.lowerBound + shift)..<(member.keyRange.upperBound + shift)
                found.append(Diagnostic(code: "M101", severity: .error, range: keyRange,
                                        message: "a grid has both `rows` and `cols`: the runtime asserts (and in release builds adds the rows after the cols)",
                                        labels: [DiagnosticLabel(range: split, message: "`\(otherAxis == .rows ? "rows" : "cols")` given here")],
                                        notes: ["Inside `json(…)`: written to the grid dictionary as given."]))
                return
            }
            if let overlap = given[.overlap], key == .size || key == .gravity {
                let readsZero = key == .size && RuntimeReading.measure(read: member.value) == 0
                let aligns = key == .gravity && !Gravity.parse(member.value.stringPayload ?? "").isNone
                if !readsZero, key == .size || aligns {
                    let keyRange = (member.keyRange.lowerBound + shift)..<(member.keyRange.upperBound + shift)
                    found.append(Diagnostic(code: "M111", severity: .warning, range: keyRange,
                                            message: key == .size ? "`overlap` overwrites this `size` with 0" : "`gravity` overwrites the alignment `overlap` gives (it is applied after it)",
                                            labels: [DiagnosticLabel(range: overlap, message: "overlap given here")]))
                }
            }
            guard let other = given[key] else { return }
            let keyRange = (member.keyRange.lowerBound + shift)..<(member.keyRange.upperBound + shift)
            found.append(Diagnostic(code: "M009", severity: .warning, range: keyRange,
                                    message: "the cell gives \"\(member.key)\" already: the grid dictionary gets the key twice and the runtime reads only the one written last",
                                    labels: [DiagnosticLabel(range: other, message: "also given here")],
                                    notes: ["Inside `json(…)`: written to the grid dictionary as given."]))
        }
        return found
    }
}
