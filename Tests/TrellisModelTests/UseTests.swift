import TrellisModel
import TrellisSyntax
import TrellisTestSupport
import XCTest

/// `use "file.trellis"`: templates shared across files.
final class UseTests: XCTestCase {
    func codes(_ file: LoadedFile) -> [String] { file.diagnostics.map(\.code.id) }

    func json(_ file: LoadedFile, dialect: Dialect? = nil) -> [String] {
        file.layouts.map { layout in
            var layout = layout
            if let dialect { layout.dialect = dialect }
            return String(decoding: layout.jsonBytes(style: .pretty), as: UTF8.self)
        }
    }

    /// The property the feature rests on: a layout using shared templates builds the same
    /// JSON, byte for byte, as the same layout with the templates pasted into its file.
    func testSharedTemplatesBuildTheSameJSONAsPastedOnes() {
        var generator = ProgramGenerator(seed: 32)
        var compared = 0
        for round in 0..<400 {
            let (files, pasted) = generator.project()
            let project = InMemoryFiles(files)
            let shared = project.load("main.trellis")
            let single = LoadedFile.load(SourceFile(name: "main.trellis", text: pasted), kind: .trellis)
            // A syntax error's recovery depends on what follows it, which differs between the two.
            if single.diagnostics.contains(where: { $0.code.id.hasPrefix("S") }) { continue }
            compared += 1
            // Only a used file's own errors (U004) and a use nothing needs (U005) are new.
            XCTAssertFalse(codes(shared).contains { $0.hasPrefix("U00") && $0 != "U004" && $0 != "U005" }, "round \(round): \(shared.diagnostics)\n\(files)")
            // A used file with errors is one whose templates had errors in the pasted file too.
            if codes(shared).contains("U004") { XCTAssertTrue(single.diagnostics.hasErrors, "round \(round): \(shared.diagnostics)\n\(files)") }
            XCTAssertEqual(shared.layouts.map(\.name), single.layouts.map(\.name), "round \(round)")
            for dialect in [Dialect.v1, .v2, .any] {
                XCTAssertEqual(json(shared, dialect: dialect), json(single, dialect: dialect), "round \(round)\n\(files)\n\(pasted)")
            }
            // What the pasted file says of its templates' insides, the shared one says too
            // (M001/M014 aside: names and uses differ between the two on purpose).
            let inside = { (file: LoadedFile) in Set(file.diagnostics.map(\.code.id).filter { $0.hasPrefix("M1") }) }
            XCTAssertTrue(inside(shared).isSubset(of: inside(single)), "round \(round): \(shared.diagnostics)")
        }
        XCTAssertGreaterThan(compared, 200)
    }

    func testATemplateOfAUsedFileIsUsedAndOverriddenByName() {
        let project = InMemoryFiles([
            "cards.trellis": "template card { 50% padding(5) tag(7) rows fill | 20 }\n",
            "home.trellis": "use \"cards.trellis\"\nlayout home cols { card tag(8); card * 2 }\n",
        ])
        let file = project.load("home.trellis")
        XCTAssertEqual(file.diagnostics, [])
        let pasted = LoadedFile.load(
            SourceFile(name: "home.trellis", text: "template card { 50% padding(5) tag(7) rows fill | 20 }\nlayout home cols { card tag(8); card * 2 }\n"),
            kind: .trellis)
        XCTAssertEqual(json(file), json(pasted))
    }

    func testOnlyTheUsedFilesOwnTemplatesAreVisible() {
        let project = InMemoryFiles([
            "a.trellis": "template a { 10 }\n",
            "b.trellis": "use \"a.trellis\"\ntemplate b { a padding(1) }\n",
            "home.trellis": "use \"b.trellis\"\nlayout home rows b | a\n",
        ])
        let file = project.load("home.trellis")
        XCTAssertEqual(codes(file), ["M001"])
        XCTAssertEqual(project.load("b.trellis").diagnostics, [])
    }

