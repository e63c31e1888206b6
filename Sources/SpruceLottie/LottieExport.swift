import Foundation
import Spruce
import SpruceFilm
import SpruceRender

/// A film as a Lottie (Bodymovin JSON) animation: every view a layer parented as in the tree, its transform and
/// opacity as keyframes chosen by `KeyframeFitter` within `LottieBounds`, the canvas and frame rate kept, the
/// loop shape and hold as the timeline (a reversed part is written out forwards, frame by frame of the film).
public struct LottieExport {
    /// The file's bytes (compact JSON).
    public let data: Data
    /// Layers written (views, their images and borders, the background).
    public let layers: Int
    /// Keyframes written over all animated properties.
    public let keyframes: Int
    /// Keyframes one per frame would take for the same animated properties.
    public let keyframesAtEveryFrame: Int
    public let frameCount: Int

    /// "312 keyframes for 4,410 at one per frame (7.1 %)".
    public var summary: String {
        let share = keyframesAtEveryFrame == 0 ? 0 : 100 * Double(keyframes) / Double(keyframesAtEveryFrame)
        return "\(layers) layers, \(frameCount) frames, \(keyframes) keyframes for \(keyframesAtEveryFrame) at one per frame (\(String(format: "%.1f", share)) %)"
    }

    public init(film: Film, cancellation: RenderCancellation? = nil) throws {
        try LottieExport.checkSize(of: film)
        let tracks = try FilmTracks.read(film, cancellation: cancellation)
        var builder = LottieLayers(tracks: tracks, frameCount: film.frameCount, bounds: LottieBounds(canvasScale: Double(film.canvas.scale)))
        builder.cancellation = cancellation
        let layers = try builder.build()
        var everything = layers
        if let bg = film.canvas.background, bg.alpha > 0 {
            everything.append(builder.backgroundLayer(size: film.canvas.size, color: bg))
        }
        let document: LottieJSON = .object([
            ("v", .string("5.7.0")), ("nm", .string(film.title ?? "Spruce film")), ("fr", .number(film.framesPerSecond)),
            ("ip", .number(0)), ("op", .number(Double(film.frameCount))),
            ("w", .number(Double(film.canvas.size.width))), ("h", .number(Double(film.canvas.size.height))),
            ("ddd", .number(0)), ("assets", .array(builder.assets)), ("layers", .array(everything)),
        ])
        // Views are checked as they are read (`FilmTracks`); numbers derived from them (fitted keyframes, glyph
        // outlines) are checked here, so that no file with an unreadable number is ever written.
        guard document.isFinite else {
            throw LottieExportError(view: film.title ?? "film", property: "keyframes", reason: "came out as a number that is not finite")
        }
        data = Data(document.text.utf8)
        self.layers = everything.count
        keyframes = builder.keyframes
        keyframesAtEveryFrame = builder.animatedProperties * film.frameCount
        frameCount = film.frameCount
    }
}
