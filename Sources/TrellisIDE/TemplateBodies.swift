import TrellisSyntax

/// The templates whose bodies a range overlaps, in the text's order, with what each body's
/// cell stands for: a template's own cell has no grid; it stands for the grids of every cell
/// that uses the template (as ``Origins/innermost(_:containing:)`` says).
struct TemplateBodies {
    /// The bodies' cells' ranges, by start.
    private(set) var bodies: [Range<Int>] = []
    private var tree: SyntaxTree?
    /// The cells that use each template of ``bodies``, by name.
    private var uses: [String: [Range<Int>]] = [:]

    init(_ analysis: Analysis, overlapping range: Range<Int>) {
        guard let tree = analysis.tree else { return }
        self.tree = tree
        var names: Set<String> = []
        tree.forEachChild(of: 0) { item in
            guard let template = TemplateDecl(tree, item), let body = template.body?.range, body.overlaps(range) else { return }
            bodies.append(body)
            if let name = template.name { names.insert(tree.text(name)) }
        }
        uses = Origins.cellsUsingTemplates(named: names, in: tree)
    }

    /// The grids body number `number` stands for: those written at the innermost cell holding
    /// its start, or else, reaching the template, those of every cell that uses it.
    func grids(usingBodyAt number: Int, in analysis: Analysis) -> [WrittenGrids.Entry] {
        guard let tree, bodies.indices.contains(number) else { return [] }
        return Origins.innermostGrids(analysis, tree, containing: bodies[number].lowerBound) { uses[$0] ?? [] }
    }
}
