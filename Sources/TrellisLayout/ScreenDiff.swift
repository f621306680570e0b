import TrellisModel
import TrellisSyntax

/// Compares two versions of a layout as the runtime reads and lays them out
/// (`trellis diff`): the grids aligned (``GridAlignment``), then what the runtime reads
/// differently of each pair, the views that land in another grid, and at each viewport the
/// frames that move or resize, the layout's size and its settling. Frames are compared as
/// `trellis frames` prints them (to 4 decimals); a grid that moves exactly with its parent is
/// counted in the parent's change, not listed.
public enum ScreenDiff {
    /// `keepPictures`: each viewport's changes keep both layouts as laid out there
    /// (``ViewportChanges/pictures``), for a report that draws them.
    public static func compare(
        name: String, old: RuntimeGrid, new: RuntimeGrid, viewports: [Viewport], relayout: Int = 0, keepPictures: Bool = false
    ) -> LayoutChanges {
        let before = FlatGrids(old)
        let after = FlatGrids(new)
        let alignment = GridAlignment(old: before, new: after)
        var structure = addedAndRemoved(before, after, alignment) + keyChanges(before, after, alignment)
        // Every grid matched to its like with nothing read differently: the same layout.
        if structure.isEmpty, before.count == after.count, alignment.oldOfNew.enumerated().allSatisfy({ $0.element == $0.offset }) {
            return LayoutChanges(name: name, status: .both, structure: [], viewports: viewports.map { ViewportChanges(viewport: $0, changes: []) })
        }
        let oldResults = viewports.map { LayoutEngine.layout(old, viewport: $0, relayout: relayout) }
        let newResults = viewports.map { LayoutEngine.layout(new, viewport: $0, relayout: relayout) }
        if let first = oldResults.first, let second = newResults.first {
            structure += viewChanges(first, second, before, after, alignment)
        }
        structure.sort { order($0) < order($1) }
        let changes = zip(oldResults, newResults).map { oldResult, newResult in
            // The structure, with the frames of what was added or removed at this viewport.
            let placed = structure.map { change in
                var placed = change
                if change.kind == .removed, let grid = change.oldGrid { placed.before = printed(oldResult.grids[grid].frame) }
                if change.kind == .added, let grid = change.newGrid {
                    placed.after = printed(newResult.grids[grid].frame)
                    placed.offScreen = isOffScreen(placed.after, newResult)
                }
                return placed
            }
            return ViewportChanges(
                viewport: newResult.viewport,
                changes: placed + frameChanges(oldResult, newResult, before, after, alignment) + layoutChanges(oldResult, newResult),
                pictures: keepPictures ? ViewportChanges.Pictures(before: oldResult, after: newResult) : nil)
        }
        return LayoutChanges(name: name, status: .both, structure: structure, viewports: changes)
    }

    /// Structure first (grids removed and added, then views by number), then keys, each in
    /// the layouts' pre-order (a removed grid's in the old layout, the others' in the new).
    static func order(_ change: ScreenChange) -> (Int, Int, Int) {
        let rank: Int
        switch change.kind {
        case .removed: rank = 0
        case .added: rank = 1
        case .view: rank = 2
        default: rank = 3
        }
        return (rank, change.slot ?? 0, change.newGrid ?? change.oldGrid ?? 0)
    }

    // MARK: structure

    /// The top of each subtree removed or added (its grids inside are not listed).
    static func addedAndRemoved(_ before: FlatGrids, _ after: FlatGrids, _ alignment: GridAlignment) -> [ScreenChange] {
        var changes: [ScreenChange] = []
        for index in 0..<before.count where alignment.newOfOld[index] == nil {
            let parent = before.parent[index]
            guard parent < 0 || alignment.newOfOld[parent] != nil else { continue }
            changes.append(
                ScreenChange(kind: .removed, path: nil, beforePath: before.path(of: index), beforeValue: summary(before.grids[index]), oldGrid: index))
        }
        for index in 0..<after.count where alignment.oldOfNew[index] == nil {
            let parent = after.parent[index]
            guard parent < 0 || alignment.oldOfNew[parent] != nil else { continue }
            changes.append(
                ScreenChange(
                    kind: .added, path: after.path(of: index), beforePath: nil, afterValue: summary(after.grids[index]),
                    source: after.grids[index].sourceRange, newGrid: index))
        }
        return changes
    }

    /// A grid in a few words: its size rule, its split and how many grids it holds.
    static func summary(_ grid: RuntimeGrid) -> String {
        var text = FramesReport.sizeRule(grid.measure, isRoot: false)
        if let axis = grid.axis { text += " \(axis.rawValue) of \(grid.children.count)" }
        return text
    }

