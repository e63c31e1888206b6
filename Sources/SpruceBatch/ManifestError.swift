import Foundation

/// Why a manifest as a whole cannot be read: the place in it (a key path such as `items`, empty for the document)
/// and what is wrong there. A malformed item is no manifest error: it is kept with its problem.
public struct ManifestError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String

    public init(_ path: String, _ message: String) { (self.path, self.message) = (path, message) }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
