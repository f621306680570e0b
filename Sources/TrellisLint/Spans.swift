import TrellisLayout
import TrellisModel
import TrellisSyntax

/// Finds where a grid's key was written, for either input: the key in a JSON object, or the
/// attribute (size, split) of a Trellis cell. Falls back to the grid's own range.
struct Spans {
    let file: LoadedFile

    init(_ file: LoadedFile) {
        self.file = file
    }

    /// The JSON object written for a grid (JSON inputs), found by binary search on where
    /// values start: only reports pay for it.
    func object(at source: Range<Int>?) -> JSONNode? {
        guard let offset = source?.lowerBound else { return nil }
        return file.jsonRoot?.object(startingAt: offset)
    }

    /// The span of a key the layout rules point at on grid `grid` of `tree`: for a layout read
    /// from JSON from the tree's own record (`check` drops the file's syntax before the
    /// layout passes), else as ``span(of:at:)``.
    func span(of key: LayoutKey, grid: Int, in tree: LayoutTree) -> Range<Int> {
        if let place = tree.place(of: key, grid: grid) { return place }
        return span(of: key.gridKey(axis: tree.axis[grid]), at: tree.sources[grid])
    }

    /// The span of `key` on the grid written at `source`.
    func span(of key: GridKey, at source: Range<Int>?) -> Range<Int> {
        let whole = source ?? 0..<0
        if let object = object(at: source) { return KeyPlace.of(key, in: object).span(source: source) }
        guard let tree = file.tree, whole.upperBound <= tree.source.bytes.count,
            let cell = tree.enclosing(.cell, from: tree.coveringNode(whole)), tree.range(of: cell).lowerBound == whole.lowerBound
        else { return whole }
        var found: Range<Int>?
        tree.forEachChild(of: cell) { child in
            guard found == nil else { return }
            switch tree.nodes[child].kind {
            case .size where key == .size: found = tree.range(of: child)
            case .split where key.info.valueKind == .children:
                if let token = tree.firstToken(of: child) { found = tree.tokens[token].range }
            case .attribute:
                if tree.nodes[child].attributeName?.gridKey == key { found = tree.range(of: child) }
            default: break
            }
        }
        return found ?? whole
    }
}
