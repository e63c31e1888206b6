import Foundation
@testable import SpruceVideo
import XCTest

/// `env -i render-gif …` has no PATH at all: ffmpeg is then looked for where the system keeps programs, as the
/// shell's own `execvp` does. An empty PATH is still a PATH and finds nothing.
final class FFmpegSearchPathTests: XCTestCase {
    func testNoPATHSearchesTheSystemFolders() throws {
        let found = try FFmpegLocator.locate(explicit: nil, environment: [:])
        let folders = FFmpegLocator.defaultSearchPath.split(separator: ":").map { "\($0)/ffmpeg" }
        XCTAssertTrue(folders.contains(found), found)
        XCTAssertThrowsError(try FFmpegLocator.locate(explicit: nil, environment: ["PATH": ""])) {
            XCTAssertEqual($0 as? VideoError, .ffmpegNotFound("not on PATH"))
        }
    }
}
