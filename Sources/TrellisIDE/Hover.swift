import TrellisLayout
import TrellisModel
import TrellisSyntax

/// What a hover shows: Markdown text and the byte range it is about.
public struct HoverInfo: Sendable, Equatable {
    public var markdown: String
    public var range: Range<Int>
}

/// Hovers. On a cell, a size, a template use (Trellis) or a grid object (JSON): the path,
/// the size rule, the slot, and at every viewport the arithmetic of its length, the frame,
/// the content box and the view frame the screen shows, numbers printed as `trellis frames`
/// prints them, then what is odd about it. On an attribute, a keyword, a gravity word or a
/// JSON key: its meaning, how it is written and the JSON it lowers to.
public enum Hover {
    public static func hover(_ analysis: Analysis, at offset: Int) -> HoverInfo? {
        if let tree = analysis.tree {
            if let use = UseNavigation.hover(analysis, at: offset) { return use }
            if let word = wordHover(analysis, tree, at: offset) { return word }
        } else if let root = analysis.file.jsonRoot, let key = JSONQueries.member(in: root, keyAt: offset) {
            if let field = BorderlineField(name: key.member.key), let edge = borderlineKey(of: key.object, in: root, at: offset),
                let attribute = edge.info.attribute
            {
                // The value as Trellis writes it: a string's text unquoted, a number as written.
                let value = key.member.value
                let written = value.string.map { VisibleText.of($0) } ?? (value.number != nil ? analysis.source.text(in: value.range) : field.sampleValue)
                let markdown = "**`\(field.name)`** (borderline) — \(field.summary)\n\nTrellis: `\(attribute)(… \(field.name) \(written) …)`"
                return HoverInfo(markdown: markdown, range: key.member.keyRange)
            }
            return keyHover(key.member, dialect: analysis.file.dialect)
        } else if let root = analysis.file.jsonRoot, let word = jsonAlignmentWord(in: root, bytes: analysis.source.bytes, at: offset) {
            return HoverInfo(markdown: alignmentMarkdown(word.word), range: word.range)
        }
        let origins = Origins.innermost(analysis, containing: offset)
        guard let first = origins.first, let range = first.sourceRange else { return nil }
        // A template's own cell has no grid: the grids shown are its uses'.
        if let tree = analysis.tree, let cell = tree.enclosing(.cell, from: tree.coveringNode(offset..<offset)),
            tree.nodes[cell].parent >= 0, tree.nodes[tree.nodes[cell].parent].kind == .templateDecl, tree.range(of: cell) != range
        {
            return HoverInfo(markdown: gridMarkdown(analysis, origins, hovered: cell), range: tree.range(of: cell))
        }
        return HoverInfo(markdown: gridMarkdown(analysis, origins), range: range)
    }

    // MARK: grids

    /// `hovered` is the cell under the cursor when it is a template's own cell, which has no
    /// grid of its own and shows its first use.
    static func gridMarkdown(_ analysis: Analysis, _ origins: [GridOrigin], hovered: Int? = nil) -> String {
        let origin = origins[0]
        let layout = analysis.file.layouts[origin.layout]
        let tree = analysis.trees[origin.layout]
        let parent = origin.parent.flatMap { tree.measure.indices.contains($0) ? $0 : nil }
        let siblings = parent.map { Array(tree.children(of: $0)) } ?? []
        let parentSpacing = parent.map { tree.insets[$0].spacing } ?? 0
        let path = origin.path(in: analysis)

        var header = "**\(layout.name)** · grid `\(path.isEmpty ? "(root)" : path)`"
        var rows: [String] = []
        var odd: [String] = []
        var lineRows: [String] = []
        var slotText = "no view"
        for viewportIndex in analysis.viewports.indices {
            guard let result = analysis.frames(layout: origin.layout, viewport: viewportIndex), result.grids.indices.contains(origin.index) else { continue }
            let frame = result.grids[origin.index]
            if viewportIndex == 0 {
                header += " · size `\(FramesReport.sizeRule(frame.measure, isRoot: frame.depth == 0))`"
                slotText = frame.slot.map { "#\($0)" } ?? "no view"
            }
            let length = LengthArithmetic.explain(result, grid: origin.index, parent: origin.parent, siblings: siblings, spacing: parentSpacing)
            let view = frame.viewFrame.map(FramesReport.rectText) ?? "–"
            let label = result.viewport.label ?? result.viewport.description
            rows.append(
                "| \(label) | \(length.replacingEvery("|", with: "\\|")) | \(FramesReport.rectText(frame.frame)) | \(FramesReport.rectText(frame.contentBox)) | \(view) |"
            )
            let lines = result.borderlines.lines(of: origin.index)
            if !lines.isEmpty {
                lineRows.append(
                    "borderlines at \(label): "
                        + lines.map { "\($0.edge.rawValue) \(FramesReport.rectText($0.painted))" + ($0.state == .current ? "" : " (\($0.state.rawValue))") }
                        .joined(separator: ", "))
                odd += borderlineOddities(lines, viewport: label, rtl: result.viewport.rtl)
            }
            odd += oddities(
                frame, index: origin.index, result: result, parent: origin.parent, viewport: label, analysis: analysis, layout: origin.layout,
                viewportIndex: viewportIndex)
        }
        var text = header + " · slot \(slotText)\n"
        if let tree = analysis.tree, let range = origin.sourceRange {
            text += templateLines(analysis, tree, origin: origin, range: range, instances: origins.count, hovered: hovered)
        }
        text += "\n| viewport | length | frame | content box | view |\n|---|---|---|---|---|\n" + rows.joined(separator: "\n")
        if !lineRows.isEmpty { text += "\n\n" + lineRows.joined(separator: "  \n") }
        if !odd.isEmpty { text += "\n\n" + odd.map { "⚠︎ " + $0 }.joined(separator: "  \n") }
        if analysis.file.layouts.count > 1 { text += "\n\nlayout \(origin.layout + 1) of \(analysis.file.layouts.count)" }
        return text
    }

