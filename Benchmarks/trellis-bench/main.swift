import Foundation
import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisPlatform
import TrellisSyntax

// Throughput of the Trellis pipeline beside Foundation's JSONSerialization on the same
// content, measured in the same process. Run: swift run -c release trellis-bench

/// Best of `runs` wall-clock times, in seconds.
func measure(runs: Int = 5, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return best
}

func megabytes(_ count: Int) -> Double { Double(count) / 1_000_000 }
func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

/// A generated Trellis file of about `target` bytes: many layouts of product cards of 400
/// rows each, or with `oneLayout` a single layout of as many rows as it takes.
func generateTrellis(bytes target: Int, oneLayout: Bool = false) -> String {
    var text = "// generated for the benchmark\ntarget mylayout 2\npreview 375x667@2x\n"
    text += "template badge { _ overlap(bottom|left) padding(0 0 5 0) }\n"
    var layout = 0
    while text.utf8.count < target {
        text += "layout screen\(layout) padding(10 0 10 0) tag(\(layout + 1)) rows {\n"
        var row = 0
        while oneLayout ? text.utf8.count < target : row < 400 {
            defer { row += 1 }
            text += "  \(40 + row % 7) padding(5 5 5 5) spacing(3) cols { 50% anchor tag(\(row)) rows fill | wrap | 20; "
            text += "fill gravity(top|left) cols 10 | 20% | -50% | fill; 1/3 action(handleTap:) bottom-borderline(color #EEEEEE thick 1) }\n"
            if row % 50 == 0 { text += "  badge // 注释 😀\n" }
        }
        text += "}\n"
        layout += 1
    }
    return text
}

func pipelineBenchmark(bytes target: Int) {
    let text = generateTrellis(bytes: target)
    let source = SourceFile(name: "bench.trellis", text: text)
    let size = source.bytes.count
    var parsed = Parser.parse(source)
    var lowered = Lowering.lower(parsed.tree)
    var output: [UInt8] = []
    let parseTime = measure { parsed = Parser.parse(source) }
    let lowerTime = measure { lowered = Lowering.lower(parsed.tree) }
    let writeTime = measure {
        output = []
        output.reserveCapacity(size * 2)
        for layout in lowered.document.layouts { GridJSONWriter.write(layout.tree, dialect: .v2, style: .compact, into: &output) }
    }
    let totalTime = measure {
        let tree = Parser.parse(source).tree
        let document = Lowering.lower(tree).document
        var bytes: [UInt8] = []
        for layout in document.layouts { GridJSONWriter.write(layout.tree, dialect: .v2, style: .compact, into: &bytes) }
    }
    // The same content as one JSON document (an array of the layouts) for the baseline.
    output = [UInt8(ascii: "[")]
    for (index, layout) in lowered.document.layouts.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        GridJSONWriter.write(layout.tree, dialect: .v2, style: .compact, into: &output)
    }
    output.append(UInt8(ascii: "]"))
    let jsonData = Data(output)
    var object: Any = 0
    let foundationParse = measure { object = (try? JSONSerialization.jsonObject(with: jsonData)) ?? 0 }
    let foundationWrite = measure(runs: 3) { _ = try? JSONSerialization.data(withJSONObject: object) }
    let grids = lowered.document.layouts.reduce(0) { $0 + $1.root.gridCount }
    print("Pipeline on \(format(megabytes(size), 2)) MB of Trellis (\(grids) grids; equivalent compact JSON \(format(megabytes(output.count), 2)) MB)")
    print("  parse                 \(format(megabytes(size) / parseTime)) MB/s")
    print("  lower                 \(format(megabytes(size) / lowerTime)) MB/s")
    print("  write JSON            \(format(megabytes(output.count) / writeTime)) MB/s of JSON")
    print("  whole pipeline        \(format(totalTime * 1000)) ms")
    print("  JSONSerialization parse of the JSON  \(format(foundationParse * 1000)) ms (\(format(megabytes(output.count) / foundationParse)) MB/s)")
    print("  JSONSerialization write of the JSON  \(format(foundationWrite * 1000)) ms (\(format(megabytes(output.count) / foundationWrite)) MB/s)")
    print("  ratio: JSONSerialization parse time / Trellis pipeline time = \(format(foundationParse / totalTime, 2))×")
    print("  ratio: JSONSerialization write time / Trellis JSON write time = \(format(foundationWrite / writeTime, 2))×")
}

