import Foundation
import SpruceFilm
import SpruceScene

/// Manim-style presets: one word for size and smoothness. A recipe's own scale and fps win.
/// GIF delays are whole centiseconds, so GIFs get the nearest 100/k rate.
public enum QualityPreset: String, CaseIterable, Sendable {
    case low, medium, high, fourK = "4k"

    /// Pixels per point; 4k scales the canvas to 3840 pixels wide.
    public func scale(canvasWidth: Double) -> Double {
        switch self {
        case .low: return 0.5
        case .medium: return 1
        case .high: return 2
        case .fourK: return 3840 / canvasWidth
        }
    }

    /// The preset's share of the output's default rate (`FrameRatePolicy`): a quarter, a half or all of it.
    public func framesPerSecond(_ policy: FrameRatePolicy) -> Double {
        switch self {
        case .low: return policy.framesPerSecond / 4
        case .medium: return policy.framesPerSecond / 2
        case .high, .fourK: return policy.framesPerSecond
        }
    }

    public static let help = """
        QUALITY PRESETS (--quality; explicit --scale and --fps win)
          low     scale 0.5, 15 fps (GIF, WebP 12.5)
          medium  scale 1,   30 fps (GIF, WebP 25)
          high    scale 2,   60 fps (GIF, WebP 50)
          4k      scale to 3840 pixels wide, 60 fps (GIF, WebP 50)
        Without --quality: the scene's canvas.scale and timeline.fps; if the
        scene sets no fps, \(FrameRatePolicy.defaultsText).
        """
}

/// A preset is named by its raw name (`--quality 4k`).
extension QualityPreset: NamedChoice {}