    /// For each pair, every key the runtime reads differently, with both values.
    static func keyChanges(_ before: FlatGrids, _ after: FlatGrids, _ alignment: GridAlignment) -> [ScreenChange] {
        var changes: [ScreenChange] = []
        for index in 0..<after.count {
            guard let partner = alignment.oldOfNew[index] else { continue }
            let (old, new) = (before.grids[partner], after.grids[index])
            func add(_ key: String, _ oldValue: String, _ newValue: String) {
                guard oldValue != newValue else { return }
                changes.append(
                    ScreenChange(
                        kind: .key, path: after.path(of: index), beforePath: before.path(of: partner), key: key, beforeValue: oldValue, afterValue: newValue,
                        source: new.sourceRange, oldGrid: partner, newGrid: index))
            }
            if index != 0 {
                add(GridKey.size.jsonName, FramesReport.sizeRule(old.measure, isRoot: false), FramesReport.sizeRule(new.measure, isRoot: false))
            }
            add("split", old.axis?.rawValue ?? "none", new.axis?.rawValue ?? "none")
            add(GridKey.padding.jsonName, old.padding.runtimeString, new.padding.runtimeString)
            add(GridKey.spacing.jsonName, JSONWriter.formatNumber(old.spacing), JSONWriter.formatNumber(new.spacing))
            add(GridKey.gravity.jsonName, words(old.gravity), words(new.gravity))
            add(GridKey.anchor.jsonName, String(old.anchor), String(new.anchor))
            add(GridKey.placeholder.jsonName, String(old.placeholder), String(new.placeholder))
            add(GridKey.tag.jsonName, String(old.tag), String(new.tag))
            add(GridKey.action.jsonName, old.action ?? "none", new.action ?? "none")
            add(GridKey.actionData.jsonName, json(old.actionData), json(new.actionData))
            // Preview only: the size a leaf's view gives itself (`content(WxH)`).
            add(
                AttributeName.content.spelling, old.contentSize.map { "\(JSONWriter.formatNumber($0.width))x\(JSONWriter.formatNumber($0.height))" } ?? "none",
                new.contentSize.map { "\(JSONWriter.formatNumber($0.width))x\(JSONWriter.formatNumber($0.height))" } ?? "none")
            for edge in Edge.allCases {
                add(edge.gridKey.jsonName, line(old.borderlines.first { $0.edge == edge }), line(new.borderlines.first { $0.edge == edge }))
            }
        }
        return changes
    }

    /// Gravity as the words of each axis (`top|centerX`), `none` without any.
    static func words(_ gravity: Gravity) -> String {
        guard !gravity.isNone else { return "none" }
        var found: [String] = []
        for part in [gravity.vertical, gravity.horizontal] where part != 0 {
            if let word = AlignmentWord.verticalFirst.first(where: { Gravity.bits(of: $0) == part }) {
                found.append(word.word)
            } else {
                found.append("0x" + String(part, radix: 16))
            }
        }
        return found.joined(separator: "|")
    }

    static func json(_ value: JSONValue?) -> String {
        guard let value else { return "none" }
        return String(decoding: JSONWriter.write(value, style: .compact), as: UTF8.self)
    }

    static func line(_ line: RuntimeBorderline?) -> String {
        guard let line else { return "none" }
        let color = line.color.map { "#" + [$0.alpha, $0.red, $0.green, $0.blue].map(hex).joined() } ?? "none"
        var text = "\(BorderlineField.color.name) \(color) \(BorderlineField.thick.name) \(JSONWriter.formatNumber(line.thick))"
        let fields: [(BorderlineField, Double)] = [(.head, line.head), (.tail, line.tail), (.offset, line.offset), (.dash, line.dash)]
        for (field, value) in fields where value != 0 {
            text += " \(field.name) \(JSONWriter.formatNumber(value))"
        }
        return text
    }

