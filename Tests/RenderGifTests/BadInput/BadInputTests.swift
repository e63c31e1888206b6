import XCTest

/// The bad-input table, one test per group so a failure points at its group. Each group lives in its
/// own `BadInputCases+<Group>.swift`; add a group by adding a file and a line here.
final class BadInputTests: XCTestCase {
    func testFlags() { BadInputRunner.run(BadInputCases.flags) }
    func testPaths() { BadInputRunner.run(BadInputCases.paths) }
    func testFFmpegFaults() { BadInputRunner.run(BadInputCases.ffmpegFaults) }
    func testSignals() { BadInputRunner.run(BadInputCases.signals) }
    func testCrashes() { BadInputRunner.run(BadInputCases.crashes) }
    func testStreams() { BadInputRunner.run(BadInputCases.streams) }
    func testInputs() { BadInputRunner.run(BadInputCases.inputs) }
    func testMessages() { BadInputRunner.run(BadInputCases.messages) }
    func testLimits() { BadInputRunner.run(BadInputCases.limits) }
    func testHostileScenes() { BadInputRunner.run(BadInputCases.hostileScenes) }
    func testStandardOutput() { BadInputRunner.run(BadInputCases.standardOutput) }
    func testFileText() { BadInputRunner.run(BadInputCases.fileText) }
    func testParts() { BadInputRunner.run(BadInputCases.parts) }
    func testHardLinks() { BadInputRunner.run(BadInputCases.hardLinks) }
    func testTemporaryFolder() { BadInputRunner.run(BadInputCases.temporaryFolder) }
    func testReview() { BadInputRunner.run(BadInputCases.review) }
    func testEnvironment() { BadInputRunner.run(BadInputCases.environment) }
    func testProgramSearch() { BadInputRunner.run(BadInputCases.programSearch) }
    func testGifsicleFaults() { BadInputRunner.run(BadInputCases.gifsicleFaults) }

    /// The table is as large as promised; the groups below are counted by `BadInputCases.all`.
    func testCaseCount() {
        print("bad-input cases: \(BadInputCases.all.count)")
        XCTAssertGreaterThanOrEqual(BadInputCases.all.count, 150)
    }
}

enum BadInputCases {
    static var all: [BadInputCase] {
        flags + paths + ffmpegFaults + signals + crashes + streams + inputs + messages + limits + hostileScenes + standardOutput + fileText + parts
            + hardLinks + temporaryFolder + review + environment + programSearch + gifsicleFaults
    }
}
