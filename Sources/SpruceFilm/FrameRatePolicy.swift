/// The frame rate a film plays at when neither the user (`--fps`, a preset) nor the scene (`timeline.fps`) gives
/// one: decided here, once, for every front end. Each use names its case, so a command that needs another rate than
/// its output's says so where it is written.
public enum FrameRatePolicy: Sendable {
    /// Videos (MP4, WebM), PNG stills and frame folders, APNG, Lottie and the live preview: 60 fps.
    case video
    /// GIF and WebP, whose frame delays are whole centiseconds and milliseconds: 50 fps (2 cs, 20 ms a frame).
    case animatedImage
    /// `compare`: 50 fps whatever it writes (.mp4, .gif or .png), so its verdict does not depend on the output.
    case comparison
    /// Goldens (`render-gif test`): 25 fps, the rate of the Spruce README gifs the goldens are compared with.
    case golden

    /// The rate: 60 for video, 50 for animated images and comparisons, 25 for goldens.
    public var framesPerSecond: Double {
        switch self {
        case .video: return 60
        case .animatedImage, .comparison: return 50
        case .golden: return 25
        }
    }

    /// The defaults of `render` in words, for its help: `50 for GIF and WebP, 60 otherwise`.
    public static var defaultsText: String {
        "\(Int(animatedImage.framesPerSecond)) for GIF and WebP, \(Int(video.framesPerSecond)) otherwise"
    }
}
