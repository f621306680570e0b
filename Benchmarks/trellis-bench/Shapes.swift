import TrellisModel
import TrellisSyntax

// Inputs of several shapes for the whole-process measures: the figure of a measure is its
// worst shape, so that a goal met holds on inputs nobody tuned for. The generators are seeded:
// every run measures the same bytes.

/// One shape of grid dictionaries for `check`: a name for the table and its files.
struct CheckShape {
    var name: String
    var files: [[UInt8]]
}

/// Grid dictionaries as people write them, each shape 1,000 files: the benchmark's own cards,
/// small and tiny ones, deep ones, ones full of the mistakes of the real corpus (camelCase keys,
/// gravity words the runtime drops, selectors without `:`, rows that overflow), and 1.x ones.
func checkShapes(files count: Int) -> [CheckShape] {
    [
        CheckShape(name: "product cards (the benchmark's)", files: checkInputs(files: count, trailingCommas: false)),
        CheckShape(name: "random, about 2 KB, depth <= 4", files: randomDictionaries(count, bytes: 2_000, depth: 4, mistakes: false, seed: 1)),
        CheckShape(name: "random, about 300 B, depth <= 2", files: randomDictionaries(count, bytes: 300, depth: 2, mistakes: false, seed: 2)),
        CheckShape(name: "random, about 6 KB, depth <= 12", files: randomDictionaries(count, bytes: 6_000, depth: 12, mistakes: false, seed: 3)),
        CheckShape(name: "random, about 2 KB, with mistakes", files: randomDictionaries(count, bytes: 2_000, depth: 4, mistakes: true, seed: 4)),
        CheckShape(
            name: "random, about 2 KB, MyLayout 1.x (`space`)", files: randomDictionaries(count, bytes: 2_000, depth: 4, mistakes: false, seed: 5, legacy: true)
        ),
    ]
}

/// `count` pretty-printed grid dictionaries of about `bytes` each (the closest of a few tries).
func randomDictionaries(_ count: Int, bytes target: Int, depth: Int, mistakes: Bool, seed: UInt64, legacy: Bool = false) -> [[UInt8]] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
        var best: [UInt8] = []
        for _ in 0..<8 {
            var writer = DictionaryWriter(mistakes: mistakes, legacy: legacy, indent: Bool.random(using: &generator) ? 2 : 4)
            var budget = Int.random(in: 3...60, using: &generator)
            writer.grid(level: 0, depth: 0, maximumDepth: depth, budget: &budget, available: 300, isRoot: true, &generator)
            writer.text.append("\n")
            let bytes = Array(writer.text.utf8)
            if best.isEmpty || abs(bytes.count - target) < abs(best.count - target) { best = bytes }
        }
        return best
    }
}

/// Writes one random grid dictionary as text, pretty-printed.
struct DictionaryWriter {
    let mistakes: Bool
    let legacy: Bool
    let indent: Int
    var text = ""

    private func pad(_ level: Int) -> String { String(repeating: " ", count: level * indent) }

