import Foundation
import MediaTestSupport
import SnapshotTesting
import SpruceFilm
import SpruceSnapshotReview
import SpruceSnapshotTesting

/// A scratch folder with `artifacts/` as `SNAPSHOT_ARTIFACTS` and `__Snapshots__/FilmFailureAcceptTests/`.
struct FilmFailureScratch {
    let scratch: Scratch
    var artifacts: URL { scratch.path("artifacts") }
    var snapshots: URL { scratch.path("__Snapshots__").appendingPathComponent("FilmFailureAcceptTests") }
    var failures: FilmFailures { FilmFailures(artifacts: artifacts) }

    init() throws {
        scratch = try Scratch()
        setenv("SNAPSHOT_ARTIFACTS", scratch.path("artifacts").path, 1)
    }

    func verify<Format>(_ film: Film, _ strategy: Snapshotting<Film, Format>, _ name: String, record: Bool = false,
                        tool: SnapshotTestingConfiguration.DiffTool? = .filmArtifacts) -> String? {
        withSnapshotTesting(record: record ? .all : .never, diffTool: tool) {
            verifySnapshot(of: film, as: strategy, named: name, snapshotDirectory: snapshots.path, testName: "film")
        }
    }
}

extension FilmFailureScratch {
    /// A real failed timing golden, its manifest naming `__Snapshots__/FilmFailureAcceptTests/film.timing.txt`.
    func timingFailure() throws -> FilmFailure {
        _ = verify(try cornerFilm(fps: 25), .timing, "timing", record: true)
        _ = verify(try cornerFilm(delay: 0.06, fps: 25), .timing, "timing")
        guard let failure = failures.list().failures.first(where: { $0.manifest.kind == "timing" }) else {
            throw FilmFailureError.noSuchFailure(id: "timing")
        }
        return failure
    }

    /// Writes `failure`'s manifest again, changed by `change`.
    func rewrite(_ failure: FilmFailure, _ change: (inout FilmFailureManifest) -> Void) throws {
        var manifest = failure.manifest
        change(&manifest)
        try manifest.data().write(to: failure.folder.appendingPathComponent(FilmFailureManifest.fileName))
    }
}
