import Foundation
import Spruce
import SpruceFilm
@testable import SpruceScene
import XCTest

/// The recipe: one check of every override, one damping range for every front end, typed choices.
final class FilmRecipeTests: XCTestCase {
    func testValidateReturnsEveryProblemWithItsFieldAndRange() {
        var o = FilmOverrides()
        o.set(.delay(1e300))
        (o.damping, o.rows, o.fps) = (0, 0, 5000)
        let problems = FilmRecipe(scene: SceneDocument(), overrides: o).validate()
        XCTAssertEqual(problems.map(\.key), ["delay", "damping", "rows", "fps"])
        XCTAssertEqual(problems.map(\.range), ["0…3600 seconds", "0.01…100", "1…1000", "0.1…1000 frames per second"])
        XCTAssertEqual(problems[1].message, "must be 0.01…100 for a spring, got 0")
    }

    func testValidateFindsTheProblemsOfTheSceneTheOverridesMake() throws {
        var scene = SceneDocument()
        scene.views = [ViewSpec()]
        var o = FilmOverrides()
        (o.rows, o.animation, o.damping, o.animationDuration) = (3, .spring, 16, 0.5)
        let problems = FilmRecipe(scene: scene, overrides: o, sceneName: "plain").validate()
        XCTAssertEqual(problems.map(\.key), ["rows/columns", "animationDuration"])
        XCTAssertEqual(problems[0].message, "the scene \"plain\" has no grid; they apply to scenes with a grid, such as grid")
        XCTAssertThrowsError(try FilmRecipe(scene: scene, overrides: o).document())
        XCTAssertEqual(try FilmRecipe(scene: scene).document().choreography, scene.choreography, "no overrides, the scene as it is")
    }

    /// One range, the scene format's (docs/SceneFormat.md): UIKit's damping ratio, 1 = no overshoot, above 1 overdamped.
    /// A scene file, the recipe's overrides and the preview form refuse and take the same values.
    func testOneDampingRangeForSceneFilesAndOverrides() throws {
        for (damping, valid) in [(0.0, false), (0.005, false), (0.01, true), (0.5, true), (3.0, true), (100.0, true), (101.0, false)] {
            var o = FilmOverrides()
            o.damping = damping
            XCTAssertEqual(FilmRecipe(scene: SceneDocument(), overrides: o).validate().isEmpty, valid, "override \(damping)")
            let parsed = Result { try SceneParser.parse(Data(#"{"choreography": {"damping": \#(damping)}}"#.utf8)) }
            XCTAssertEqual((try? parsed.get()) != nil, valid, "scene file \(damping)")
        }
        XCTAssertThrowsError(try SceneParser.parse(Data(#"{"choreography": {"damping": 0}}"#.utf8))) {
            XCTAssertEqual("\($0)", "choreography.damping: must be 0.01…100 for a spring, got 0")
        }
    }

    func testTypedChoicesReadFromSceneFiles() throws {
        let doc = try SceneParser.parse(Data(#"""
            {"choreography": {"sort": "stagger", "from": "12.5, -3", "axis": "y", "ease": "easeIn",
                              "corner": "bottomRight", "position": "topMiddle", "direction": "rightToLeft"}}
            """#.utf8))
        let c = doc.choreography
        XCTAssertEqual(c.sort, .stagger(timing: .each(0.05), from: .point(x: 12.5, y: -3), axis: .y, reversed: false))
        XCTAssertEqual(StaggerOrigin.point(x: 12.5, y: -3).text, "12.5,-3")
        XCTAssertEqual(c.ease?.name, "easeIn")
        XCTAssertEqual(c.otherSortParameters, [.corner(.bottomRight), .position(.topMiddle), .direction(.rightToLeft)],
                       "kept for a sort that takes them")
        XCTAssertEqual(StaggerOrigin(text: "7"), .index(7))
        XCTAssertNil(StaggerOrigin(text: "-1"))
        XCTAssertNil(SortEase(name: "easeOutBounse"))
        XCTAssertEqual(Corner.names, ["topLeft", "topRight", "bottomLeft", "bottomRight"])
    }

    func testOverridesChangeOnlyWhatTheyName() throws {
        var scene = SceneDocument()
        scene.views = [ViewSpec()]
        scene.views[0].frame = CGRect(x: 0, y: 0, width: 464, height: 464)
        var o = FilmOverrides()
        (o.sort, o.size, o.hold, o.background) = (.cornered, CGSize(width: 200, height: 100), -0.2, .transparent)
        o.set(.corner(.bottomLeft))
        let doc = try FilmRecipe(scene: scene, overrides: o).document()
        XCTAssertEqual(scene.choreography.sort, .linear(direction: .topToBottom, delay: 0.05, reversed: false))
        XCTAssertEqual(doc.choreography.sort, .cornered(corner: .bottomLeft, delay: 0.05, reversed: false), "the scene's delay kept")
        XCTAssertEqual(doc.views[0].frame, CGRect(x: 0, y: 0, width: 200, height: 100), "a view that filled the canvas fills the new one")
        XCTAssertEqual([doc.canvas.width, doc.canvas.height, doc.timeline.hold], [200, 100, -0.2])
        XCTAssertNil(doc.canvas.background)
    }

    func testFrameRatePolicyAndItsOrder() {
        var scene = SceneDocument()
        XCTAssertEqual(FilmRecipe(scene: scene).framesPerSecond(.video), 60)
        XCTAssertEqual(FilmRecipe(scene: scene).framesPerSecond(.animatedImage), 50)
        XCTAssertEqual(FilmRecipe(scene: scene).framesPerSecond(.comparison), 50)
        XCTAssertEqual(FilmRecipe(scene: scene).framesPerSecond(.golden), 25)
        scene.timeline.fps = 30
        XCTAssertEqual(FilmRecipe(scene: scene).framesPerSecond(.animatedImage), 30, "the scene's rate before the default")
        var o = FilmOverrides()
        o.fps = 20
        XCTAssertEqual(FilmRecipe(scene: scene, overrides: o).framesPerSecond(.video), 20, "the user's before the scene's")
    }

    /// A film that cannot be made is the held time's override, the scene's own mistake, or the overrides' with the
    /// scene: the timeline is the scene's only while nothing changed the timing.
    func testTheCauseOfAFilmThatCannotBeMade() {
        let hold = SceneError("timeline.hold", "reaches back"), timeline = SceneError("timeline", "too long")
        var o = FilmOverrides()
        XCTAssertEqual(o.cause(of: hold), .scene)
        XCTAssertEqual(o.cause(of: timeline), .scene)
        XCTAssertEqual(o.cause(of: timeline, timingChangedElsewhere: true), .overrides)
        XCTAssertEqual(o.cause(of: SceneError("views[2]", "no finite position")), .scene)
        XCTAssertEqual(o.cause(of: SceneError("choreography.exclude[0]", "no view")), .scene)
        XCTAssertEqual(o.cause(of: SceneError("choreography.target", "no view")), .scene)
        o.exclude = ["x"]
        XCTAssertEqual(o.cause(of: SceneError("choreography.exclude[0]", "no view")), .overrides)
        o = FilmOverrides()
        o.set(.delay(1))
        XCTAssertEqual(o.cause(of: timeline), .overrides)
        o.hold = -100
        XCTAssertEqual(o.cause(of: hold), .field("hold"))
    }
}
