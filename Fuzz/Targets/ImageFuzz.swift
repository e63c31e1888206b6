import Foundation
import SpruceFilm
import SpruceRender

@_spi(Fuzzing) import SpruceVideo

/// Every input is read by each image reader: the PNG header checked before decoding, and APNG, WebP, GIF and WebM
/// as a finished output is read back. A GIF that `GIFParts` reads, joined alone and read again, gives the same
/// frames and delays.
enum ImageFuzz {
    static let check = OutputCheck(output: .gif, format: FrameFormat(width: 64, height: 48, framesPerSecond: 25, frameCount: 4),
                                   frameCount: 4, ffmpeg: "/nonexistent/ffmpeg", lastMessage: [])

    static func run(_ data: Data) {
        if let header = PNGHeader(data) {
            FuzzCheck.require(header.width >= 0 && header.height >= 0, "a PNG header with a negative side")
            if (try? header.check()) != nil {
                FuzzCheck.require(header.width * header.height <= Bitmap.maximumPixels, "a PNG over the limits passes")
            }
        }
        let bytes = [UInt8](data)
        refusesCleanly { try check.verifyAPNG(bytes) }
        refusesCleanly { try check.verifyWebP(bytes) }
        refusesCleanly { try check.verifyGIF(bytes) }
        if let end = OutputCheck.webMSegmentEnd(bytes) { FuzzCheck.require(end >= 0, "a WebM segment ends before its start") }
        guard let parts = try? GIFParts(bytes, name: "part.gif") else { return }
        guard let joined = try? GIFParts.join([("part.gif", parts)], label: parts.label) else {
            FuzzCheck.require(false, "a GIF that reads cannot be joined alone")
            return
        }
        let again = try? GIFParts(joined, name: "joined.gif")
        FuzzCheck.require(again?.frames == parts.frames, "a GIF joined alone holds other frames")
        FuzzCheck.require(again?.delays == parts.delays, "a GIF joined alone has other delays: \(parts.delays) became \(again?.delays ?? [])")
        FuzzCheck.require(again?.label == parts.label, "a GIF joined alone has another label")
    }

    /// Runs a reader that must pass or refuse with a `VideoError`, never another error.
    static func refusesCleanly(_ read: () throws -> Void) {
        do { try read() } catch is VideoError {} catch { FuzzCheck.require(false, "an image reader threw \(error)") }
    }
}
