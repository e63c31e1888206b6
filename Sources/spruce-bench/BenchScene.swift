import Foundation
import Geometry
import SpruceFilm
import SpruceScene
import SpruceVideo

/// The benchmark's scenes, by name (or any scene file by path); `example-4k` is the example at 3840×2160. `-60s` variants hold the finished screen until the film lasts a minute,
/// for the flat-memory check.
enum BenchScene {
    static let names = ["example", "example-4k", "readme", "stress"]

    static var repository: URL {
        let fromSource = URL(plainPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: fromSource.appendingPathComponent("fixtures").path) { return fromSource }
        return URL(plainPath: FileManager.default.currentDirectoryPath)
    }

    /// `name`, once it is known to name a scene that loads: a command line's scenes are checked before anything is
    /// measured, so a typo fails before the table's header rather than in the first measuring child.
    static func checked(_ name: String) throws -> String {
        _ = try player(name)
        return name
    }

    /// The film at the scene's `timeline.fps`, else at `FrameRatePolicy.golden`'s rate (the Spruce README gifs' 25 fps,
    /// which every bench figure has been measured at). GIF frame delays are whole centiseconds (`DelayClock.gif`), so a
    /// GIF of a scene whose rate is not 100/k is rendered at `FrameRatePolicy.animatedImage`'s rate.
    static func player(_ name: String, forGIF: Bool = false) throws -> SceneFilm {
        var base = name, long = false
        if name.hasSuffix("-60s") { base = String(name.dropLast(4)); long = true }
        let scenes = repository.appendingPathComponent("fixtures/scenes")
        var document: SceneDocument
        switch base {
        case "example", "example-4k":
            document = try SceneParser.load(contentsOf: scenes.appendingPathComponent("bench/example-13x13.json"))
            // The example app's exact colour (hex in the file rounds it to 8 bits).
            document.views[0].grid?.tile.backgroundColor = Color(red: 0.64, green: 0.91, blue: 0.69)
            // The same film at 3840×2160: two pixels a point.
            if base == "example-4k" { document.canvas.scale = 2 }
        case "readme":
            document = try SceneParser.load(contentsOf: scenes.appendingPathComponent("grid.json"))
        case "stress":
            document = try SceneParser.load(contentsOf: scenes.appendingPathComponent("bench/stress-50x50.json"))
        case _ where base.hasSuffix(".json") || base.hasSuffix(".yaml"):
            document = try SceneParser.load(contentsOf: URL(plainPath: base))
        default:
            throw BenchError("unknown scene '\(name)'; scenes: \(names.joined(separator: ", ")) (add -60s for a one-minute film)")
        }
        var fps = FilmRecipe(scene: document).framesPerSecond(.golden)
        if forGIF, DelayClock.gif.ticks(for: fps) == nil { fps = FrameRatePolicy.animatedImage.framesPerSecond }
        if long {
            // A loop style may play the hold more than once (a boomerang plays it twice): measure how much one
            // second of hold adds, then stretch the film to a minute.
            let short = try SceneFilm(document: document, framesPerSecond: fps).duration
            var probe = document
            probe.timeline.hold += 1
            let perSecond = try SceneFilm(document: probe, framesPerSecond: fps).duration - short
            document.timeline.hold += (60 - short) / max(perSecond, 1)
        }
        return try SceneFilm(document: document, framesPerSecond: fps)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