    /// The template a cell uses, and for a cell inside a template, the use shown.
    static func templateLines(_ analysis: Analysis, _ tree: SyntaxTree, origin: GridOrigin, range: Range<Int>, instances: Int, hovered: Int?) -> String {
        var text = ""
        let node = tree.enclosing(.cell, from: tree.coveringNode(range)) ?? tree.coveringNode(range)
        if let hovered, let template = TemplateDecl(tree, tree.nodes[hovered].parent), let name = template.name {
            // The template's own cell: it stands for its uses.
            let more =
                instances > 1
                ? "\(instances) uses; the first, at line \(tree.source.lineIndex(of: range.lowerBound) + 1), shown"
                : "used at line \(tree.source.lineIndex(of: range.lowerBound) + 1)"
            return "the cell of template `\(tree.text(name))`: \(more)\n"
        }
        if let cell = CellSyntax(tree, node), let name = cell.templateRef {
            let spelled = tree.text(name)
            if let declaration = Navigation.templateDeclaration(named: spelled, in: tree), let declName = TemplateDecl(tree, declaration)?.name {
                text += "uses template `\(spelled)` (line \(tree.source.lineIndex(of: declName.start) + 1))\n"
            } else if let elsewhere = UseNavigation.definedElsewhere(analysis, name: spelled) {
                text += "uses \(elsewhere)\n"
            }
        }
        if let template = tree.enclosing(.templateDecl, from: node), let name = TemplateDecl(tree, template)?.name {
            if instances == 0 {
                text += "in template `\(tree.text(name))`, which no layout uses\n"
            } else if let use = Origins.instance(of: origin, in: analysis) {
                let more = instances > 1 ? " (\(instances) uses; the first shown)" : ""
                text += "in template `\(tree.text(name))`, used at line \(tree.source.lineIndex(of: use.lowerBound) + 1)\(more)\n"
            }
        }
        return text
    }

    /// What a grid's borderlines show that the JSON does not say: an earlier pass's line, no
    /// line, or (under RTL) a line away from the grid's edge.
    static func borderlineOddities(_ lines: [BorderlineFrame], viewport: String, rtl: Bool) -> [String] {
        var odd: [String] = []
        for line in lines {
            switch line.state {
            case .stale:
                odd.append("at \(viewport) the \(line.edge.rawValue) borderline is where an earlier pass left it: this grid's final rectangle has a zero side")
            case .never: odd.append("at \(viewport) the \(line.edge.rawValue) borderline is never painted: this grid has a zero side in every pass")
            case .current: break
            }
            if rtl, line.state != .never, abs(line.painted.x - line.intended.x) > 0.001 {
                odd.append(
                    "at \(viewport) the \(line.edge.rawValue) borderline is painted at x \(FramesReport.number(line.painted.x)), not at the grid's edge (x \(FramesReport.number(line.intended.x))) (L004)"
                )
            }
        }
        return odd
    }

