import TrellisSyntax

/// What the runtime makes of an authored ``Grid``, computed straight from the model instead
/// of writing its grid dictionary and reading that back. Every conversion is the one the
/// dictionary would go through (`ReadingEquivalenceTests` holds the two paths equal); a grid
/// that carries raw members (`json(…)`) goes through its dictionary, since those can repeat or
/// replace any key.
extension RuntimeReading {
    /// The root grid of a layout, with the authored source ranges and preview content sizes.
    public static func root(authored grid: Grid, dialect: Dialect) -> RuntimeGrid {
        if !grid.extra.isEmpty {
            var runtime = GridJSONWriter.writtenNode(grid, dialect: dialect).map { root($0, dialect: dialect) } ?? RuntimeGrid(measure: fill)
            runtime.clearSourceRanges()
            LoadedFile.attach(grid, to: &runtime)
            return runtime
        }
        var runtime = RuntimeGrid(measure: fill)
        read(grid, into: &runtime, dialect: dialect, isRoot: true)
        return runtime
    }

    /// ``root(authored:dialect:)`` for a tree in an arena, one record at a time: no ``Grid``
    /// of the whole expanded tree is built (only of a subtree with raw members).
    public static func root(authored tree: GridTree, dialect: Dialect) -> RuntimeGrid {
        read(record: tree.root, in: tree.arena, dialect: dialect, isRoot: true)
    }

    static func read(record index: Int, in arena: GridArena, dialect: Dialect, isRoot: Bool) -> RuntimeGrid {
        let record = arena.records[index]
        if arena.hasExtra(record) {
            let grid = arena.grid(at: index)
            return isRoot ? root(authored: grid, dialect: dialect) : child(authored: grid, dialect: dialect)
        }
        let own = arena.grid(at: index, children: false)
        var runtime = RuntimeGrid(measure: isRoot ? fill : measure(of: own.size))
        readOwnKeys(own, into: &runtime, isRoot: isRoot)
        guard let axis = own.axis, record.childCount > 0 else { return runtime }
        runtime.axis = axis
        runtime.children.reserveCapacity(Int(record.childCount))
        for child in record.children { runtime.children.append(read(record: child, in: arena, dialect: dialect, isRoot: false)) }
        return runtime
    }

    /// A grid below the root, with its subtree.
    public static func child(authored grid: Grid, dialect: Dialect) -> RuntimeGrid {
        if !grid.extra.isEmpty, let value = GridJSONWriter.writtenNode(grid, dialect: dialect) {
            var runtime = RuntimeGrid(measure: measure(read: value.lastMember(.size)))
            apply(value, to: &runtime, dialect: dialect, isRoot: false)
            runtime.clearSourceRanges()
            LoadedFile.attach(grid, to: &runtime)
            return runtime
        }
        var runtime = RuntimeGrid(measure: measure(of: grid.size))
        read(grid, into: &runtime, dialect: dialect, isRoot: false)
        return runtime
    }

    /// What a layout pass reads of one grid without raw members, as the runtime holds it.
    public static func facts(authored grid: borrowing Grid, isRoot: Bool) -> GridFacts {
        facts(
            size: grid.size, padding: grid.padding, spacing: grid.spacing, anchor: grid.anchor, placeholder: grid.placeholder,
            overlap: grid.overlap, gravity: grid.gravity, firstBorderline: firstEdge(among: grid.borderlines.lazy.map { $0.edge }), isRoot: isRoot)
    }

    /// ``facts(authored:isRoot:)`` for a record of an arena (a tree's builder reads them in place).
    package static func facts(record: GridArena.Record, in arena: GridArena, isRoot: Bool) -> GridFacts {
        let fields = arena.rare[Int(record.rare)]
        return facts(
            size: arena.size(of: record), padding: record.has(GridArena.Record.hasPadding) ? record.padding : nil,
            spacing: record.has(GridArena.Record.hasSpacing) ? record.spacing : nil,
            anchor: record.has(GridArena.Record.anchor), placeholder: record.has(GridArena.Record.placeholder),
            overlap: arena.string(fields.overlap), gravity: arena.string(record.gravity),
            firstBorderline: firstEdge(among: arena.borderlines[fields.borderlineRun].lazy.map { $0.edge }), isRoot: isRoot)
    }

