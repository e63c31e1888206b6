import Foundation
import Spruce
import SpruceScene
import SpruceFuzzTargets
import XCTest
import Advance

/// Inputs the fuzzers (`make fuzz`) found or that guard their hostile cases, replayed in every `swift test`:
/// `Fuzz/regressions/TARGET` through that target's own entry (`FuzzTarget.run`, which traps on a broken invariant),
/// and the scene inputs' answers one by one.
final class FuzzRegressionTests: XCTestCase {
    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/regressions")
    static let folder = regressions.appendingPathComponent("scene")

    func testEveryTargetsRegressionInputsPassItsChecks() throws {
        for target in FuzzTarget.allCases {
            let folder = Self.regressions.appendingPathComponent(target.rawValue)
            let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
            for file in files { target.run(try Data(contentsOf: file)) }
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.regressions.path)
        XCTAssertEqual(Set(folders).subtracting(FuzzTarget.allCases.map(\.rawValue)), [], "a regressions folder no target reads")
    }

    func testEveryRegressionInputIsAnsweredWithoutATrap() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.folder, includingPropertiesForKeys: nil)
        XCTAssertGreaterThanOrEqual(files.count, 6)
        var refused: [String: String] = [:]
        for file in files {
            let data = try Data(contentsOf: file)
            do {
                let document = try SceneParser.parse(data, yaml: ["yaml", "yml"].contains(file.pathExtension))
                _ = try SceneFilm(document: document, framesPerSecond: 25).frameCount
            } catch let e as SceneError {
                refused[file.lastPathComponent] = e.message
            }
        }
        XCTAssertEqual(refused["alias-bomb.yaml"], "the document holds more than 200000 values (at most 10000 views; or aliases repeated inside aliases?)")
        XCTAssertEqual(refused["deep-5000.json"], "nesting deeper than 64 levels (line 1, column 73)")
        XCTAssertEqual(refused["deep-5000.yaml"], "nesting deeper than 64 levels (line 1)")
        XCTAssertEqual(refused["duplicate-keys.yaml"], "duplicate key \"name\" at line 3, column 1 (first at line 1, column 1)")
        // Found as a film 1.5e299 s long; its curve's y of ±1e300 is now refused first (y within ±1000).
        XCTAssertEqual(refused["film-1e299-seconds.json"]?.hasPrefix("cubic-bezier(x1,y1,x2,y2) needs four numbers"), true)
        XCTAssertNil(refused["leak-probe-loop-never-advanced.json"])
        XCTAssertNil(refused["grid-in-view-without-frame.yaml"])
    }

    /// The fuzzer found a grid in a view without a frame (YAML read the frame line as a comment): its inset made
    /// `CGRect.insetBy` return the null rect, every tile got an infinite position and `--timing` trapped
    /// encoding NaN. The tiles now sit in an empty inner rect, at finite places.
    func testAGridWhoseInsetExceedsItsViewHasFinitePositions() throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("grid-in-view-without-frame.yaml"))
        let player = try SceneFilm(document: try SceneParser.parse(data, yaml: true), framesPerSecond: 25)
        XCTAssertEqual(player.timings.count, 2500)
        XCTAssertTrue(player.timings.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        let json = try JSONSerialization.jsonObject(with: player.timingJSON()) as? [String: Any]
        XCTAssertEqual((json?["views"] as? [Any])?.count, 2500)
    }

    /// The fuzzer's leak check found the measuring dry run's loop kept alive by its own scheduled callbacks
    /// (loop → callback → loop) whenever it was never advanced; a scheduled animation must not own its loop.
    func testALoopThatIsNeverAdvancedIsReleasedWithItsViews() {
        weak var weakLoop: Loop?
        weak var weakView: View?
        do {
            let loop = Loop(framesPerSecond: 60)
            let parent = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let child = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            parent.addSubview(child)
            loop.makeCurrent {
                _ = parent.spruce.animate(withSortFunction: LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.1),
                                          prepare: nil, animation: StandardAnimation(duration: 0.3, changes: { $0.alpha = 0 }),
                                          exclude: [], recursiveDepth: 0)
            }
            (weakLoop, weakView) = (loop, child)
        }
        XCTAssertNil(weakLoop, "the loop outlived its last reference")
        XCTAssertNil(weakView, "the animated view outlived its loop")
    }
}
