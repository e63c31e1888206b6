import Foundation
import SpruceFilm
import SpruceRender

extension FilmArtifacts.Animation {
    /// An animated PNG, encoded by the video pipeline (ffmpeg as a tracked child, the file swapped in only when
    /// complete); not written when ffmpeg or its APNG encoder is missing.
    public static var apng: FilmArtifacts.Animation {
        FilmArtifacts.Animation(fileExtension: "apng") { frames, framesPerSecond, target, cancellation in
            var options = VideoOptions()
            options.format = .apng
            options.loop = .forever
            options.cancellation = cancellation
            do {
                try VideoRenderer(options: options).render(try BitmapSequenceSource(frames, framesPerSecond: framesPerSecond), to: target)
            } catch VideoError.ffmpegNotFound, VideoError.encoderMissing {
                return false
            }
            return true
        }
    }
}
