import TrellisModel
import XCTest

@testable import TrellisLSP

/// The table of methods is the one place a method is named: every request in it is answered
/// (never `MethodNotFound`), every capability it names is advertised once, and nothing else is.
final class MethodTableTests: XCTestCase {
    func testEveryRequestInTheTableIsAnswered() {
        let server = InProcessServer()
        let params = InProcessServer.object([("textDocument", InProcessServer.object([("uri", .string("file:///none.trellis"))]))])
        for method in LanguageServer.methods where method.isRequest && method.name != LSPMethod.initialize && method.name != "shutdown" {
            let reply = server.request(method.name, params)
            XCTAssertNotNil(reply, method.name)
            XCTAssertNotEqual(reply?["error"]?["code"], .number(-32601), "\(method.name) is in the table but not answered")
        }
        XCTAssertEqual(server.request("textDocument/unknownThing", params)?["error"]?["code"], .number(-32601))
    }

    func testTheCapabilitiesAreTheTables() {
        guard case .object(let members) = Capabilities.json(encoding: .utf16) else { return XCTFail("capabilities are an object") }
        let names = members.map(\.key)
        XCTAssertEqual(names.first, "positionEncoding")
        var expected: [String] = []
        for capability in LanguageServer.methods.compactMap(\.capability) where !expected.contains(capability.name) {
            expected.append(capability.name)
        }
        XCTAssertEqual(Array(names.dropFirst()), expected)
        XCTAssertEqual(Set(names).count, names.count, "a capability advertised twice")
        guard case .object(let later) = Capabilities.json(encoding: .utf16, formattingRegisteredLater: true) else { return XCTFail("an object") }
        XCTAssertEqual(Set(names).subtracting(later.map(\.key)), ["documentFormattingProvider", "documentRangeFormattingProvider"])
        XCTAssertEqual(
            Capabilities.formattingRegistration["registrations"]?.arrayElements?.compactMap { $0["method"]?.stringValue },
            ["textDocument/formatting", "textDocument/rangeFormatting"])
    }

    func testEachMethodIsNamedOnce() {
        XCTAssertEqual(Set(LanguageServer.methods.map(\.name)).count, LanguageServer.methods.count)
        XCTAssertEqual(LanguageServer.methodsByName.count, LanguageServer.methods.count)
    }
}
