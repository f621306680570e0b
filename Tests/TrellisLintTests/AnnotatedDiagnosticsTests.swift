import Foundation
import TrellisLint
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// Fixtures whose expected diagnostics are written under the lines they are about, as
/// rust-analyzer and ruff write theirs:
///
///     layout a rows fill
///       gravity(topp)
///     //        ^^^^ M005 `topp` is not a gravity; did you mean `top`?
///
/// Each annotation names the span (carets under its columns, in characters; `…` after them
/// when it runs past the line; `|` for an empty span), the code and the whole message, and
/// refers to the nearest line above that is no annotation. A span that starts in the first
/// two columns, where no caret fits, is written `//@0-6 M004 …` (columns, end exclusive, or
/// `…`). The test fails on any diagnostic not annotated and any annotation not found;
/// `UPDATE_SNAPSHOTS=1 swift test --filter AnnotatedDiagnosticsTests` rewrites the
/// annotations from what `trellis check` reports, for review in the diff.
final class AnnotatedDiagnosticsTests: XCTestCase {
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/fixtures/diagnostics")

    /// One expected or found diagnostic, in the fixture's own terms.
    struct Annotation: Hashable, CustomStringConvertible {
        /// The line (0-based, in the text without annotations) and the columns on it.
        var line: Int, start: Int, end: Int
        var continues: Bool
        var code: String
        var message: String

        var description: String { "line \(line + 1) columns \(start)-\(continues ? "…" : String(end)) \(code) \(message)" }

        /// The annotation line, written as carets where they fit.
        var text: String {
            if start >= 2 {
                let marks = end == start && !continues ? "|" : String(repeating: "^", count: max(1, end - start)) + (continues ? "…" : "")
                return "//" + String(repeating: " ", count: start - 2) + marks + " \(code) \(message)"
            }
            return "//@\(start)-\(continues ? "…" : String(end)) \(code) \(message)"
        }
    }

    /// The fixture's code lines (annotations removed) and its annotations.
    static func parse(_ text: String) -> (code: [String], annotations: [Annotation]) {
        var code: [String] = []
        var annotations: [Annotation] = []
        let caret = try? NSRegularExpression(pattern: #"^//( *)(\^+|\|)(…?) ([SJML][0-9]{3}) (.*)$"#)
        let numeric = try? NSRegularExpression(pattern: #"^//@([0-9]+)-([0-9]+|…) ([SJML][0-9]{3}) (.*)$"#)
        for line in text.components(separatedBy: "\n") {
            let range = NSRange(line.startIndex..., in: line)
            func group(_ match: NSTextCheckingResult, _ number: Int) -> String {
                Range(match.range(at: number), in: line).map { String(line[$0]) } ?? ""
            }
            if let match = caret?.firstMatch(in: line, range: range), !code.isEmpty {
                let start = 2 + group(match, 1).count
                let marks = group(match, 2)
                let continues = group(match, 3) == "…"
                // A span that runs past the line keeps only its start (one caret shows it).
                let end = marks == "|" || continues ? start : start + marks.count
                annotations.append(
                    Annotation(
                        line: code.count - 1, start: start, end: end, continues: continues, code: group(match, 4), message: group(match, 5)))
            } else if let match = numeric?.firstMatch(in: line, range: range), !code.isEmpty {
                let start = Int(group(match, 1)) ?? 0
                let end = group(match, 2)
                annotations.append(
                    Annotation(
                        line: code.count - 1, start: start, end: Int(end) ?? start, continues: end == "…",
                        code: group(match, 3), message: group(match, 4)))
            } else {
                code.append(line)
            }
        }
        return (code, annotations)
    }

    /// What `trellis check` reports on the code, as annotations.
    static func found(_ code: [String], name: String) -> [Annotation] {
        let text = code.joined(separator: "\n")
        let bytes = Array(text.utf8)
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        func place(_ offset: Int) -> (line: Int, column: Int) {
            let line = (lineStarts.lastIndex { $0 <= offset }) ?? 0
            let prefix = bytes[lineStarts[line]..<min(max(offset, lineStarts[line]), bytes.count)]
            return (line, String(decoding: prefix, as: UTF8.self).count)
        }
        let source = SourceFile(name: name, bytes: bytes)
        return Linter.lint(LoadedFile.load(source, kind: .trellis)).map { diagnostic in
            let start = place(diagnostic.range.lowerBound)
            let end = place(diagnostic.range.upperBound)
            let continues = end.line > start.line
            return Annotation(
                line: start.line, start: start.column, end: continues ? start.column : end.column, continues: continues,
                code: diagnostic.code.id, message: diagnostic.message)
        }
    }

    /// The fixture with `annotations` written under their lines.
    static func write(_ code: [String], _ annotations: [Annotation]) -> String {
        var lines: [String] = []
        for (number, line) in code.enumerated() {
            lines.append(line)
            lines += annotations.filter { $0.line == number }.map(\.text)
        }
        return lines.joined(separator: "\n")
    }

    func testFixturesReportWhatTheirAnnotationsSay() throws {
        let files = TestPaths.files(in: Self.folder, withExtension: "trellis")
        XCTAssertGreaterThanOrEqual(files.count, 4)
        let update = ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1"
        for file in files {
            let text = try TestPaths.text(file)
            let (code, expected) = Self.parse(text)
            let found = Self.found(code, name: file.lastPathComponent)
            if update {
                let rewritten = Self.write(code, found)
                if rewritten != text { try Data(rewritten.utf8).write(to: file, options: .atomic) }
                continue
            }
            XCTAssertFalse(expected.isEmpty, "\(file.lastPathComponent) annotates nothing")
            // As multisets: a finding reported twice needs two annotations.
            var counts: [Annotation: Int] = [:]
            for annotation in expected { counts[annotation, default: 0] += 1 }
            for annotation in found { counts[annotation, default: 0] -= 1 }
            for (annotation, count) in counts.sorted(by: { $0.key.description < $1.key.description }) where count != 0 {
                if count > 0 {
                    XCTFail("\(file.lastPathComponent): not reported\(count > 1 ? " \(count) times" : ""): \(annotation)")
                } else {
                    XCTFail(
                        "\(file.lastPathComponent): reported but not annotated\(count < -1 ? " \(-count) times" : ""): \(annotation)\n  write: \(annotation.text)"
                    )
                }
            }
        }
    }

    func testAnnotationsRoundTrip() {
        let text = """
            layout a rows fill
              gravity(topp)
            //        ^^^^ M005 a message
            //@0-… M014 another
            //  | L001 empty
            //  ^… L002 past the line
            """
        let (code, annotations) = Self.parse(text)
        XCTAssertEqual(code, ["layout a rows fill", "  gravity(topp)"])
        XCTAssertEqual(
            annotations.map(\.description),
            [
                "line 2 columns 10-14 M005 a message", "line 2 columns 0-… M014 another", "line 2 columns 4-4 L001 empty",
                "line 2 columns 4-… L002 past the line",
            ])
        XCTAssertEqual(annotations.last?.end, annotations.last?.start, "a span past the line keeps its start, as found() makes it")
        XCTAssertEqual(Self.write(code, annotations), text)
    }
}
