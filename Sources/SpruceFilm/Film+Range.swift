import Foundation

extension Film {
    /// Frames `range` of the film for the video pipeline: frame `i` of the source is frame `range.lowerBound + i` of
    /// the film, drawn the way `frameSource()` draws it (each drawing thread steps its own clock from frame 0, one
    /// fixed frame at a time), so its pixels equal the whole film's.
    public func frameSource(range: FrameRange, scale: CGFloat? = nil) throws -> AnimationFrameSource {
        try range.check(within: frameCount)
        return AnimationFrameSource(film: self, first: range.lowerBound, frameCount: range.count, renderer: try makeRenderer(scale: scale))
    }
}
