import Foundation
import SpruceFilm
import SpruceRender
import SpruceScene
import XCTest

/// The review of a goldens check: its items worst first, their verdicts and ids, and accept and reject on real files.
final class GoldenReviewTests: XCTestCase {
    static func scene(color: String = "#A9F0B4", duration: Double = 0.1) -> String {
        """
        {"canvas": {"width": 40, "height": 40, "background": "#FFFFFF"},
         "views": [{"id": "card", "frame": [5, 5, 30, 30], "backgroundColor": "\(color)"}],
         "choreography": {"sort": "linear", "animationDuration": \(duration), "delay": 0.02}, "timeline": {"hold": 0}}
        """
    }

    /// A scratch folder with `scenes/a.json` and `scenes/b.json`, their goldens recorded, then `a` slower (every kind
    /// differs) and `b` recoloured (only the filmstrip differs).
    func changedScenes() throws -> (folder: URL, run: SceneGoldenRun) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-review-\(UUID().uuidString)")
        let scenes = folder.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for name in ["a", "b"] { try Data(Self.scene().utf8).write(to: scenes.appendingPathComponent("\(name).json")) }
        var run = SceneGoldenRun(paths: [scenes.path])
        run.threads = 1
        run.recording = true
        XCTAssertNil(try run.run().failure)
        run.recording = false
        try Data(Self.scene(duration: 0.2).utf8).write(to: scenes.appendingPathComponent("a.json"))
        try Data(Self.scene(color: "#F0A9B4").utf8).write(to: scenes.appendingPathComponent("b.json"))
        return (folder, run)
    }

    /// Every file under `folder` (hidden ones too) with its bytes.
    static func files(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(path)
            if FileKind.of(url.path) == .regular { out[path] = try Data(contentsOf: url) }
        }
        return out
    }

    func testItemsAreWorstFirstWithTheirVerdicts() throws {
        let (_, run) = try changedScenes()
        let review = GoldenReview(try run.run())
        XCTAssertEqual(review.items.map(\.name), ["a", "b"], "three kinds differ before one")
        let a = review.items[0], b = review.items[1]
        XCTAssertEqual(a.verdicts.map(\.kind), ["filmstrip", "timing", "motion"])
        XCTAssertEqual(a.differingKinds, ["filmstrip", "timing", "motion"])
        XCTAssertEqual(b.differingKinds, ["filmstrip"])
        XCTAssertEqual(b.verdicts.map(\.state), [.differs, .matches, .matches])
        XCTAssertEqual(a.sampleTimes.count, 8)
        XCTAssertNotNil(b.firstDifference)
        XCTAssertTrue(b.sampleTimes.contains(b.firstDifference!), "the first differing time is a sampled frame")
        XCTAssertNil(b.artifacts.expected, "a check without a report makes no pictures")
        XCTAssertEqual(a.id, "a")
        XCTAssertEqual(review.item(id: "b")?.name, "b")
        XCTAssertNil(review.item(id: "../b"))
        XCTAssertNil(review.item(id: b.scene.path), "an id is not a path")
    }

    /// Accepting one of two changed scenes: the next check passes it and still fails the other, the files written are
    /// what --record writes, and every other file in the folder is byte for byte as it was.
    func testAcceptOneOfTwoChangedScenes() throws {
        let (folder, run) = try changedScenes()
        var review = GoldenReview(try run.run())
        let before = try Self.files(folder)
        let written = try review.accept(id: "a")
        XCTAssertEqual(written, ["a.filmstrip.png", "a.timing.txt", "a.motion.txt"])
        XCTAssertEqual(review.item(id: "a")?.decision, .accepted(["filmstrip", "motion", "timing"]))
        var after = try Self.files(folder)
        for name in written { after["scenes/goldens/\(name)"] = before["scenes/goldens/\(name)"] }
        XCTAssertEqual(after, before, "nothing but the accepted goldens changed, and no temporary is left")

        let checked = try run.run()
        XCTAssertEqual(checked.failed.map(\.name), ["b"])
        // The same bytes --record writes.
        let accepted = try Self.files(folder.appendingPathComponent("scenes/goldens"))
        var record = run
        record.recording = true
        XCTAssertEqual(try record.run().outcomes.map(\.recorded), [[], ["b.filmstrip.png"]])
        let recorded = try Self.files(folder.appendingPathComponent("scenes/goldens"))
        for name in written { XCTAssertEqual(recorded[name], accepted[name], name) }
    }

    func testAcceptOneKindAndReject() throws {
        let (folder, run) = try changedScenes()
        var review = GoldenReview(try run.run())
        let goldens = folder.appendingPathComponent("scenes/goldens")
        let before = try Self.files(goldens)
        try review.reject(id: "a")
        XCTAssertEqual(review.item(id: "a")?.decision, .rejected)
        XCTAssertEqual(try Self.files(goldens), before, "a rejection writes nothing")

        XCTAssertEqual(try review.accept(id: "a", kinds: ["timing"]), ["a.timing.txt"])
        XCTAssertEqual(review.item(id: "a")?.decision, .accepted(["timing"]))
        let outcome = try run.run().outcomes[0]
        XCTAssertEqual(outcome.verdicts.map(\.state), [.differs, .matches, .differs])

        XCTAssertThrowsError(try review.accept(id: "a", kinds: ["sound"])) { error in
            XCTAssertEqual(error as? GoldenReviewError, .noSuchKind("sound", item: "a", kinds: ["filmstrip", "timing", "motion"]))
        }
        XCTAssertThrowsError(try review.accept(id: "c")) { XCTAssertEqual($0 as? GoldenReviewError, .noSuchItem("c")) }
        // Stopped before the rename: the goldens are as they were and no temporary is left.
        let kept = try Self.files(goldens)
        XCTAssertThrowsError(try review.accept(id: "b") { throw RenderCancelled() })
        XCTAssertEqual(try Self.files(goldens), kept)
    }

    /// A scene name that is not plain text gets an id of its own that holds no path.
    func testIdsOfNamesThatAreNotPlain() throws {
        var outcome = FilmGoldens.Outcome(name: "onboarding/intro")
        outcome.failures = ["x"]
        var summary = SceneGoldenRun.Summary(outcomes: [outcome], recording: false)
        summary.scenes = [(URL(fileURLWithPath: "/s/onboarding/intro.json"), URL(fileURLWithPath: "/s/onboarding/goldens"))]
        let item = try XCTUnwrap(GoldenReview(summary).items.first)
        XCTAssertTrue(item.id.hasPrefix("scene."), item.id)
        XCTAssertEqual(item.id.count, 22)
        XCTAssertFalse(item.id.contains("/"))
        XCTAssertEqual(item.error, "x", "a scene without verdicts could not be played")
        var review = GoldenReview(summary)
        XCTAssertThrowsError(try review.accept(id: item.id)) { XCTAssertEqual($0 as? GoldenReviewError, .notPlayed("onboarding/intro")) }
        XCTAssertEqual(review.item(id: item.id)?.decision, nil)
    }
}