/// A tree of about `count` grids: rows of 10 columns each.
func generateTree(grids count: Int) -> RuntimeGrid {
    var root = RuntimeGrid(measure: RuntimeReading.fill)
    root.axis = .rows
    let rowCount = max(1, count / 11)
    var row = RuntimeGrid(measure: 24)
    row.axis = .cols
    row.spacing = 2
    row.padding = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
    row.children = (0..<10).map { index in RuntimeGrid(measure: index % 3 == 0 ? RuntimeReading.fill : (index % 3 == 1 ? 0.1 : -0.25)) }
    root.children = Array(repeating: row, count: rowCount)
    return root
}

func layoutBenchmark(grids count: Int) {
    let root = generateTree(grids: count)
    let total = 1 + root.children.count * 11
    let viewport = Viewport(width: 375, height: nil, scale: 3)
    let runs = count >= 1_000_000 ? 2 : 5
    var tree = LayoutTree(root)
    let flattenTime = measure(runs: runs) { tree = LayoutTree(root) }
    var result = LayoutEngine.singlePass(tree, viewport: viewport)
    let layoutTime = measure(runs: runs) { result = LayoutEngine.singlePass(tree, viewport: viewport) }
    // The frames are read from the pass's rectangles when asked: the same pass, then every
    // frame read once (what `trellis frames` and the rules do), so that neither is hidden.
    var checksum = 0.0
    let readTime = measure(runs: runs) {
        result = LayoutEngine.singlePass(tree, viewport: viewport)
        for frame in result.grids { checksum += frame.contentBox.height + Double(frame.slot ?? 0) }
    }
    var json: [UInt8] = []
    JSONWriter.write(RuntimeTreeJSON.value(of: root), style: .compact, into: &json)
    let data = Data(json)
    let parseTime = measure(runs: runs) { _ = try? JSONSerialization.jsonObject(with: data) }
    let perGrid = layoutTime / Double(total) * 1e9
    let flattenPerGrid = flattenTime / Double(total) * 1e9
    let parsePerGrid = parseTime / Double(total) * 1e9
    let readPerGrid = readTime / Double(total) * 1e9
    print(
        "  \(String(total).padding(toLength: 9, withPad: " ", startingAt: 0)) grids: layout pass \(format(perGrid)) ns/grid (goal ≤ 60) · the pass and every frame read once \(format(readPerGrid)) ns/grid · flattening the tree once per layout \(format(flattenPerGrid)) ns/grid · JSONSerialization parse of the same tree \(format(parsePerGrid)) ns/grid, ratio \(format(parsePerGrid / perGrid, 2))× (height \(format(result.height)), checksum \(format(checksum)))"
    )
}

/// The tree as a grid dictionary, for the baseline.
enum RuntimeTreeJSON {
    static func value(of grid: RuntimeGrid) -> JSONValue {
        var members: [JSONMember] = [JSONMember("size", .number(grid.measure))]
        if grid.spacing != 0 { members.append(JSONMember("spacing", .number(grid.spacing))) }
        if grid.padding != .zero { members.append(JSONMember("padding", .string(grid.padding.runtimeString))) }
        if let axis = grid.axis { members.append(JSONMember(axis.rawValue, .array(grid.children.map(value)))) }
        return .object(members)
    }
}

/// `--only parse|lower|write|format|format-check [RUNS]`: loop one stage for a profiler (perf record, or
/// valgrind --tool=callgrind for instruction counts that do not depend on machine load).
func profileStage(_ stage: String, runs: Int, bytes: Int) {
    let source = SourceFile(name: "bench.trellis", text: generateTrellis(bytes: bytes))
    let parsed = Parser.parse(source)
    let tree = parsed.tree
    let document = Lowering.lower(tree).document
    let formatted = stage == "format-check" ? Formatter.formattedBytes(parsed) : nil
    let start = ContinuousClock.now
    for _ in 0..<runs {
        switch stage {
        case "parse": _ = Parser.parse(source)
        case "lower": _ = Lowering.lower(tree)
        case "format": _ = Formatter.formattedBytes(parsed)
        case "format-check": if let formatted { _ = VerifiedFormatting.problem(in: formatted, of: parsed) }
        case "pipeline":
            let document = Lowering.lower(Parser.parse(source).tree).document
            var bytes: [UInt8] = []
            for layout in document.layouts { GridJSONWriter.write(layout.tree, dialect: .v2, style: .compact, into: &bytes) }
        default:
            var bytes: [UInt8] = []
            for layout in document.layouts { GridJSONWriter.write(layout.tree, dialect: .v2, style: .compact, into: &bytes) }
        }
    }
    print("\(stage): \(runs) runs in \(ContinuousClock.now - start)")
}

