import Foundation
import TrellisTestSupport
import XCTest

/// Every command has a help page that ends with a newline and says its exit codes.
final class HelpPageTests: XCTestCase {
    static let commands = ["build", "frames", "render", "check", "fmt", "import", "preview", "watch"]

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
    }
}
