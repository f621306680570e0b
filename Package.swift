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
        .target(name: "TrellisLSP", dependencies: ["TrellisIDE"], linkerSettings: libm),
        .executableTarget(
            name: "trellis",
            dependencies: ["TrellisSyntax", "TrellisModel", "TrellisLayout", "TrellisLint", "TrellisIDE", "TrellisLSP"]
        ),
        .executableTarget(name: "trellis-lsp", dependencies: ["TrellisLSP"]),
        .plugin(name: "TrellisBuildPlugin", capability: .buildTool(), dependencies: ["trellis"]),
        .plugin(
            name: "TrellisCheckPlugin",
            capability: .command(
                intent: .custom(verb: "trellis-check", description: "Lint the .trellis files and grid-dictionary JSON of the package's targets")),
            dependencies: ["trellis"]
        ),
        .executableTarget(
            name: "trellis-bench",
            dependencies: ["TrellisSyntax", "TrellisModel", "TrellisLayout", "TrellisLint"],
            path: "Benchmarks/trellis-bench"
        ),
        // Started by trellis-bench to measure a command's peak memory; small, so that it does
        // not count in the peak (see its main.swift).
        .executableTarget(
            name: "peak-memory",
            path: "Benchmarks/peak-memory",
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]
        ),
        .target(name: "TrellisTestSupport", dependencies: ["TrellisModel"], path: "Tests/TrellisTestSupport"),
        .testTarget(name: "TrellisSyntaxTests", dependencies: ["TrellisSyntax", "TrellisTestSupport"]),
        .testTarget(name: "TrellisModelTests", dependencies: ["TrellisModel", "TrellisTestSupport"]),
        .testTarget(name: "TrellisLayoutTests", dependencies: ["TrellisLayout", "TrellisTestSupport"]),
        .testTarget(name: "TrellisLintTests", dependencies: ["TrellisLint", "TrellisTestSupport"]),
        .testTarget(name: "TrellisIDETests", dependencies: ["TrellisIDE", "TrellisTestSupport"]),
        .testTarget(name: "TrellisLSPTests", dependencies: ["trellis-lsp", "TrellisLSP", "TrellisModel", "TrellisTestSupport"]),
        .testTarget(name: "TrellisCLITests", dependencies: ["trellis", "TrellisTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
