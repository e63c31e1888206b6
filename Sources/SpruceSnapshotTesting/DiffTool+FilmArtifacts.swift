import Foundation
import SnapshotTesting
import SpruceRender
import SpruceSnapshotReview

extension SnapshotTestingConfiguration.DiffTool {
    /// `.default`'s message, and the manifest of the film failure just written completed with the snapshot file it
    /// was compared with, so that it can be accepted (`FilmFailures.accept`). swift-snapshot-testing names that file
    /// to its diff tool only, after the diffing: `assertFilmGoldens` uses this tool itself; a plain `assertSnapshot`
    /// of a film strategy runs under it with `withSnapshotTesting(diffTool: .filmArtifacts) { … }` (an XCTestCase's
    /// `invokeTest`) or Swift Testing's `.snapshots(diffTool: .filmArtifacts)` trait.
    public static var filmArtifacts: Self { .filmArtifacts(then: .default) }

    /// `base`'s message, after completing the film failure's manifest as `filmArtifacts` does.
    public static func filmArtifacts(then base: Self) -> Self {
        Self { current, failed in
            let message = base(currentFilePath: current, failedFilePath: failed)
            guard let folder = PendingFilmFailure.complete(snapshot: current, failed: failed) else { return message }
            return message + "\n\nfilm failure, to review and accept: \(folder.path)"
        }
    }
}

/// The failure a film diffing has just written, waiting for the diff tool to name its snapshot file. swift-snapshot-
/// testing calls the diffing and then the diff tool on the same thread, with nothing between but writing the actual
/// beside; the diff tool takes the failure only when that file holds the failure's actual, so a failure left by a
/// run without the tool is never given another's snapshot file.
final class PendingFilmFailure {
    let folder: URL
    let manifest: FilmFailureManifest
    let actual: Data

    init(folder: URL, manifest: FilmFailureManifest, actual: Data) {
        (self.folder, self.manifest, self.actual) = (folder, manifest, actual)
    }

    private static let key = "SpruceSnapshotTesting.PendingFilmFailure"

    static func leave(_ failure: PendingFilmFailure) { Thread.current.threadDictionary[key] = failure }

    /// Writes the manifest again with `snapshot` and the test it names; the failure's folder, or nil when none waits
    /// for this snapshot.
    static func complete(snapshot: String, failed: String) -> URL? {
        guard let pending = Thread.current.threadDictionary[key] as? PendingFilmFailure else { return nil }
        Thread.current.threadDictionary.removeObject(forKey: key)
        let written = try? RegularFile.contents(of: failed, maximumBytes: pending.actual.count)
        guard written == pending.actual else { return nil }
        let url = URL(plainPath: snapshot).standardizedFileURL
        var manifest = pending.manifest
        manifest.snapshot = url.path
        let testName = url.lastPathComponent.split(separator: ".", maxSplits: 1).first.map(String.init) ?? url.lastPathComponent
        manifest.test = "\(url.deletingLastPathComponent().lastPathComponent)/\(testName)"
        guard let data = try? manifest.data(),
              (try? AtomicFile.write(data, to: pending.folder.appendingPathComponent(FilmFailureManifest.fileName))) != nil else { return nil }
        return pending.folder
    }
}
