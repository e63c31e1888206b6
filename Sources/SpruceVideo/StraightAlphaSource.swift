import SpruceFilm

/// A frame source whose frames can be drawn with straight alpha, as their files hold them, rather than premultiplied
/// as Cairo draws: an output that keeps alpha then gets their pixels exactly, where premultiplying and dividing back
/// loses levels of a semi-transparent pixel's colour. `VideoRenderer` draws such a source so when the output keeps
/// alpha, and sends the pixels as drawn.
public protocol StraightAlphaSource: FrameSource {
    /// Whether the cursors draw straight alpha.
    var drawsStraightAlpha: Bool { get }
    /// The same frames, drawn with straight alpha.
    func withStraightAlpha() -> FrameSource
}