    func testAMissingFileSaysWhereItLookedAndSuggestsANeighbour() throws {
        let project = InMemoryFiles([
            "lib/cards.trellis": "template card { 10 }\n",
            "home.trellis": "use \"lib/cardz.trellis\"\nlayout home rows card | fill\n",
        ])
        let file = project.load("home.trellis")
        // The names it would have given are not reported again: the use says why.
        XCTAssertEqual(codes(file), ["U001"])
        let finding = try XCTUnwrap(file.diagnostics.first)
        XCTAssertEqual(finding.message, "no file `lib/cardz.trellis`; did you mean `lib/cards.trellis`?")
        XCTAssertEqual(finding.fixIts.first?.edits.first?.replacement, "\"lib/cards.trellis\"")
        XCTAssertEqual(file.source.text(in: finding.range), "\"lib/cardz.trellis\"")
    }

    /// Of equally near names the first in sorted order is suggested, whatever order the
    /// folder lists them in (a directory's order differs from one file system to another).
    func testEquallyNearNeighboursAreSuggestedInSortedOrder() {
        let files = ["lib/cardb.trellis": "template b { 10 }\n", "lib/carda.trellis": "template a { 10 }\n"]
        let home = SourceFile(name: "home.trellis", text: "use \"lib/cardz.trellis\"\nlayout home rows fill\n")
        for listing in [{ (names: [String]) in names.sorted() }, { names in names.sorted().reversed() }] {
            var resolver = UseResolver(
                fileSystem: UseResolver.FileSystem(
                    read: { path in files[path].map { .bytes(Array($0.utf8)) } ?? .missing },
                    fileNames: { folder in listing(files.keys.filter { UsePath.directory(of: $0) == folder }.map { UsePath.fileName(of: $0) }) }))
            let (uses, parsed) = resolver.usedFiles(of: home, at: "home.trellis", kind: .trellis)
            let file = LoadedFile.load(home, kind: .trellis, parsed: parsed, uses: uses)
            XCTAssertEqual(file.diagnostics.map(\.message), ["no file `lib/cardz.trellis`; did you mean `lib/carda.trellis`?"])
        }
    }

    func testPathsThatNameNoTrellisFileAreRefused() {
        for (path, message) in [
            ("lib\\\\cards.trellis", "forward slashes"), ("/abs/cards.trellis", "relative"), ("cards.json", "`.trellis` files"),
            ("", "empty"),
        ] {
            let file = InMemoryFiles(["home.trellis": "use \"\(path)\"\nlayout home rows fill\n"]).load("home.trellis")
            XCTAssertEqual(codes(file), ["U001"], path)
            XCTAssertTrue(file.diagnostics.first?.message.contains(message) ?? false, "\(path): \(file.diagnostics)")
        }
    }

    func testACycleNamesItsChainInEveryFileOnIt() throws {
        let project = InMemoryFiles([
            "a.trellis": "use \"b.trellis\"\nlayout a rows fill\n",
            "b.trellis": "use \"c.trellis\"\ntemplate b { 10 }\n",
            "c.trellis": "use \"a.trellis\"\ntemplate c { 10 }\n",
            "self.trellis": "use \"self.trellis\"\nlayout s rows fill\n",
        ])
        let a = project.load("a.trellis")
        XCTAssertEqual(codes(a), ["U002"])
        XCTAssertEqual(a.diagnostics.first?.message, "use cycle: `a.trellis` → `b.trellis` → `c.trellis` → `a.trellis`")
        XCTAssertEqual(project.load("c.trellis").diagnostics.first?.message, "use cycle: `c.trellis` → `a.trellis` → `b.trellis` → `c.trellis`")
        XCTAssertEqual(project.load("self.trellis").diagnostics.first?.message, "use cycle: `self.trellis` → `self.trellis`")
    }

    func testOneNameFromTwoPlacesIsReportedAtBoth() throws {
        let project = InMemoryFiles([
            "x.trellis": "template card { 10 }\n",
            "y.trellis": "template card { 20 }\ntemplate other { 5 }\n",
            "home.trellis": "use \"x.trellis\"\nuse \"y.trellis\"\ntemplate other { 1 }\nlayout home rows card | other\n",
        ])
        let file = project.load("home.trellis")
        // `y.trellis` gives nothing this file uses: both its names are taken.
        XCTAssertEqual(codes(file), ["U003", "U003", "U005"])
        let own = try XCTUnwrap(file.diagnostics.first { $0.message.contains("`other`") })
        XCTAssertEqual(file.source.text(in: own.range), "other")
        XCTAssertEqual(own.notes.first, "The other definition: y.trellis:2:10. Rename one of them; this file's is the one used here.")
        let both = try XCTUnwrap(file.diagnostics.first { $0.message.contains("`card`") })
        XCTAssertEqual(both.message, "template `card` is defined in both `x.trellis` and `y.trellis`")
        XCTAssertEqual(both.labels.map { file.source.text(in: $0.range) }, ["use \"x.trellis\""])
        // The first file's template is the one built.
        XCTAssertTrue(json(file).first?.contains("\"size\": 10") ?? false, json(file).first ?? "")
    }

