import XCTest
final class PlaceholderTrellisCLITests: XCTestCase { func testNothing() {} }
