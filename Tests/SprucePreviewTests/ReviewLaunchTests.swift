import Foundation
import SpruceReviewServer
import XCTest

/// `ReviewLaunch.validate` names the goldens folder it refuses as its `goldensLabel` says, so its error's own
/// description is right whoever prints it, and says of it what `render-gif test` says.
final class ReviewLaunchTests: XCTestCase {
    func testAGoldensFolderThatIsAFileIsNamedByTheLaunchsLabel() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-review-launch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("g.txt")
        try Data("x".utf8).write(to: file)
        var launch = ReviewLaunch(paths: [folder.path])
        launch.goldens = file.path
        XCTAssertThrowsError(try launch.validate()) { error in
            XCTAssertEqual("\(error)", "the goldens folder '\(file.path)': it is a file, not a folder", "the label a launch has unless told")
        }
        launch.goldensLabel = "--goldens"
        XCTAssertThrowsError(try launch.validate()) { error in
            XCTAssertEqual("\(error)", "--goldens '\(file.path)': it is a file, not a folder")
        }
        // A slash at its end makes the file no folder either, and one above the folder is named.
        launch.goldens = file.path + "/"
        XCTAssertThrowsError(try launch.validate()) { error in
            XCTAssertEqual("\(error)", "--goldens '\(file.path)/': it is a file, not a folder")
        }
        launch.goldens = file.appendingPathComponent("goldens").path
        XCTAssertThrowsError(try launch.validate()) { error in
            XCTAssertEqual("\(error)", "--goldens '\(file.path)/goldens': '\(file.path)' in its path is a file, not a folder")
        }
    }
}
