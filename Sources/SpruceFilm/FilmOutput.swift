import Foundation
import SpruceRender
import SpruceVideo

/// Something a film can be written as. Every output of the command line is one of these, and every one
/// writes atomically (a temporary beside the target, renamed once complete): videos and frame folders
/// through the frame pipeline, stills and charts as PNG, timings as JSON. Other modules add their own
/// (`SpruceScene` adds `.contactSheet` and `.timingChart`).
public struct FilmOutput {
    let write: (Film, URL) throws -> Void

    /// An output from a function of the film and the target.
    public init(_ write: @escaping (Film, URL) throws -> Void) { self.write = write }

    /// GIF, MP4, WebM or a folder of PNG frames, by `options.format` or else the target's extension. An MP4 of a
    /// film with an odd pixel side is drawn one pixel longer on that side (`VideoRenderer.render`).
    public static func video(_ options: VideoOptions = VideoOptions(), progress: ((RenderProgress) -> Void)? = nil) -> FilmOutput {
        FilmOutput { film, url in
            try VideoRenderer(options: options).render(film.frameSource(), to: url, progress: progress)
        }
    }

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

    /// What a path asks for: `.gif`, `.mp4`, `.webm` and folders (a path ending in `/`) are videos, `.png` a
    /// still at the end of the entrance, `.json` the timing export.
    public static func inferred(from url: URL) throws -> FilmOutput {
        switch url.pathExtension.lowercased() {
        case "png": return .png()
        case "json": return .timingJSON
        default:
            var options = VideoOptions()
            options.format = try OutputFormat.infer(from: url)
            return .video(options)
        }
    }
}

extension Film {
    /// Writes the film to `url` as `output`, or as the path's extension asks (see `FilmOutput.inferred`).
    public func write(to url: URL, as output: FilmOutput? = nil) throws {
        try (output ?? FilmOutput.inferred(from: url)).write(self, url)
    }
}
