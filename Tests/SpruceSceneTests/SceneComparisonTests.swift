import Foundation
import SpruceRender
import SpruceReview
import SpruceScene
import XCTest

/// Two versions of a scene's film as a library call: each side played as its recipe says, the two side by side,
/// compared, and an output of them checked against the files the scenes read.
final class SceneComparisonTests: XCTestCase {
    /// A 3×3 grid scene file in a scratch folder.
    func scene() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-comparison-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("grid.json")
        try Data("""
            {"canvas": {"width": 120, "height": 120},
             "views": [{"id": "grid", "frame": [0, 0, 120, 120],
                        "grid": {"rows": 3, "columns": 3, "tileSize": [30, 30], "spacing": 6, "inset": 9,
                                 "tile": {"id": "tile", "backgroundColor": "#A9F0B4"}}}],
             "choreography": {"target": "grid", "sort": "linear", "delay": 0.05, "animations": ["fade-in"],
                              "animationDuration": 0.3},
             "timeline": {"fps": 10}}
            """.utf8).write(to: url)
        return url
    }

    func side(_ scene: URL, delay: Double? = nil) throws -> SceneComparison.Side {
        var overrides = FilmOverrides()
        if let delay { overrides.set(.delay(delay)) }
        let recipe = FilmRecipe(scene: try SceneParser.load(contentsOf: scene), overrides: overrides)
        return try SceneComparison.Side(recipe: recipe, scene: scene.path, settings: delay.map { "delay \($0)" })
    }

    func testSidesAreComparedAndTheirChangesReported() throws {
        let url = try scene()
        let same = try SceneComparison(a: try side(url), b: try side(url), difference: true)
        XCTAssertEqual(same.a.film.framesPerSecond, 10, "the scene's frame rate")
        XCTAssertTrue(try same.compare(cancellation: nil, progress: { _ in }).isEqual)
        let later = try SceneComparison(a: try side(url), b: try side(url, delay: 0.1), difference: false)
        let result = try later.compare(cancellation: nil, progress: { _ in })
        XCTAssertFalse(result.isEqual)
        let report = later.report(result)
        XCTAssertTrue(report.hasPrefix("A: grid.json\nB: grid.json delay 0.1\n"), report)
    }

    func testAnOutputIsNeverAFileTheScenesRead() throws {
        let url = try scene()
        let comparison = try SceneComparison(a: try side(url), b: try side(url), difference: false)
        XCTAssertThrowsError(try comparison.checkOutput(url.path, label: "the output")) {
            XCTAssertEqual(($0 as? OutputPlanError)?.message, "the output '\(url.path)': it is the scene file '\(url.path)'; writing there would destroy an input")
        }
        XCTAssertNoThrow(try comparison.checkOutput(url.deletingLastPathComponent().appendingPathComponent("ab.gif").path, label: "the output"))
    }

    func testSidesOfDifferentSizesHaveNoDifferencePane() throws {
        let url = try scene()
        var overrides = FilmOverrides()
        overrides.scale = 2
        let recipe = FilmRecipe(scene: try SceneParser.load(contentsOf: url), overrides: overrides)
        let large = try SceneComparison.Side(recipe: recipe, scene: url.path, settings: nil)
        XCTAssertThrowsError(try SceneComparison(a: try side(url), b: large, difference: true)) {
            guard case .differentSizes? = $0 as? ReviewError else { return XCTFail("\($0)") }
        }
    }

    /// A side is refused before its film is made: an override its sort ignores first, then the recipe's problems.
    func testASideRefusesAnIgnoredOverrideThenTheRecipesProblems() throws {
        let url = try scene()
        var overrides = FilmOverrides()
        (overrides.damping, overrides.animation) = (500, .spring)
        overrides.set(.corner(.topLeft))
        let recipe = FilmRecipe(scene: try SceneParser.load(contentsOf: url), overrides: overrides)
        XCTAssertThrowsError(try SceneComparison.Side(recipe: recipe, scene: url.path, settings: nil)) {
            XCTAssertEqual($0 as? IgnoredOverride, .sortParameter(.corner(.topLeft), sort: .linear))
        }
        overrides = FilmOverrides()
        (overrides.damping, overrides.animation) = (500, .spring)
        XCTAssertThrowsError(try SceneComparison.Side(recipe: FilmRecipe(scene: recipe.scene, overrides: overrides), scene: url.path, settings: nil)) {
            XCTAssertEqual(($0 as? RecipeProblem)?.key, "damping")
        }
    }
}
