import Spruce
import SpruceScene
import XCTest

/// The names scene files, the command line and the preview form take for a choice are its Swift case names.
final class SceneNameTests: XCTestCase {
    private func assertCaseNames<T: SceneName>(_: T.Type, _ expected: [String]) {
        XCTAssertEqual(T.names, expected, "\(T.self)")
        for value in T.allCases {
            XCTAssertEqual(value.name, String(describing: value), "\(T.self)")
            XCTAssertEqual(T(name: value.name), value, "\(T.self) reads back \(value.name)")
        }
        XCTAssertNil(T(name: "nowhere"))
    }

    func testEveryNameIsTheCaseNameAndReadsBack() {
        assertCaseNames(Corner.self, ["topLeft", "topRight", "bottomLeft", "bottomRight"])
        assertCaseNames(Position.self, ["topLeft", "topMiddle", "topRight", "left", "middle", "right",
                                        "bottomLeft", "bottomMiddle", "bottomRight"])
        assertCaseNames(Direction.self, ["topToBottom", "bottomToTop", "leftToRight", "rightToLeft"])
        assertCaseNames(StaggerAxis.self, ["x", "y"])
    }
}
