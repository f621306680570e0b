import XCTest
final class PlaceholderTrellisModelTests: XCTestCase { func testNothing() {} }
