import Foundation
import XCTest

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

    /// Whether a missing ../shared fails the test instead of skipping it: CI sets `CI=true`
    /// (and `.ci/run` sets `TRELLIS_REQUIRE_SHARED=1`), where every test must run.
    public static var sharedIsRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["TRELLIS_REQUIRE_SHARED"] == "1" || environment["CI"] == "true"
    }

    /// A file or folder of ../shared/corpus. Where ../shared is absent (a bare clone) the test
    /// is skipped with the reason; where it is required (CI), the test fails instead.
    public static func corpus(_ path: String) throws -> URL {
        let url = corpus.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            let reason = "needs ../shared/corpus/\(path), which is not beside this clone (\(shared.path))"
            if sharedIsRequired { throw SharedCorpusMissing(reason: reason) }
            throw XCTSkip(reason)
        }
        return url
    }

    /// How many JSON files each corpus folder holds at least: a test that reads a folder
    /// checks that it read them all, so that it never passes having checked nothing.
    public static let corpusFileCounts = ["seeds": 10, "mylayout": 2, "runtime": 148]

    /// The grid dictionaries of corpus folders (their JSON files but the frames they are
    /// expected to give and the manifest), sorted by name within each folder; fails when a
    /// folder holds fewer than `corpusFileCounts` says.
    public static func corpusFiles(_ folders: String...) throws -> [URL] {
        var result: [URL] = []
        for folder in folders {
            let found = files(in: try corpus(folder), withExtension: "json").filter {
                !$0.lastPathComponent.hasSuffix(".expected.json") && $0.lastPathComponent != "manifest.json"
            }
            let expected = corpusFileCounts[folder] ?? 1
            guard found.count >= expected else {
                throw SharedCorpusMissing(reason: "expected at least \(expected) JSON files in corpus/\(folder), found \(found.count)")
            }
            result += found
        }
        return result
    }
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

extension XCTestCase {
    /// A new empty folder for this test, removed when the test ends.
    public func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

/// ../shared is missing where a test must run, or holds fewer cases than the test expects.
public struct SharedCorpusMissing: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
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
