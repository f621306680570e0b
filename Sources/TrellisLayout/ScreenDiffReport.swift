import TrellisModel
import TrellisSyntax

/// `trellis diff`'s reports: text for a terminal or a pull request (per layout, the grids
/// added and removed, views moved and keys read differently, then per viewport the frames,
/// siblings that move alike told once), and the documented JSON (docs/diff.md).
public enum ScreenDiffReport {
    /// Whether any layout changes anything the runtime reads.
    public static func hasChanges(_ layouts: [LayoutChanges]) -> Bool { layouts.contains { !$0.isEmpty } }

    // MARK: text

    public static func text(_ layouts: [LayoutChanges]) -> String {
        guard hasChanges(layouts) else {
            let count = layouts.count
            return "no change on the screen (\(count) layout\(count == 1 ? "" : "s") compared)\n"
        }
        var output = ""
        for layout in layouts {
            switch layout.status {
            case .added:
                output += "layout \(layout.name): only in the new version\n"
                continue
            case .removed:
                output += "layout \(layout.name): only in the old version\n"
                continue
            case .both:
                break
            }
            if layout.isEmpty {
                output += "layout \(layout.name): no change on the screen\n"
                continue
            }
            output += "layout \(layout.name):\n"
            for line in structureLines(layout.structure) { output += "  " + line + "\n" }
            for viewport in layout.viewports {
                // Where what was added is now (said where nobody can see it), then what moved.
                let placed = viewport.changes.filter { $0.kind == .added && $0.offScreen }
                let own = viewport.changes.filter { [.frame, .size, .settling].contains($0.kind) }
                guard !own.isEmpty || !placed.isEmpty else { continue }
                let name = viewport.viewport.label.map { "\($0) (\(viewport.viewport.description))" } ?? viewport.viewport.description
                output += "  at \(name):\n"
                for change in placed { output += "    \(offScreenLine(change))\n" }
                for line in frameLines(own) { output += "    " + line + "\n" }
            }
        }
        return output
    }

    /// A layout's changes at its first viewport as a flat list of lines: the structure's,
    /// then what was added off the screen, then the frames, size and settling (the preview's
    /// list beside a picture).
    public static func lines(of layout: LayoutChanges) -> [String] {
        switch layout.status {
        case .added: return ["only in the new version"]
        case .removed: return ["only in the old version"]
        case .both: break
        }
        var lines = structureLines(layout.structure)
        guard let viewport = layout.viewports.first else { return lines }
        for change in viewport.changes where change.kind == .added && change.offScreen {
            lines.append(offScreenLine(change))
        }
        lines += frameLines(viewport.changes.filter { [.frame, .size, .settling].contains($0.kind) })
        return lines
    }

    /// A grid added where nobody sees it.
    static func offScreenLine(_ change: ScreenChange) -> String {
        "\(grid(change.path)) (added) at \(change.after.map(FramesReport.rectText) ?? "?"), off the screen"
    }

    static func grid(_ path: String?) -> String {
        guard let path else { return "?" }
        return path.isEmpty ? "the root" : path
    }

    /// One change in words, as the text report says it.
    public static func describe(_ change: ScreenChange) -> String {
        switch change.kind {
        case .added: return "\(grid(change.path)) added (\(change.afterValue ?? ""))"
        case .removed: return "\(grid(change.beforePath)) removed (\(change.beforeValue ?? ""))"
        case .view:
            let view = "view #\(change.slot ?? 0)" + (change.beforeValue.map { " (\($0))" } ?? "")
            // Where the grid it was in went: the path alone says nothing when paths shift.
            let now = change.beforePath == nil || change.nowAt == change.beforePath ? "" : " (\(change.nowAt.map { "now \(grid($0))" } ?? "removed"))"
            switch (change.beforePath, change.path) {
            case (let old?, let new?): return "\(view) moves from \(grid(old))\(now) to \(grid(new))"
            case (let old?, nil): return "\(view) loses its grid (was in \(grid(old))\(now))"
            case (nil, let new?): return "\(view) gains a grid: \(grid(new))"
            case (nil, nil): return view
            }
        case .key:
            let moved = change.beforePath != change.path ? " (was \(grid(change.beforePath)))" : ""
            return "\(grid(change.path))\(moved) \(change.key ?? ""): \(change.beforeValue ?? "") → \(change.afterValue ?? "")"
        case .size: return "size \(size(change.before)) → \(size(change.after))"
        case .settling: return "\(change.key ?? "") \(change.beforeValue ?? "") → \(change.afterValue ?? "")"
        case .frame: return frameLine([change])
        }
    }

    /// The structure's changes, a run of views (by consecutive numbers) that move from the
    /// same places inside one grid to the same places inside another on one line, and a run
    /// of views that gain grids on one.
    static func structureLines(_ changes: [ScreenChange]) -> [String] {
        structureGroups(changes).map { $0.line }
    }

    /// Structure changes (views moved, grids added…) in words, a run of views moving alike
    /// on one line.
    public static func lines(ofStructure changes: [ScreenChange]) -> [String] { structureLines(changes) }

