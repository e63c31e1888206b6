import Foundation
import MediaTestSupport
import SpruceJobs
import SpruceRender
import SpruceScene
import SpruceVideo
import XCTest

/// `RenderOutputs.validate` and `RenderJob.run`: each problem as a typed error with the field, the value and the
/// range; one run of a real scene to a GIF and a timing file.
final class RenderJobTests: XCTestCase {
    private func outputs(film: String? = nil, format: OutputFormat? = nil, _ change: (inout RenderOutputs) -> Void = { _ in }) -> RenderOutputs {
        var outputs = RenderOutputs()
        (outputs.film, outputs.format) = (film, format)
        change(&outputs)
        return outputs
    }

    private func problem(_ outputs: RenderOutputs, file: StaticString = #filePath, line: UInt = #line) -> RenderJobError? {
        do { try outputs.validate() } catch let e as RenderJobError { return e } catch {
            XCTFail("not a RenderJobError: \(error)", file: file, line: line)
        }
        return nil
    }

    func testNothingAskedForIsRefused() {
        guard case .nothingRequested? = problem(outputs()) else { return XCTFail("expected nothingRequested") }
        XCTAssertNil(problem(outputs { $0.printSwift = true }))
        XCTAssertNil(problem(outputs { $0.timing = "t.json" }))
    }

    func testAnEmptyNameIsRefusedByItsLabel() {
        let o = outputs(film: "", format: .gif)
        XCTAssertThrowsError(try o.validate()) { error in
            XCTAssertEqual((error as? OutputPlanError)?.message, "the film '': does not name a file or folder to create")
        }
    }

    func testTheStillTimeNeedsAPNGAndARange() {
        guard case .stillNeedsPNG? = problem(outputs(film: "a.gif", format: .gif) { $0.stillTime = 0.4 }) else {
            return XCTFail("expected stillNeedsPNG")
        }
        guard case .stillTime(let bad)? = problem(outputs(film: "a.png", format: .png(frame: 0)) { $0.stillTime = -1 }) else {
            return XCTFail("expected stillTime")
        }
        XCTAssertEqual(bad.key, "stillTime")
        XCTAssertEqual(bad.range, "0…\(Int(SceneLimits.maximumFilmSeconds)) seconds")
        XCTAssertNil(problem(outputs(film: "a.png", format: .png(frame: 0)) { $0.stillTime = 0.4 }))
    }

    func testEachPartProblemIsNamed() {
        let cases: [(RenderOutputs, PartRequest.Problem)] = [
            (outputs { $0.timing = "t.json"; $0.part = PartRequest(.segment(1, of: 2)) }, .needsVideo),
            (outputs(film: "a.webm", format: .webm) { $0.part = PartRequest(.segment(1, of: 2)) }, .notJoinable("a.webm")),
            (outputs(film: "a.gif", format: .gif) { $0.part = PartRequest(.frames(0, 10)); $0.encoding.optimize = true }, .optimized),
            (outputs(film: "a.mp4", format: .mp4) { $0.part = PartRequest(.frames(0, 10), keyframeInterval: 0.5) }, .keyframeInterval(0.5)),
            (outputs(film: "a.mp4", format: .mp4) { $0.part = PartRequest(.frames(0, 10), keyframeInterval: 100_001) }, .keyframeInterval(100_001)),
            (outputs(film: "a.mp4", format: .mp4) { $0.part = PartRequest(.segment(3, of: 2)) }, .segmentIndex(3, of: 2)),
            (outputs(film: "a.mp4", format: .mp4) { $0.part = PartRequest(.segment(1, of: 0)) }, .segmentIndex(1, of: 0)),
        ]
        for (o, expected) in cases {
            guard case .part(let p)? = problem(o) else { XCTFail("expected \(expected)"); continue }
            XCTAssertEqual(p, expected)
        }
    }

    func testEncodingSettingsAreCheckedAgainstTheFormat() {
        func problem(_ format: OutputFormat, _ change: (inout EncodingSettings) -> Void) -> EncodingSettings.Problem? {
            var settings = EncodingSettings()
            change(&settings)
            do { _ = try settings.videoOptions(for: format, transparent: false, cancellation: RenderCancellation()) } catch {
                return error as? EncodingSettings.Problem
            }
            return nil
        }
        XCTAssertEqual(problem(.mp4) { $0.crf = 52 }, .crf(52, range: 0...51, format: .mp4))
        XCTAssertEqual(problem(.webm) { $0.crf = 64 }, .crf(64, range: 0...63, format: .webm))
        XCTAssertEqual(problem(.gif) { $0.crf = 20 }, .notApplicable(.crf, format: .gif))
        XCTAssertEqual(problem(.webm) { $0.preset = "slow" }, .notApplicable(.preset, format: .webm))
        XCTAssertEqual(problem(.mp4) { $0.preset = "fastest" }, .unknownPreset("fastest"))
        XCTAssertEqual(problem(.mp4) { $0.optimize = true }, .notApplicable(.optimize, format: .mp4))
        XCTAssertEqual(problem(.gif) { $0.plays = 0 }, .plays(0))
        XCTAssertEqual(problem(.gif) { $0.plays = 2.5 }, .plays(2.5))
        XCTAssertEqual(problem(.mp4) { $0.plays = 2 }, .notApplicable(.plays, format: .mp4))
        XCTAssertEqual(problem(.mp4) { $0.threads = 0 }, .threads(0))
        XCTAssertNil(problem(.mp4) { $0.crf = 18; $0.preset = "Very-Fast"; $0.threads = 2 })
    }

