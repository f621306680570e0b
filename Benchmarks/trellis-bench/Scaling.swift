import Foundation
import TrellisModel
import TrellisSyntax

// How every command grows with its input: one layout of about 1k, 10k, 100k and 1M grids,
// as Trellis and as the grid dictionary it builds, each command run as a whole process.

/// One command of the scaling table: its arguments before the input, and which input it reads.
struct ScaledCommand {
    var title: String
    var arguments: [String]
    var readsJSON: Bool
}

/// The commands whose time per grid the table shows.
let scaledCommands = [
    ScaledCommand(title: "build", arguments: ["build"], readsJSON: false),
    ScaledCommand(title: "check .trellis", arguments: ["check", "--format", "json"], readsJSON: false),
    ScaledCommand(title: "check .json", arguments: ["check", "--format", "json"], readsJSON: true),
    ScaledCommand(title: "frames .trellis", arguments: ["frames"], readsJSON: false),
    ScaledCommand(title: "frames .json", arguments: ["frames"], readsJSON: true),
    ScaledCommand(title: "render", arguments: ["render"], readsJSON: false),
    ScaledCommand(title: "fmt --check", arguments: ["fmt", "--check"], readsJSON: false),
    ScaledCommand(title: "import", arguments: ["import"], readsJSON: true),
]

/// Prints, for each command, its best time per grid at each size and the ratio of the
/// largest size's time per grid to the 10k file's (1.0: linear; the 1k file's time is mostly
/// the process's start).
func scalingBenchmark(quick: Bool) {
    print("How each command grows (whole processes, best of 3; one layout; ns per grid)")
    guard let trellis = trellisExecutable() else {
        print("  the trellis executable is missing: swift build -c release --product trellis")
        return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-bench-scaling-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    // About 18.4 bytes of the generated Trellis make a grid; the largest file stays below the
    // lowering's limit of a million grids a layout.
    let sizes = quick ? [1_000, 10_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000]
    var inputs: [(grids: Int, trellis: String, json: String)] = []
    for target in sizes {
        let text = generateTrellis(bytes: target * 18, oneLayout: true)
        let grids = Lowering.lower(Parser.parse(SourceFile(name: "s", text: text)).tree).document.layouts.reduce(0) { $0 + $1.root.gridCount }
        let trellisPath = folder.appendingPathComponent("layout\(target).trellis").path
        let jsonPath = folder.appendingPathComponent("layout\(target).json").path
        _ = FileManager.default.createFile(atPath: trellisPath, contents: Data(text.utf8))
        _ = run(trellis, ["build", trellisPath, "-o", jsonPath])
        inputs.append((grids, trellisPath, jsonPath))
    }
    print("  grids:           " + inputs.map { String($0.grids).padding(toLength: 10, withPad: " ", startingAt: 0) }.joined() + "largest ÷ 10k")
    for command in scaledCommands {
        var perGrid: [Double] = []
        for input in inputs {
            let path = command.readsJSON ? input.json : input.trellis
            var best = Double.infinity
            for _ in 0..<3 {
                let result = run(trellis, command.arguments + [path])
                // `check` exits 1 on findings; anything else is a failure.
                let exitCode = result.status & 0x7f == 0 ? (result.status >> 8) & 0xff : -1
                guard exitCode == 0 || exitCode == 1 else {
                    best = .nan
                    break
                }
                best = min(best, result.seconds)
            }
            perGrid.append(best / Double(input.grids) * 1e9)
        }
        let cells = perGrid.map { $0.isNaN ? "failed    " : format($0).padding(toLength: 10, withPad: " ", startingAt: 0) }.joined()
        let growth = perGrid.count > 1 ? format(perGrid[perGrid.count - 1] / perGrid[1], 2) : "-"
        print("  \(command.title.padding(toLength: 16, withPad: " ", startingAt: 0)) \(cells)\(growth)")
    }
}
