import Foundation
import SpruceFilm
import SprucePreviewModel
import SpruceRender
import SpruceScene

/// One version of the previewed film: the scene file's bytes and the form's values made into a `Film`. Its `key`
/// is a hash of exactly those inputs, so frames are cached by content: saving the same text again, or going back
/// to an earlier form value, finds the frames already drawn.
public struct PreviewFilm: @unchecked Sendable {
    public let key: String
    public let film: Film
    public let player: SceneFilm
    public let settings: PreviewSettings

    /// The frame rate a preview plays at: the scene's `timeline.fps`, else `FrameRatePolicy.video`'s, as
    /// `render-gif --out still.png` picks.
    public static func framesPerSecond(_ document: SceneDocument) -> Double {
        FilmRecipe(scene: document).framesPerSecond(.video)
    }

    /// Parses `data` (the scene file's bytes) and builds the film, or throws a `SceneError` with its place.
    public static func make(data: Data, sceneURL: URL, settings: PreviewSettings) throws -> PreviewFilm {
        var document = try SceneParser.parse(data, yaml: ["yaml", "yml"].contains(sceneURL.pathExtension.lowercased()))
        document.baseURL = sceneURL.deletingLastPathComponent()
        document = try settings.apply(to: document)
        let player = try SceneFilm(document: document, framesPerSecond: framesPerSecond(document))
        return PreviewFilm(key: contentKey(data: data, settings: settings), film: player.film, player: player, settings: settings)
    }

    /// FNV-1a (64 bits) over the file's bytes and the form's canonical JSON.
    public static func contentKey(data: Data, settings: PreviewSettings) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var key = Fingerprint()
        for bytes in [data, (try? encoder.encode(settings)) ?? Data()] {
            key.mix(bytes)
            key.mix([0xff])
        }
        return key.text
    }

    /// What the page needs to play it.
    public var info: [String: Any] {
        let canvas = film.canvas
        return ["key": key, "fps": film.framesPerSecond, "frameCount": film.frameCount, "duration": film.duration,
                "width": Int((Double(canvas.size.width) * Double(canvas.scale)).rounded()),
                "height": Int((Double(canvas.size.height) * Double(canvas.scale)).rounded()),
                "title": film.title ?? "", "inEnd": film.phases.inEnd]
    }
}
