import Foundation
import SpruceFilm

extension FilmOutput {
    /// GIF, MP4, WebM or a folder of PNG frames, by `options.format` or else the target's extension. An MP4 of a
    /// film with an odd pixel side is drawn one pixel longer on that side (`VideoRenderer.render`).
    public static func video(_ options: VideoOptions = VideoOptions(), progress: ((RenderProgress) -> Void)? = nil) -> FilmOutput {
        FilmOutput { film, url in
            try VideoRenderer(options: options).render(film.frameSource(), to: url, progress: progress)
        }
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
    /// Writes the film to `url` as the path's extension asks (see `FilmOutput.inferred`).
    public func write(to url: URL) throws {
        try write(to: url, as: FilmOutput.inferred(from: url))
    }
}