    func testAUsedFileWithErrorsIsReportedOnceAtTheUse() throws {
        let project = InMemoryFiles([
            "cards.trellis": "template card { 10 oops(1) }\ntemplate fine { 20 }\n",
            "home.trellis": "use \"cards.trellis\"\nlayout home rows card | fine\n",
        ])
        let file = project.load("home.trellis")
        XCTAssertEqual(codes(file), ["U004"])
        XCTAssertEqual(file.diagnostics.first?.notes, ["cards.trellis:1:20: error[M004]: unknown attribute `oops`"])
        XCTAssertEqual(codes(project.load("cards.trellis")), ["M004"])
    }

    func testAnUnusedUseIsAWarningWhoseFixRemovesTheLine() throws {
        let text = "use \"cards.trellis\"\nuse \"more.trellis\"\nlayout home rows card\n"
        let project = InMemoryFiles(["cards.trellis": "template card { 10 }\n", "more.trellis": "template more { 10 }\n", "home.trellis": text])
        let file = project.load("home.trellis")
        XCTAssertEqual(codes(file), ["U005"])
        let fix = try XCTUnwrap(file.diagnostics.first?.fixIts.first)
        XCTAssertTrue(fix.isSafe)
        XCTAssertEqual(fix.edits.map(\.range), [20..<39])
    }

