import Foundation
@testable import SpruceVideo
import XCTest

/// `env -i render-gif …` has no PATH at all: ffmpeg is then looked for where the system keeps programs, as the
/// shell's own `execvp` does. An empty PATH is still a PATH and finds nothing. A `SPRUCE_FFMPEG` (or explicit) name
/// without a `/` is looked up on PATH the same way, never in the working folder unless PATH names it.
final class FFmpegSearchPathTests: XCTestCase {
    func testNoPATHSearchesTheSystemFolders() throws {
        let found = try FFmpegLocator.locate(explicit: nil, environment: [:])
        let folders = ExecutableSearch.defaultSearchPath.split(separator: ":").map { "\($0)/ffmpeg" }
        XCTAssertTrue(folders.contains(found), found)
        XCTAssertThrowsError(try FFmpegLocator.locate(explicit: nil, environment: ["PATH": ""])) {
            XCTAssertEqual($0 as? VideoError, .ffmpegNotFound("not on PATH"))
        }
    }

    func testABareNameIsLookedUpOnPATH() throws {
        let bin = try Scratch()
        let program = bin.path("my-ffmpeg")
        try "#!/bin/sh\n".write(to: program, atomically: true, encoding: .utf8)
        chmod(program.path, 0o755)
        XCTAssertEqual(try FFmpegLocator.locate(explicit: nil, environment: ["SPRUCE_FFMPEG": "my-ffmpeg", "PATH": "/nowhere:\(bin.url.path)"]),
                       program.path)
        XCTAssertEqual(try FFmpegLocator.locate(explicit: "my-ffmpeg", environment: ["PATH": bin.url.path]), program.path)
        // The working folder holds one, and PATH does not name it.
        let saved = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(bin.url.path)
        defer { FileManager.default.changeCurrentDirectoryPath(saved) }
        XCTAssertThrowsError(try FFmpegLocator.locate(explicit: nil, environment: ["SPRUCE_FFMPEG": "my-ffmpeg", "PATH": "/nowhere::"])) {
            XCTAssertEqual($0 as? VideoError, .ffmpegNotFound("SPRUCE_FFMPEG 'my-ffmpeg' is not on PATH"))
        }
        XCTAssertEqual(try FFmpegLocator.locate(explicit: nil, environment: ["SPRUCE_FFMPEG": "my-ffmpeg", "PATH": "."]), "./my-ffmpeg")
    }
}
