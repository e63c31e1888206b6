import Foundation
import Geometry
import SpruceRender

/// The largest scene and film render-gif makes, stated once: scene files, the command line's flags and
/// the docs (docs/SceneFormat.md "Limits", the CLI help's LIMITS section) all use these numbers, and every
/// user number is checked against them before it becomes an integer or a loop bound.
public enum SceneLimits {
    /// Pixels per side of a frame (width × scale, height × scale).
    public static let maximumPixelsPerSide = Bitmap.maximumSide
    /// Pixels in one frame (16384 × 4096, 8192 × 8192, …): 256 MiB of BGRA per frame in flight.
    public static let maximumPixels = Bitmap.maximumPixels
    /// Frame rate, frames per second.
    public static let framesPerSecond: ClosedRange<Double> = 0.1...1000
    /// The film's length in seconds, and so every time value (delays, durations, hold, `--at`).
    public static let maximumFilmSeconds: Double = 3600
    /// Views in the scene, grid tiles included.
    public static let maximumViews = 10_000
    /// Coordinates, sizes, radii, borders, translations and font sizes, in points (either sign).
    public static let maximumPoints: Double = 1_000_000
    /// Font sizes, in points.
    public static let maximumFontSize: Double = 10_000
    /// A spring's damping ratio: outside this the spring's frequency overflows or it never settles.
    public static let springDamping: ClosedRange<Double> = 0.01...100
    /// Shortest spring (a stiffer one cannot be integrated at Advance's 8 ms step).
    public static let minimumSpringSeconds: Double = 0.01
    /// Numbers that are not lengths or times: scales, weights, velocities, stock animation amounts.
    public static let maximumFactor: Double = 10_000
    /// Pixels of all the images a scene decodes, each file once however its path is spelled: two images of the
    /// largest size (512 MiB of BGRA).
    public static let maximumSceneImagePixels = 2 * maximumImagePixels
    /// Size of a scene file.
    public static let maximumFileBytes = 4 << 20
    /// Nesting of objects and lists in a scene file.
    public static var maximumDepth: Int { Node.maximumDepth }
    /// Values a scene file may hold (a YAML file counted as it expands its aliases, `*name`), counted while the
    /// document is built, so that a file of a million empty views is refused before it takes gigabytes. A scene of
    /// `maximumViews` views with twenty values each fits.
    public static let maximumDocumentValues = 200_000
    /// Pixels of a PNG image used by a scene, read from its header before it is decoded.
    public static let maximumImagePixels = Bitmap.maximumPixels

    /// The film at `framesPerSecond` for `seconds`: its frame count, or nil when it is too long.
    public static func frameCount(seconds: Double, framesPerSecond: Double) -> Int? {
        guard seconds.isFinite, seconds <= maximumFilmSeconds, framesPerSecond.isFinite,
              framesPerSecond <= SceneLimits.framesPerSecond.upperBound else { return nil }
        return Checked.int(seconds * framesPerSecond, rounding: .up, in: 0...Int(1e9)).map { max(1, $0) }
    }

    /// The LIMITS section of `render-gif --help` (lines short enough for an 80-column terminal).
    public static let summary = """
        LIMITS (docs/SceneFormat.md#limits)
          canvas       1…\(maximumPixelsPerSide) pixels a side (size × scale), \(maximumPixels) in all
          frame rate   \(Checked.text(framesPerSecond.lowerBound))…\(Checked.text(framesPerSecond.upperBound)) fps
          film         at most \(Checked.text(maximumFilmSeconds)) s, and so is every time value
          views        at most \(maximumViews), grid tiles included
          lengths      at most \(Checked.text(maximumPoints)) points; font sizes \(Checked.text(maximumFontSize))
          springs      damping \(Checked.text(springDamping.lowerBound))…\(Checked.text(springDamping.upperBound)), duration at least \(Checked.text(minimumSpringSeconds)) s
                       and long enough for the damping (0.5: 0.045 s; 3: 0.751 s)
          scene files  at most \(maximumFileBytes >> 20) MiB, \(Node.maximumDepth) levels deep
          images       PNG headers of at most \(maximumImagePixels) pixels,
                       \(maximumSceneImagePixels) in all
        """
}
