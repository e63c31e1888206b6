import Foundation
import Spruce
@testable import SpruceScene
import XCTest

/// The timing chart and export show when each view really stops in the film: the frame on which its
/// spring comes to rest under Advance's frame-end rule, not the nominal duration.
final class TimingMatchesFilmTests: XCTestCase {
    /// Plays the film's in-phase frame by frame and notes the last frame on which each view changed.
    func lastChange(_ player: SceneFilm) throws -> [String: Double] {
        let loop = Loop(framesPerSecond: player.framesPerSecond)
        let root = try player.film.makeScene(on: loop)
        var views: [String: View] = [:]
        func walk(_ v: View) { if let id = v.id { views[id] = v }; v.subviews.forEach(walk) }
        walk(root)
        func state(_ v: View) -> [Double] {
            let t = v.transform
            return [Double(v.alpha), Double(t.a), Double(t.b), Double(t.c), Double(t.d), Double(t.tx), Double(t.ty),
                    Double(v.center.x), Double(v.center.y)]
        }
        var last: [String: [Double]] = views.mapValues(state)
        var changed: [String: Double] = [:]
        let frames = Int((player.phases.inEnd * player.framesPerSecond).rounded(.up)) + 3
        try loop.makeCurrent {
            for _ in 0..<frames {
                loop.advance()
                for (id, v) in views where state(v) != last[id] {
                    last[id] = state(v)
                    changed[id] = loop.time
                }
            }
            _ = try XCTUnwrap(changed.first)
        }
        return changed
    }

    func assertTimingsMatchFilm(_ file: String, fps: Double? = nil, line: UInt = #line) throws {
        let player = try examplePlayer(file, fps: fps)
        let stops = try lastChange(player)
        var springEndsDiffer = false
        for t in player.timings where t.view.first?.isNumber == false {
            let stop = try XCTUnwrap(stops[t.view], "\(file): \(t.view) never moved", line: line)
            XCTAssertEqual(player.phases.animateIn + t.end, stop, accuracy: 1e-9, "\(file) at \(player.framesPerSecond) fps: \(t.view)", line: line)
            if abs((t.end - t.start) - (player.timings[0].end - player.timings[0].start)) > 1e-9 { springEndsDiffer = true }
        }
        XCTAssertTrue(springEndsDiffer, "\(file): springs starting at different phases of a frame rest after different times", line: line)
    }

    func testGridTimingsAreTheFilmsRestFrames() throws {
        try assertTimingsMatchFilm("grid.json")
        try assertTimingsMatchFilm("grid.json", fps: 60)
    }

    /// A lead of 0.1 s, which is not a whole number of 25 fps frames.
    func testProfileTimingsAreTheFilmsRestFrames() throws {
        try assertTimingsMatchFilm("examples/profile.yaml")
        try assertTimingsMatchFilm("examples/profile.yaml", fps: 30)
    }
}
