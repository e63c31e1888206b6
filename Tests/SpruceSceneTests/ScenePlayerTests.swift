import Advance
import Foundation
import Spruce
import SpruceRender
@testable import SpruceScene
import XCTest

let repositoryFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fixtures")

func builtInScene(_ name: String) throws -> SceneDocument {
    try SceneParser.load(contentsOf: repositoryFixtures.appendingPathComponent("scenes/\(name).json"))
}

final class ScenePlayerTests: XCTestCase {
    func testGridSceneTimeline() throws {
        let player = try ScenePlayer(document: builtInScene("grid"), framesPerSecond: 25)
        XCTAssertEqual(player.timings.count, 49)
        XCTAssertEqual(player.timings.first?.start, 0)
        XCTAssertEqual(player.timings.last?.start ?? 0, 12 * 0.025, accuracy: 1e-9, "13 Manhattan levels on a 7×7 grid")
        XCTAssertNotNil(player.phases.animateOut)
        XCTAssertGreaterThan(player.frameCount, 25)
        let first = try player.render(at: 0), middle = try player.render(at: player.phases.inEnd + 0.1)
        XCTAssertEqual(first.pixel(x: 46, y: 46).g, 255, "prepared: the screen starts empty")
        XCTAssertEqual(middle.pixel(x: 46, y: 46).g, 0xF0, "held: every tile shows")
        let last = try player.render(at: player.duration)
        XCTAssertEqual(last.pixel(x: 46, y: 46).g, 255, "animated out again: the film loops")
    }
}
