import Foundation
import SpruceRender

/// A folder of PNG frames as a `FrameSource`, so existing frames (from any tool) go through the same
/// encoder settings as renders. Frames are the folder's `.png` files in natural name order
/// (`frame_2.png` before `frame_10.png`); every frame must have the first one's size.
public struct PNGSequenceSource: FrameSource {
    public let directory: URL
    public let files: [URL]
    public let format: FrameFormat

    /// Reads the first frame to learn the size. Throws `VideoError.noFrames` for a folder without PNG files
    /// and `VideoError.io` for an unreadable one or an undecodable first frame.
    public init(directory: URL, framesPerSecond: Double) throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw VideoError.io("cannot list the frames folder '\(directory.path)': \(Self.reason(directory))")
        }
        let pngs = names.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }
            .sorted { $0.compare($1, options: [.numeric, .caseInsensitive]) == .orderedAscending }
        guard let first = pngs.first else {
            throw VideoError.noFrames(folder: directory.path)
        }
        self.directory = directory
        files = pngs.map { directory.appendingPathComponent($0) }
        let bitmap: Bitmap
        do { bitmap = try Bitmap(contentsOfFile: files[0].path) } catch {
            throw VideoError.io("cannot read frame '\(first)': \(error)")
        }
        format = FrameFormat(width: bitmap.width, height: bitmap.height,
                             framesPerSecond: framesPerSecond, frameCount: files.count)
    }

    private static func reason(_ url: URL) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) { return "no such folder" }
        return isDirectory.boolValue ? "permission denied" : "it is a file, not a folder"
    }

    public func makeCursor() throws -> FrameCursor { Cursor(source: self) }

    final class Cursor: FrameCursor {
        let source: PNGSequenceSource
        init(source: PNGSequenceSource) { self.source = source }

        func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
            let file = source.files[index]
            let bitmap = try Bitmap(contentsOfFile: file.path)
            guard bitmap.width == source.format.width, bitmap.height == source.format.height else {
                throw VideoError.invalidFrameFormat(
                    "frame '\(file.lastPathComponent)' is \(bitmap.width)x\(bitmap.height), "
                        + "the first frame is \(source.format.width)x\(source.format.height)")
            }
            bitmap.copyPackedBGRA(into: pixels)
        }
    }
}
