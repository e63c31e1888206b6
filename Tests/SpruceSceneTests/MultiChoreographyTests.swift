import Foundation
import Spruce
import SpruceRender
@testable import SpruceScene
import XCTest

/// Several choreographies at once, the closing fade, negative holds and a fixed film length.
final class MultiChoreographyTests: XCTestCase {
    /// Two screens side by side, each with two cells.
    func scene(_ choreography: String, timeline: String = #"{"fps": 25}"#) throws -> SceneDocument {
        let json = """
        {"canvas": {"width": 200, "height": 100},
         "views": [
           {"id": "a", "frame": [0, 0, 100, 100], "subviews": [
             {"frame": [0, 0, 50, 100], "backgroundColor": "red"}, {"frame": [50, 0, 50, 100], "backgroundColor": "red"}]},
           {"id": "b", "frame": [100, 0, 100, 100], "subviews": [
             {"frame": [0, 0, 100, 50], "backgroundColor": "blue"}, {"frame": [0, 50, 100, 50], "backgroundColor": "blue"}]}],
         "choreography": \(choreography), "timeline": \(timeline)}
        """
        return try SceneParser.parse(Data(json.utf8))
    }

    let two = """
    [{"target": "a", "sort": "linear", "direction": "leftToRight", "delay": 0.1, "animations": "fade-in", "animationDuration": 0.2},
     {"target": "b", "sort": "linear", "direction": "topToBottom", "delay": 0.3, "animations": "fade-in", "animationDuration": 0.2}]
    """

    func testListOfChoreographiesParsesEachWithItsOwnDefaults() throws {
        let doc = try scene(two)
        XCTAssertEqual(doc.choreographies.map(\.target), ["a", "b"])
        XCTAssertEqual(doc.choreographies.map(\.sort), [.linear(direction: .leftToRight, delay: 0.1, reversed: false),
                                                        .linear(direction: .topToBottom, delay: 0.3, reversed: false)])
        XCTAssertEqual(doc.choreography.sort, doc.choreographies[0].sort, "the single-object accessor reads the first")
    }

