import XCTest
final class PlaceholderTrellisLayoutTests: XCTestCase { func testNothing() {} }
