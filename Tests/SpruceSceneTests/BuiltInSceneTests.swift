import Foundation
import SnapshotTesting
import Spruce
import SpruceRender
@testable import SpruceScene
import SpruceSnapshotTesting
import XCTest

/// Every scene file shipped in fixtures/scenes plays sensibly, and two mock-ups look as recorded.
final class BuiltInSceneTests: XCTestCase {
    /// fixtures/scenes/*.json and fixtures/scenes/gifs/*.json, sorted by path.
    func builtInSceneFiles() throws -> [URL] {
        let root = repositoryFixtures.appendingPathComponent("scenes")
        var files: [URL] = []
        for folder in [root, root.appendingPathComponent("gifs")] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            files += names.filter { $0.hasSuffix(".json") }.map { folder.appendingPathComponent($0) }
        }
        return files.sorted { $0.path < $1.path }
    }

    func testTheMockUpsAndEveryReadmeGifHaveASceneFile() throws {
        let names = Set(try builtInSceneFiles().map { $0.deletingPathExtension().lastPathComponent })
        let expected = ["grid", "list", "collection", "phones"]
            + ["continuous", "cornered", "inline", "linear", "radial", "random", "weighted-continuous"].map { "\($0)-sort-function" }
        XCTAssertEqual(names, Set(expected))
    }

    func testEveryBuiltInScenePlaysWithSaneTimings() throws {
        for url in try builtInSceneFiles() {
            let name = url.lastPathComponent
            let player = try SceneFilm(document: SceneParser.load(contentsOf: url), framesPerSecond: 25)
            let root = player.builder.makeRoot()
            for track in player.tracks {
                let (target, excluded) = try SceneFilm.resolve(track.spec, in: root)
                let animated = SpruceUIView.subviews(of: target, recursiveDepth: track.spec.recursiveDepth)
                    .filter { s in !excluded.contains { $0 === s.view } }
                XCTAssertFalse(animated.isEmpty, "\(name): \(track.spec.target ?? "root") has views to animate")
                XCTAssertEqual(track.timings.count, animated.count, "\(name): every view of \(track.spec.target ?? "root") animates")
                for t in track.timings {
                    XCTAssertGreaterThanOrEqual(t.start, 0, name)
                    XCTAssertGreaterThan(t.end - t.start, 0, "\(name): positive duration")
                }
            }
            let p = player.phases
            XCTAssertGreaterThanOrEqual(p.animateIn, 0, name)
            XCTAssertGreaterThan(p.inEnd, p.animateIn, name)
            XCTAssertGreaterThan(p.end, p.animateIn, name)
            XCTAssertEqual(player.frameCount, Int((p.end * 25).rounded(.up)), name)
            if let out = p.animateOut {
                XCTAssertGreaterThan(out, p.animateIn, "\(name): out after in")
                XCTAssertLessThan(out, p.end, "\(name): the out-phase is part of the film")
            }
            try assertOutPhaseMirrorsInPhase(player, name: name)
        }
    }

    /// Reversed order out: a view's out offset plus its in start is the same for every view of the film.
    func assertOutPhaseMirrorsInPhase(_ player: SceneFilm, name: String) throws {
        guard player.document.timeline.loop == .inHoldOut || player.document.timeline.loop == .inOut else { return }
        let last = player.tracks.flatMap { $0.startsByWalkIndex.values }.max() ?? 0
        let root = player.builder.makeRoot()
        for track in player.tracks {
            let (target, _) = try SceneFilm.resolve(track.spec, in: root)
            let depth = track.spec.recursiveDepth
            let inOffsets = track.sortFunction.timeOffsets(view: target, recursiveDepth: depth)
            let outOffsets = MirroredSortFunction(startsByWalkIndex: track.startsByWalkIndex, lastStart: last)
                .timeOffsets(view: target, recursiveDepth: depth)
            XCTAssertEqual(outOffsets.count, inOffsets.count, name)
            for o in outOffsets {
                let i = try XCTUnwrap(inOffsets.first { $0.spruceView === o.spruceView }, name)
                XCTAssertEqual(o.timeOffset + i.timeOffset, last, accuracy: 1e-9, "\(name): out mirrors in")
            }
        }
    }

    func testPhonesMidAnimation() throws {
        // 0.7 s: the list is in, the detail screen is at its cards, the grid is at its third diagonal.
        try assertSceneGolden("phones", at: 0.7, named: "phones-0-70s")
    }

    func testListMidAnimation() throws {
        // 0.35 s: the first rows have overshot to the left, the lower ones are still sliding in from the right.
        try assertSceneGolden("list", at: 0.35, named: "list-0-35s")
    }

    func assertSceneGolden(_ scene: String, at time: Double, named name: String,
                           file: StaticString = #filePath, testName: String = #function, line: UInt = #line) throws {
        let player = try SceneFilm(document: builtInScene(scene), framesPerSecond: 25)
        let bitmap = try player.render(at: time)
        let failure = verifySnapshot(
            of: bitmap, as: .image, named: name,
            snapshotDirectory: repositoryFixtures.appendingPathComponent("snapshots/SpruceScene").path,
            file: file, testName: testName, line: line)
        if let failure { XCTFail(failure, file: file, line: line) }
    }
}
