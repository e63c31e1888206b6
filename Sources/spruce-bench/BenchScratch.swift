import Foundation
import SpruceRender

/// A temporary file or folder of the benchmark's in `$TMPDIR`, registered with `TemporaryFiles` while it exists,
/// so that an interrupt (`BenchInterrupts`) removes it too.
struct BenchScratch {
    let url: URL

    /// `$TMPDIR/<name>`: created as an empty folder when `folder`, otherwise only reserved for a file or folder
    /// that the measurement makes.
    init(_ name: String, folder: Bool) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        TemporaryFiles.shared.add(url.path)
        if folder {
            do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
                TemporaryFiles.shared.remove(url.path)
                throw error
            }
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
        TemporaryFiles.shared.remove(url.path)
    }
}
