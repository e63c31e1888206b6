import Foundation
import IssueReporting
import SnapshotTesting
import Spruce
import SpruceRender

extension Diffing where Value == Bitmap {
    /// PNG on disk, compared with a per-channel tolerance and a ratio of pixels allowed to differ.
    /// On failure the library writes the actual image to its artifacts folder (`SNAPSHOT_ARTIFACTS`,
    /// else the temporary directory); this diffing writes a diff image beside it and names both paths.
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
                var message = "images differ: \(difference.summary)"
                if let path = DiffArtifacts.write(diff) { message += "\ndiff image (differing pixels in red): \(path)" }
                let png = (try? diff.pngData()) ?? Data()
                return (message, [.data(png, name: "difference.png")])
            })
    }
}

extension Snapshotting where Value == Bitmap, Format == Bitmap {
    /// A bitmap as a PNG, compared with `ImageComparison.default`.
    public static var image: Snapshotting { .image() }

    /// A bitmap as a PNG, compared with `comparison`; a failure writes a diff image (differing pixels in red) beside
    /// the actual image in the artifacts folder.
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

enum DiffArtifacts {
    static func write(_ bitmap: Bitmap) -> String? {
        let root = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        let dir = URL(plainPath: root).appendingPathComponent("SpruceSnapshotDiffs")
        try? CreationMode.makeWritableFolder(dir)
        let file = dir.appendingPathComponent("diff-\(UUID().uuidString.prefix(8)).png")
        do { try bitmap.writePNG(to: file.path) } catch { return nil }
        return file.path
    }
}