    /// Two hexadecimal digits, upper case.
    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        // SAFETY: byte >> 4 and byte & 15 are below 16, the digits' count.
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// The views (by number) whose grid is not the partner of the grid they had.
    static func viewChanges(_ oldResult: LayoutResult, _ newResult: LayoutResult, _ before: FlatGrids, _ after: FlatGrids, _ alignment: GridAlignment)
        -> [ScreenChange]
    {
        var oldSlots: [Int: Int] = [:]
        var newSlots: [Int: Int] = [:]
        for grid in oldResult.grids { if let slot = grid.slot { oldSlots[slot] = grid.index } }
        for grid in newResult.grids { if let slot = grid.slot { newSlots[slot] = grid.index } }
        var changes: [ScreenChange] = []
        for slot in Set(oldSlots.keys).union(newSlots.keys).sorted() {
            let (old, new) = (oldSlots[slot], newSlots[slot])
            if let old, let new, alignment.newOfOld[old] == new { continue }
            let grid = old.map { before.grids[$0] }
            var detail: [String] = []
            if let tag = grid?.tag, tag != 0 { detail.append("tag \(tag)") }
            if let action = grid?.action { detail.append("action \(action)") }
            var change = ScreenChange(
                kind: .view, path: new.map { after.path(of: $0) }, beforePath: old.map { before.path(of: $0) },
                beforeValue: detail.isEmpty ? nil : detail.joined(separator: ", "), slot: slot,
                nowAt: old.flatMap { alignment.newOfOld[$0] }.map { after.path(of: $0) }, source: new.flatMap { after.grids[$0].sourceRange }, oldGrid: old,
                newGrid: new)
            change.placeInLayout = new.flatMap { after.placeInLayout(of: $0) }
            if let old, let new {
                let (was, now) = (before.grids[old], after.grids[new])
                let frame = { (grid: GridFrame) in printed(grid.viewFrame ?? grid.frame) }
                change.readsAlike =
                    was.tag == now.tag && was.action == now.action && was.actionData == now.actionData
                    && frame(oldResult.grids[old]) == frame(newResult.grids[new])
            }
            changes.append(change)
        }
        return changes
    }

    // MARK: at a viewport

    /// The pairs whose frame differs as printed, a grid that moves with its parent (the same
    /// offset, its size kept) counted in the nearest listed ancestor. Grid indices are the
    /// pre-order of both `FlatGrids` and the layout engine (`LayoutTree` numbers grids so).
    static func frameChanges(_ oldResult: LayoutResult, _ newResult: LayoutResult, _ before: FlatGrids, _ after: FlatGrids, _ alignment: GridAlignment)
        -> [ScreenChange]
    {
        var changes: [ScreenChange] = []
        // For each new grid: its offset from its partner (nil: unmatched), and the change it is
        // counted in.
        var offsets: [(Double, Double)?] = Array(repeating: nil, count: after.count)
        var listedIn: [Int?] = Array(repeating: nil, count: after.count)
        for index in 0..<after.count {
            guard let partner = alignment.oldOfNew[index] else { continue }
            // The root's frame is the layout's size, said once for the layout.
            if index == 0 {
                offsets[0] = (0, 0)
                continue
            }
            let was = printed(oldResult.grids[partner].frame)
            let now = printed(newResult.grids[index].frame)
            let offset = (now.x - was.x, now.y - was.y)
            offsets[index] = offset
            let parent = after.parent[index]
            if parent >= 0, let parentOffset = offsets[parent], parentOffset == offset, offset != (0, 0), was.width == now.width, was.height == now.height {
                listedIn[index] = listedIn[parent]
                if let change = listedIn[index] { changes[change].carried += 1 }
                continue
            }
            guard was != now else { continue }
            listedIn[index] = changes.count
            changes.append(
                ScreenChange(
                    kind: .frame, path: after.path(of: index), beforePath: before.path(of: partner), before: was, after: now,
                    offScreen: isOffScreen(now, newResult) && !isOffScreen(was, oldResult), source: after.grids[index].sourceRange, oldGrid: partner,
                    newGrid: index))
        }
        return changes
    }

    /// Whether a frame lies wholly outside the layout's rectangle (or has no area).
    static func isOffScreen(_ frame: Rect?, _ result: LayoutResult) -> Bool {
        guard let frame else { return false }
        return frame.x >= result.width || frame.y >= result.height || (frame.width > 0 && frame.x + frame.width <= 0)
            || (frame.height > 0 && frame.y + frame.height <= 0)
    }

    static func printed(_ rect: Rect) -> Rect {
        Rect(
            x: FramesReport.rounded(rect.x), y: FramesReport.rounded(rect.y), width: FramesReport.rounded(rect.width), height: FramesReport.rounded(rect.height)
        )
    }

    /// The layout's size, and its passes and settling where it is a screen.
    static func layoutChanges(_ oldResult: LayoutResult, _ newResult: LayoutResult) -> [ScreenChange] {
        var changes: [ScreenChange] = []
        let was = printed(Rect(x: 0, y: 0, width: oldResult.width, height: oldResult.height))
        let now = printed(Rect(x: 0, y: 0, width: newResult.width, height: newResult.height))
        if was != now { changes.append(ScreenChange(kind: .size, before: was, after: now)) }
        if oldResult.isScreen, newResult.isScreen {
            if oldResult.passes != newResult.passes {
                changes.append(ScreenChange(kind: .settling, key: "passes", beforeValue: String(oldResult.passes), afterValue: String(newResult.passes)))
            }
            if oldResult.settled != newResult.settled {
                changes.append(
                    ScreenChange(kind: .settling, key: "settled", beforeValue: String(oldResult.settled), afterValue: String(newResult.settled)))
            }
        }
        return changes
    }
}
