import TrellisLayout
import TrellisModel
import TrellisSyntax

/// Settings of a lint run, the same for the CLI and (later) the editor.
public struct LintOptions: Sendable {
    /// Viewports for the layout rules; empty: the file's previews, else the default.
    public var viewports: [Viewport]
    /// Codes not to report.
    public var disabled: Set<DiagnosticCode>
    /// Codes reported with another severity than their own (a project's `warn` and `error`).
    public var severities: [DiagnosticCode: Severity] = [:]
    /// Lay every viewport out right-to-left.
    public var rtl: Bool
    /// Viewports for a file that names none (a project file's `previews`); empty: the default.
    public var fallbackViewports: [Viewport] = []

    /// The viewports frames are computed at: these, else the file's previews, else the
    /// project's, else the default; right-to-left with `rtl`. The one rule for `check`,
    /// `frames` and the editor.
    public func viewports(for file: LoadedFile) -> [Viewport] {
        var viewports = self.viewports
        if viewports.isEmpty { viewports = file.previews }
        if viewports.isEmpty { viewports = fallbackViewports }
        if viewports.isEmpty { viewports = [.default] }
        if rtl {
            viewports = viewports.map {
                var viewport = $0
                viewport.rtl = true
                return viewport
            }
        }
        return viewports
    }

    /// A project's rules for a file under these options: the codes it disables are not
    /// reported either, and those it regrades are, unless these options disable them.
    public mutating func adopt(_ rules: CodeRules) {
        disabled.formUnion(rules.disabled)
        for (code, severity) in rules.severities where severities[code] == nil { severities[code] = severity }
    }

    /// These options (the command line's or the editor's) for a file of a project: where they
    /// say nothing, the project's codes for the file's path (relative to the project's root;
    /// nil outside it) and its devices. The one rule for `check`, `preview` and the editor.
    public func over(_ project: ProjectSettings, forPath path: String?) -> LintOptions {
        var options = self
        options.adopt(project.codes(forPath: path))
        options.fallbackViewports = project.previews
        return options
    }

    public init(viewports: [Viewport] = [], disabled: Set<DiagnosticCode> = [], rtl: Bool = false) {
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
        /// By layout: what its rules found, and its screens when kept.
        public var layouts: [LayoutFindings]
        /// What the rules over a grid dictionary as written found, before the cap (empty for
        /// other files): what the next run can take over (``GridObjectEdit``).
        public var jsonFindings: [Diagnostic] = []
        /// By layout, then by viewport: the settled screen, then the screen after one more
        /// layout when the first settled; empty unless asked for.
        public var screens: [[[LayoutResult]]] { layouts.map { $0.screens } }
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
    /// of a large grid dictionary needs less memory at its peak. `reusing` holds, by layout,
    /// what an earlier run found in a layout no edit touched since (moved into this text,
    /// ``LayoutFindings/moved(by:)``), at the same viewports: its rules are not run again.
    /// `reusingJSON`: what an earlier run found in a grid dictionary of which one grid's object
    /// was edited since: the rules run over that grid alone.
    public static func run(
        _ file: inout LoadedFile, trees: [LayoutTree], options: LintOptions = LintOptions(), keepsScreens: Bool,
        dropsJSONSyntax: Bool, reusing: [LayoutFindings?] = [], reusingJSON: GridObjectEdit? = nil
    ) -> Run {
        let trees = trees.count == file.layouts.count ? trees : file.layouts.map(LayoutTree.init)
        var diagnostics = file.diagnostics
        var layouts = (0..<trees.count).map { reusing.indices.contains($0) ? reusing[$0] : nil }
        var jsonFindings: [Diagnostic] = []
        if let root = file.jsonRoot {
            if let found = reusingJSON.flatMap({ JSONRules.findings(after: $0, dialect: file.dialect) }) {
                jsonFindings = found
            } else {
                var rules = JSONRules(dialect: file.dialect)
                rules.lint(root: root)
                jsonFindings = rules.diagnostics
            }
            diagnostics += DiagnosticCap.capped(jsonFindings, scope: "layout `\(file.layouts.first?.name ?? file.source.name)`")
        }
        if let tree = file.tree { diagnostics += EscapeHatchRules.lint(tree, dialect: file.dialect) }
        do {
            let spans = Spans(file)
            // By index: iterating the trees would copy each (a reference count per column).
            for layout in trees.indices where layouts[layout] == nil {
                var structure = StructureRules(spans: spans)
                structure.lint(trees[layout])
                layouts[layout] = LayoutFindings(structure: structure.findings.kept, structureDropped: structure.findings.dropped)
            }
        }
        if dropsJSONSyntax, file.jsonRoot != nil, trees.allSatisfy({ $0.recordsKeyPlaces }) {
            file.jsonRoot = nil
            for index in file.layouts.indices { file.layouts[index].readNode = nil }
        }
        let spans = Spans(file)
        let viewports = options.viewports(for: file)
        for index in trees.indices {
            guard var findings = layouts[index] else { continue }
            if reusing.indices.contains(index), reusing[index] != nil {
                if !keepsScreens { findings.screens = [] }
            } else {
                var frames = LayoutRules(spans: spans, keepsScreens: keepsScreens)
                frames.lint(trees[index], viewports: viewports)
                findings.frames = frames.diagnostics
                findings.screens = frames.screens
            }
            layouts[index] = findings
            // The two sets of rules report different codes, so each is capped on its own.
            DiagnosticCap.append(
                findings.structure, findings.frames, to: &diagnostics, scope: "layout `\(file.layouts[index].name)`",
                alsoFound: findings.structureDropped)
        }
        // Ratios over 100% (M106) overflow at every viewport: L001 there says nothing more.
        let ratioSpans = Set(diagnostics.filter { $0.code == .ratiosOver100Percent }.map { $0.range })
        diagnostics.removeAll { $0.code == .childrenOverflow && ratioSpans.contains($0.range) }
        diagnostics = CodeRules(disabled: options.disabled, severities: options.severities).apply(to: diagnostics)
        if let tree = file.tree {
            TemplateFindings.merge(&diagnostics, tree: tree)
            diagnostics = Suppression.apply(diagnostics, tree: tree)
        }
        diagnostics.sort { ($0.range.lowerBound, $0.code) < ($1.range.lowerBound, $1.code) }
        return Run(diagnostics: diagnostics, layouts: layouts.map { $0 ?? LayoutFindings() }, jsonFindings: jsonFindings)
    }

    /// The rules over a grid dictionary as written (key names, value types and forms) alone:
    /// what `trellis import` tells of the values it imports as the runtime reads them.
    public static func jsonRuleFindings(_ root: JSONNode, dialect: Dialect) -> [Diagnostic] {
        var rules = JSONRules(dialect: dialect)
        rules.lint(root: root)
        return DiagnosticCap.capped(rules.diagnostics, scope: "this file")
    }
}

/// One grid's object of a grid dictionary edited inside its brackets, and what a lint run
/// found in the text before: the rules over the dictionary as written run over that grid
/// alone, and the other findings are moved past the edit.
public struct GridObjectEdit: Sendable {
    /// ``Linter/Run/jsonFindings`` of the old text.
    public var findings: [Diagnostic]
    /// The grid's object in the old text.
    public var object: Range<Int>
    public var edit: ByteEdit
    /// The grid's object in the new text.
    public var grid: JSONNode

    public init(findings: [Diagnostic], object: Range<Int>, edit: ByteEdit, grid: JSONNode) {
        self.findings = findings
        self.object = object
        self.edit = edit
        self.grid = grid
    }
}
