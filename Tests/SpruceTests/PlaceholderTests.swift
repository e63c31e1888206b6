import XCTest
@testable import Spruce
final class SprucePlaceholderTests: XCTestCase { func testBuilds() {} }
