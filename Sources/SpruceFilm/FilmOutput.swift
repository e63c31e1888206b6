import Foundation
import SpruceRender

/// Something a film can be written as. Every output of the command line is one of these, and every one
/// writes atomically (a temporary beside the target, renamed once complete): stills as PNG and timings as JSON
/// here; other modules add their own (`SpruceVideo` adds videos and frame folders through the frame pipeline,
/// `SpruceReview` `.contactSheet`, `.timingChart` and `.motionCurves`, `SpruceLottie` `.lottie`).
public struct FilmOutput {
    let write: (Film, URL) throws -> Void

    /// An output from a function of the film and the target.
    public init(_ write: @escaping (Film, URL) throws -> Void) { self.write = write }

    /// One frame as a PNG: the film at `time` seconds (default: `Film.stillTime`, when every view has arrived).
    public static func png(at time: Double? = nil, cancellation: RenderCancellation? = nil) -> FilmOutput {
        FilmOutput { film, url in
            let t = time ?? film.stillTime
            guard t <= film.duration else {
                throw FilmError.invalid("time \(t) is after the end of the film (\(film.duration) s)")
            }
            let bitmap = try film.frame(at: t, cancellation: cancellation)
            try cancellation?.throwIfCancelled()
            try bitmap.writePNG(to: url.path)
        }
    }

    /// The entrance's per-view start and end times as JSON (`Film.timingJSON()`).
    public static var timingJSON: FilmOutput {
        FilmOutput { film, url in try AtomicFile.write(film.timingJSON(), to: url) }
    }
}

extension Film {
    /// Writes the film to `url` as `output` (SpruceVideo's `write(to:)` infers the output from the path).
    public func write(to url: URL, as output: FilmOutput) throws {
        try output.write(self, url)
    }
}
