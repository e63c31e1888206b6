import Foundation
import MediaTestSupport
import SpruceFilm
import XCTest
@testable import SpruceVideo

/// A GIF's palette pass draws large films smaller (`PaletteSample`); the mapping pass, the encoder-only tools and
/// a joinable GIF's shared palette must all agree on it.
final class PaletteSampleTests: XCTestCase {
    func testDivisorKeepsHalfAMegapixel() {
        XCTAssertEqual(PaletteSample.divisor(width: 464, height: 464), 1)
        XCTAssertEqual(PaletteSample.divisor(width: 1999, height: 1000), 1, "under 2 megapixels: the full frames")
        XCTAssertEqual(PaletteSample.divisor(width: 1920, height: 1080), 2, "960×540")
        XCTAssertEqual(PaletteSample.divisor(width: 3840, height: 2160), 4, "960×540")
        XCTAssertEqual(PaletteSample.divisor(width: 16384, height: 4096), 8, "2048×512")
        XCTAssertEqual(PaletteSample.divisor(width: 16384, height: 1), 1)
    }

    func testSmallFilmsAreCountedWhole() {
        let log = SizeLog()
        let source = ReducibleSynthetic(base: SyntheticSource(width: 1600, height: 1200, frames: 1), log: log)
        XCTAssertEqual(PaletteSample.source(for: source).format, source.format)
        XCTAssertEqual(PaletteSample.source(for: SyntheticSource(width: 1920, height: 1080, frames: 1)).format.width, 1920,
                       "a source that cannot be reduced is counted whole")
    }

    /// The pipeline counts colours on the reduced frames and maps the full ones; the encoder-only tools, from a
    /// file and from memory, give the very same GIF. With the full frames counted, the gradient's palette differs.
    func testTheGIFPaletteIsCountedOnReducedFramesEverywhere() throws {
        let (scratch, log, source, renderer) = try fullHD(frames: 2)
        try renderer.render(source, to: scratch.path("pipeline.gif"))
        XCTAssertEqual(log.sizes, ["960x540", "1920x1080"], "palette pass, then mapping pass")

        let raw = scratch.path("frames.raw").path
        try renderer.writeRawFrames(source, output: .gif, to: raw)
        let mapped = try Data(contentsOf: URL(fileURLWithPath: raw))
        let counted = try Data(contentsOf: URL(fileURLWithPath: VideoRenderer.paletteFramesPath(raw)))
        XCTAssertEqual(mapped.count, 2 * 1920 * 1080 * 4)
        XCTAssertEqual(counted.count, 2 * 960 * 540 * 4)

        let ffmpeg = try FFmpegLocator.locate(explicit: nil)
        for arguments in try renderer.encoderPasses(source: source, output: .gif, path: scratch.path("file.gif").path,
                                                palette: scratch.path("p.png").path, rawFrames: raw) {
            _ = try ChildProcess.runCapturingOutput("ffmpeg", at: ffmpeg, arguments)
        }
        try counted.withUnsafeBytes { first in
            try mapped.withUnsafeBytes { second in
                try renderer.encode(rawFrames: [first, second], source: source, output: .gif,
                                    path: scratch.path("memory.gif").path, palette: scratch.path("p2.png").path)
            }
        }
        let pipeline = try Data(contentsOf: scratch.path("pipeline.gif"))
        XCTAssertEqual(try Data(contentsOf: scratch.path("file.gif")), pipeline)
        XCTAssertEqual(try Data(contentsOf: scratch.path("memory.gif")), pipeline)

        // The full frames counted (what the encoder-only tools would give if they ignored the sample): another GIF.
        var whole = FFmpegArguments(format: source.format, options: renderer.options,
                                    wire: WireFormat.choose(for: .gif, transparent: false, width: 1920, height: 1080))
        whole.inputPath = raw
        _ = try ChildProcess.runCapturingOutput("ffmpeg", at: ffmpeg, whole.gifPalette(output: scratch.path("whole.png").path))
        XCTAssertNotEqual(try Data(contentsOf: scratch.path("whole.png")), try Data(contentsOf: scratch.path("p.png")),
                          "the test's frames must give a different palette when counted whole")
    }

    /// The shared palette of a joinable GIF's parts is counted as `render` counts it.
    func testTheSharedPaletteIsCountedOnReducedFrames() throws {
        let (scratch, log, source, renderer) = try fullHD(frames: 1)
        try renderer.writePalette(source, to: scratch.path("shared.png"))
        XCTAssertEqual(log.sizes, ["960x540"])
    }

    /// A scratch folder and a 1920×1080 reducible source logging its cursors, drawn on one thread.
    private func fullHD(frames: Int) throws -> (Scratch, SizeLog, ReducibleSynthetic, VideoRenderer) {
        let log = SizeLog()
        var options = VideoOptions()
        options.threadCount = 1
        return (try Scratch(), log, ReducibleSynthetic(base: SyntheticSource(width: 1920, height: 1080, frames: frames), log: log),
                VideoRenderer(options: options))
    }
}

/// Every size a cursor was made for, in order.
final class SizeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    var sizes: [String] { lock.withLock { entries } }
    func append(_ size: String) { lock.withLock { entries.append(size) } }
}

/// `SyntheticSource`, which draws at any size, made reducible; it logs the size of every cursor it makes.
struct ReducibleSynthetic: ReducibleFrameSource {
    var base: SyntheticSource
    let log: SizeLog
    var format: FrameFormat { base.format }

    func reduced(by divisor: Int) -> FrameSource? {
        var small = base
        (small.format.width, small.format.height) = (base.format.width / divisor, base.format.height / divisor)
        return ReducibleSynthetic(base: small, log: log)
    }

    func makeCursor() throws -> FrameCursor {
        log.append("\(format.width)x\(format.height)")
        return try base.makeCursor()
    }
}
