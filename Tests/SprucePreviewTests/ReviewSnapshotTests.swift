import Foundation
import SpruceReviewServer
import SpruceSnapshotReview
import XCTest

/// `render-gif review --artifacts`: a swift-snapshot-testing artifacts folder's failed film golden listed beside the
/// scenes, its files served by id, accepted into its `__Snapshots__` file through SpruceSnapshotReview.
final class ReviewSnapshotTests: XCTestCase {
    func testAFailureOfTheArtifactsFolderIsListedServedAndAcceptedIntoItsSnapshotFile() async throws {
        let scenes = try ReviewHarness.makeFolder()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-review-artifacts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scenes); try? FileManager.default.removeItem(at: root) }
        let snapshotFile = root.appendingPathComponent("Tests/__Snapshots__/OnboardingGoldens/onboarding.timing.txt")
        try FileManager.default.createDirectory(at: snapshotFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("old timing\n".utf8).write(to: snapshotFile)
        let artifacts = root.appendingPathComponent("artifacts")
        let failure = artifacts.appendingPathComponent("\(FilmFailures.folderName)/onboarding-timing")
        try FileManager.default.createDirectory(at: failure, withIntermediateDirectories: true)
        try Data("old timing\n".utf8).write(to: failure.appendingPathComponent("expected.txt"))
        try Data("new timing\n".utf8).write(to: failure.appendingPathComponent("actual.txt"))
        let manifest = FilmFailureManifest(kind: "timing", test: "OnboardingGoldens/onboarding", snapshot: snapshotFile.path,
                                           message: "timing.txt differs at line 2", files: .init(expected: "expected.txt", actual: "actual.txt"))
        try manifest.data().write(to: failure.appendingPathComponent(FilmFailureManifest.fileName))

        let server = ReviewServer(catalogue: try ReviewCatalogue(paths: [scenes.path], goldens: nil), artifacts: artifacts, port: 0)
        let task = Task { try await server.run(handlesSignals: false) }
        let client = try RawHTTP.waiting { server.port }
        let token = [("X-Review-Token", server.token)]
        let rows = try client.get("/api/items", headers: token).json["snapshots"] as? [[String: Any]] ?? []
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows.first?["id"] as? String, "onboarding-timing")
        XCTAssertEqual(rows.first?["state"] as? String, "pending")
        XCTAssertEqual(try client.get("/api/snapshots/onboarding-timing/actual", headers: token).text, "new timing\n")
        XCTAssertEqual(try client.get("/api/snapshots/onboarding-timing/expected", headers: token).text, "old timing\n")
        for target in ["/api/snapshots/..%2F..%2Fetc/actual", "/api/snapshots/other/actual", "/api/snapshots/onboarding-timing/manifest.json",
                       "/api/snapshots/onboarding-timing/difference"] {
            XCTAssertEqual(try client.get(target, headers: token).status, 404, target)
        }
        XCTAssertEqual(try client.post("/api/snapshots/onboarding-timing/accept", json: [String: Any]()).status, 403, "no token")
        XCTAssertEqual(try client.post("/api/snapshots/other/accept", json: [String: Any](), headers: token).status, 404)
        XCTAssertEqual(try client.post("/api/snapshots/onboarding-timing/reject", json: [String: Any](), headers: token).json["state"] as? String, "rejected")
        XCTAssertEqual(try String(contentsOf: snapshotFile, encoding: .utf8), "old timing\n", "a reject writes nothing")
        let accepted = try client.post("/api/snapshots/onboarding-timing/accept", json: [String: Any](), headers: token)
        XCTAssertEqual(accepted.status, 200, accepted.text)
        XCTAssertEqual(accepted.json["state"] as? String, "accepted")
        XCTAssertEqual(try String(contentsOf: snapshotFile, encoding: .utf8), "new timing\n")
        await server.shutdown()
        try await task.value
    }
}
