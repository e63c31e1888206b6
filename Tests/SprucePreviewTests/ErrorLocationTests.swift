import Foundation
import SprucePreview
import SpruceScene
import XCTest

/// The line the page highlights for a scene error is where the error's path is written: the page marked the first
/// line holding the path's last key, so an error in the second view's `frame` highlighted the first view's.
final class ErrorLocationTests: XCTestCase {
    private func line(_ text: String, yaml: Bool = false, file: StaticString = #filePath, at: UInt = #line) throws -> Int? {
        do {
            _ = try SceneParser.parse(Data(text.utf8), yaml: yaml)
            XCTFail("the scene parses", file: file, line: at)
            return nil
        } catch let error as SceneError {
            return ErrorLocation.line(for: error, in: text)
        }
    }

    func testTheLineIsWhereThePathIs() throws {
        let json = """
            {"views": [{"frame": [0, 0, 10, 10]},
                       {"frame": [0, 0, 10, 10], "backgroundColor": "red"},
                       {"frame": "oops"}]}
            """
        XCTAssertEqual(try line(json), 3)
        let yaml = """
            views:
              - frame: [0, 0, 10, 10]
              - frame: [0, 0, 10, 10]
                subviews:
                  - frame: [0, 0, 4, 4]
                  - frame: [1, 2]
            choreography:
              sort: sideways
            """
        XCTAssertEqual(try line(yaml, yaml: true), 6)
        XCTAssertEqual(try line(yaml.replacingOccurrences(of: "[1, 2]", with: "[1, 2, 3, 4]"), yaml: true), 8, "choreography.sort")
        XCTAssertEqual(SceneLocation.line(of: "views[1].frame", in: "{not: [valid"), nil, "no document, no line")
    }
}
