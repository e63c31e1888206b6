import Advance
import Foundation
import Spruce
import SpruceRender
@testable import SpruceScene
import SpruceVideo
import XCTest

let repositoryFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fixtures")

func builtInScene(_ name: String) throws -> SceneDocument {
    try SceneParser.load(contentsOf: repositoryFixtures.appendingPathComponent("scenes/\(name).json"))
}

final class SceneFilmTests: XCTestCase {
    func testGridSceneTimeline() throws {
        let player = try SceneFilm(document: builtInScene("grid"), framesPerSecond: 25)
        XCTAssertEqual(player.timings.count, 49)
        XCTAssertEqual(player.timings.first?.start, 0)
        XCTAssertEqual(player.timings.last?.start ?? 0, 12 * 0.025, accuracy: 1e-9, "13 Manhattan levels on a 7×7 grid")
        XCTAssertNil(player.phases.animateOut)
        let from = try XCTUnwrap(player.phases.reverseFrom, "the README gifs play the entrance backwards")
        XCTAssertEqual(from, player.phases.inEnd, accuracy: 1e-12, "grid.json holds 0 s")
        XCTAssertEqual(player.sceneTime(at: from + 0.2), from - 0.2, accuracy: 1e-12)
        XCTAssertEqual(player.duration, 2 * from, accuracy: 1e-12)
        XCTAssertGreaterThan(player.frameCount, 25)
        let first = try player.render(at: 0), middle = try player.render(at: player.phases.inEnd + 0.1)
        XCTAssertEqual(first.pixel(x: 46, y: 46).g, 255, "prepared: the screen starts empty")
        XCTAssertEqual(middle.pixel(x: 46, y: 46).g, 0xF0, "held: every tile shows")
        let last = try player.render(at: player.duration)
        XCTAssertEqual(last.pixel(x: 46, y: 46).g, 255, "animated out again: the film loops")
        XCTAssertEqual(try player.render(at: from + 0.3), try player.render(at: from - 0.3),
                       "a reversed frame is the entrance's frame at the mirrored time")
    }

    /// The frame source reaches reversed frames by rebuilding and replaying, the same on every cursor.
    func testReversedFramesFromTheFrameSource() throws {
        var doc = try builtInScene("grid")
        doc.canvas.scale = 0.25
        let player = try SceneFilm(document: doc, framesPerSecond: 25)
        let source = try player.frameSource()
        let format = source.format
        func frames(_ indices: [Int]) throws -> [[UInt8]] {
            let cursor = try source.makeCursor()
            return try indices.map { i in
                var buffer = [UInt8](repeating: 0, count: format.bytesPerFrame)
                try buffer.withUnsafeMutableBytes { try cursor.draw(frame: i, into: $0) }
                return buffer
            }
        }
        let n = format.frameCount
        let all = try frames(Array(0..<n))
        let odd = try frames(Array(stride(from: 1, to: n, by: 2)))
        XCTAssertEqual(odd, stride(from: 1, to: n, by: 2).map { all[$0] }, "skipping frames changes nothing")
        let expected = try player.render(at: Double(n - 3) / 25)
        let bitmap = try Bitmap(width: format.width, height: format.height)
        bitmap.withUnsafeMutableBytes { $0.copyBytes(from: all[n - 3]) }
        XCTAssertEqual(bitmap, expected)
    }

    func testOutStyleAnimatesViewsBackOut() throws {
        var doc = try builtInScene("grid")
        doc.timeline.loop = .inHoldOut
        let player = try SceneFilm(document: doc, framesPerSecond: 25)
        let out = try XCTUnwrap(player.phases.animateOut)
        XCTAssertNil(player.phases.reverseFrom)
        XCTAssertEqual(try player.render(at: player.duration).pixel(x: 46, y: 46).g, 255)
        XCTAssertEqual(try player.render(at: out).pixel(x: 46, y: 46).g, 0xF0)
    }

    /// `render(at:cancellation:)` steps frame by frame to check for Ctrl-C; the picture is the one a single
    /// `advance(to:)` gives, between frames too. A cancelled render throws instead of drawing.
    func testCancellableRenderDrawsTheSamePicture() throws {
        var doc = try builtInScene("grid")
        doc.canvas.scale = 0.25
        let player = try SceneFilm(document: doc, framesPerSecond: 25)
        for time in [0, 0.43, player.phases.inEnd, player.duration - 0.01] {
            let loop = Loop(framesPerSecond: 25)
            let root = try player.film.makeScene(on: loop)
            loop.makeCurrent { loop.advance(to: player.sceneTime(at: time)) }
            let expected = try player.makeRenderer().render(root)
            XCTAssertEqual(try player.render(at: time, cancellation: RenderCancellation()), expected, "at \(time)")
        }
        let cancelled = RenderCancellation()
        cancelled.cancel()
        XCTAssertThrowsError(try player.render(at: 0.43, cancellation: cancelled)) {
            guard $0 is RenderCancelled else { return XCTFail("\($0)") }
        }
    }
}