    static func oddities(
        _ frame: GridFrame, index: Int, result: LayoutResult, parent: Int?, viewport: String, analysis: Analysis, layout: Int, viewportIndex: Int
    ) -> [String] {
        var odd: [String] = []
        if frame.frame.width < 0 || frame.frame.height < 0 {
            odd.append("negative \(frame.frame.width < 0 ? "width" : "height") at \(viewport): the view gets 0")
        }
        if let parent, result.grids.indices.contains(parent) {
            let outer = result.grids[parent].frame
            let epsilon = 0.001
            if frame.frame.x < outer.x - epsilon || frame.frame.y < outer.y - epsilon
                || frame.frame.x + frame.frame.width > outer.x + outer.width + epsilon
                || frame.frame.y + frame.frame.height > outer.y + outer.height + epsilon
            {
                odd.append("extends past its parent at \(viewport): clipped if the parent clips")
            }
        }
        if frame.viewSizeIsUnset, let view = frame.viewFrame {
            let axes = [Rect.isOrdinary(view.width) ? nil : "width", Rect.isOrdinary(view.height) ? nil : "height"].compactMap { $0 }
            odd.append(
                "at \(viewport) gravity aligns a view that sets no \(axes.isEmpty ? "size" : axes.joined(separator: " or ")) of its own: MyLayout leaves it `CGFLOAT_MAX` (M108); give `content(WxH)` for the size the view sets"
            )
        }
        if !result.settled { odd.append("never settles at \(viewport) (L005)") }
        if viewportIndex == 0, result.isScreen {
            if let again = analysis.relaidOut(layout: layout, viewport: viewportIndex), again.grids.indices.contains(index),
                again.grids[index].frame != frame.frame
            {
                odd.append("moves when laid out again at \(viewport) (pass-dependent, L006): then \(FramesReport.rectText(again.grids[index].frame))")
            }
        }
        return odd
    }

    // MARK: words

    /// Attributes, keywords and gravity words: what they mean.
    static func wordHover(_ analysis: Analysis, _ tree: SyntaxTree, at offset: Int) -> HoverInfo? {
        guard let index = tree.significantTokenIndex(at: offset) else { return nil }
        let token = tree.tokens[index]
        let node = tree.deepestNode(containingToken: index)
        switch token.kind {
        case .identifier:
            if tree.nodes[node].kind == .attribute, tree.firstToken(of: node) == index, let name = tree.nodes[node].attributeName {
                return HoverInfo(markdown: attributeMarkdown(name, analysis: analysis, tree: tree, attribute: node), range: token.range)
            }
            if tree.nodes[node].kind == .attributeArgs, let word = AlignmentWord(word: tree.text(token)) {
                return HoverInfo(markdown: alignmentMarkdown(word), range: token.range)
            }
            if tree.nodes[node].kind == .attributeArgs, let attribute = tree.enclosing(.attribute, from: node),
                let edge = tree.nodes[attribute].attributeName?.gridKey, GridKey.borderlines.contains(edge),
                let field = BorderlineField(name: tree.text(token))
            {
                var text = "**`\(field.name)`** (borderline) — \(field.summary)"
                let json = analysis.file.dialect.json(edge)
                if let cell = tree.enclosing(.cell, from: attribute), let member = loweredMember(analysis, cell: tree.range(of: cell), key: json) {
                    text += "\n\nHere the borderline lowers to `\(member)`"
                }
                return HoverInfo(markdown: text, range: token.range)
            }
            if tree.nodes[node].kind == .targetDirective { return HoverInfo(markdown: targetMarkdown, range: token.range) }
            if tree.nodes[node].kind == .templateDecl, let declaration = TemplateDecl(tree, node), declaration.name == token {
                let uses = Navigation.references(analysis, at: token.start, includeDeclaration: false).count
                return HoverInfo(
                    markdown:
                        "**template** `\(tree.text(token))` · used \(uses) time\(uses == 1 ? "" : "s")\n\n```trellis\n\(tree.source.text(in: tree.range(of: node)).prefix(400))\n```",
                    range: token.range)
            }
            return nil
        case .kwRows, .kwCols:
            let key: GridKey = token.kind == .kwRows ? .rows : .cols
            return HoverInfo(markdown: "**`\(key.jsonName)`** — \(key.info.summary)\n\nJSON: `\"\(key.jsonName)\": [ … ]`", range: token.range)
        case .kwLayout:
            return HoverInfo(markdown: "**`layout NAME cell`** — a grid dictionary of its own, written to `NAME.json` by `trellis build`.", range: token.range)
        case .kwTemplate:
            return HoverInfo(
                markdown: "**`template NAME { cell }`** — a cell to reuse by name; each use may override its size, tag and attributes.", range: token.range)
        case .kwTarget:
            return HoverInfo(markdown: targetMarkdown, range: token.range)
        case .kwPreview:
            return HoverInfo(
                markdown: "**`preview WIDTHxHEIGHT@SCALEx [rtl]`** — a device frames are shown at (`wrap` for a height that wraps the content).",
                range: token.range)
        default:
            return nil
        }
    }

