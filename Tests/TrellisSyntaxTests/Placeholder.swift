import XCTest
final class PlaceholderTrellisSyntaxTests: XCTestCase { func testNothing() {} }
