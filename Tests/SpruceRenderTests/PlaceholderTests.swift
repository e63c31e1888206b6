import XCTest
@testable import SpruceRender
final class SpruceRenderPlaceholderTests: XCTestCase { func testBuilds() {} }
