import TrellisSyntax

/// What lowering a file built, kept so that lowering an edited text of the same file takes
/// over the layouts the edit did not touch: their grids stay in the arena (its sources moved
/// past the edit) and only the other layouts are lowered, appended to it.
///
/// Kept only when nothing a layout lowers to depends on another item's lowering: the file uses
/// no other file, and neither parsing nor lowering a template found anything in it (a template
/// lowers then to the same grids wherever it is first used, and reports nothing; what is found
/// about the file's directives, bare layout, template names and unused templates is found
/// again each time). A layout is taken over when neither parsing nor lowering found anything
/// in it. A lowering that takes layouts over and then meets a limit, or lowers a template no
/// layout uses, is done again whole (``Lowering``).
public struct ReusableLowering: Sendable {
    let arena: GridArena
    /// The layouts that can be taken over, in the order of their items, each with the
    /// templates lowering it named (``LoweringResult/templatesNamed``).
    let layouts: [(layout: LayoutDecl, templates: [String])]
    /// Where each of ``layouts``' items starts, for finding one (in order).
    let itemStarts: [Int]
    /// How many records lowering the whole file made: past twice as many (the records of
    /// layouts lowered again pile up), the file is lowered whole again.
    let wholeFileRecords: Int

    /// What `lowered` (of `tree`, with the syntax diagnostics `syntax`) leaves for the next
    /// text; nil when it cannot be taken over.
    static func make(_ lowered: LoweringResult, tree: SyntaxTree, syntax: [Diagnostic]) -> ReusableLowering? {
        let arena = lowered.arena
        let wholeFile = lowered.wholeFileRecords ?? arena.recordCount
        guard arena.recordCount <= 2 * wholeFile + 4_096 else { return nil }
        // The items in order, with whether each is a layout: the one holding an offset is
        // found by a binary search.
        var items: [(range: Range<Int>, isLayout: Bool)] = []
        var usesFiles = false
        var templateDepths = 0
        tree.forEachChild(of: 0) { item in
            switch tree.nodes[item].kind {
            case .layoutDecl: items.append((tree.range(of: item), true))
            case .templateDecl:
                items.append((tree.range(of: item), false))
                templateDepths += cellDepth(of: item, in: tree) + 1
            case .useDirective: usesFiles = true
            default: break
            }
        }
        // A template is lowered where it is first used, and the nesting of that place counts
        // towards the limit (M016): another first use after an edit must not be able to reach
        // it. A layout's own cells nest at most as deep as the parser reads; each template on
        // the way adds at most its own depth.
        guard !usesFiles, Parser.maximumDepth + 2 + templateDepths < Lowering.maximumNesting else { return nil }
        func item(holding offset: Int) -> (range: Range<Int>, isLayout: Bool)? {
            var low = 0, high = items.count
            while low < high {
                let middle = (low + high) / 2
                if items[middle].range.upperBound <= offset { low = middle + 1 } else { high = middle }
            }
            return low < items.count && items[low].range.contains(offset) ? items[low] : nil
        }
        var found = Set<Int>()
        for diagnostic in lowered.diagnostics {
            guard let item = item(holding: diagnostic.range.lowerBound) else { continue }
            if item.isLayout {
                found.insert(item.range.lowerBound)
            } else if diagnostic.code != .unusedTemplate && diagnostic.code != .definedTwice {
                // Found while lowering a template, by the first layout that used it.
                return nil
            }
        }
        for diagnostic in syntax {
            guard let item = item(holding: diagnostic.range.lowerBound) else { continue }
            // A template's syntax with a finding may hold names its lowering never reads.
            guard item.isLayout else { return nil }
            found.insert(item.range.lowerBound)
        }
        var layouts: [(layout: LayoutDecl, templates: [String])] = []
        var itemStarts: [Int] = []
        for (layout, templates) in zip(lowered.document.layouts, lowered.templatesNamed) {
            // Far below the grid budget (M008), whichever templates another layout lowers first.
            guard let item = layout.itemRange, !found.contains(item.lowerBound), let grids = layout.tree.gridCount,
                grids <= Lowering.maximumGrids / 2
            else { continue }
            layouts.append((layout, templates))
            itemStarts.append(item.lowerBound)
        }
        guard !layouts.isEmpty else { return nil }
        return ReusableLowering(arena: arena, layouts: layouts, itemStarts: itemStarts, wholeFileRecords: wholeFile)
    }

    /// How deep cells nest in the item `item` of `tree` (a cell alone: 1).
    private static func cellDepth(of item: Int, in tree: SyntaxTree) -> Int {
        var open: [Int] = []
        var deepest = 0
        for node in item..<tree.nodes[item].subtreeEnd {
            while let end = open.last, end <= node { open.removeLast() }
            guard tree.nodes[node].kind == .cell else { continue }
            open.append(tree.nodes[node].subtreeEnd)
            deepest = max(deepest, open.count)
        }
        return deepest
    }

    /// The layout to take over whose item was `item` in the old text, if any.
    func layout(item: Range<Int>) -> (layout: LayoutDecl, templates: [String])? {
        var low = 0, high = itemStarts.count
        while low < high {
            let middle = (low + high) / 2
            if itemStarts[middle] < item.lowerBound { low = middle + 1 } else { high = middle }
        }
        guard low < layouts.count, itemStarts[low] == item.lowerBound, layouts[low].layout.itemRange == item else { return nil }
        return layouts[low]
    }

    /// The arena with every grid's source after `edit` moved past it (the edit touched the
    /// sources of no layout taken over, nor of the templates); nil when a moved source would
    /// not fit the arena's 32-bit offsets.
    func arena(movedBy edit: ByteEdit) -> GridArena? {
        var arena = self.arena
        // The copy the move makes has room for the layouts lowered again.
        arena.reserve(grids: arena.recordCount + arena.recordCount / 8 + 1_024)
        return arena.moveSources(by: edit) ? arena : nil
    }
}

extension GridArena {
    /// Moves every record's source that lies after `edit` by its length change (one the edit
    /// touched is left as it is); false when a moved offset would not fit 32 bits.
    mutating func moveSources(by edit: ByteEdit) -> Bool {
        let delta = edit.delta
        guard delta != 0 else { return true }
        let end = edit.range.upperBound
        // SAFETY: `records` is read and written at indices below its count only.
        return records.withUnsafeMutableBufferPointer { records in
            for index in records.indices where records[index].has(Record.hasSource) && Int(records[index].sourceStart) > end {
                guard let start = UInt32(exactly: Int(records[index].sourceStart) + delta),
                    let stop = UInt32(exactly: Int(records[index].sourceEnd) + delta)
                else { return false }
                records[index].sourceStart = start
                records[index].sourceEnd = stop
            }
            return true
        }
    }
}
