import SpruceFilm

/// The largest frames each output accepts, checked before any frame is drawn (measured with ffmpeg 5.1 and x264
/// 164, see docs/Errors.md):
/// - every output goes through ffmpeg's raw-video input, which refuses a picture when
///   (width + 128) × (height + 128) ≥ 2³¹ / 8 (`av_image_check_size`): 16384×16000 passes, 16384×16384 does not;
/// - MP4 (libx264) takes at most 16384 pixels per side ("invalid width x height" beyond), both sides even
///   (yuv420p);
/// - GIF, WebM (VP9) and PNG allow more than the 16384 per side every output is held to anyway.
public enum EncoderLimits {
    public static let maximumSide = FrameFormat.maximumDimension
    public static let x264MaximumSide = 16384
    /// ffmpeg's bound on (width + 128) × (height + 128).
    public static let ffmpegPictureArea = Double(Int32.max) / 8

    /// nil when `format` can encode frames of `width`×`height` pixels, else why not (one line).
    public static func problem(width: Double, height: Double, format: OutputFormat) -> String? {
        let side = format == .mp4 ? x264MaximumSide : maximumSide
        let size = "\(Self.text(width))×\(Self.text(height)) pixels"
        if width > Double(side) || height > Double(side) {
            return "\(size) is too large for \(Self.name(format)): each side must be at most \(side)"
        }
        if (width + 128) * (height + 128) >= ffmpegPictureArea {
            return "\(size) is too large for ffmpeg: (width + 128) × (height + 128) must stay below 268435456 "
                + "(16384×16000 is the largest near-square 16384-wide frame)"
        }
        return nil
    }

    private static func name(_ format: OutputFormat) -> String {
        switch format {
        case .mp4: "MP4 (x264)"
        case .gif: "GIF"
        case .webm: "WebM (VP9)"
        case .png: "PNG"
        case .pngSequence: "a folder of PNG frames"
        case .apng: "APNG"
        case .webp: "WebP"
        }
    }

    private static func text(_ v: Double) -> String {
        v.isFinite && abs(v) < 1e15 ? String(Int64(v.rounded())) : "\(v)"
    }
}
