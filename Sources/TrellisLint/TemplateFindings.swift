import TrellisModel
import TrellisSyntax

/// A rule finds the same thing in a template's cell once for each use of the template (the
/// runtime tree holds a copy per use). Such findings are reported once, at the template, with
/// its uses as labels, rather than once per use at the same place.
enum TemplateFindings {
    /// Merges the findings in place: those kept are moved up the list, not copied.
    static func merge(_ diagnostics: inout [Diagnostic], tree: SyntaxTree) {
        struct Place: Hashable {
            var code: DiagnosticCode
            var range: Range<Int>

            // The code by its case (its default hash is its raw string's).
            func hash(into hasher: inout Hasher) {
                hasher.combine(range.lowerBound)
                hasher.combine(range.upperBound)
                hasher.combine(code.caseNumber)
            }
        }
        struct Key: Hashable {
            var place: Place
            var message: String
        }
        // The first finding kept at each place; the few others there with another message by
        // message too (hashing every message would cost more than the rest of the merge).
        var firstAt: [Place: Int] = [:]
        var othersAt: [Key: Int] = [:]
        var counts: [Int] = []
        counts.reserveCapacity(diagnostics.count)
        firstAt.reserveCapacity(diagnostics.count)
        // The findings kept are swapped down to `kept` (a swap moves, it copies nothing).
        var kept = 0
        func keep(_ index: Int) {
            if index != kept { diagnostics.swapAt(index, kept) }
            counts.append(1)
            kept += 1
        }
        for index in diagnostics.indices {
            let place = Place(code: diagnostics[index].code, range: diagnostics[index].range)
            guard let first = firstAt[place] else {
                firstAt[place] = kept
                keep(index)
                continue
            }
            if diagnostics[first].message == diagnostics[index].message {
                counts[first] += 1
                continue
            }
            let key = Key(place: place, message: diagnostics[index].message)
            if let other = othersAt[key] {
                counts[other] += 1
                continue
            }
            othersAt[key] = kept
            keep(index)
        }
        diagnostics.removeSubrange(kept...)
        // A grid of a template another file defines has no place in this file: its findings
        // stand at the `use` that brought it, and say so.
        // (A `use` with no path brings nothing.)
        var uses: [Range<Int>: String] = [:]
        for use in UseDirective.all(in: tree) where uses[use.range] == nil {
            if let written = UsePath.written(use) { uses[use.range] = written }
        }
        if !uses.isEmpty {
            for index in diagnostics.indices where !diagnostics[index].code.id.hasPrefix("U") {
                guard let written = uses[diagnostics[index].range] else { continue }
                diagnostics[index].notes.append(
                    "Found in a template of `\(written)`: its cells are written there, so this is shown at the `use` that brings them.")
            }
        }
        guard counts.contains(where: { $0 > 1 }) else { return }
        let templates = templateDeclarations(tree)
        for index in diagnostics.indices where counts[index] > 1 {
            guard let template = templates.first(where: { $0.range.contains(diagnostics[index].range.lowerBound) }) else { continue }
            let uses = template.uses
            diagnostics[index].labels += uses.prefix(10).map { DiagnosticLabel(range: $0, message: "`\(template.name)` used here") }
            let usesText = uses.count == 1 ? "its one use" : "its \(uses.count) uses"
            diagnostics[index].notes.append(
                "In template `\(template.name)`: found in each of the \(counts[index]) copies of \(usesText) (repetition and nesting multiply them), reported here once."
            )
        }
    }

    /// A template's name, the range of its declaration, and the names that use it.
    struct Declaration {
        var name: String
        var range: Range<Int>
        var uses: [Range<Int>]
    }

    /// The file's templates, each with the places it is used.
    static func templateDeclarations(_ tree: SyntaxTree) -> [Declaration] {
        var declarations: [Declaration] = []
        var byName: [String: Int] = [:]
        tree.forEachChild(of: 0) { item in
            guard tree.nodes[item].kind == .templateDecl else { return }
            let tokens = tree.tokenIndices(of: item)
            guard tokens.count > 1, tree.tokens[tokens[1]].kind == .identifier else { return }
            let name = tree.text(tree.tokens[tokens[1]])
            byName[name] = declarations.count
            declarations.append(Declaration(name: name, range: tree.range(of: item), uses: []))
        }
        for index in tree.nodes.indices where tree.nodes[index].kind == .templateRef {
            guard let token = tree.firstToken(of: index), let declaration = byName[tree.text(tree.tokens[token])] else { continue }
            declarations[declaration].uses.append(tree.tokens[token].range)
        }
        return declarations
    }
}