    /// The structure's changes as ``structureLines(_:)`` tells them, each line with the
    /// changes it tells: a run of views moving alike, a run gaining grids, and one key read
    /// alike differently in several grids (a template's cell edited, in each of its copies)
    /// each on one line, at the first one's place.
    static func structureGroups(_ changes: [ScreenChange]) -> [(line: String, changes: [ScreenChange])] {
        var groups: [(line: String, changes: [ScreenChange])] = []
        // Key changes alike (not moved): the key and both values.
        var alike: [String: [Int]] = [:]
        for (index, change) in changes.enumerated() where change.kind == .key && change.path == change.beforePath {
            alike[[change.key ?? "", change.beforeValue ?? "", change.afterValue ?? ""].joined(separator: "\u{0}"), default: []].append(index)
        }
        var told = Set<Int>()
        var index = 0
        while index < changes.count {
            let change = changes[index]
            var end = index + 1
            if told.contains(index) {
                index += 1
                continue
            }
            if change.kind == .key, change.path == change.beforePath,
                let same = alike[[change.key ?? "", change.beforeValue ?? "", change.afterValue ?? ""].joined(separator: "\u{0}")], same.count > 1
            {
                told.formUnion(same)
                let paths = same.prefix(4).map { grid(changes[$0].path) }.joined(separator: ", ") + (same.count > 4 ? " and \(same.count - 4) more" : "")
                groups.append(("\(paths) \(change.key ?? ""): \(change.beforeValue ?? "") → \(change.afterValue ?? "")", same.map { changes[$0] }))
                index += 1
                continue
            }
            if change.kind == .view, let shift = shift(change) {
                while end < changes.count, changes[end].kind == .view, changes[end].slot == (changes[end - 1].slot ?? -2) + 1,
                    self.shift(changes[end]).map({ $0 == shift }) ?? false
                {
                    end += 1
                }
                if end - index > 1 {
                    let from = grid(shift.from)
                    let to = grid(shift.to)
                    groups.append(
                        (
                            "views #\(change.slot ?? 0)–#\(changes[end - 1].slot ?? 0) move from inside \(from) to the same places inside \(to)",
                            Array(changes[index..<end])
                        ))
                    index = end
                    continue
                }
            } else if change.kind == .view, change.beforePath == nil, change.path != nil {
                while end < changes.count, changes[end].kind == .view, changes[end].beforePath == nil, changes[end].path != nil,
                    changes[end].slot == (changes[end - 1].slot ?? -2) + 1
                {
                    end += 1
                }
                if end - index > 1 {
                    let grids = changes[index..<end].map { grid($0.path) }.joined(separator: ", ")
                    groups.append(("views #\(change.slot ?? 0)–#\(changes[end - 1].slot ?? 0) gain grids: \(grids)", Array(changes[index..<end])))
                    index = end
                    continue
                }
            }
            groups.append((describe(change), [change]))
            index += 1
        }
        return groups
    }

    /// For a view that moves, leaving a grid still where it was: the grids whose insides it
    /// moves between (`6.1.1.2` → `5.3.1.2`: from `6.1` to `5.3`, the rest of the paths alike).
    static func shift(_ change: ScreenChange) -> (from: String, to: String)? {
        guard let old = change.beforePath, let new = change.path, change.nowAt == old, change.beforeValue == nil else { return nil }
        var a = old.split(separator: ".")
        var b = new.split(separator: ".")
        var common = 0
        while let x = a.last, let y = b.last, x == y {
            a.removeLast()
            b.removeLast()
            common += 1
        }
        guard common > 0, !a.isEmpty, !b.isEmpty else { return nil }
        return (a.joined(separator: "."), b.joined(separator: "."))
    }

    static func size(_ rect: Rect?) -> String {
        guard let rect else { return "?" }
        return "\(FramesReport.number(rect.width))×\(FramesReport.number(rect.height))"
    }

    /// Frame changes, a run of siblings that move and resize alike on one line.
    static func frameLines(_ changes: [ScreenChange]) -> [String] {
        frameRuns(changes).map { describe(run: $0) }
    }

    /// The changes in order, a run of siblings that move and resize alike together.
    static func frameRuns(_ changes: [ScreenChange]) -> [[ScreenChange]] {
        var runs: [[ScreenChange]] = []
        for change in changes {
            if change.kind == .frame, let last = runs.last?.last, last.kind == .frame, follows(change, last) {
                runs[runs.count - 1].append(change)
            } else {
                runs.append([change])
            }
        }
        return runs
    }

    /// A run of changes (``frameRuns(_:)``) in words.
    static func describe(run: [ScreenChange]) -> String {
        guard let first = run.first else { return "" }
        return run.count == 1 ? describe(first) : frameLine(run)
    }

    /// Whether `change` is the next sibling of `last` and moves and resizes as it does.
    static func follows(_ change: ScreenChange, _ last: ScreenChange) -> Bool {
        guard let path = change.path, let lastPath = last.path, let a = change.before, let b = change.after, let c = last.before, let d = last.after
        else { return false }
        let (parent, position) = split(path)
        let (lastParent, lastPosition) = split(lastPath)
        return parent == lastParent && position == lastPosition + 1 && b.x - a.x == d.x - c.x && b.y - a.y == d.y - c.y && a.width == c.width
            && a.height == c.height && b.width == d.width && b.height == d.height
    }