// The allocator keeps freed memory, as in the language server: otherwise glibc's thresholds
// follow the largest block freed so far, and a stage's page faults depend on what ran before.
ProcessMemory.keepFreedMemory()

if CommandLine.arguments.count >= 3, CommandLine.arguments[1] == "--peak-memory" {
    // A command's peak resident memory in KiB, measured as the whole-process benchmark does.
    guard let peak = peakMemory(CommandLine.arguments[2], Array(CommandLine.arguments.dropFirst(3))) else { exit(1) }
    print(peak)
    exit(0)
}

if CommandLine.arguments.contains("--only-processes") {
    processBenchmark(quick: CommandLine.arguments.contains("--quick"))
    exit(0)
}

if let index = CommandLine.arguments.firstIndex(of: "--write-check-inputs"), index + 1 < CommandLine.arguments.count {
    // The 1,000 valid grid dictionaries of the whole-process check, for a profiler.
    let folder = CommandLine.arguments[index + 1]
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (number, bytes) in checkInputs(files: 1_000, trailingCommas: false).enumerated() {
        _ = FileManager.default.createFile(atPath: "\(folder)/layout\(number).json", contents: Data(bytes))
    }
    exit(0)
}

if let index = CommandLine.arguments.firstIndex(of: "--write-build-input"), index + 1 < CommandLine.arguments.count {
    // The 5 MB layout of the whole-process build, for a profiler.
    _ = FileManager.default.createFile(atPath: CommandLine.arguments[index + 1], contents: Data(generateTrellis(bytes: 5_000_000, oneLayout: true).utf8))
    exit(0)
}

if let index = CommandLine.arguments.firstIndex(of: "--write-import-input"), index + 1 < CommandLine.arguments.count {
    // The varied 5 MB grid dictionary whose import the whole-process build measures.
    _ = FileManager.default.createFile(atPath: CommandLine.arguments[index + 1], contents: Data(variedGridDictionary(bytes: 5_000_000)))
    exit(0)
}

if let index = CommandLine.arguments.firstIndex(of: "--write-check-shapes"), index + 1 < CommandLine.arguments.count {
    // The grid dictionaries of every check shape, one folder per shape.
    let root = URL(fileURLWithPath: CommandLine.arguments[index + 1])
    for (shapeIndex, shape) in checkShapes(files: 1_000).enumerated() {
        let folder = root.appendingPathComponent("shape\(shapeIndex)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (fileIndex, bytes) in shape.files.enumerated() {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("layout\(fileIndex).json").path, contents: Data(bytes))
        }
        print("\(folder.path): \(shape.name)")
    }
    exit(0)
}

if let index = CommandLine.arguments.firstIndex(of: "--write-memory-input"), index + 1 < CommandLine.arguments.count {
    // The 14 MB grid dictionary of the whole-process peak-memory measure, for a heap profiler.
    _ = FileManager.default.createFile(atPath: CommandLine.arguments[index + 1], contents: Data(tenMegabyteGridDictionary()))
    exit(0)
}

if CommandLine.arguments.contains("--only-scaling") {
    scalingBenchmark(quick: CommandLine.arguments.contains("--quick"))
    exit(0)
}

if CommandLine.arguments.contains("--only-diff") {
    diffBenchmark(quick: CommandLine.arguments.contains("--quick"))
    exit(0)
}

if CommandLine.arguments.contains("--only-nesting") {
    nestingBenchmark()
    exit(0)
}

if CommandLine.arguments.contains("--only-pipeline") {
    pipelineBenchmark(bytes: 1_000_000)
    print("")
    pipelineBenchmark(bytes: 10_000_000)
    exit(0)
}

