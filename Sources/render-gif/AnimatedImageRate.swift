import Foundation
import SpruceVideo

extension EncodingOptions {
    /// WebP frame delays are whole milliseconds: only 1000/k fps play at the intended speed.
    static func checkWebPRate(_ fps: Double, source: String) throws {
        do { _ = try AnimatedImageFormats.webpDelay(for: fps) } catch let e as VideoError {
            throw CLIError.usage("\(source): \(e)")
        }
    }
}
