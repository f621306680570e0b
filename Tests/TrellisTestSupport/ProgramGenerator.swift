/// Random Trellis programs: templates, layouts, inline lists and blocks, attributes,
/// repetition, comments and blank lines in many places.
public struct ProgramGenerator {
    public var random: SeededRandom

    public init(seed: UInt64) { random = SeededRandom(seed: seed) }

    mutating func pick<T>(_ options: [T]) -> T { random.pick(options) }
    mutating func chance(_ percent: Int) -> Bool { random.chance(percent) }

    mutating func space() -> String {
        if chance(20) { return pick([" // note 注释 😀\n", "\n\n", "\n  // own line\n", " "]) }
        return pick([" ", "  ", "\n", " \t"])
    }

    mutating func attribute() -> String {
        pick([
            "padding(5)", "padding(1 2 3 4)", "spacing(3)", "gravity(top|left)", "overlap(bottom | left)", "anchor",
            "placeholder", "tag(7)", "action(handleTap:)", "action-data(\"数据\")", "bottom-borderline(color #EEEEEE thick 1)",
            "json({\"x-a\": [1, 2]})", "content(10x20)",
        ])
    }

    mutating func cell(depth: Int, templates: [String]) -> String {
        var parts: [String] = []
        if chance(75) { parts.append(pick(["10", "33%", "-50%", "1/3", "fill", "wrap", "0", "_", "20.5"])) }
        if !templates.isEmpty, chance(15) { parts.append(pick(templates)) }
        for _ in 0..<Int.random(in: 0...2, using: &random) { parts.append(attribute()) }
        if depth < 3, chance(45) {
            let keyword = pick(["rows", "cols"])
            let count = Int.random(in: 1...4, using: &random)
            var cells: [String] = []
            for _ in 0..<count { cells.append(cell(depth: depth + 1, templates: templates)) }
            if chance(50) {
                parts.append(keyword + " " + cells.joined(separator: pick([" | ", "|", " |\n  "])))
            } else {
                parts.append(keyword + " {" + space() + cells.joined(separator: pick([";" + space(), "\n", " ; "])) + space() + "}")
            }
        }
        if parts.isEmpty { parts.append("fill") }
        var text = ""
        for (index, part) in parts.enumerated() {
            // Sometimes a comment or a line break between parts, on a deeper line (offside rule).
            if index > 0 { text += chance(8) ? pick([" // part\n", "\n", " // 注释\n  // own\n"]) + String(repeating: " ", count: 40) : " " }
            text += part
        }
        if depth > 0, chance(10) { text += " * \(Int.random(in: 1...3, using: &random))" }
        return text
    }

    public mutating func program() -> String {
        var items: [String] = []
        var templates: [String] = []
        if chance(30) { items.append("target mylayout \(pick([1, 2]))") }
        if chance(30) { items.append("preview 375x667@2x") }
        for index in 0..<Int.random(in: 0...2, using: &random) {
            let name = "t\(index)"
            items.append("template \(name) {" + space() + cell(depth: 1, templates: templates) + space() + "}")
            templates.append(name)
        }
        if chance(50) {
            items.append(cell(depth: 0, templates: templates))
        } else {
            for index in 0..<Int.random(in: 1...2, using: &random) {
                items.append("layout l\(index) " + cell(depth: 0, templates: templates))
            }
        }
        return items.joined(separator: pick(["\n", "\n\n", "\n// between\n"])) + pick(["", "\n", "\n// last\n"])
    }

    /// A file of many layouts, as a screen file a team shares is: previews (a wrap height among
    /// them, sometimes right-to-left), templates, four to ten layouts (now and then a name
    /// given twice, a bare cell or a `trellis-ignore` line before one).
    public mutating func manyLayouts() -> String {
        var items: [String] = []
        var templates: [String] = []
        if chance(30) { items.append("target mylayout \(pick([1, 2]))") }
        items.append(pick(["preview 320xwrap@3x", "preview 375x667@2x\npreview 320xwrap@3x", "preview 390x844@3x rtl\npreview 375xwrap@2x"]))
        for index in 0..<Int.random(in: 0...3, using: &random) {
            let name = "t\(index)"
            items.append("template \(name) {" + space() + cell(depth: 1, templates: templates) + space() + "}")
            templates.append(name)
        }
        let count = Int.random(in: 4...10, using: &random)
        for index in 0..<count {
            let name = chance(5) ? "l0" : "l\(index)"
            let ignore = chance(10) ? pick(["// trellis-ignore\n", "// trellis-ignore L002\n"]) : ""
            items.append(ignore + "layout \(name) " + cell(depth: 0, templates: templates))
        }
        if chance(15) { items.insert(cell(depth: 0, templates: templates), at: Int.random(in: 1...items.count, using: &random)) }
        return items.joined(separator: pick(["\n", "\n\n", "\n// between\n"])) + "\n"
    }

    /// A random cell as a layout's root, using `templates`.
    public mutating func rootCell(templates: [String]) -> String { cell(depth: 0, templates: templates) }

    /// A random project: templates spread over up to two used files (the deeper one used by
    /// the other), a main file of layouts using them, and the same program in one file with
    /// every template pasted in. Files by path; the main file is `main.trellis`.
    public mutating func project() -> (files: [String: String], pasted: String) {
        let count = Int.random(in: 1...5, using: &random)
        var templates: [String] = []
        var bodies: [String] = []
        for index in 0..<count {
            let name = "t\(index)"
            bodies.append("template \(name) {" + space() + cell(depth: 1, templates: templates) + space() + "}")
            templates.append(name)
        }
        // Templates t0..<deep in lib/deep.trellis, deep..<shallow in lib/cards.trellis, the
        // rest in main.trellis: each file uses the ones before it, so no use closes a cycle.
        let deep = Int.random(in: 0...count, using: &random)
        let shallow = Int.random(in: deep...count, using: &random)
        var layouts: [String] = []
        for index in 0..<Int.random(in: 1...2, using: &random) {
            layouts.append("layout l\(index) " + cell(depth: 0, templates: templates))
        }
        let target = chance(50) ? ["target mylayout \(pick([1, 2]))"] : []
        let separator = pick(["\n", "\n\n", "\n// between\n"])
        let deepFile = bodies[0..<deep].joined(separator: separator) + "\n"
        let cardsFile = (["use \"deep.trellis\""] + bodies[deep..<shallow]).joined(separator: separator) + "\n"
        let main = (target + ["use \"lib/cards.trellis\"", "use \"./lib/deep.trellis\""] + bodies[shallow...] + layouts).joined(separator: separator) + "\n"
        let pasted = (target + bodies + layouts).joined(separator: separator) + "\n"
        return (["main.trellis": main, "lib/cards.trellis": cardsFile, "lib/deep.trellis": deepFile], pasted)
    }
}
