import XCTest
import SpruceVideo

/// `ChildCommand.run`: a child's end as a shell would give it (status, or 128 + signal) and in words.
final class ChildCommandTests: XCTestCase {
    func testAnExitStatusIsPassedOn() throws {
        let outcome = try ChildCommand.run("/bin/sh", ["-c", "echo why >&2; exit 3"], stopGrace: 1) { nil }
        XCTAssertEqual(outcome.status, 3)
        XCTAssertEqual(outcome.exit, "exited with status 3")
        XCTAssertEqual(outcome.lastLines, ["why"])
    }

    func testASignalIsOneHundredTwentyEightPlusIts() throws {
        let outcome = try ChildCommand.run("/bin/sh", ["-c", "kill -KILL $$"], stopGrace: 1) { nil }
        XCTAssertEqual(outcome.status, 128 + SIGKILL)
        XCTAssertEqual(outcome.exit, "was killed by signal 9 (Killed)")
    }

    /// The signal `stopSignal` returns reaches the child once; a child that ends on it reports it.
    func testTheStopSignalIsSentOnce() throws {
        var asked = 0
        let outcome = try ChildCommand.run("/bin/sleep", ["30"], stopGrace: 1) {
            asked += 1
            return asked >= 2 ? SIGTERM : nil
        }
        XCTAssertEqual(outcome.status, 128 + SIGTERM)
        XCTAssertEqual(outcome.exit, "was killed by signal 15 (Terminated)")
    }
}
