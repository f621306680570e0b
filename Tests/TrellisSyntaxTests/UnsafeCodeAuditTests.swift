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
        "withUnsafeBytes", "withUnsafeMutableBytes", "withUnsafeTemporaryAllocation", "unsafeUninitializedCapacity", "rebasing:",
        "BufferPointer(start:", ".baseAddress", "assumingMemoryBound", "bindMemory", "withMemoryRebound", "Unmanaged", ".pointee",
        "unsafelyUnwrapped", ".load(as:", ".load(fromByteOffset:", "loadUnaligned", "withUTF8", "malloc(", "realloc(", "Pointer(bitPattern:",
    ]

    /// Parameter types that make a function's callers responsible for its reads (`Bytes` is
    /// the lexer's name for a buffer of the source).
    static let pointerParameters = [
        ": UnsafeBufferPointer", ": UnsafeMutableBufferPointer", ": UnsafePointer", ": UnsafeMutablePointer", ": UnsafeRawBufferPointer",
        ": UnsafeRawPointer", ": UnsafeMutableRawPointer", ": Bytes,", ": Bytes)",
    ]

    /// Code lines an access may be below the start of its statement (a closure opened on the
    /// line before, a call split over lines).
    static let statementLines = 3

    static func sourceFiles() -> [URL] {
        let root = TestPaths.packageRoot.appendingPathComponent("Sources")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    static func isComment(_ line: Substring) -> Bool { line.trimmingCharacters(in: .whitespaces).hasPrefix("//") }

    /// The comment block nearest above line `number`, passing at most `codeLines` code lines
    /// (and any attribute lines such as `@inlinable`) on the way; empty when there is none.
    static func commentAbove(_ lines: [Substring], _ number: Int, codeLines: Int) -> [Substring] {
        var index = number - 1
        var passed = 0
        while index >= 0, !isComment(lines[index]) {
            let code = lines[index].trimmingCharacters(in: .whitespaces)
            if !code.hasPrefix("@") {
                passed += 1
                if passed > codeLines || code.isEmpty || code == "}" { return [] }
            }
            index -= 1
        }
        var block: [Substring] = []
        while index >= 0, isComment(lines[index]) {
            block.append(lines[index])
            index -= 1
        }
        return block
    }

    /// A declaration's text from line `number` to where its parentheses close (at most eight
    /// lines).
    static func parameterList(_ lines: [Substring], from number: Int) -> String {
        var text = ""
        var depth = 0
        var opened = false
        for line in lines[number..<min(lines.count, number + 8)] {
            text += line
            for character in line {
                if character == "(" {
                    depth += 1
                    opened = true
                } else if character == ")" {
                    depth -= 1
                }
            }
            if opened, depth <= 0 { break }
        }
        return text
    }

    /// Lines of `lines` (0-based) that need an argument and have none: an access with no
    /// `SAFETY:` on its line or in the comment just above its statement; a declaration taking
    /// a pointer (its parameter list may run over a few lines) with none in its doc comment.
    static func unargued(_ lines: [Substring]) -> [Int] {
        var missing: [Int] = []
        for (number, line) in lines.enumerated() where !isComment(line) {
            let code = line.trimmingCharacters(in: .whitespaces)
            let declaration = ["func ", "init(", "init?(", "subscript("].contains { code.contains($0) } && !code.contains("= {")
            let signature = declaration ? parameterList(lines, from: number) : ""
            // A generic parameter named `Bytes` is a checked collection, not the lexer's buffer.
            let declares = declaration && !signature.contains("<Bytes:") && pointerParameters.contains { signature.contains($0) }
            let accesses = accesses.contains { code.contains($0) }
            guard declares || accesses else { continue }
            if code.contains("SAFETY:") { continue }
            let above = commentAbove(lines, number, codeLines: declares ? 0 : statementLines)
            if !above.contains(where: { $0.contains("SAFETY:") }) { missing.append(number) }
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

    /// The audit finds what it looks for: an access without an argument, one with it, one
    /// whose argument belongs to another statement, a declaration over several lines.
    func testTheAuditSeesAnAccessWithoutAnArgument() {
        let bare: [Substring] = ["let x = 1", "bytes.withUnsafeBufferPointer { $0[3] }"]
        XCTAssertEqual(Self.unargued(bare), [1])
        let argued: [Substring] = ["// SAFETY: index 3 < count, checked above", "bytes.withUnsafeBufferPointer { $0[3] }"]
        XCTAssertEqual(Self.unargued(argued), [])
        let elsewhere: [Substring] = ["// SAFETY: for the line below", "f()", "}", "bytes.withUnsafeBufferPointer { $0[3] }"]
        XCTAssertEqual(Self.unargued(elsewhere), [3])
        let declaration: [Substring] = ["/// Reads.", "static func f(_ bytes: UnsafeBufferPointer<UInt8>) {}"]
        XCTAssertEqual(Self.unargued(declaration), [1])
        let split: [Substring] = ["/// Reads.", "static func f(", "    _ bytes: UnsafeBufferPointer<UInt8>, at: Int", ") -> Bool {"]
        XCTAssertEqual(Self.unargued(split), [1])
        let documented: [Substring] = ["/// Reads.", "/// SAFETY: callers pass a live buffer.", "@inline(__always)", "static func f(_ bytes: Bytes) {}"]
        XCTAssertEqual(Self.unargued(documented), [])
    }
}