    /// One grid `depth` grids deep, its text indented `level` times: its members, then its
    /// children.
    mutating func grid(
        level: Int, depth: Int, maximumDepth: Int, budget: inout Int, available: Double, isRoot: Bool, _ generator: inout SeededGenerator, size: String? = nil
    ) {
        var members: [(String, String)] = []
        if let size { members.append(("size", size)) }
        if Int.random(in: 0..<10, using: &generator) < 3 {
            let insets = (0..<4).map { _ in String(Int.random(in: 0...6, using: &generator)) }.joined(separator: ",")
            members.append(("padding", "\"{\(insets)}\""))
        }
        if Int.random(in: 0..<10, using: &generator) < 3 { members.append(("tag", String(Int.random(in: 1000...9999, using: &generator)))) }
        if Int.random(in: 0..<10, using: &generator) < 1 {
            let selector = "tap\(Int.random(in: 0...9, using: &generator))" + (mistakes ? "" : ":")
            members.append(("action", "\"\(selector)\""))
            members.append((mistakes ? "actionData" : "action-data", "{\"id\": \(Int.random(in: 0...99, using: &generator)), \"name\": \"商品 🍵\"}"))
        }
        if Int.random(in: 0..<10, using: &generator) < 1 {
            members.append((mistakes ? "topBorderline" : "top-borderline", "{\"color\": \"#CCCCCC\", \"thick\": 1}"))
        }
        if mistakes, Int.random(in: 0..<10, using: &generator) < 2 {
            members.append(("gravity", ["\"center\"", "\"left|top\"", "\"Bottom\"", "\"right|bottom\""][Int.random(in: 0..<4, using: &generator)]))
        }
        let splits = depth < maximumDepth && budget > 0 && Int.random(in: 0..<4, using: &generator) < 3
        let childCount = splits ? Int.random(in: 2...4, using: &generator) : 0
        if splits, Bool.random(using: &generator) { members.append((legacy ? "space" : "spacing", "2")) }
        if isRoot, !splits {
            members.append(("rows", "[{\"size\": 50}]"))
        }
        text.append("{")
        var first = true
        for (key, value) in members {
            text.append(first ? "\n" : ",\n")
            first = false
            text.append(pad(level + 1) + "\"\(key)\": \(value)")
        }
        if splits {
            let axis = Bool.random(using: &generator) ? "rows" : "cols"
            text.append(first ? "\n" : ",\n")
            text.append(pad(level + 1) + "\"\(axis)\": [")
            for index in 0..<childCount {
                budget -= 1
                let share = available / Double(childCount)
                // With mistakes, fixed sizes overflow their grid now and then.
                let fixed = mistakes ? Int(share * 1.5) : Int(share / 2)
                let size = ["\(fixed)", "\"\(100 / (childCount + 1))%\"", "\"fill\""][Int.random(in: 0..<3, using: &generator)]
                text.append(index == 0 ? "\n" : ",\n")
                text.append(pad(level + 2))
                grid(level: level + 2, depth: depth + 1, maximumDepth: maximumDepth, budget: &budget, available: share, isRoot: false, &generator, size: size)
            }
            text.append("\n" + pad(level + 1) + "]")
            first = false
        }
        text.append(first ? "}" : "\n" + pad(level) + "}")
    }
}

/// One grid dictionary of about `target` bytes whose rows are the random dictionaries of the
/// check shapes (no two alike, unlike the doubled list of ``gridDictionary(bytes:)``, which
/// `trellis import` folds into a few templates).
func variedGridDictionary(bytes target: Int) -> [UInt8] {
    var bytes = Array("{\n  \"rows\": [\n".utf8)
    var seed: UInt64 = 100
    while bytes.count < target {
        for (index, row) in randomDictionaries(200, bytes: 2_000, depth: 5, mistakes: false, seed: seed).enumerated() {
            if seed > 100 || index > 0 { bytes += Array(",\n".utf8) }
            bytes += row.dropLast()
        }
        seed += 1
    }
    return bytes + Array("\n  ]\n}\n".utf8)
}

/// One grid dictionary of about 10 MB: a long list of product-card rows, pretty-printed.
func tenMegabyteGridDictionary() -> [UInt8] { gridDictionary(bytes: 10_000_000) }

/// One grid dictionary of at least `target` bytes: a long list of product-card rows (the list
/// doubled until it is long enough), pretty-printed.
func gridDictionary(bytes target: Int) -> [UInt8] {
    let document = Lowering.lower(Parser.parse(SourceFile(name: "g", text: generateTrellis(bytes: 1_500_000))).tree).document
    var root = Grid()
    root.axis = .rows
    root.children = document.layouts.flatMap(\.root.children)
    root.padding = EdgeInsets(top: 10, left: 0, bottom: 10, right: 0)
    var bytes: [UInt8] = []
    while bytes.count < target {
        root.children += root.children
        bytes = GridJSONWriter.write(root, dialect: .v2, style: .pretty)
    }
    return bytes
}
