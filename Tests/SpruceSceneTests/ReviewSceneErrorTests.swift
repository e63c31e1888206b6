import Foundation
@testable import SpruceScene
import XCTest

/// Loader messages the format documentation quotes, beyond those in SceneParserTests.
final class ReviewSceneErrorTests: XCTestCase {
    func error(_ text: String, yaml: Bool = false) -> String {
        do {
            let doc = try SceneParser.parse(Data(text.utf8), yaml: yaml)
            _ = try SceneFilm(document: doc, framesPerSecond: doc.timeline.fps ?? 25)
            return "no error"
        } catch { return "\(error)" }
    }

    func testNameAndDescriptionAreText() {
        XCTAssertEqual(error(#"{"name": 5}"#), "name: expected a string, found a number")
        XCTAssertEqual(error(#"{"description": ["a"]}"#), "description: expected a string, found a list")
        XCTAssertEqual(error("name: [grid]", yaml: true), "name: expected a string, found a list")
    }

    func testDocumentedMessages() {
        XCTAssertEqual(error(#"{"choreography": {"target": "nowhere"}}"#), #"choreography.target: no view has the id "nowhere""#)
        XCTAssertEqual(error(#"{"views": [{"id": "a"}], "choreography": {"exclude": ["a", "b"]}}"#),
                       #"choreography.exclude[1]: no view has the id "b""#)
        XCTAssertEqual(error(#"{"timeline": {"fps": 5000}}"#), "timeline.fps: must be 0.1…1000 frames per second, got 5000")
        XCTAssertEqual(error(#"{"timeline": {"fps": 0}}"#), "timeline.fps: must be positive, got 0")
        XCTAssertEqual(error(#"{"choreography": {"ease": "easeOutBounse"}}"#),
                       #"choreography.ease: unknown easing "easeOutBounse", did you mean "easeOutBounce"?"#)
        XCTAssertEqual(error(#"{"choreography": {"weights": ["heavy"]}}"#), "choreography.weights: expected [horizontal, vertical]")
        XCTAssertEqual(error(#"{"choreography": {"weights": ["heavy", "huge"]}}"#),
                       "choreography.weights[1]: expected light, medium, heavy or a non-negative number")
        XCTAssertEqual(error(#"{"choreography": {"from": "middle"}}"#),
                       #"choreography.from: unknown stagger origin "middle"; expected one of: start, center, end, edges, <index>, <x>,<y>"#)
        XCTAssertEqual(error(#"{"choreography": {"animations": ["expand:0"]}}"#), "choreography.animations[0]: expand scale must be positive, got 0")
        XCTAssertEqual(error(#"{"choreography": {"animations": ["spin:a:b"]}}"#), #"choreography.animations[0]: too many parts in "spin:a:b""#)
        XCTAssertEqual(error(#"{"choreography": {"animations": ""}}"#), "choreography.animations: no animations given")
        // An empty list animated nothing and rendered a still film, exit 0.
        XCTAssertEqual(error(#"{"choreography": {"animations": []}}"#), "choreography.animations: no animations given")
        XCTAssertEqual(error(#"{"choreography": {"damping": 0}}"#), "choreography.damping: must be 0.01…100 for a spring, got 0")
        XCTAssertEqual(error(#"{"choreography": {"seed": 1.5}}"#), "choreography.seed: expected a whole number, found 1.5")
        XCTAssertEqual(error(#"{"views": [{"font": {"weight": "heavy"}}]}"#),
                       #"views[0].font.weight: unknown font weight "heavy"; expected one of: regular, bold"#)
        XCTAssertEqual(error(#"{"views": [{"transform": {"scale": [1, 2, 3]}}]}"#), "views[0].transform.scale: expected two numbers, found 3")
        XCTAssertEqual(error(#"{"views": [{"grid": {"columns": 3}}]}"#), "views[0].grid: missing rows")
        XCTAssertEqual(error(#"{"views": [{"image": "a.png"}]}"#), "views[0].image: only views of type image have an image")
        XCTAssertEqual(error(#"{"views": [{"hidden": 1}]}"#), "views[0].hidden: expected true or false, found a number")
        XCTAssertEqual(error(#"{"timeline": {"lead": -1}}"#), "timeline.lead: must not be negative")
    }
}
