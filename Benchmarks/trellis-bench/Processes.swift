import Foundation
import TrellisModel
import TrellisSyntax

// Whole-process measures: the `trellis` executable beside `jq` on the same inputs, the pairs
// alternated in one loop so both see the same machine load; a figure is the median of the
// per-round ratios (the times shown are each command's best run).

/// A finished child process: wall-clock seconds and peak resident memory.
struct ProcessRun {
    var seconds: Double
    var peakKiB: Int
    var status: Int32
}

/// Runs `path` with `arguments`, stdout and stderr to /dev/null, and waits for it.
func run(_ path: String, _ arguments: [String]) -> ProcessRun {
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = ContinuousClock.now
    guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return ProcessRun(seconds: .infinity, peakKiB: 0, status: -1) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let elapsed = ContinuousClock.now - start
    return ProcessRun(
        seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
        peakKiB: usage.ru_maxrss, status: status)
}

/// The peak resident memory of `path` run with `arguments`, measured by the `peak-memory`
/// executable beside this one (built first when missing). Linux counts in a child's peak the
/// memory of the process that started it, up to the moment the child executes its command:
/// started from this process (16 MiB), a command that needs less would be reported at this
/// process's size. `peak-memory` holds about 3.6 MiB. Nil when the command could not be run
/// or failed.
func peakMemory(_ path: String, _ arguments: [String]) -> Int? {
    guard let helper = executableBeside("peak-memory") else { return nil }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    // Neither end stays open in the command the helper runs (`dup2` clears the flag on
    // the helper's standard output).
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    let argv: [UnsafeMutablePointer<CChar>?] = ([helper, path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, helper, &actions, nil, argv, environ) == 0 else {
        close(fds[0])
        close(fds[1])
        return nil
    }
    close(fds[1])
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
        let count = read(fds[0], &buffer, buffer.count)
        if count <= 0 { break }
        output += buffer[0..<count]
    }
    close(fds[0])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    guard status == 0 else { return nil }
    return Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}

/// Two commands run alternately `rounds` times: the median of the per-round ratios (the issue's
/// way: each ratio from runs under the same load) and each command's best run. Which runs
/// first alternates from round to round, so that neither always runs on the other's heels.
func raceRatios(rounds: Int, _ first: () -> ProcessRun, _ second: () -> ProcessRun) -> (medianRatio: Double, first: ProcessRun, second: ProcessRun) {
    var ratios: [Double] = []
    var best = (ProcessRun(seconds: .infinity, peakKiB: 0, status: 0), ProcessRun(seconds: .infinity, peakKiB: 0, status: 0))
    for round in 0..<rounds {
        let (a, b): (ProcessRun, ProcessRun)
        if round.isMultiple(of: 2) {
            a = first()
            b = second()
        } else {
            b = second()
            a = first()
        }
        if a.seconds < best.0.seconds { best.0 = a }
        if b.seconds < best.1.seconds { best.1 = b }
        ratios.append(a.seconds / b.seconds)
    }
    ratios.sort()
    return (ratios.isEmpty ? .nan : ratios[ratios.count / 2], best.0, best.1)
}

/// The `trellis` executable beside this one, built first when missing.
func trellisExecutable() -> String? {
    // `--trellis PATH` measures another build (an older commit's, for a before/after).
    if let index = CommandLine.arguments.firstIndex(of: "--trellis"), index + 1 < CommandLine.arguments.count {
        return CommandLine.arguments[index + 1]
    }
    return executableBeside("trellis")
}

/// The package's executable `product` beside this one, built (release) first when missing.
func executableBeside(_ product: String) -> String? {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let path = folder.appendingPathComponent(product).path
    if !FileManager.default.isExecutableFile(atPath: path) {
        print("  (building \(product) for the whole-process measures: swift build -c release --product \(product))")
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = ["swift", "build", "-c", "release", "--product", product]
        try? build.run()
        build.waitUntilExit()
    }
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}

func milliseconds(_ run: ProcessRun) -> String { format(run.seconds * 1000) + " ms" }