    static func split(_ path: String) -> (String, Int) {
        guard let dot = path.lastIndex(of: ".") else { return ("", Int(path) ?? -1) }
        return (String(path[..<dot]), Int(path[path.index(after: dot)...]) ?? -1)
    }

    /// `3.2–3.5 move down 20` or `3.1 resizes: height 40 → 60`, with the frames of one.
    static func frameLine(_ run: [ScreenChange]) -> String {
        guard let first = run.first, let before = first.before, let after = first.after else { return "" }
        let who = run.count == 1 ? grid(first.path) : "\(grid(first.path))–\(grid(run.last?.path))"
        var parts: [String] = []
        let (dx, dy) = (FramesReport.rounded(after.x - before.x), FramesReport.rounded(after.y - before.y))
        var moves: [String] = []
        if dx != 0 { moves.append((dx > 0 ? "right " : "left ") + FramesReport.number(abs(dx))) }
        if dy != 0 { moves.append((dy > 0 ? "down " : "up ") + FramesReport.number(abs(dy))) }
        if !moves.isEmpty { parts.append((run.count == 1 ? "moves " : "move ") + moves.joined(separator: " and ")) }
        if before.width != after.width { parts.append("width \(FramesReport.number(before.width)) → \(FramesReport.number(after.width))") }
        if before.height != after.height { parts.append("height \(FramesReport.number(before.height)) → \(FramesReport.number(after.height))") }
        let carried = run.reduce(0) { $0 + $1.carried }
        let inside = carried == 0 ? "" : " (with \(carried) grid\(carried == 1 ? "" : "s") inside)"
        let frames = run.count == 1 ? ": \(FramesReport.rectText(before)) → \(FramesReport.rectText(after))" : ""
        let off = run.contains(where: { $0.offScreen }) ? ", now off the screen" : ""
        return "\(who) \(parts.joined(separator: ", "))\(inside)\(frames)\(off)"
    }

    // MARK: JSON

    /// `{"layouts": [{"name", "file"?, "beforeFile"?, "status", "viewports": [{"viewport", "changes": [...]}]}],
    /// "changed": Bool}`; `line` gives a change's line in the layout's new file (1-based),
    /// where known.
    public static func json(_ layouts: [LayoutChanges], line: (LayoutChanges, ScreenChange) -> Int? = { _, _ in nil }) -> JSONValue {
        .object([
            JSONMember(
                "layouts",
                .array(
                    layouts.map { layout in
                        .object(
                            [JSONMember("name", .string(layout.name))] + (layout.file.map { [JSONMember("file", .string($0))] } ?? [])
                                + (layout.beforeFile.map { [JSONMember("beforeFile", .string($0))] } ?? []) + [
                                    JSONMember("status", .string(layout.status.rawValue)),
                                    JSONMember(
                                        "viewports",
                                        .array(
                                            layout.viewports.map { viewport in
                                                .object([
                                                    JSONMember("viewport", .string(viewport.viewport.description)),
                                                    JSONMember("changes", .array(viewport.changes.map { changeJSON($0, line: line(layout, $0)) })),
                                                ])
                                            })),
                                ])
                    })),
            JSONMember("changed", .bool(hasChanges(layouts))),
        ])
    }

    static func changeJSON(_ change: ScreenChange, line: Int?) -> JSONValue {
        var members = [
            JSONMember("kind", .string(change.kind.rawValue)),
            JSONMember("path", change.path.map { .string($0) } ?? .null),
            JSONMember("beforePath", change.beforePath.map { .string($0) } ?? .null),
        ]
        switch change.kind {
        case .frame, .added, .removed, .size:
            members.append(JSONMember("before", change.before.map(FramesReport.rectJSON) ?? .null))
            members.append(JSONMember("after", change.after.map(FramesReport.rectJSON) ?? .null))
            if change.kind == .frame { members.append(JSONMember("carried", .number(Double(change.carried)))) }
            if change.kind == .frame || change.kind == .added { members.append(JSONMember("offScreen", .bool(change.offScreen))) }
            if change.kind == .added, let value = change.afterValue { members.append(JSONMember("grid", .string(value))) }
            if change.kind == .removed, let value = change.beforeValue { members.append(JSONMember("grid", .string(value))) }
        case .key, .settling:
            members.append(JSONMember("key", .string(change.key ?? "")))
            members.append(JSONMember("before", .string(change.beforeValue ?? "")))
            members.append(JSONMember("after", .string(change.afterValue ?? "")))
        case .view:
            members.append(JSONMember("slot", .number(Double(change.slot ?? 0))))
            if change.beforePath != nil { members.append(JSONMember("nowAt", change.nowAt.map { .string($0) } ?? .null)) }
            if let detail = change.beforeValue { members.append(JSONMember("grid", .string(detail))) }
        }
        if let line { members.append(JSONMember("line", .number(Double(line)))) }
        return .object(members)
    }
}
