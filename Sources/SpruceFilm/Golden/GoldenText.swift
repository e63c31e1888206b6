import Foundation
import SpruceRender

/// A text golden's bytes, read through `RegularFile`: a FIFO or a device in a golden's place fails its scene
/// instead of hanging the test run, and a golden larger than `maximumBytes` is not read. `FilmGoldens` makes no
/// text golden larger than `maximumBytes` either, so every golden it records is read back.
enum GoldenText {
    static let maximumBytes = 64 << 20

    static func read(_ url: URL) throws -> Data {
        let data = try RegularFile.contents(of: url.path, maximumBytes: maximumBytes)
        guard data.count <= maximumBytes else { throw RegularFile.Problem.tooLarge(size: Int64(data.count), limit: maximumBytes) }
        return data
    }
}
