import Foundation
import MediaTestSupport
import XCTest
@testable import SpruceVideo

/// The benchmark's encoder-only tools: the frames as the pipeline sends them, written once, then encoded from
/// the file and from memory through the pipe, must give the same film as the pipeline.
final class EncoderOnlyTests: XCTestCase {
    func testRawFramesEncodeToTheSameFilmFromAFileAndThroughThePipe() throws {
        let scratch = try Scratch()
        let source = SyntheticSource(width: 160, height: 120, frames: 10)
        var options = VideoOptions()
        options.crf = 0  // lossless, so the three films must decode to the very same frames
        let renderer = VideoRenderer(options: options)
        let raw = scratch.path("frames.raw").path
        try renderer.writeRawFrames(source, output: .mp4, to: raw)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: raw))
        XCTAssertEqual(bytes.count, 10 * 160 * 120 * 3 / 2, "4:2:0, as the pipeline sends MP4 frames")

        try renderer.render(source, to: scratch.path("pipeline.mp4"))
        for arguments in try renderer.encoderPasses(source: source, output: .mp4, path: scratch.path("file.mp4").path,
                                                palette: scratch.path("p.png").path, rawFrames: raw) {
            _ = try ChildProcess.runCapturingOutput("ffmpeg", at: try FFmpegLocator.locate(explicit: nil), arguments)
        }
        try bytes.withUnsafeBytes {
            try renderer.encode(rawFrames: [$0], source: source, output: .mp4,
                                path: scratch.path("memory.mp4").path, palette: scratch.path("p.png").path)
        }
        let reference = try Media.decode(scratch.path("pipeline.mp4"), width: 160, height: 120)
        XCTAssertEqual(reference.count, 10)
        for name in ["file.mp4", "memory.mp4"] {
            XCTAssertEqual(try Media.decode(scratch.path(name), width: 160, height: 120), reference, name)
        }
        XCTAssertThrowsError(try bytes.prefix(100).withUnsafeBytes {
            try renderer.encode(rawFrames: [$0], source: source, output: .mp4,
                                path: scratch.path("short.mp4").path, palette: scratch.path("p.png").path)
        })
    }
}
