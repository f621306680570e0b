import Foundation
import TrellisTestSupport
import XCTest

/// Every command has a help page that ends with a newline and says its exit codes; the
/// language server answers `--help` and `--version` (as `trellis lsp` and as `trellis-lsp`)
/// without starting.
final class HelpPageTests: XCTestCase {
    static let commands = ["build", "frames", "render", "check", "fmt", "import", "preview", "watch", "lsp", "parse", "init"]

    func testEveryCommandHasACompleteHelpPage() throws {
        for command in Self.commands {
            let page = try TrellisRun.run([command, "--help"], stdinPath: "/dev/null", timeout: 20)
            XCTAssertEqual(page.status, 0, "\(command): \(page.stderr)")
            XCTAssertTrue(page.stdout.hasSuffix("\n"), "\(command) --help ends with a newline")
            XCTAssertFalse(page.stdout.hasSuffix("\n\n"), "\(command) --help ends with one newline")
            XCTAssertTrue(page.stdout.contains("\nEXIT CODES\n"), "\(command) --help says its exit codes")
            XCTAssertEqual(try TrellisRun.run(["help", command]).stdout, page.stdout, command)
            XCTAssertEqual(try TrellisRun.run([command, "-h"], stdinPath: "/dev/null", timeout: 20).stdout, page.stdout, command)
        }
        XCTAssertEqual(try TrellisRun.run(["help", "help"]).stdout, try TrellisRun.run(["--help"]).stdout)
    }

    func testTheLanguageServerAnswersHelpAndVersionWithoutStarting() throws {
        let help = try TrellisRun.run(["help", "lsp"])
        XCTAssertEqual(help.status, 0, help.stderr)
        for text in ["trellis-lsp", "trellis lsp", "--stdio", "language id `trellis`", "editors/", "EXIT CODES"] {
            XCTAssertTrue(help.stdout.contains(text), text)
        }
        for (product, prefix) in [("trellis", ["lsp"]), ("trellis-lsp", [])] {
            for flag in ["--help", "-h"] {
                let run = try TrellisRun.run(prefix + [flag], stdinPath: "/dev/null", timeout: 20, product: product)
                XCTAssertEqual(run.status, 0, "\(product) \(flag): \(run.stderr)")
                XCTAssertEqual(run.stdout, help.stdout, "\(product) \(flag)")
            }
            for flag in ["--version", "-V"] {
                let run = try TrellisRun.run(prefix + [flag], stdinPath: "/dev/null", timeout: 20, product: product)
                XCTAssertEqual(run.status, 0, "\(product) \(flag): \(run.stderr)")
                XCTAssertEqual(run.stdout, "trellis-lsp 0.1.0\n", "\(product) \(flag)")
            }
            let bogus = try TrellisRun.run(prefix + ["--bogus"], stdinPath: "/dev/null", timeout: 20, product: product)
            XCTAssertEqual(bogus.status, 2, "\(product) --bogus")
            XCTAssertTrue(bogus.stderr.contains("unknown option '--bogus'"), bogus.stderr)
            XCTAssertEqual(bogus.stdout, "", "nothing but LSP messages on standard output")
        }
        // `--stdio`, which VS Code's client passes, starts the server: the end of input stops it.
        let served = try TrellisRun.run(["--stdio"], stdin: "", timeout: 20, product: "trellis-lsp")
        XCTAssertEqual(served.status, 1, "the input ended before `shutdown`: \(served.stderr)")
    }

    func testDidYouMeanNeverSuggestsTheWordTyped() throws {
        let typo = try TrellisRun.run(["help", "lps"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("no help for 'lps'; did you mean 'lsp'?"), typo.stderr)
        for command in Self.commands + ["help"] {
            let run = try TrellisRun.run(["help", command])
            XCTAssertFalse(run.stderr.contains("did you mean '\(command)'"), run.stderr)
        }
    }
}
