import Foundation

/// Where tests find the repository, the shared corpus and the built executables.
public enum TestPaths {
    /// The package root (this file is Tests/TrellisTestSupport/TestPaths.swift).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// ../shared beside the project, or $TRELLIS_SHARED.
    public static let shared: URL = {
        if let override = ProcessInfo.processInfo.environment["TRELLIS_SHARED"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    public static let corpus = shared.appendingPathComponent("corpus")
    public static let examples = packageRoot.appendingPathComponent("examples")

    /// The folder holding the built products (the test bundle sits in it).
    public static let products: URL = {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }()

    public static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    public static func text(_ url: URL) throws -> String {
        String(decoding: try bytes(url), as: UTF8.self)
    }

    /// Files in a folder with an extension, sorted by name.
    public static func files(in folder: URL, withExtension ext: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { folder.appendingPathComponent($0) }
    }
}

/// A small, seeded pseudo-random generator (SplitMix64) for reproducible property tests.
public struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

extension SeededRandom {
    /// One of `options`, uniformly.
    public mutating func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &self)] }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }
}