    static func facts(
        size: SizeValue?, padding: EdgeInsets?, spacing: Double?, anchor: Bool, placeholder: Bool,
        overlap: String?, gravity: String?, firstBorderline: Edge?, isRoot: Bool
    ) -> GridFacts {
        var facts = GridFacts(measure: isRoot ? fill : measure(of: size))
        if let padding { facts.padding = writtenAndRead(padding) }
        facts.spacing = writtenAndRead(spacing ?? 0)
        if !isRoot {
            facts.placeholder = placeholder
            facts.anchor = anchor
        }
        readAlignment(
            overlap: overlap, gravity: gravity, isRoot: isRoot, measure: &facts.measure,
            anchor: &facts.anchor, gravity: &facts.gravity)
        if !isRoot { facts.firstBorderline = firstBorderline }
        return facts
    }

    /// `createLayoutSize:` of the value a `size` is written as.
    static func measure(of size: SizeValue?) -> Double {
        switch size {
        case nil, .fill?: return fill
        case .wrap?: return wrap
        case .number(let number)?: return number.isFinite ? number : measure(of: JSONValue.null)
        case .percent?, .raw?: return measure(of: size?.jsonValue)
        }
    }

    /// `apply(_:to:dialect:isRoot:)` for a grid without raw members, key by key in the same
    /// order (the dialect matters only where raw members are read).
    static func read(_ grid: Grid, into runtime: inout RuntimeGrid, dialect: Dialect, isRoot: Bool) {
        readOwnKeys(grid, into: &runtime, isRoot: isRoot)
        guard let axis = grid.axis, !grid.children.isEmpty else { return }
        runtime.axis = axis
        runtime.children.reserveCapacity(grid.children.count)
        for child in grid.children { runtime.children.append(self.child(authored: child, dialect: dialect)) }
    }

    /// Every key but the children.
    static func readOwnKeys(_ grid: borrowing Grid, into runtime: inout RuntimeGrid, isRoot: Bool) {
        let facts = facts(authored: grid, isRoot: isRoot)
        runtime.measure = facts.measure
        runtime.padding = facts.padding
        runtime.spacing = facts.spacing
        runtime.gravity = facts.gravity
        runtime.anchor = facts.anchor
        runtime.placeholder = facts.placeholder
        runtime.sourceRange = grid.sourceRange
        runtime.contentSize = grid.contentSize
        if let data = grid.actionData, data != .null { runtime.actionData = data }
        if let tag = grid.tag, tag != 0 { runtime.tag = integer(.number(Double(tag))) }
        if let action = grid.action, !action.isEmpty, !isRoot { runtime.action = action }
        if !isRoot { runtime.borderlines = runtimeBorderlines(grid.borderlines) }
    }

    /// The first of `edges` in the runtime's order (top, left, bottom, right).
    static func firstEdge(among edges: some Sequence<Edge>) -> Edge? {
        edges.min { $0.order < $1.order }
    }

    /// Authored borderlines as the runtime holds them: the last one of each edge, in the
    /// runtime's order (top, left, bottom, right).
    package static func runtimeBorderlines(_ lines: [Borderline]) -> [RuntimeBorderline] {
        guard !lines.isEmpty else { return [] }
        return Edge.allCases.compactMap { edge in
            guard let line = lines.last(where: { $0.edge == edge }) else { return nil }
            // No color reads as black; a color the runtime cannot read as none.
            var color: RGBA? = RGBA(named: .black)
            if let text = line.color { color = RGBA.parse(text) }
            return RuntimeBorderline(
                edge: edge, color: color, thick: max(1, writtenAndRead(line.thick ?? 0)), head: writtenAndRead(line.head ?? 0),
                tail: writtenAndRead(line.tail ?? 0), offset: writtenAndRead(line.offset ?? 0), dash: writtenAndRead(line.dash ?? 0))
        }
    }

    /// A number as the app reads it once written: a non-finite one is written `null`, which
    /// reads as 0.
    static func writtenAndRead(_ number: Double) -> Double { number.isFinite ? number : 0 }

    /// Padding as `UIEdgeInsetsFromString` reads `EdgeInsets.runtimeString`: numbers print in
    /// their shortest round-trip form (an integral zero as `0`), and a non-finite one prints
    /// `null`, which makes the whole string malformed.
    static func writtenAndRead(_ insets: EdgeInsets) -> EdgeInsets {
        guard insets.top.isFinite, insets.left.isFinite, insets.bottom.isFinite, insets.right.isFinite else { return .zero }
        func read(_ value: Double) -> Double { value == 0 ? 0 : value }
        return EdgeInsets(top: read(insets.top), left: read(insets.left), bottom: read(insets.bottom), right: read(insets.right))
    }
}

extension RuntimeGrid {
    /// Forgets where each grid was read (a dictionary written only to be read back has no
    /// place in any file); the depth is the tree's, at most the lowering's `maximumDepth`.
    package mutating func clearSourceRanges() {
        sourceRange = nil
        for index in children.indices { children[index].clearSourceRanges() }
    }
}
