import Foundation
import SpruceFilm
import SpruceRender

/// A folder of PNG frames as a `FrameSource`, so existing frames (from any tool) go through the same
/// encoder settings as renders. Frames are the folder's `.png` files in natural name order
/// (`frame_2.png` before `frame_10.png`); every frame must have the first one's size. Drawn premultiplied, as
/// Cairo reads them, or with straight alpha as the files hold them (`withStraightAlpha`, libpng's `StraightPNG`).
public struct PNGSequenceSource: StraightAlphaSource {
    public let directory: URL
    public let files: [URL]
    public let format: FrameFormat
    public private(set) var drawsStraightAlpha = false

    /// Reads every frame's header to learn the size. Throws `VideoError.noFrames` for a folder without PNG files,
    /// `VideoError.io` for an unreadable folder, `VideoError.unreadableFrame` for a file that is not a PNG (or a
    /// folder, a FIFO, a device, a symbolic link that leads nowhere) or a frame of another size than the first.
    public init(directory: URL, framesPerSecond: Double) throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw VideoError.io("cannot list the frames folder '\(directory.path)': \(Self.reason(directory))")
        }
        let pngs = names.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }
            .sorted { NaturalOrder.ascending($0, $1, caseInsensitive: true) }
        guard !pngs.isEmpty else {
            throw VideoError.noFrames(folder: directory.path)
        }
        self.directory = directory
        files = pngs.map { directory.appendingPathComponent($0) }
        // Every frame's header before any is decoded: a file that is not a PNG, or of another size, is refused
        // before the encoder starts (decoding errors inside a frame show only when it is drawn).
        let headers = try files.map { file in
            do { return try PNGHeader.read(path: file.path) } catch {
                // A link in the folder that leads nowhere is named as one, not as a file that is not there.
                throw VideoError.unreadableFrame(file: file.lastPathComponent, reason: FileKind.linkToNothing(file.path) ?? Self.reason(error, file))
            }
        }
        let first = headers[0]
        if let (file, other) = zip(files, headers).first(where: { $0.1 != first }) {
            // A frame of the folder, like one that is not a PNG: bad input (66), not a bad flag.
            throw Self.sizeError(file, (other.width, other.height), first: (first.width, first.height))
        }
        format = FrameFormat(width: first.width, height: first.height, framesPerSecond: framesPerSecond, frameCount: files.count)
    }

    /// A decoding error's text without the path it starts with (the message names the file).
    static func reason(_ error: Error, _ file: URL) -> String {
        guard case RenderError.pngDecode(let text) = error else { return "\(error)" }
        let prefix = "\(file.path): "
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }

    private static func reason(_ url: URL) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) { return "no such folder" }
        return isDirectory.boolValue ? "permission denied" : "it is a file, not a folder"
    }

    public func withStraightAlpha() -> FrameSource {
        var straight = self
        straight.drawsStraightAlpha = true
        return straight
    }

    public func makeCursor() throws -> FrameCursor { Cursor(source: self) }

    /// A frame whose size is not the first frame's.
    static func sizeError(_ file: URL, _ size: (width: Int, height: Int), first: (width: Int, height: Int)) -> VideoError {
        .unreadableFrame(file: file.lastPathComponent, reason: "it is \(size.width)x\(size.height), "
                         + "the first frame is \(first.width)x\(first.height); every frame must have the first one's size")
    }

    final class Cursor: FrameCursor {
        let source: PNGSequenceSource
        init(source: PNGSequenceSource) { self.source = source }

        func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
            let file = source.files[index]
            if source.drawsStraightAlpha { return try drawStraight(file, into: pixels) }
            let bitmap: Bitmap
            do { bitmap = try Bitmap(contentsOfFile: file.path) } catch RenderError.outOfMemory(let why) {
                throw VideoError.outOfResources(why)
            } catch {
                throw VideoError.unreadableFrame(file: file.lastPathComponent, reason: PNGSequenceSource.reason(error, file))
            }
            // A frame replaced since its header was read: the same refusal as before the encoder started (66).
            guard bitmap.width == source.format.width, bitmap.height == source.format.height else {
                throw PNGSequenceSource.sizeError(file, (bitmap.width, bitmap.height), first: (source.format.width, source.format.height))
            }
            bitmap.copyPackedBGRA(into: pixels)
        }

        /// The frame with straight alpha, as its file holds it.
        private func drawStraight(_ file: URL, into pixels: UnsafeMutableRawBufferPointer) throws {
            let (width, height) = (source.format.width, source.format.height)
            let size: (width: Int, height: Int)
            do { size = try StraightPNG.decode(try PNGHeader.readFile(path: file.path), into: pixels, width: width, height: height) } catch RenderError.outOfMemory(let why) {
                throw VideoError.outOfResources(why)
            } catch {
                throw VideoError.unreadableFrame(file: file.lastPathComponent, reason: PNGSequenceSource.reason(error, file))
            }
            guard size.width == width, size.height == height else {
                throw PNGSequenceSource.sizeError(file, size, first: (width, height))
            }
        }
    }
}
