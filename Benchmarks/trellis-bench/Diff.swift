import TrellisLayout
import TrellisModel

// `trellis diff` on two versions of a layout of N grids at five viewports, on several shapes
// of change: none, one leaf inserted near the top (every later view and frame moves), every
// tenth size changed, a leaf removed deep in a nested tree. The baseline, run in the same
// command: laying both versions out at the same viewports, which the comparison needs anyway
// (the alignment and the comparing are what it adds). Goal: 10,000 grids at 5 viewports in
// ≤ 100 ms for the worst shape, growing linearly.

/// A nested tree of about `count` grids: rows of cards, each a column of three leaves and a
/// row of two (depth 4).
func nestedTree(grids count: Int) -> RuntimeGrid {
    var root = RuntimeGrid(measure: RuntimeReading.fill)
    root.axis = .rows
    var card = RuntimeGrid(measure: 0.5)
    card.axis = .rows
    var strip = RuntimeGrid(measure: 20)
    strip.axis = .cols
    strip.children = [RuntimeGrid(measure: RuntimeReading.fill), RuntimeGrid(measure: 40)]
    card.children = [RuntimeGrid(measure: 30), RuntimeGrid(measure: RuntimeReading.wrap), strip, RuntimeGrid(measure: -0.25)]
    var row = RuntimeGrid(measure: 120)
    row.axis = .cols
    row.spacing = 4
    row.children = [card, card]
    root.children = Array(repeating: row, count: max(1, count / 17))
    return root
}

func diffBenchmark(quick: Bool) {
    let viewports = [
        Viewport(width: 375, height: 667, scale: 2), Viewport(width: 320, height: 568, scale: 2), Viewport(width: 390, height: 844, scale: 3),
        Viewport(width: 768, height: 1024, scale: 2), Viewport(width: 375, height: nil, scale: 3),
    ]
    print("trellis diff of two versions of a layout at 5 viewports (in process, best of 5)")
    print("shape                       grids     diff ms   layouts ms   ratio   ns/grid")
    var worst = (name: "", grids: 0, milliseconds: 0.0)
    for count in quick ? [10_000] : [2_500, 10_000, 40_000] {
        var shapes: [(String, RuntimeGrid, RuntimeGrid)] = []
        let flat = generateTree(grids: count)
        shapes.append(("the same layout", flat, flat))
        var inserted = flat
        inserted.children.insert(RuntimeGrid(measure: 10), at: 1)
        shapes.append(("a leaf inserted at the top", flat, inserted))
        var resized = flat
        for index in resized.children.indices where index % 10 == 0 { resized.children[index].measure = 30 }
        shapes.append(("every tenth row resized", flat, resized))
        let nested = nestedTree(grids: count)
        var removed = nested
        if !removed.children.isEmpty { removed.children[removed.children.count / 2].children[0].children.remove(at: 1) }
        shapes.append(("a deep leaf removed", nested, removed))
        for (name, old, new) in shapes {
            let grids = FlatGrids(old).count
            var changes = ScreenDiff.compare(name: "l", old: old, new: new, viewports: viewports)
            let diffTime = measure { changes = ScreenDiff.compare(name: "l", old: old, new: new, viewports: viewports) }
            let layoutTime = measure {
                for viewport in viewports {
                    _ = LayoutEngine.layout(old, viewport: viewport)
                    _ = LayoutEngine.layout(new, viewport: viewport)
                }
            }
            let perGrid = diffTime / Double(grids) * 1e9
            print(
                name.padding(toLength: 27, withPad: " ", startingAt: 0)
                    + String(format: "%6d %11.1f %12.1f %7.2f %9.0f", grids, diffTime * 1e3, layoutTime * 1e3, diffTime / layoutTime, perGrid)
                    + "   (\(changes.structure.count) structural changes)")
            if count == 10_000, diffTime * 1e3 > worst.milliseconds { worst = (name, grids, diffTime * 1e3) }
        }
    }
    print("worst at 10,000 grids: \(worst.name), \(format(worst.milliseconds)) ms (goal ≤ 100 ms)")
}
