import TrellisIDE
import TrellisLayout
import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// Property tests of `trellis diff`'s promise that a refactor changes nothing on the screen:
/// on generated programs, extracting a template at any cell and inlining any use (the code
/// actions an editor offers, applied as it applies them), and reordering every object's keys
/// in the built JSON, each compare as no change at every layout. (The JSON is not compared
/// with its Trellis layout: `content(WxH)` is preview-only and is not written.)
final class RefactoringKeepsTheScreenTests: XCTestCase {
    static let viewports = [Viewport(width: 375, height: 667, scale: 2), Viewport(width: 320, height: nil, scale: 2)]

    /// Each layout of `before` against its namesake in `after`: no change.
    func assertSameScreen(_ before: LoadedFile, _ after: LoadedFile, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(before.layouts.map(\.name), after.layouts.map(\.name), what, file: file, line: line)
        for (old, new) in zip(before.layouts, after.layouts) {
            let changes = ScreenDiff.compare(name: old.name, old: old.runtime, new: new.runtime, viewports: Self.viewports)
            XCTAssertTrue(changes.isEmpty, "\(what): \(ScreenDiffReport.text([changes]))", file: file, line: line)
        }
    }

    func testExtractingAndInliningTemplatesChangesNothingOnTheScreen() {
        var generator = ProgramGenerator(seed: 3_301)
        var (extracted, inlined) = (0, 0)
        for _ in 0..<120 {
            let text = generator.program()
            let analysis = Analysis(SourceFile(name: "t.trellis", text: text), kind: .trellis)
            guard !analysis.diagnostics.hasErrors, !analysis.file.layouts.isEmpty else { continue }
            let size = analysis.source.bytes.count
            // Random places to extract at, and each place a template's name is written.
            let places = (0..<6).map { _ in Int.random(in: 0..<max(size, 1), using: &generator.random) } + templateNameOffsets(text)
            for offset in places {
                let actions = [
                    CodeActions.extractTemplate(analysis, range: offset..<offset).map { ("extract", $0) },
                    CodeActions.inlineTemplate(analysis, at: offset).map { ("inline", $0) },
                ].compactMap { $0 }
                for (kind, action) in actions {
                    var edited = Array(analysis.source.bytes)
                    for edit in action.edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                        edited.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
                    }
                    let after = LoadedFile.load(SourceFile(name: "t.trellis", bytes: edited), kind: .trellis)
                    let what = "\(kind) at \(offset) of:\n\(text)\n→\n\(String(decoding: edited, as: UTF8.self))"
                    XCTAssertFalse(after.diagnostics.hasErrors, "\(what)\n\(after.diagnostics.map(\.message))")
                    assertSameScreen(analysis.file, after, what)
                    if kind == "extract" { extracted += 1 } else { inlined += 1 }
                }
            }
        }
        // The generator's programs give both actions many places.
        XCTAssertGreaterThan(extracted, 200)
        XCTAssertGreaterThan(inlined, 30)
    }

    func testReorderedJSONKeysChangeNothingOnTheScreen() {
        var generator = ProgramGenerator(seed: 3_302)
        var compared = 0
        for _ in 0..<120 {
            let file = LoadedFile.load(SourceFile(name: "t.trellis", text: generator.program()), kind: .trellis)
            guard !file.diagnostics.hasErrors else { continue }
            for layout in file.layouts {
                let written = JSONWriter.write(layout.json, style: .compact)
                let shuffled = JSONWriter.write(shuffledKeys(layout.json, &generator.random), style: .pretty)
                let before = LoadedFile.load(SourceFile(name: "t.json", bytes: written), kind: .json, target: layout.dialect)
                let after = LoadedFile.load(SourceFile(name: "t.json", bytes: shuffled), kind: .json, target: layout.dialect)
                assertSameScreen(before, after, String(decoding: shuffled, as: UTF8.self))
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 100)
    }

    /// The byte offset of each word after the first that names a template (`template NAME`).
    func templateNameOffsets(_ text: String) -> [Int] {
        let words = text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        var names = Set<Substring>()
        for (index, word) in words.enumerated() where word == "template" && index + 1 < words.count { names.insert(words[index + 1]) }
        var offsets: [Int] = []
        for word in words where names.contains(word) {
            offsets.append(text.utf8.distance(from: text.utf8.startIndex, to: word.startIndex) + 1)
        }
        return offsets
    }

    func shuffledKeys(_ value: JSONValue, _ random: inout SeededRandom) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(members.map { JSONMember($0.key, shuffledKeys($0.value, &random)) }.shuffled(using: &random))
        case .array(let items):
            return .array(items.map { shuffledKeys($0, &random) })
        default:
            return value
        }
    }
}
