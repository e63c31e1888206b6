import Foundation
import SpruceFilm

extension FilmOutput {
    /// Frames `range` of the film as an MP4 or GIF part that joins with the film's other parts (`render-gif join`)
    /// into exactly the frames of the whole film rendered the same way (`range` = every frame). The encoding is
    /// `options.joinable`, or a `JoinableEncoding` with two seconds between keyframes. An MP4 part must begin on a
    /// keyframe (a multiple of the interval; `FrameRange.segment` cuts there). A GIF part without a shared palette
    /// first computes the palette of the whole film (one extra drawing pass; `VideoRenderer.writePalette` makes it
    /// once for all parts).
    public static func part(_ range: FrameRange, _ options: VideoOptions = VideoOptions(),
                            progress: ((RenderProgress) -> Void)? = nil) -> FilmOutput {
        FilmOutput { film, url in
            var options = options
            let format = try options.format ?? OutputFormat.infer(from: url)
            var joinable = options.joinable
                ?? JoinableEncoding(keyframeInterval: JoinableEncoding.defaultKeyframeInterval(framesPerSecond: film.framesPerSecond))
            try range.check(within: film.frameCount)
            var identity = try film.fingerprint(cancellation: options.cancellation)
            options.addEncoding(to: &identity, format: format, keyframeInterval: joinable.keyframeInterval)
            joinable.label = PartLabel(frames: range.lowerBound..<range.upperBound, total: film.frameCount, film: identity.text)
            if format == .mp4, range.lowerBound % joinable.keyframeInterval != 0 {
                throw VideoError.invalidOptions("an MP4 part must start on a keyframe: frame \(range.lowerBound) is not a multiple of the keyframe interval \(joinable.keyframeInterval)")
            }
            let source = try film.frameSource(range: range)
            guard format == .gif, joinable.palette == nil else {
                options.joinable = joinable
                return try VideoRenderer(options: options).render(source, to: url, progress: progress)
            }
            try ScratchDirectory.with("spruce-palette") { scratch in
                let palette = scratch.appendingPathComponent("palette.png")
                try VideoRenderer(options: options).writePalette(film.frameSource(), to: palette)
                joinable.palette = palette
                options.joinable = joinable
                try VideoRenderer(options: options).render(source, to: url, progress: progress)
            }
        }
    }
}