    static func attributeMarkdown(_ name: AttributeName, analysis: Analysis, tree: SyntaxTree, attribute: Int) -> String {
        var text = "**`\(name.spelling)`** — \(name.summary)\n\n`\(name.usage)`"
        if let key = name.gridKey {
            let json = analysis.file.dialect.json(key)
            text += "\n\nJSON key `\"\(json)\"`"
            if let cell = tree.enclosing(.cell, from: attribute),
                let member = loweredMember(analysis, cell: tree.range(of: cell), key: json)
            {
                text += "; here it lowers to `\(member)`"
            }
        }
        return text
    }

    /// The JSON member the cell written at `range` lowers to, for the hover of an attribute.
    static func loweredMember(_ analysis: Analysis, cell range: Range<Int>, key: String) -> String? {
        for layout in analysis.file.layouts {
            // The cell's own members only: its children are not built.
            guard let tree = layout.authored, let index = tree.arena.index(writtenAt: range, below: tree.root) else { continue }
            let grid = tree.arena.grid(at: index, children: false)
            return GridJSONWriter.writtenMember(key, of: grid, dialect: layout.dialect).map { "\"\(key)\": " + $0 }
        }
        return nil
    }

    static func alignmentMarkdown(_ word: AlignmentWord) -> String {
        "**`\(word.word)`** — \(word.axisName) gravity: \(word.meaning). Combine one word per axis with `|`; the runtime matches each part by substring, in the order `\(GridSchema.alignmentWords.joined(separator: " "))`."
    }

    static let targetMarkdown = "**`target mylayout 1|2`** — the runtime the JSON is for: 1.x writes `space`, 2.0+ writes `spacing`."

    /// The alignment word at `offset` in a `gravity` or `overlap` string of a grid object, and
    /// its range (the runtime reads the words between `|`).
    static func jsonAlignmentWord(in root: JSONNode, bytes: [UInt8], at offset: Int) -> (word: AlignmentWord, range: Range<Int>)? {
        let chain = JSONQueries.chain(in: root, at: offset)
        guard chain.count >= 2, let string = chain.last, string.type == .string else { return nil }
        var key: GridKey?
        chain[chain.count - 2].forEachMember { member in
            if member.value.range == string.range { key = member.gridKey }
        }
        guard key == .gravity || key == .overlap else { return nil }
        // Inside the quotes: the word between the `|` around the offset.
        let inside = (string.range.lowerBound + 1)..<max(string.range.lowerBound + 1, string.range.upperBound - 1)
        guard inside.contains(offset) || offset == inside.upperBound, inside.upperBound <= bytes.count else { return nil }
        var start = offset
        while start > inside.lowerBound, bytes[start - 1] != UInt8(ascii: "|") { start -= 1 }
        var end = offset
        while end < inside.upperBound, bytes[end] != UInt8(ascii: "|") { end += 1 }
        guard let word = AlignmentWord(word: String(decoding: bytes[start..<end], as: UTF8.self)) else { return nil }
        return (word, start..<end)
    }

    /// The borderline key whose value is `object` (found at `offset`), or nil when it is no
    /// grid's borderline.
    static func borderlineKey(of object: JSONNode, in root: JSONNode, at offset: Int) -> GridKey? {
        let chain = JSONQueries.chain(in: root, at: offset)
        guard let index = chain.lastIndex(where: { $0.range == object.range }), index > 0 else { return nil }
        var found: GridKey?
        chain[index - 1].forEachMember { member in
            if member.value.range == object.range, let key = member.gridKey, GridKey.borderlines.contains(key) { found = key }
        }
        return found
    }

    static func keyHover(_ member: JSONNode.Member, dialect: Dialect) -> HoverInfo? {
        guard let key = GridSchema.key(json: member.key) else { return nil }
        var text = "**`\"\(member.key)\"`** — \(key.info.summary)"
        if key == .spacing, !dialect.readsSpacing(member.key) {
            text +=
                "\n\nThis file targets \(dialect == .v1 ? "MyLayout 1.x, which reads `space`" : "MyLayout 2.0+, which reads `spacing`"): this key is ignored."
        }
        if let attribute = key.info.attribute { text += "\n\nTrellis: `\(key.info.usage)` (attribute `\(attribute)`)" }
        return HoverInfo(markdown: text, range: member.keyRange)
    }
}

extension String {
    var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
