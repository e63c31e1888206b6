import XCTest
@testable import Advance
final class AdvancePlaceholderTests: XCTestCase { func testBuilds() {} }
