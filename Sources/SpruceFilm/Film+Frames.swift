import Foundation
import Spruce
import SpruceRender

extension Film {
    /// The film at `time` seconds, drawn into a new bitmap (at `scale` pixels per point, the canvas's by
    /// default). Getting there steps the clock through every earlier frame: `cancellation` is checked before
    /// each step, and a cancelled render throws `RenderCancelled`.
    public func frame(at time: Double, scale: CGFloat? = nil, cancellation: RenderCancellation? = nil) throws -> Bitmap {
        try frames(at: [time], scale: scale, cancellation: cancellation)[0]
    }

    /// Several moments in one pass (a cursor moving forward), in the order given.
    public func frames(at times: [Double], scale: CGFloat? = nil, cancellation: RenderCancellation? = nil) throws -> [Bitmap] {
        let renderer = try makeRenderer(scale: scale)
        let cursor = try FilmCursor(film: self)
        cursor.cancellation = cancellation
        return try times.map { try renderer.render(cursor.seek(to: $0)) }
    }

    /// Frames for the video pipeline; every drawing thread plays its own copy of the film.
    public func frameSource(scale: CGFloat? = nil) throws -> AnimationFrameSource {
        try frameSource(range: FrameRange(0, frameCount), scale: scale)
    }

    /// `{"duration": …, "views": [...]}` for the in-phase, as `Choreography.timingJSON()` writes it.
    public func timingJSON() -> Data {
        struct Export: Codable { var duration: Double; var views: [Choreography.Timing] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try! encoder.encode(Export(duration: timings.map(\.end).max() ?? 0, views: timings))
    }
}