/// How an ELF executable is linked, read from its program headers: without an interpreter
/// (`PT_INTERP`) it is fully static; else whether it names the Swift runtime's shared library.
func linkage(of path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path), data.count > 64, data.starts(with: [0x7F, 0x45, 0x4C, 0x46]) else { return "not ELF" }
    let bytes = [UInt8](data)
    func integer(_ offset: Int, _ size: Int) -> Int {
        guard offset >= 0, offset + size <= bytes.count else { return 0 }
        return (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
    let headers = integer(0x20, 8), size = integer(0x36, 2), count = integer(0x38, 2)
    let interpreted = (0..<count).contains { integer(headers + $0 * size, 4) == 3 }
    if !interpreted { return "fully static (-Xswiftc -static-executable)" }
    let runtime = Array("libswiftCore.so".utf8)
    let dynamicRuntime = bytes.indices.dropLast(runtime.count).contains { start in
        bytes[start] == runtime[0] && bytes[start..<(start + runtime.count)].elementsEqual(runtime)
    }
    return dynamicRuntime ? "dynamic (the default)" : "static Swift standard library (--static-swift-stdlib)"
}

/// The performance issue's whole-process table: start-up, `check` over 1,000 files, `build` of
/// a 5 MB layout, and `check`'s peak memory on a 10 MB file, each as a ratio.
func processBenchmark(quick: Bool) {
    print("Whole processes (alternated runs: median of the per-round ratios; times are best runs)")
    guard let trellis = trellisExecutable() else {
        print("  the trellis executable is missing: swift build -c release --product trellis")
        return
    }
    print("  \(trellis): \(linkage(of: trellis))")
    let jq = "/usr/bin/jq"
    let hasJQ = FileManager.default.isExecutableFile(atPath: jq)
    if !hasJQ { print("  jq is not installed (apt-get install jq): only trellis's own figures follow") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-bench-processes-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    let version = raceRatios(
        rounds: quick ? 50 : 200, { run(trellis, ["--version"]) }, { hasJQ ? run(jq, ["--version"]) : ProcessRun(seconds: 1, peakKiB: 0, status: 0) })
    print(
        "  trellis --version \(milliseconds(version.first))"
            + (hasJQ ? " ÷ jq --version \(milliseconds(version.second)) = \(format(version.medianRatio, 2)) (median of ratios)  (goal ≤ 2)" : ""))

    // `check` of 1,000 grid dictionaries per shape (valid JSON only: jq stops at the first file
    // it cannot parse); the figure is the worst shape's median ratio.
    var checkRatios: [(String, Double)] = []
    for (shapeIndex, shape) in checkShapes(files: 1_000).enumerated() {
        var paths: [String] = []
        for (index, bytes) in shape.files.enumerated() {
            let path = folder.appendingPathComponent("shape\(shapeIndex)-\(index).json").path
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            paths.append(path)
        }
        let check = raceRatios(
            rounds: quick ? 3 : 21, { run(trellis, ["check", "--format", "json"] + paths) },
            { hasJQ ? run(jq, ["empty"] + paths) : ProcessRun(seconds: 1, peakKiB: 0, status: 0) })
        let totalBytes: Int = shape.files.reduce(0) { $0 + $1.count }
        let kilobytes = Double(totalBytes) / Double(max(1, shape.files.count)) / 1_000
        print(
            "  trellis check of 1,000 files, \(shape.name) (\(format(kilobytes, 1)) KB each) \(milliseconds(check.first))"
                + (hasJQ ? " ÷ jq empty \(milliseconds(check.second)) = \(format(check.medianRatio, 2)) (median of ratios)" : ""))
        checkRatios.append((shape.name, check.medianRatio))
    }
    if hasJQ, let worst = checkRatios.max(by: { $0.1 < $1.1 }) {
        let sorted = checkRatios.map(\.1).sorted()
        print(
            "  check ÷ jq over \(checkRatios.count) shapes: worst \(format(worst.1, 2)) (\(worst.0)), median \(format(sorted[sorted.count / 2], 2))  (goal ≤ 1 static, ≤ 1.5 release)"
        )
    }

    // `build` of about 5 MB of Trellis, two shapes: the benchmark's generated layout, and what
    // `trellis import` writes for a 5 MB grid dictionary (templates and `* N` everywhere). Both
    // write their JSON to standard output (/dev/null), as `jq` does.
    let generatedPath = folder.appendingPathComponent("generated.trellis").path
    _ = FileManager.default.createFile(atPath: generatedPath, contents: Data(generateTrellis(bytes: 5_000_000, oneLayout: true).utf8))
    let generatedJSON = folder.appendingPathComponent("generated.json").path
    _ = run(trellis, ["build", generatedPath, "-o", generatedJSON])
    let dictionaryPath = folder.appendingPathComponent("dictionary.json").path
    _ = FileManager.default.createFile(atPath: dictionaryPath, contents: Data(variedGridDictionary(bytes: 5_000_000)))
    let importedPath = folder.appendingPathComponent("imported.trellis").path
    _ = run(trellis, ["import", dictionaryPath, "-o", importedPath])
    var buildRatios: [(String, Double)] = []
    for (name, path, json) in [("generated layout", generatedPath, generatedJSON), ("import of a varied 5 MB dictionary", importedPath, dictionaryPath)] {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let jsonSize = (try? FileManager.default.attributesOfItem(atPath: json)[.size] as? Int) ?? 0
        let build = raceRatios(
            rounds: quick ? 3 : 11, { run(trellis, ["build", path]) }, { hasJQ ? run(jq, ["-c", ".", json]) : ProcessRun(seconds: 1, peakKiB: 0, status: 0) })
        guard build.first.status == 0 else {
            print("  trellis build of the \(name): FAILED (status \(build.first.status))")
            continue
        }
        print(
            "  trellis build of the \(name) (\(format(megabytes(size), 2)) MB of Trellis) to stdout \(milliseconds(build.first))"
                + (hasJQ
                    ? " ÷ jq -c . on its \(format(megabytes(jsonSize), 1)) MB of JSON \(milliseconds(build.second)) = \(format(build.medianRatio, 2)) (median of ratios)"
                    : ""))
        buildRatios.append((name, build.medianRatio))
    }
    if hasJQ, let worst = buildRatios.max(by: { $0.1 < $1.1 }) {
        print("  build ÷ jq over \(buildRatios.count) shapes: worst \(format(worst.1, 2)) (\(worst.0))  (goal ≤ 0.2)")
    }
    // `-o` adds writing a file and syncing it to the disk before the rename that makes it appear whole.
    let toFile = raceRatios(
        rounds: quick ? 3 : 5, { run(trellis, ["build", generatedPath, "-o", folder.appendingPathComponent("out.json").path]) },
        { hasJQ ? run(jq, ["-c", ".", generatedJSON]) : ProcessRun(seconds: 1, peakKiB: 0, status: 0) })
    print(
        "  trellis build -o FILE of the generated layout (written, synced, renamed) \(milliseconds(toFile.first))"
            + (hasJQ ? " ÷ jq -c . \(milliseconds(toFile.second)) = \(format(toFile.medianRatio, 2))" : ""))

    let tenMB = tenMegabyteGridDictionary()
    let tenPath = folder.appendingPathComponent("ten.json").path
    _ = FileManager.default.createFile(atPath: tenPath, contents: Data(tenMB))
    guard let peakKiB = peakMemory(trellis, ["check", "--format", "json", tenPath]) else {
        print("  trellis check of the \(format(megabytes(tenMB.count), 1)) MB grid dictionary: FAILED (no peak memory measured)")
        return
    }
    let ratio = Double(peakKiB * 1024) / Double(tenMB.count)
    print(
        "  trellis check of a \(format(megabytes(tenMB.count), 1)) MB grid dictionary: peak memory \(format(Double(peakKiB) / 1024, 1)) MiB = \(format(ratio, 2))× the file  (goal ≤ 3)"
    )
}
