import Foundation
import SpruceRender

/// A private temporary folder for one job (a GIF palette, a join's file list), registered with `TemporaryFiles` so
/// that an interrupted run removes it too. `body` gets the folder; it is removed when `body` returns or throws.
public enum ScratchDirectory {
    public static func with<T>(_ prefix: String, _ body: (URL) throws -> T) throws -> T {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            throw VideoError.io("cannot create a temporary directory for the \(prefix): \(error)")
        }
        TemporaryFiles.shared.add(scratch.path)
        defer { try? FileManager.default.removeItem(at: scratch); TemporaryFiles.shared.remove(scratch.path) }
        return try body(scratch)
    }
}
