import Foundation
import MediaTestSupport
import SnapshotTesting
import SpruceFilm
import SpruceReviewServer
import SpruceScene
import SpruceSnapshotReview
import SpruceSnapshotTesting
import XCTest

/// `render-gif review --artifacts`: a swift-snapshot-testing artifacts folder's failed film golden listed beside the
/// scenes, its files served by id, accepted into its `__Snapshots__` file through SpruceSnapshotReview.
final class ReviewSnapshotTests: XCTestCase {
    override func tearDown() { unsetenv("SNAPSHOT_ARTIFACTS") }

    /// `render-gif review --artifacts DIR` with no scene path: no scene is played and none is listed.
    func testNoScenePathsMakeAnEmptyCatalogue() throws {
        let catalogue = try ReviewCatalogue(paths: [], goldens: nil)
        XCTAssertTrue(catalogue.items.isEmpty)
        XCTAssertEqual(catalogue.scenesChecked, 0)
        XCTAssertTrue(catalogue.problems.isEmpty)
    }

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
        let running = ServerTask(run: { try await server.run(handlesSignals: false) }, shutdown: { await server.shutdown() })
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
        try await running.stop()
    }

    /// A real failure of each film strategy (`verifySnapshot` under `.filmArtifacts`, a scene's film against the
    /// goldens of its earlier form) accepted through the server: `POST /api/snapshots/ID/accept` writes the
    /// `__Snapshots__` file, and the same assertion then passes without record mode.
    func testRealFilmStrategyFailuresAcceptedThroughTheServerThenPass() async throws {
        let scenes = try ReviewHarness.makeFolder()
        defer { try? FileManager.default.removeItem(at: scenes) }
        let scratch = try Scratch()
        let (artifacts, snapshots) = (scratch.path("artifacts"), scratch.path("__Snapshots__"))
        setenv("SNAPSHOT_ARTIFACTS", artifacts.path, 1)
        let film = try SceneGoldenRun.film(of: scenes.appendingPathComponent("same.json"))
        var later = try SceneGoldenRun.film(of: scenes.appendingPathComponent("slow.json"))
        later.title = film.title
        for name in ["strip", "timing", "motion"] { _ = Self.verify(film, name, snapshots, record: true) }
        for name in ["strip", "timing", "motion"] { XCTAssertNotNil(Self.verify(later, name, snapshots), "\(name) fails before the accept") }

        let server = ReviewServer(catalogue: try ReviewCatalogue(paths: [scenes.path], goldens: nil), artifacts: artifacts, port: 0)
        let running = ServerTask(run: { try await server.run(handlesSignals: false) }, shutdown: { await server.shutdown() })
        let client = try RawHTTP.waiting { server.port }
        let token = [("X-Review-Token", server.token)]
        let rows = try client.get("/api/items", headers: token).json["snapshots"] as? [[String: Any]] ?? []
        XCTAssertEqual(Set(rows.compactMap { $0["kind"] as? String }), ["filmstrip", "timing", "motion"])
        for row in rows {
            let id = try XCTUnwrap(row["id"] as? String)
            let accepted = try client.post("/api/snapshots/\(id)/accept", json: [String: Any](), headers: token)
            XCTAssertEqual(accepted.status, 200, accepted.text)
            XCTAssertEqual(accepted.json["state"] as? String, "accepted", id)
        }
        try await running.stop()
        for name in ["strip", "timing", "motion"] { XCTAssertNil(Self.verify(later, name, snapshots), "\(name) passes after the accept") }
    }

    /// `verifySnapshot` of the strategy `name` (`strip`, `timing`, `motion`) into `snapshots`; the failure message or nil.
    private static func verify(_ film: Film, _ name: String, _ snapshots: URL, record: Bool = false) -> String? {
        withSnapshotTesting(record: record ? .all : .never, diffTool: .filmArtifacts) {
            switch name {
            case "strip": verifySnapshot(of: film, as: Snapshotting<Film, Filmstrip>.filmstrip(at: [0, 0.1, 0.2, 0.4]), named: name, snapshotDirectory: snapshots.path, testName: "film")
            case "timing": verifySnapshot(of: film, as: .timing, named: name, snapshotDirectory: snapshots.path, testName: "film")
            default: verifySnapshot(of: film, as: .motion(every: 0.05), named: name, snapshotDirectory: snapshots.path, testName: "film")
            }
        }
    }
}
