import TrellisSyntax

// How formatting grows with inline nesting (`rows 25 cols fill cols fill cols … fill`): each
// inline list that does not fit becomes a block, and a cell is printed at most once inline
// and once in a block, so the time per level stays flat. (It doubled per level before: 26
// levels took 23 seconds.)

/// Prints the best time to format files nested 10 to 60 levels deep (and 250, near the
/// parser's limit) and the time per byte of the formatted text, with its ratio to the
/// 10-level file's. The formatted text is a block per level, each indented two spaces more,
/// so its length grows with the square of the depth; the time per byte of it stays flat.
func nestingBenchmark() {
    print("fmt of inline lists nested N deep (in process, best of 9)")
    print("depth   input   output   time µs   ns per output byte   ratio to depth 10")
    var baseline: Double?
    for depth in [10, 20, 30, 40, 50, 60, 250] {
        let text = "rows 25 cols " + String(repeating: "fill cols ", count: depth) + "fill\n"
        let source = SourceFile(name: "nested.trellis", text: text)
        var formatted: String?
        let seconds = measure(runs: 9) { formatted = Formatter.format(source) }
        precondition(formatted != nil, "the nested file formats")
        let output = formatted?.utf8.count ?? 0
        let perByte = seconds * 1e9 / Double(max(output, 1))
        if baseline == nil { baseline = perByte }
        let ratio = perByte / (baseline ?? perByte)
        print(String(format: "%5d %7d %8d %9.1f %20.1f %19.2f", depth, source.bytes.count, output, seconds * 1e6, perByte, ratio))
    }
}