    func testSingleObjectFormStillWorks() throws {
        let doc = try scene(#"{"target": "b", "sort": "cornered"}"#)
        XCTAssertEqual(doc.choreographies.count, 1)
        XCTAssertEqual(doc.choreography.sort.name, .cornered)
    }

    func testEmptyListAndBadEntriesNameTheirPlace() throws {
        XCTAssertThrowsError(try scene("[]")) { XCTAssertEqual(($0 as? SceneError)?.path, "choreography") }
        XCTAssertThrowsError(try scene(#"[{"target": "a"}, {"sort": "spiral"}]"#)) {
            XCTAssertEqual(($0 as? SceneError)?.path, "choreography[1].sort")
        }
        let doc = try scene(#"[{"target": "a"}, {"target": "nowhere"}]"#)
        XCTAssertThrowsError(try SceneFilm(document: doc, framesPerSecond: 25)) {
            XCTAssertEqual(($0 as? SceneError)?.path, "choreography[1].target")
        }
    }

    func testTracksPlayTogetherAndTheFilmLastsForTheLongest() throws {
        let player = try SceneFilm(document: try scene(two), framesPerSecond: 25)
        XCTAssertEqual(player.tracks.count, 2)
        XCTAssertEqual(player.timings.map(\.start), [0, 0.1, 0, 0.3].map { $0 }, "each track's own sort, both from the in-phase start")
        XCTAssertEqual(player.phases.inEnd - player.phases.animateIn, player.tracks[1].duration, accuracy: 1e-9)
        // Mid-way both screens are drawn; at the start neither is.
        let start = try player.render(at: 0), held = try player.render(at: player.phases.inEnd + 0.1)
        XCTAssertEqual(start.pixel(x: 25, y: 50).r, 255); XCTAssertEqual(start.pixel(x: 25, y: 50).g, 255)
        XCTAssertEqual(held.pixel(x: 25, y: 50).g, 0, "left screen's cell is red")
        XCTAssertEqual(held.pixel(x: 150, y: 75).r, 0, "right screen's lower cell is blue")
    }

    func testOutPhaseMirrorsAcrossTracks() throws {
        let player = try SceneFilm(document: try scene(two), framesPerSecond: 25)
        let out = try XCTUnwrap(player.phases.animateOut)
        // The right screen's lower cell started last (0.3 s), so it leaves first; the others 0.2–0.3 s later.
        let early = try player.render(at: out + 0.19)
        XCTAssertGreaterThan(early.pixel(x: 150, y: 75).r, 230, "the last one in is (nearly) out first")
        XCTAssertEqual(early.pixel(x: 150, y: 25).r, 0, "the first one in of that screen is still there")
        XCTAssertEqual(early.pixel(x: 25, y: 50).g, 0, "so is the left screen's first cell")
    }

    func testFadeLoopFadesEveryViewAtOnceAndEndsEmpty() throws {
        let doc = try scene(two, timeline: #"{"fps": 25, "loop": "in-hold-fade", "hold": 0.1, "fade": 0.4, "lead": 0.2}"#)
        let player = try SceneFilm(document: doc, framesPerSecond: 25)
        let out = try XCTUnwrap(player.phases.animateOut)
        XCTAssertEqual(out, player.phases.inEnd + 0.1, accuracy: 1e-9)
        XCTAssertEqual(player.duration, out + 0.4, accuracy: 1e-9, "no trailing lead: the film starts empty")
        let mid = try player.render(at: out + 0.2)
        let (left, right) = (mid.pixel(x: 25, y: 50), mid.pixel(x: 150, y: 75))
        XCTAssertGreaterThan(left.g, 0); XCTAssertLessThan(left.g, 255, "half faded")
        XCTAssertEqual(Int(left.g), Int(right.r), accuracy: 2, "all views fade together")
        XCTAssertEqual(try player.render(at: player.duration).pixel(x: 25, y: 50).g, 255)
    }

    func testNegativeHoldStartsTheOutPhaseEarlyButNeverBeforeTheInPhase() throws {
        let doc = try scene(two, timeline: #"{"fps": 25, "hold": -0.2}"#)
        let player = try SceneFilm(document: doc, framesPerSecond: 25)
        XCTAssertEqual(try XCTUnwrap(player.phases.animateOut), player.phases.inEnd - 0.2, accuracy: 1e-9)
        let tooEarly = try scene(two, timeline: #"{"fps": 25, "hold": -5}"#)
        XCTAssertThrowsError(try SceneFilm(document: tooEarly, framesPerSecond: 25)) {
            XCTAssertEqual(($0 as? SceneError)?.path, "timeline.hold")
        }
    }

    /// `--print-swift` for several choreographies: one block each, on a variable named after its target.
    func testSwiftCodeHasABlockPerChoreography() throws {
        let code = try scene(two).swiftCode()
        XCTAssertTrue(code.hasPrefix("// Spruce: 2 choreographies, started together."), code)
        XCTAssertTrue(code.contains("// 1 of 2: the subviews of \"a\" (`a`): linear sort, standard animation.\ndo {\n"), code)
        XCTAssertTrue(code.contains("// 2 of 2: the subviews of \"b\" (`b`): linear sort, standard animation.\ndo {\n"), code)
        XCTAssertTrue(code.contains("    a.spruce.animate(animations, animationType: animation, sortFunction: sortFunction)\n}\n"), code)
        XCTAssertTrue(code.hasSuffix("    b.spruce.animate(animations, animationType: animation, sortFunction: sortFunction)\n}\n"), code)
        let root = try scene(#"[{"sort": "radial"}, {"target": "b"}]"#).swiftCode()
        XCTAssertTrue(root.contains("// 1 of 2: the subviews of the root view (`view`): radial sort"), root)
    }

    func testSwiftNamesForIDs() throws {
        XCTAssertEqual(SceneDocument.swiftName(forID: "list-phone-screen"), "listPhoneScreen")
        XCTAssertEqual(SceneDocument.swiftName(forID: "Card_2"), "card2")
        XCTAssertEqual(SceneDocument.swiftName(forID: "2up"), "view2up")
        XCTAssertEqual(SceneDocument.swiftName(forID: "default"), "`default`")
        XCTAssertEqual(SceneDocument.swiftName(forID: "animation"), "animationView", "the block's own `animation` would shadow it")
        XCTAssertEqual(SceneDocument.swiftName(forID: "--"), "view")
        var doc = try scene(#"[{"target": "a"}, {"target": "b"}, {"target": "a"}]"#)
        doc.choreographies[1].target = "A"
        XCTAssertEqual(doc.containerNames(), ["a", "a2", "a"], "two ids, one spelling: numbered; one id, one name")
    }

    func testDurationCutsTheFilm() throws {
        let doc = try scene(two, timeline: #"{"fps": 25, "duration": 0.5}"#)
        let player = try SceneFilm(document: doc, framesPerSecond: 25)
        XCTAssertEqual(player.duration, 0.5)
        XCTAssertEqual(player.frameCount, 13)
        XCTAssertThrowsError(try scene(two, timeline: #"{"duration": 0}"#)) {
            XCTAssertEqual(($0 as? SceneError)?.path, "timeline.duration")
        }
    }
}
