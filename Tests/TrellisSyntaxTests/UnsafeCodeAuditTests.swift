import Foundation
import TrellisTestSupport
import XCTest

/// Every unchecked memory access in Sources carries its argument: a `// SAFETY:` comment just
/// above the statement (or on its line) that makes a pointer, reads through one unchecked,
/// or binds memory; and a `SAFETY:` line in the comment of each function that takes a pointer
/// from its callers, saying what they must guarantee. `ByteView` makes the check on a name's
/// bytes once, when a view is made.
final class UnsafeCodeAuditTests: XCTestCase {
    /// What needs an argument where it is written.
    static let accesses = [
        "withUnsafePointer", "withUnsafeMutablePointer", "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer",
        "withUnsafeBytes", "withUnsafeMutableBytes", "unsafeUninitializedCapacity", "rebasing:", ".baseAddress", "assumingMemoryBound",
        "bindMemory", "Unmanaged", ".load(as:", ".load(fromByteOffset:", "loadUnaligned", "withUTF8",
    ]

    /// Parameter types that make a function's callers responsible for its reads.
    static let pointerParameters = [
        ": UnsafeBufferPointer", ": UnsafeMutableBufferPointer", ": UnsafePointer", ": UnsafeMutablePointer", ": UnsafeRawBufferPointer",
        ": UnsafeRawPointer", ": UnsafeMutableRawPointer",
    ]

    /// How far above an access its `SAFETY:` may start (a comment of a few lines, and a
    /// statement that began a line or two before the access).
    static let reach = 6

    static func sourceFiles() -> [URL] {
        let root = TestPaths.packageRoot.appendingPathComponent("Sources")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Lines of `lines` (0-based) that need an argument and have none within reach.
    static func unargued(_ lines: [Substring]) -> [Int] {
        var missing: [Int] = []
        for (number, line) in lines.enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//") else { continue }
            let declares =
                (code.contains("func ") || code.contains("init(") || code.contains("init?(") || code.contains("subscript("))
                && pointerParameters.contains { code.contains($0) }
            let accesses = accesses.contains { code.contains($0) }
            guard declares || accesses else { continue }
            // A declaration's argument is in its doc comment, which may be longer.
            let start = max(0, number - (declares ? 3 * reach : reach))
            if !lines[start...number].contains(where: { $0.contains("SAFETY:") }) { missing.append(number) }
        }
        return missing
    }

    func testEveryUncheckedAccessCarriesItsArgument() throws {
        var missing: [String] = []
        let files = Self.sourceFiles()
        XCTAssertGreaterThan(files.count, 100)
        for file in files {
            let lines = try TestPaths.text(file).split(separator: "\n", omittingEmptySubsequences: false)
            let name = file.path.components(separatedBy: "/Sources/").last ?? file.path
            for number in Self.unargued(lines) { missing.append("\(name):\(number + 1): \(lines[number].trimmingCharacters(in: .whitespaces))") }
        }
        XCTAssertTrue(missing.isEmpty, "no `// SAFETY:` argument for:\n" + missing.joined(separator: "\n"))
    }

    /// The audit finds what it looks for: an access without an argument, one with it.
    func testTheAuditSeesAnAccessWithoutAnArgument() {
        let bare: [Substring] = ["let x = 1", "bytes.withUnsafeBufferPointer { $0[3] }"]
        XCTAssertEqual(Self.unargued(bare), [1])
        let argued: [Substring] = ["// SAFETY: index 3 < count, checked above", "bytes.withUnsafeBufferPointer { $0[3] }"]
        XCTAssertEqual(Self.unargued(argued), [])
        let declaration: [Substring] = ["/// Reads.", "static func f(_ bytes: UnsafeBufferPointer<UInt8>) {}"]
        XCTAssertEqual(Self.unargued(declaration), [1])
    }
}
