import TrellisModel
import TrellisSyntax

/// The members inside `json({…})` are grid-dictionary members written as given: the JSON
/// rules check them exactly as in a JSON file (the reader's own errors come from the
/// lowering already), and each cell's members are checked against the rest of the cell as the
/// JSON rules check the keys of one grid: a key the cell gives already (by its size, its split,
/// an attribute or an earlier `json`: the grid dictionary holds it twice and the runtime reads
/// the last, J008 in a JSON file, M009 here), `rows` beside a `cols` split (M101), a size or a
/// gravity that `overlap` overwrites (M111). One pass over each cell's parts, whatever their
/// number.
enum EscapeHatchRules {
    static let jsonWord = Array("json".utf8)
    static let note = "Inside `json(…)`: written to the grid dictionary as given."

    static func lint(_ tree: SyntaxTree, dialect: Dialect) -> [Diagnostic] {
        guard ByteSearch.contains(jsonWord, in: tree.source.bytes) else { return [] }
        var cells: [Int] = []
        var seen: Set<Int> = []
        for node in tree.nodes where node.kind == .attribute && node.attributeName == .json {
            let cell = node.parent
            if cell >= 0, tree.nodes[cell].kind == .cell, seen.insert(cell).inserted { cells.append(cell) }
        }
        var found: [Diagnostic] = []
        for cell in cells { found += lintCell(cell, tree: tree, dialect: dialect) }
        return found
    }

    /// What one cell's parts give, where: its size (and whether it is zero), split and
    /// attributes, then each `json({…})`'s members as they are read.
    struct Given {
        var keys: [GridKey: Range<Int>] = [:]
        var rawKeys: [String: Range<Int>] = [:]
        var sizeIsZero = false
        var gravityAligns = false
    }

    static func lintCell(_ cell: Int, tree: SyntaxTree, dialect: Dialect) -> [Diagnostic] {
        var given = Given()
        var hatches: [Int] = []
        tree.forEachChild(of: cell) { child in
            let node = tree.nodes[child]
            guard let first = tree.firstToken(of: child) else { return }
            let token = tree.tokens[first]
            switch node.kind {
            case .size where token.kind != .underscore:
                given.keys[.size] = tree.range(of: child)
                given.sizeIsZero = token.kind == .number && Double(tree.text(token)) == 0
            case .split:
                let rows = token.kind == .kwRows || (token.kind == .identifier && Parser.splitKeyword(misspelledAs: tree.text(token)) == GridKey.rows.jsonName)
                given.keys[rows ? .rows : .cols] = token.range
            case .attribute where node.attributeName == .json:
                hatches.append(child)
            case .attribute:
                guard let key = node.attributeName?.gridKey else { return }
                given.keys[key] = token.range
                if key == .gravity, let arguments = tree.argumentRange(of: child) {
                    given.gravityAligns = !Gravity.parse(tree.source.text(in: arguments).filter { $0 != " " }).isNone
                }
            default:
                break
            }
        }
        var found: [Diagnostic] = []
        for attribute in hatches {
            guard let range = tree.argumentRange(of: attribute),
                let root = JSONReader.read(SourceFile(name: tree.source.name, bytes: Array(tree.source.bytes[range]))).root,
                root.type == .object
            else { continue }
            let shift = range.lowerBound
            var rules = JSONRules(dialect: dialect)
            rules.lintMembers(of: root, isRoot: false)
            for diagnostic in rules.diagnostics { found.append(shifted(diagnostic, by: shift)) }
            root.forEachMember { member in
                let keyRange = (member.keyRange.lowerBound + shift)..<(member.keyRange.upperBound + shift)
                found += checks(member, at: keyRange, against: given)
                if let key = member.gridKey { given.keys[key] = keyRange } else { given.rawKeys[member.key] = keyRange }
            }
        }
        return found
    }

    /// One member against what the cell gives so far.
    static func checks(_ member: JSONNode.Member, at keyRange: Range<Int>, against given: Given) -> [Diagnostic] {
        guard let key = member.gridKey else {
            guard let other = given.rawKeys[member.key] else { return [] }
            return [twice(member.key, at: keyRange, other: other)]
        }
        var found: [Diagnostic] = []
        let otherAxis: GridKey? = key == .rows ? .cols : key == .cols ? .rows : nil
        if let otherAxis, let split = given.keys[otherAxis] {
            found.append(
                Diagnostic(
                    code: .bothRowsAndCols, range: keyRange,
                    message: "a grid has both `rows` and `cols`: the runtime asserts (and in release builds adds the rows after the cols)",
                    labels: [DiagnosticLabel(range: split, message: "`\(otherAxis.jsonName)` given here")],
                    notes: [note]))
        }
        if let overlap = given.keys[.overlap] {
            let sizeRead = key == .size && RuntimeReading.measure(read: member.value) != 0
            let gravityRead = key == .gravity && !Gravity.parse(member.value.stringPayload ?? "").isNone
            if sizeRead || gravityRead {
                found.append(overwritten(key, at: keyRange, overlap: overlap))
            }
        }
        if key == .overlap {
            if let size = given.keys[.size], !given.sizeIsZero { found.append(overwritten(.size, at: size, overlap: keyRange)) }
            if let gravity = given.keys[.gravity], given.gravityAligns { found.append(overwritten(.gravity, at: gravity, overlap: keyRange)) }
        }
        if let other = given.keys[key] { found.append(twice(member.key, at: keyRange, other: other)) }
        return found
    }

    static func twice(_ key: String, at range: Range<Int>, other: Range<Int>) -> Diagnostic {
        Diagnostic(
            code: .attributeGivenTwice, range: range,
            message: "the cell gives \"\(key)\" already: the grid dictionary gets the key twice and the runtime reads only the one written last",
            labels: [DiagnosticLabel(range: other, message: "also given here")], notes: [note])
    }

    static func overwritten(_ key: GridKey, at range: Range<Int>, overlap: Range<Int>) -> Diagnostic {
        Diagnostic(
            code: .overlapOverwritten, range: range,
            message: key == .size ? "`overlap` overwrites this `size` with 0" : "`gravity` overwrites the alignment `overlap` gives (it is applied after it)",
            labels: [DiagnosticLabel(range: overlap, message: "overlap given here")])
    }

    /// A finding in the argument's own text, moved to its place in the file.
    static func shifted(_ diagnostic: Diagnostic, by shift: Int) -> Diagnostic {
        var diagnostic = diagnostic
        func move(_ range: Range<Int>) -> Range<Int> { (range.lowerBound + shift)..<(range.upperBound + shift) }
        diagnostic.range = move(diagnostic.range)
        diagnostic.labels = diagnostic.labels.map { DiagnosticLabel(range: move($0.range), message: $0.message) }
        diagnostic.fixIts = diagnostic.fixIts.map { fix in
            FixIt(message: fix.message, edits: fix.edits.map { TextEdit(range: move($0.range), replacement: $0.replacement) }, isSafe: fix.isSafe)
        }
        diagnostic.notes.append(note)
        return diagnostic
    }
}