    private func grid(_ change: (inout FilmOverrides) -> Void = { _ in }) throws -> FilmRecipe {
        var overrides = FilmOverrides()
        (overrides.rows, overrides.columns, overrides.size) = (3, 3, CGSize(width: 60, height: 60))
        change(&overrides)
        return FilmRecipe(scene: try XCTUnwrap(BuiltInScenes.named("grid")).document(), overrides: overrides, sceneName: "grid")
    }

    private func runProblem(_ job: RenderJob) -> RenderJobError? {
        do { try job.run(cancellation: RenderCancellation()) } catch let e as RenderJobError { return e } catch {
            XCTFail("not a RenderJobError: \(error)")
        }
        return nil
    }

    func testARateTheGIFClockCannotPlayIsRefusedWithItsSource() throws {
        let scratch = try Scratch()
        let job = RenderJob(recipe: try grid { $0.fps = 24 }, sceneFile: nil,
                            outputs: outputs(film: scratch.path("a.gif").path, format: .gif))
        guard case .frameRate(let fps, let format, let source)? = runProblem(job) else { return XCTFail("expected frameRate") }
        XCTAssertEqual(fps, 24)
        XCTAssertEqual(format, .gif)
        XCTAssertEqual(source, .recipe)
        XCTAssertThrowsError(try job.validate(), "validate makes the same check without writing") { error in
            guard case .frameRate(24, .gif, .recipe)? = error as? RenderJobError else { return XCTFail("\(error)") }
        }
        var quality = job
        quality.recipe.overrides.fps = nil
        quality.outputs.format = .webp
        quality.outputs.film = scratch.path("a.webp").path
        quality.outputs.quality = .low
        XCTAssertNil(runProblem(quality), "a quarter of WebP's 50 fps is 12.5, which WebP plays")
        XCTAssertEqual(scratch.contents, ["a.webp"], "nothing written by the refused job")
    }

    func testAStillPastTheEndIsRefusedWithTheFilmsLength() throws {
        let scratch = try Scratch()
        let job = RenderJob(recipe: try grid(), sceneFile: nil,
                            outputs: outputs(film: scratch.path("s.png").path, format: .png(frame: 0)) { $0.stillTime = 3000 })
        guard case .stillAfterEnd(let time, let duration)? = runProblem(job) else { return XCTFail("expected stillAfterEnd") }
        XCTAssertEqual(time, 3000)
        XCTAssertLessThan(duration, 3000)
        XCTAssertEqual(scratch.contents, [])
    }

    func testTheQualityPresetsScaleIsCheckedAgainstTheCanvasLimit() throws {
        let scratch = try Scratch()
        let job = RenderJob(recipe: try grid { $0.size = CGSize(width: 5000, height: 5000) }, sceneFile: nil,
                            outputs: outputs(film: scratch.path("a.mp4").path, format: .mp4) { $0.quality = .high })
        guard case .canvas(let bad)? = runProblem(job) else { return XCTFail("expected the canvas's pixels") }
        XCTAssertEqual(bad.key, "pixels", "5000×5000 points at the high preset's scale 2")
        var low = job
        low.outputs.quality = .low
        low.outputs.film = nil
        low.outputs.printSwift = true
        XCTAssertNil(runProblem(low), "the low preset's scale 0.5 makes 2500×2500 pixels")
    }

    func testARunWritesTheGIFThenTheTimingFile() throws {
        let scratch = try Scratch()
        let gif = scratch.path("a.gif"), timing = scratch.path("t.json")
        let job = RenderJob(recipe: try grid { $0.fps = 25 }, sceneFile: nil,
                            outputs: outputs(film: gif.path, format: .gif) { $0.timing = timing.path })
        var events = RenderJob.Events()
        var order: [String] = []
        events.phase = { order.append($0.rawValue) }
        events.wrote = { output, path in order.append("\(output) \(URL(fileURLWithPath: path).lastPathComponent)") }
        try job.run(cancellation: RenderCancellation(), events: events)
        XCTAssertEqual(order, ["encode", "film a.gif", "timing", "timing t.json"])
        let delays = try GIFTiming(contentsOf: gif).delays
        XCTAssertGreaterThan(delays.count, 1)
        XCTAssertTrue(delays.allSatisfy { $0 % 4 == 0 }, "25 fps is 4 centiseconds a frame: \(delays)")
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(contentsOf: timing)))
        XCTAssertEqual(scratch.contents, ["a.gif", "t.json"], "no temporary file left")
    }

    /// docs/SpruceAPI.md's example ("Using the library"), with its files in a scratch folder.
    func testTheSpruceAPIPageExampleRuns() throws {
        let scratch = try Scratch()
        var outputs = RenderOutputs()
        (outputs.film, outputs.format, outputs.timing) = (scratch.path("demo.gif").path, .gif, scratch.path("demo.json").path)
        outputs.quality = .low
        let recipe = FilmRecipe(scene: try BuiltInScenes.named("grid")!.document())
        try RenderJob(recipe: recipe, sceneFile: nil, outputs: outputs).run(cancellation: RenderCancellation())
        XCTAssertEqual(scratch.contents, ["demo.gif", "demo.json"])
        XCTAssertTrue(try GIFTiming(contentsOf: scratch.path("demo.gif")).delays.allSatisfy { $0 % 8 == 0 }, "12.5 fps")
    }
}
