import FilmSnapshots
import Foundation
import SpruceSnapshotTesting
import SpruceVideo
import XCTest

final class OnboardingFilmTests: XCTestCase {
    /// A failure's files in SNAPSHOT_ARTIFACTS name the `__Snapshots__` file they were compared with, so
    /// `render-gif review --artifacts` can accept them.
    override func invokeTest() {
        withSnapshotTesting(diffTool: .filmArtifacts) { super.invokeTest() }
    }

    func testOnboardingOverTime() throws {
        let film = try Onboarding.film()
        assertSnapshot(of: film, as: .filmstrip(every: 0.15))
        assertSnapshot(of: film, as: .timing)
        assertSnapshot(of: film, as: .motion(every: 0.05))
        assertSnapshots(of: film, as: .frames(at: [0.2, 0.5]))
    }

    /// The strategies are not decoration: a softer spring fails the motion golden, naming a card.
    func testAChangedSpringFails() throws {
        let golden = try Onboarding.film().motionReport(every: 0.05)
        let changed = try Onboarding.film(damping: 0.65).motionReport(every: 0.05)
        let message = try XCTUnwrap(MotionGolden().compare(expected: golden, actual: changed))
        XCTAssertTrue(message.contains("card-"), message)
    }

    func testTheFilmWritesAGIF() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("onboarding-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: url) }
        try Onboarding.film().write(to: url)
        XCTAssertGreaterThan(try Data(contentsOf: url).count, 1000)
    }
}
