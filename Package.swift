// swift-tools-version:6.0
import PackageDescription

/// The core layers use the standard library only; on Linux its rounding functions come from libm.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "Trellis",
    products: [
        .executable(name: "trellis", targets: ["trellis"]),
        .library(name: "TrellisSyntax", targets: ["TrellisSyntax"]),
        .library(name: "TrellisModel", targets: ["TrellisModel"]),
        .library(name: "TrellisLayout", targets: ["TrellisLayout"]),
        .library(name: "TrellisLint", targets: ["TrellisLint"]),
        .library(name: "TrellisIDE", targets: ["TrellisIDE"]),
        .library(name: "TrellisPlatform", targets: ["TrellisPlatform"]),
        .library(name: "TrellisAPI", targets: ["TrellisAPI"]),
        .library(name: "TrellisLSP", targets: ["TrellisLSP"]),
        .executable(name: "trellis-lsp", targets: ["trellis-lsp"]),
        .plugin(name: "TrellisBuildPlugin", targets: ["TrellisBuildPlugin"]),
        .plugin(name: "TrellisCheckPlugin", targets: ["TrellisCheckPlugin"]),
    ],
    targets: [
        .target(name: "TrellisSyntax", linkerSettings: libm),
        .target(name: "TrellisModel", dependencies: ["TrellisSyntax"], linkerSettings: libm),
        .target(name: "TrellisLayout", dependencies: ["TrellisSyntax", "TrellisModel"], linkerSettings: libm),
        .target(name: "TrellisLint", dependencies: ["TrellisLayout"], linkerSettings: libm),
        .target(name: "TrellisIDE", dependencies: ["TrellisLint"], linkerSettings: libm),
        // JSON in, JSON out: what wasm/ exports to browsers, Node and Python.
        .target(name: "TrellisAPI", dependencies: ["TrellisIDE"], linkerSettings: libm),
        // Threads, stacks and memory tuning: what the executables and the server need of the
        // platform, kept out of the core (which builds for WebAssembly too; see wasm/).
        .target(name: "TrellisPlatform", dependencies: ["TrellisModel"], linkerSettings: libm),
        .target(name: "TrellisLSP", dependencies: ["TrellisIDE", "TrellisPlatform"], linkerSettings: libm),
        .executableTarget(
            name: "trellis",
            dependencies: ["TrellisSyntax", "TrellisModel", "TrellisLayout", "TrellisLint", "TrellisIDE", "TrellisLSP", "TrellisPlatform"]
        ),
        .executableTarget(name: "trellis-lsp", dependencies: ["TrellisLSP", "TrellisPlatform"]),
        .plugin(name: "TrellisBuildPlugin", capability: .buildTool(), dependencies: ["trellis"]),
        .plugin(
            name: "TrellisCheckPlugin",
            capability: .command(
                intent: .custom(verb: "trellis-check", description: "Lint the .trellis files and grid-dictionary JSON of the package's targets")),
            dependencies: ["trellis"]
        ),
        .executableTarget(
            name: "trellis-bench",
            dependencies: ["TrellisSyntax", "TrellisModel", "TrellisLayout", "TrellisLint", "TrellisPlatform"],
            path: "Benchmarks/trellis-bench"
        ),
        // Started by trellis-bench to measure a command's peak memory; small, so that it does
        // not count in the peak (see its main.swift).
        .executableTarget(
            name: "peak-memory",
            path: "Benchmarks/peak-memory",
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]
        ),
        .target(name: "TrellisTestSupport", dependencies: ["TrellisModel", "TrellisPlatform"], path: "Tests/TrellisTestSupport"),
        .testTarget(name: "TrellisSyntaxTests", dependencies: ["TrellisSyntax", "TrellisTestSupport"]),
        .testTarget(name: "TrellisModelTests", dependencies: ["TrellisModel", "TrellisPlatform", "TrellisTestSupport"]),
        .testTarget(name: "TrellisLayoutTests", dependencies: ["TrellisLayout", "TrellisTestSupport"]),
        .testTarget(name: "TrellisLintTests", dependencies: ["TrellisLint", "TrellisTestSupport"]),
        .testTarget(name: "TrellisIDETests", dependencies: ["TrellisIDE", "TrellisTestSupport"]),
        .testTarget(name: "TrellisAPITests", dependencies: ["TrellisAPI", "TrellisTestSupport"]),
        .testTarget(name: "TrellisLSPTests", dependencies: ["trellis-lsp", "TrellisLSP", "TrellisModel", "TrellisTestSupport"]),
        .testTarget(name: "TrellisCLITests", dependencies: ["trellis", "TrellisTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