if CommandLine.arguments.contains("--only-layout") {
    for count in [1_000, 100_000, 1_000_000] { layoutBenchmark(grids: count) }
    exit(0)
}

if let index = CommandLine.arguments.firstIndex(of: "--stages"), index + 1 < CommandLine.arguments.count {
    stagesBenchmark(path: CommandLine.arguments[index + 1])
    exit(0)
}

if CommandLine.arguments.contains("--only-check") {
    checkBenchmark(files: 1_000)
    exit(0)
}

if let index = CommandLine.arguments.firstIndex(of: "--only"), index + 1 < CommandLine.arguments.count {
    let runs = index + 2 < CommandLine.arguments.count ? Int(CommandLine.arguments[index + 2]) ?? 30 : 30
    if CommandLine.arguments[index + 1].hasPrefix("check-") {
        profileCheckStage(CommandLine.arguments[index + 1])
        exit(0)
    }
    let megabytes =
        CommandLine.arguments.firstIndex(of: "--megabytes").flatMap { $0 + 1 < CommandLine.arguments.count ? Int(CommandLine.arguments[$0 + 1]) : nil } ?? 1
    profileStage(CommandLine.arguments[index + 1], runs: runs, bytes: megabytes * 1_000_000)
    exit(0)
}

/// The grid dictionaries the check benchmark reads: cards of 8 to 15 rows, pretty-printed,
/// one in ten with a trailing comma.
func checkInputs(files count: Int, trailingCommas: Bool = true) -> [[UInt8]] {
    let document = Lowering.lower(Parser.parse(SourceFile(name: "g", text: generateTrellis(bytes: 60_000))).tree).document
    guard let layout = document.layouts.first else { return [] }
    return (0..<count).map { index in
        var grid = layout.root
        grid.children = Array(grid.children.prefix(8 + index % 8))
        var bytes = GridJSONWriter.write(grid, dialect: .v2, style: .pretty)
        if trailingCommas, index % 10 == 0, let close = bytes.lastIndex(of: UInt8(ascii: "}")) { bytes.insert(contentsOf: Array(",".utf8), at: close - 1) }
        return bytes
    }
}

/// `--only check-read|check-load|check-lint`: one stage of check over the inputs in memory,
/// once, for callgrind's instruction counts (load includes the read; lint excludes both).
func profileCheckStage(_ stage: String) {
    let inputs = checkInputs(files: 1_000).enumerated().map { SourceFile(name: "layout\($0.offset).json", bytes: $0.element) }
    let loaded = stage == "check-lint" ? inputs.map { LoadedFile.load($0, kind: .json) } : []
    let start = ContinuousClock.now
    let findings = runCheckStage(stage, inputs: inputs, loaded: loaded)
    print("\(stage): \(findings) findings in \(ContinuousClock.now - start)")
}

/// The measured loop alone: `valgrind --tool=callgrind --toggle-collect='*runCheckStage*'`.
@inline(never)
func runCheckStage(_ stage: String, inputs: [SourceFile], loaded: [LoadedFile]) -> Int {
    var findings = 0
    switch stage {
    case "check-read": for source in inputs { findings += JSONReader.read(source).diagnostics.count }
    case "check-load": for source in inputs { findings += LoadedFile.load(source, kind: .json).diagnostics.count }
    default: for file in loaded { findings += Linter.lint(file).count }
    }
    return findings
}

