import XCTest
@testable import SpruceVideo

/// A message about a child names its program (the label its caller gave), whatever the executable is called.
final class ChildProgramNameTests: XCTestCase {
    func testAFailedRunNamesItsProgramAndQuotesItsMessage() {
        XCTAssertThrowsError(try ChildProcess.runCapturingOutput("ffprobe", at: "/bin/sh", ["-c", "echo 'Invalid data' >&2; exit 1"])) {
            XCTAssertEqual("\($0)", "ffprobe at /bin/sh exited with status 1 running -c echo 'Invalid data' >&2; exit 1: Invalid data")
        }
    }

    func testAProgramKilledBySignalIsNamed() {
        XCTAssertThrowsError(try ChildProcess.runCapturingOutput("gifsicle", at: "/bin/sh", ["-c", "kill -9 $$"])) {
            XCTAssertEqual("\($0)", "gifsicle at /bin/sh was killed by signal 9 (Killed) running -c kill -9 $$")
        }
    }

    func testAProgramThatCannotStartIsNamed() {
        XCTAssertThrowsError(try ChildProcess("ffprobe", executable: "/nonexistent/ffprobe", arguments: [], pipeStdin: false)) {
            XCTAssertEqual("\($0)", "ffprobe could not be started (/nonexistent/ffprobe: No such file or directory)")
        }
    }

    func testFFmpegsMessagesKeepTheirForm() {
        XCTAssertThrowsError(try ChildProcess.runCapturingOutput("ffmpeg", at: "/bin/sh", ["-c", "exit 3"])) {
            XCTAssertEqual("\($0)", "ffmpeg at /bin/sh exited with status 3 running -c exit 3")
        }
        XCTAssertThrowsError(try ChildProcess("ffmpeg", executable: "/nonexistent/ffmpeg-6", arguments: [], pipeStdin: false)) {
            XCTAssertEqual("\($0)", "ffmpeg could not be started (/nonexistent/ffmpeg-6: No such file or directory)")
        }
    }
}
