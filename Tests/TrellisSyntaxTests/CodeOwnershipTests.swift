import Foundation
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// `DiagnosticCode` is the one owner of the codes: no other source file spells one as a string
/// (a finding names its case; what users see comes from `id`).
final class CodeOwnershipTests: XCTestCase {
    func testOnlyTheCatalogSpellsACode() throws {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
        let pattern = try NSRegularExpression(pattern: #""[SJMLPUD][0-9]{3}""#)
        var files = 0
        for module in modules {
            for file in TestPaths.files(in: sources.appendingPathComponent(module), withExtension: "swift")
            where file.lastPathComponent != "DiagnosticCode.swift" {
                let text = try TestPaths.text(file)
                files += 1
                let found = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
                    Range($0.range, in: text).map { String(text[$0]) }
                }
                XCTAssertEqual(found, [], "\(module)/\(file.lastPathComponent) spells a diagnostic code; name a DiagnosticCode case instead")
            }
        }
        XCTAssertGreaterThan(files, 100)
    }
}
