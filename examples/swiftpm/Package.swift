// swift-tools-version:6.0
import PackageDescription

// An app's layouts package: every .trellis file in Sources/Layouts is compiled to JSON at
// build time by Trellis's build plugin and bundled as a resource (Bundle.module).
let package = Package(
    name: "CardLayouts",
    dependencies: [
        // An app writes: .package(url: "https://github.com/…/trellis", from: "…")
        .package(name: "Trellis", path: "../.."),
    ],
    targets: [
        .target(
            name: "Layouts",
            // The runtime for files without a `target` directive is trellis.toml's (beside this
            // file); `swiftSettings: [.define("TRELLIS_MYLAYOUT_2")]` here would override it.
            plugins: [.plugin(name: "TrellisBuildPlugin", package: "Trellis")]
        ),
        .testTarget(name: "LayoutsTests", dependencies: ["Layouts"]),
    ]
)