/// `trellis check` (read, parse, lint with frames at one viewport) over 1,000 grid
/// dictionaries, beside `jq empty` and JSONSerialization over the same files.
func checkBenchmark(files count: Int) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-bench-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    var total = 0
    for (index, bytes) in checkInputs(files: count).enumerated() {
        let path = folder.appendingPathComponent("layout\(index).json").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        paths.append(path)
        total += bytes.count
    }
    let contents = paths.compactMap { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
    let readTime = measure(runs: 3) {
        for (path, bytes) in zip(paths, contents) { _ = JSONReader.read(SourceFile(name: path, bytes: bytes)) }
    }
    let loadTime = measure(runs: 3) {
        for (path, bytes) in zip(paths, contents) { _ = LoadedFile.load(SourceFile(name: path, bytes: bytes), kind: .json) }
    }
    let loaded = zip(paths, contents).map { LoadedFile.load(SourceFile(name: $0, bytes: $1), kind: .json) }
    let lintTime = measure(runs: 3) {
        for file in loaded { _ = Linter.lint(file) }
    }
    var findings = 0
    let trellisTime = measure(runs: 3) {
        findings = 0
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let file = LoadedFile.load(SourceFile(name: path, bytes: [UInt8](data)), kind: .json)
            findings += Linter.lint(file).count
        }
    }
    let foundationTime = measure(runs: 3) {
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            _ = try? JSONSerialization.jsonObject(with: data)
        }
    }
    print("check over \(count) grid-dictionary files (\(format(megabytes(total), 2)) MB, \(findings) findings, frames at 375x667@2x)")
    print("  trellis check (read, parse, lint, lay out)  \(format(trellisTime * 1000)) ms")
    print(
        "    of which, from bytes in memory: tolerant JSON read \(format(readTime * 1000)) ms, load (read + runtime model) \(format(loadTime * 1000)) ms, lint \(format(lintTime * 1000)) ms"
    )
    print("  JSONSerialization parse only                \(format(foundationTime * 1000)) ms  (ratio \(format(foundationTime / trellisTime, 2))×)")
    print("  (jq on the same files, whole processes: see the next section; jq stops at the first file with a trailing comma)")
}

let quick = CommandLine.arguments.contains("--quick")
print("trellis-bench (best of several runs; ratios are within this process)\n")
pipelineBenchmark(bytes: 1_000_000)
print("")
if !quick {
    pipelineBenchmark(bytes: 10_000_000)
    print("")
}
checkBenchmark(files: 1_000)
print("")
processBenchmark(quick: quick)
print("")
print("Frames (one layout pass) on trees of 1k, 100k and 1M grids")
for count in quick ? [1_000, 100_000] : [1_000, 100_000, 1_000_000] { layoutBenchmark(grids: count) }
print("")
scalingBenchmark(quick: quick)

/// `--stages FILE`: what one analysis of a file costs, stage by stage (what the language
/// server does on every edit), best of 20 runs each.
func stagesBenchmark(path: String) {
    guard let data = FileManager.default.contents(atPath: path) else { return print("cannot read \(path)") }
    let source = SourceFile(name: path, bytes: [UInt8](data))
    let kind: InputKind = path.hasSuffix(".json") ? .json : .trellis
    var file = LoadedFile.load(source, kind: kind)
    var runtimes = file.layouts.map(\.runtime)
    var trees = runtimes.map(LayoutTree.init)
    var stages: [(String, Double)] = []
    if kind == .trellis {
        let parsed = Parser.parse(source)
        stages.append(("parse", measure(runs: 20) { _ = Parser.parse(source) }))
        stages.append(("lower", measure(runs: 20) { _ = Lowering.lower(parsed.tree) }))
    } else {
        stages.append(("read JSON", measure(runs: 20) { _ = JSONReader.read(source) }))
    }
    stages.append(("load (all of the above)", measure(runs: 20) { file = LoadedFile.load(source, kind: kind) }))
    stages.append(("runtime model", measure(runs: 20) { runtimes = file.layouts.map(\.runtime) }))
    stages.append(("layout trees (from the runtime)", measure(runs: 20) { trees = runtimes.map(LayoutTree.init) }))
    stages.append(("layout trees (what analysis does)", measure(runs: 20) { trees = file.layouts.map(LayoutTree.init) }))
    let viewports = LintOptions().viewports(for: file)
    stages.append(
        (
            "screens (settled + relayout)",
            measure(runs: 20) {
                for tree in trees { for viewport in viewports { _ = LayoutEngine.screens(tree, viewport: viewport, relayouts: 1) } }
            }
        ))
    stages.append(("lint with screens", measure(runs: 20) { _ = Linter.run(file, trees: trees) }))
    stages.append(
        (
            "whole analysis",
            measure(runs: 20) {
                let loaded = LoadedFile.load(source, kind: kind)
                _ = Linter.run(loaded, trees: loaded.layouts.map(LayoutTree.init))
            }
        ))
    print("One analysis of \(path) (\(source.bytes.count) bytes, \(trees.reduce(0) { $0 + $1.count }) grids), best of 20:")
    for (name, time) in stages { print("  \(name.padding(toLength: 36, withPad: " ", startingAt: 0)) \(format(time * 1000, 2)) ms") }
}
