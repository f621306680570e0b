import TrellisModel

/// Random authored grids with odd values: negative zero, 100 %, unreadable colors, repeated
/// edges, raw members that replace keys, empty splits. For property tests of everything that
/// reads the model.
public enum RandomGrids {
    public static func grid(depth: Int = 0, random: inout SeededRandom) -> Grid {
        var grid = Grid()
        let numbers: [Double] = [0, -0.0, 1, 20, 0.5, -0.25, 1e20, 1e-7, 123.456, -3, .infinity, 1e15, 99999.5]
        if random.chance(70) {
            grid.size = random.pick([
                .number(random.pick(numbers)), .percent(random.pick([50, 100, -100, 33.3, 0, -0.0, 1e-5, 250])),
                .fill, .wrap, .raw(.string("7")), .raw(.bool(true)), .raw(.null), .raw(.string("x%")),
            ])
        }
        if random.chance(40) {
            grid.padding = EdgeInsets(top: random.pick(numbers), left: random.pick(numbers), bottom: random.pick(numbers), right: random.pick(numbers))
        }
        if random.chance(30) { grid.spacing = random.pick(numbers) }
        if random.chance(30) { grid.gravity = random.pick(["top|left", "center", "bogus", "", "fill", "bottom|right|x"]) }
        if random.chance(20) { grid.overlap = random.pick(["bottom|left", "none", "", "center"]) }
        grid.anchor = random.chance(15)
        grid.placeholder = random.chance(10)
        if random.chance(20) { grid.tag = random.pick([0, 1, -5, Int64.max, 1 << 60, 9_007_199_254_740_993]) }
        if random.chance(20) { grid.action = random.pick(["tap:", "", "go"]) }
        if random.chance(10) { grid.actionData = random.pick([.null, .string("数据"), .object([JSONMember("a", .number(1))])]) }
        for _ in 0..<Int.random(in: 0...3, using: &random) where random.chance(40) {
            var line = Borderline(edge: random.pick(Edge.allCases))
            if random.chance(60) { line.color = random.pick(["#EEEEEE", "red", "#abc", "nonsense", "#80FF0000"]) }
            if random.chance(50) { line.thick = random.pick([0.5, 2, 0, -1]) }
            if random.chance(30) { line.head = random.pick(numbers) }
            if random.chance(30) { line.dash = 3 }
            if random.chance(20) { line.tail = random.pick(numbers) }
            if random.chance(20) { line.offset = random.pick(numbers) }
            grid.borderlines.append(line)
        }
        if random.chance(8) {
            grid.extra = [
                random.pick([
                    JSONMember("x-note", .string("n")), JSONMember("size", .number(30)), JSONMember("tag", .string("12")),
                    JSONMember("space", .number(4)), JSONMember("spacing", .number(6)),
                    JSONMember("rows", .array([.object([JSONMember("size", .number(10))])])),
                ])
            ]
        }
        if random.chance(20) { grid.contentSize = PreviewSize(width: 10, height: 20) }
        if random.chance(80) {
            let start = Int.random(in: 0..<100_000, using: &random)
            grid.sourceRange = start..<(start + Int.random(in: 0..<40, using: &random))
        }
        if depth < 4, random.chance(50) {
            grid.axis = random.pick([.rows, .cols])
            for _ in 0..<Int.random(in: 0...3, using: &random) { grid.children.append(self.grid(depth: depth + 1, random: &random)) }
        }
        return grid
    }
}