    func testAUseAfterATemplateIsMovedAboveIt() throws {
        let text = "// home\ntemplate x { 10 }\nlayout home rows card | x\nuse \"cards.trellis\"\n"
        let project = InMemoryFiles(["cards.trellis": "template card { 10 }\n", "home.trellis": text])
        let file = project.load("home.trellis")
        XCTAssertEqual(codes(file), ["U007"])
        var bytes = Array(text.utf8)
        for edit in try XCTUnwrap(file.diagnostics.first?.fixIts.first).edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        // Above the comment on the template too: it is the template's.
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "use \"cards.trellis\"\n// home\ntemplate x { 10 }\nlayout home rows card | x\n")
    }

    /// Below the file's other uses, with its own comment, leaving no doubled blank line.
    func testAUseAfterALayoutJoinsTheOtherUses() throws {
        let text = "use \"cards.trellis\"\n\n// the layout\nlayout home rows card | more\n\n// the second library\nuse \"more.trellis\"\n"
        let project = InMemoryFiles(["cards.trellis": "template card { 10 }\n", "more.trellis": "template more { 20 }\n", "home.trellis": text])
        let file = project.load("home.trellis")
        XCTAssertEqual(codes(file), ["U007"])
        var bytes = Array(text.utf8)
        for edit in try XCTUnwrap(file.diagnostics.first?.fixIts.first).edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        XCTAssertEqual(
            String(decoding: bytes, as: UTF8.self),
            "use \"cards.trellis\"\n// the second library\nuse \"more.trellis\"\n\n// the layout\nlayout home rows card | more\n")
    }

    func testTwoSpellingsOfOneFileAreOneUse() {
        let project = InMemoryFiles([
            "lib/cards.trellis": "template card { 10 }\n",
            "home.trellis": "use \"lib/cards.trellis\"\nuse \"./lib/../lib/cards.trellis\"\nlayout h rows card\n",
        ])
        let file = project.load("home.trellis")
        XCTAssertEqual(codes(file), ["U005"])
        XCTAssertEqual(file.diagnostics.first?.message, "`./lib/../lib/cards.trellis` is the file `lib/cards.trellis` names; this use does nothing")
    }

    func testEachTemplateOfAUsedFileHasALayoutsBudget() {
        // Two templates of 600,000 grids each: over the limit together, within it apart.
        let library = "template a { rows { 1 * 1000 } }\ntemplate big1 { rows { a * 600 } }\ntemplate big2 { cols { a * 600 } }\n"
        let project = InMemoryFiles(["lib.trellis": library, "home.trellis": "use \"lib.trellis\"\nlayout one rows big1\nlayout two rows big2\n"])
        let shared = project.load("home.trellis")
        let pasted = LoadedFile.load(SourceFile(name: "home.trellis", text: library + "layout one rows big1\nlayout two rows big2\n"), kind: .trellis)
        XCTAssertEqual(codes(shared), codes(pasted))
        XCTAssertEqual(shared.layouts.map { $0.jsonBytes(style: .compact) }, pasted.layouts.map { $0.jsonBytes(style: .compact) })
    }

    func testATemplateDeeperThanAnyLayoutIsNotCopied() {
        // Each file wraps the next one's template: past 300 levels a file's template is not
        // built, so a long chain costs each file a bounded copy.
        let file = chainOfFiles(400) { "rows { \($0) }" }.load("home.trellis")
        XCTAssertEqual(codes(file), ["U004"])
        XCTAssertTrue(file.diagnostics.first?.notes.first?.contains("U004") ?? false, "\(file.diagnostics)")
    }

    func testAFileOutsideTheProjectIsSaid() {
        let project = InMemoryFiles([
            "../shared/cards.trellis": "template card { 10 }\n", "home.trellis": "use \"../shared/cards.trellis\"\nlayout h rows card\n",
        ])
        XCTAssertEqual(codes(project.load("home.trellis", inside: ["home.trellis"])), ["U006"])
        XCTAssertEqual(codes(project.load("home.trellis")), [])
    }

    func testAFileOfTemplatesAloneIsALibraryNotAnUnusedOne() {
        let file = LoadedFile.load(SourceFile(name: "cards.trellis", text: "template card { 10 }\ntemplate badge { 5 }\n"), kind: .trellis)
        XCTAssertEqual(file.diagnostics, [])
        XCTAssertEqual(file.layouts.count, 0)
    }

    func testUsesNotFollowedReportNoNameTheyMightGive() {
        let file = LoadedFile.load(SourceFile(name: "home.trellis", text: "use \"cards.trellis\"\nlayout h rows card\n"), kind: .trellis)
        XCTAssertEqual(file.diagnostics, [])
    }

    func testAChainOfUsesAsLongAsTheFilesAllowIsFollowedWithoutRecursion() {
        let file = chainOfFiles(3_000) { "\($0) padding(1)" }.load("home.trellis")
        // Each file's template wraps the next one's: past the nesting limit it is not built.
        XCTAssertEqual(file.layouts.count, 1)
        XCTAssertLessThanOrEqual(file.diagnostics.count, 2, "\(file.diagnostics.prefix(3))")
    }

    /// `home.trellis` using `f0.trellis`, whose template `t0` wraps (by `wrap`) `t1` of the
    /// `f1.trellis` it uses, and so on for `count` files; the last one's template is `10`.
    func chainOfFiles(_ count: Int, wrap: (String) -> String) -> InMemoryFiles {
        var files = ["home.trellis": "use \"f0.trellis\"\nlayout home rows t0\n"]
        for index in 0..<count {
            let last = index + 1 == count
            let use = last ? "" : "use \"f\(index + 1).trellis\"\n"
            files["f\(index).trellis"] = use + "template t\(index) { \(last ? "10" : wrap("t\(index + 1)")) }\n"
        }
        return InMemoryFiles(files)
    }

    func testPathsResolveLexically() {
        XCTAssertEqual(UsePath.joined("a/b", "../c.trellis"), "a/c.trellis")
        XCTAssertEqual(UsePath.joined("", "../c.trellis"), "../c.trellis")
        XCTAssertEqual(UsePath.joined("/x", "../../c.trellis"), "/c.trellis")
        XCTAssertEqual(UsePath.joined("a", "./b/./c.trellis"), "a/b/c.trellis")
        XCTAssertEqual(UsePath.normalised("./a/../b.trellis"), "b.trellis")
        XCTAssertEqual(UsePath.directory(of: "/a.trellis"), "/")
        XCTAssertEqual(UsePath.directory(of: "<stdin>"), "")
        XCTAssertEqual(UsePath.relative("a/b/c.trellis", from: "a/d"), "../b/c.trellis")
        XCTAssertEqual(UsePath.relative("a/c.trellis", from: "a"), "c.trellis")
    }
}
