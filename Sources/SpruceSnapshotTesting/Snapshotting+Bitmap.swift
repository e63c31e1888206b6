import Foundation
import IssueReporting
import SnapshotTesting
import Spruce
import SpruceRender

extension Diffing where Value == Bitmap {
    /// PNG on disk, compared with a per-channel tolerance and a ratio of pixels allowed to differ.
    /// On failure the library writes the actual image to its artifacts folder (`SNAPSHOT_ARTIFACTS`,
    /// else the temporary directory); this diffing leaves a failure's folder there as the film strategies do
    /// (`FilmFailureRecord`, kind `image`: expected, actual, the diff image and a manifest, to review and accept) and
    /// names the diff image and the folder.
    public static func image(_ comparison: ImageComparison = .default) -> Diffing {
        .diff(
            toData: { (try? $0.pngData()) ?? Data() },
            fromData: { data in (try? Bitmap(pngData: data)) ?? UndecodableReference.placeholder },
            diffV2: { expected, actual in
                if expected === UndecodableReference.placeholder {
                    return ("the reference PNG could not be decoded; re-record it", [])
                }
                let difference = comparison.compare(expected, actual)
                if difference.matches { return nil }
                let diff = comparison.diffImage(expected, actual)
                let message = "images differ: \(difference.summary)"
                guard let folder = FilmFailureRecord.image(expected: expected, actual: actual, difference: diff, message: message) else {
                    return (message, [.data((try? diff.pngData()) ?? Data(), name: "difference.png")])
                }
                let shown = message + "\ndiff image (differing pixels in red): \(folder.appendingPathComponent("difference.png").path)"
                return failure(shown, folder)
            })
    }
}

extension Snapshotting where Value == Bitmap, Format == Bitmap {
    /// A bitmap as a PNG, compared with `ImageComparison.default`.
    public static var image: Snapshotting { .image() }

    /// A bitmap as a PNG, compared with `comparison`; a failure leaves its folder in the artifacts folder (expected,
    /// actual, a diff image with the differing pixels in red, a manifest), as a film golden's does.
    public static func image(_ comparison: ImageComparison = .default) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(comparison))
    }
}

extension Snapshotting where Value == View, Format == Bitmap {
    /// Renders the view with Cairo as if it were the window's root, at the origin. A view that cannot be drawn is
    /// reported as an issue through IssueReporting and gives no snapshot (nothing is written).
    ///
    /// - Parameters:
    ///   - size: the canvas in points; the view's bounds size when nil.
    ///   - scale: pixels per point.
    ///   - background: the canvas colour, nil for transparent.
    ///   - comparison: the per-channel tolerance and the share of pixels allowed to differ.
    public static func image(size: CGSize? = nil, scale: CGFloat = 1, background: Color? = .white,
                             comparison: ImageComparison = .default) -> Snapshotting {
        Snapshotting<Bitmap, Bitmap>.image(comparison).asyncPullback { view in
            Async { snapshot in
                let canvas = size ?? view.bounds.size
                let savedCenter = view.center
                view.center = CGPoint(x: view.bounds.width / 2, y: view.bounds.height / 2)
                defer { view.center = savedCenter }
                do { snapshot(try Renderer(size: canvas, scale: scale, background: background).render(view)) } catch {
                    reportIssue("rendering the snapshot failed: \(error)")
                }
            }
        }
    }

    /// The view drawn at its own bounds size, scale 1, on white, compared with `ImageComparison.default`.
    public static var image: Snapshotting { .image() }
}
