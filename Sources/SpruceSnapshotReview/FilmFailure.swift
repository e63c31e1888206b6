import Foundation
import SpruceRender

/// One failed film golden found in an artifacts folder: its manifest, checked, and its folder.
public struct FilmFailure: Equatable, Sendable {
    /// The failure's folder name, `KIND-HEX` (`timing-3f2a9c1b07de`): letters, digits, `-` and `_` only, never a path.
    public var id: String
    public var manifest: FilmFailureManifest
    public var folder: URL

    /// `expected.png` … in the failure's folder.
    public var expected: URL { folder.appendingPathComponent(manifest.files.expected) }
    public var actual: URL { folder.appendingPathComponent(manifest.files.actual) }
    public var difference: URL? { manifest.files.difference.map(folder.appendingPathComponent) }
    public var sideBySide: URL? { manifest.files.sideBySide.map(folder.appendingPathComponent) }

    /// Whether `FilmFailures.accept` can write it: the run named the snapshot file it was compared with.
    public var canBeAccepted: Bool { manifest.snapshot != nil }

    /// Whether the snapshot file holds the actual already (accepted, or recorded since).
    public func isAccepted() -> Bool {
        guard let snapshot = manifest.snapshot else { return false }
        let limit = FilmFailures.maximumGoldenBytes
        guard let now = try? RegularFile.contents(of: snapshot, maximumBytes: limit),
              let actual = try? RegularFile.contents(of: self.actual.path, maximumBytes: limit) else { return false }
        return now == actual
    }
}

/// Why a failure could not be read or accepted; `description` is one line, file names escaped (`SafeText`).
public enum FilmFailureError: Error, Equatable, CustomStringConvertible {
    /// No failure folder has that identifier (or the identifier is not one).
    case noSuchFailure(id: String)
    /// The failure's manifest or files are not what this library writes.
    case malformed(id: String, reason: String)
    /// The manifest names no snapshot file, or one accepting must not write.
    case notAcceptable(id: String, reason: String)
    /// The snapshot file could not be replaced.
    case cannotWrite(id: String, reason: String)

    public var description: String {
        switch self {
        case .noSuchFailure(let id): "no failure \(SafeText.escaped(id)) in the artifacts folder"
        case .malformed(let id, let reason): "failure \(SafeText.escaped(id)): \(reason)"
        case .notAcceptable(let id, let reason): "failure \(SafeText.escaped(id)) cannot be accepted: \(reason)"
        case .cannotWrite(let id, let reason): "failure \(SafeText.escaped(id)) was not accepted: \(reason)"
        }
    }
}

/// What `FilmFailures.list` found: the failures that can be shown, the folders it skipped and why, and whether it
/// stopped at `FilmFailures.maximumFailures`.
public struct FilmFailureList: Equatable, Sendable {
    public struct Skipped: Equatable, Sendable {
        /// The folder's name as found, escaped (`SafeText`).
        public var name: String
        public var reason: String
    }

    public var failures: [FilmFailure] = []
    public var skipped: [Skipped] = []
    /// More folders were there than were read.
    public var truncated = false
}
