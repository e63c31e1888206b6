import Advance
import Foundation
import Spruce
import SpruceRender
import SpruceScene

/// The engine without the encoder: sorting many views, and advancing the clock for many animating views
/// compared with drawing them.
enum EngineScale {
    struct SortFigure { let name: String; let seconds: Double }

    /// Best of three, 100,000 views on a 400×250 grid.
    static func sorts(viewCount: Int = 100_000) -> [SortFigure] {
        let columns = 400, rows = (viewCount + columns - 1) / columns
        let root = View(frame: CGRect(x: 0, y: 0, width: columns * 10, height: rows * 10))
        for i in 0..<viewCount {
            root.addSubview(View(frame: CGRect(x: (i % columns) * 10, y: (i / columns) * 10, width: 8, height: 8)))
        }
        let functions: [(String, SortFunction)] = [
            ("linear", LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.025)),
            ("cornered", CorneredSortFunction(corner: .topLeft, interObjectDelay: 0.025)),
            ("radial", RadialSortFunction(position: .middle, interObjectDelay: 0.025)),
            ("random", RandomSortFunction(interObjectDelay: 0.025, seed: 1)),
        ]
        return functions.map { name, function in
            let best = (0..<3).map { _ in timed { precondition(function.timeOffsets(view: root).count == viewCount) } }.min()!
            return SortFigure(name: name, seconds: best)
        }
    }

    struct ClockFigure { let views: Int; let frames: Int; let advanceMs: Double; let drawMs: Double }

    /// A grid at 1080p as large as a scene may be (`SceneLimits.maximumViews`, the grid's own view included:
    /// 100 columns × 99 rows) whose 9,900 tiles all spring in at once (no delay): per frame, the time the clock
    /// takes to advance every animator against the time Cairo takes to draw the frame.
    static func clock(columns: Int = 100, frames: Int = 30) throws -> ClockFigure {
        var document = try SceneParser.load(
            contentsOf: BenchScene.repository.appendingPathComponent("fixtures/scenes/bench/stress-50x50.json"))
        document.views[0].grid?.rows = (SceneLimits.maximumViews - 1) / columns
        document.views[0].grid?.columns = columns
        document.views[0].grid?.spacing = 1
        document.choreography.sort = document.choreography.sort.setting(.delay(0)) ?? document.choreography.sort
        let fps = FilmRecipe(scene: document).framesPerSecond(.video)
        let player = try SceneFilm(document: document, framesPerSecond: fps)
        let renderer = try player.makeRenderer()
        let bitmap = try renderer.makeBitmap()
        let loop = Loop(framesPerSecond: fps)
        let root = try player.film.makeScene(on: loop)
        // Into the animation: every tile is moving from here on for the spring's half second.
        loop.makeCurrent { loop.advance(to: player.phases.animateIn) }
        var advance = 0.0, draw = 0.0, maxRunning = 0
        for _ in 0..<frames {
            advance += timed { loop.makeCurrent { loop.advance() } }
            maxRunning = max(maxRunning, loop.runningAnimatorCount)
            draw += try timed { try renderer.draw(root, into: bitmap) }
        }
        return ClockFigure(views: maxRunning, frames: frames, advanceMs: advance / Double(frames) * 1000,
                           drawMs: draw / Double(frames) * 1000)
    }
}
