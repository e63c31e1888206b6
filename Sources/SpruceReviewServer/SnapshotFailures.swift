import Foundation
import SpruceRender
import SpruceSnapshotReview

/// The failed film goldens of a swift-snapshot-testing artifacts folder (`--artifacts`), listed once at launch
/// through SpruceSnapshotReview's `FilmFailures`; a request names a failure by an id of that list, and accepting is
/// the library's (the actual into the `__Snapshots__` file the failure names). Rejected ones are only marked.
final class SnapshotFailures: @unchecked Sendable {
    let failures: FilmFailures
    let listed: FilmFailureList
    private let lock = NSLock()
    private var rejected: Set<String> = []

    init(artifacts: URL) {
        failures = FilmFailures(artifacts: artifacts)
        listed = failures.list()
    }

    /// The failure of the list with this id, read and checked again now; nil for any other text.
    func failure(_ id: String) -> FilmFailure? {
        guard listed.failures.contains(where: { $0.id == id }) else { return nil }
        return try? failures.failure(id: id)
    }

    func row(_ failure: FilmFailure) -> [String: Any] {
        lock.lock(); let isRejected = rejected.contains(failure.id); lock.unlock()
        var row: [String: Any] = [
            "id": failure.id, "kind": failure.manifest.kind, "name": failure.manifest.test ?? failure.id, "message": failure.manifest.message,
            "canAccept": failure.canBeAccepted, "hasDifference": failure.difference != nil,
            "state": failure.isAccepted() ? "accepted" : isRejected ? "rejected" : "pending",
        ]
        if let t = failure.manifest.firstDifference { row["firstDifference"] = t }
        return row
    }

    var rows: [[String: Any]] { listed.failures.compactMap { failure($0.id) }.map(row) }

    func reject(_ failure: FilmFailure) { lock.lock(); rejected.insert(failure.id); lock.unlock() }

    /// The bytes of the failure's expected, actual or difference file, and their type.
    static func file(_ failure: FilmFailure, _ which: String) throws -> (Data, String) {
        let url: URL?
        switch which {
        case "expected": url = failure.expected
        case "actual": url = failure.actual
        default: url = failure.difference
        }
        guard let url else { throw ReviewRefusal.notFound("this failure has no \(which) file") }
        let data = try RegularFile.contents(of: url.path, maximumBytes: FilmFailures.maximumGoldenBytes)
        return (data, url.pathExtension.lowercased() == "png" ? "image/png" : "text/plain; charset=utf-8")
    }
}
