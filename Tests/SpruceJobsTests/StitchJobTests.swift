import Foundation
import MediaTestSupport
import SpruceJobs
import SpruceRender
import SpruceScene
import SpruceVideo
import XCTest

/// `StitchJob`: each problem found before a frame is read, an encoder setting the format refuses, and a real folder of frames (written by a render job)
/// stitched into a GIF at an exact rate.
final class StitchJobTests: XCTestCase {
    private func job(_ folder: URL, _ out: URL, _ format: OutputFormat, _ change: (inout StitchJob) -> Void = { _ in }) -> StitchJob {
        var job = StitchJob(folder: folder, out: out, format: format)
        change(&job)
        return job
    }

    func testEachProblemBeforeAnyFrameIsRead() throws {
        let scratch = try Scratch()
        let out = scratch.path("a.gif")
        XCTAssertThrowsError(try job(scratch.url, out, .gif) { $0.framesPerSecond = 0 }.validate()) {
            guard case StitchJob.Problem.frameRate(let bad) = $0 else { return XCTFail("\($0)") }
            XCTAssertEqual(bad.key, "fps")
        }
        XCTAssertThrowsError(try job(scratch.url, out, .gif) { $0.framesPerSecond = 30 }.validate()) {
            XCTAssertEqual($0 as? StitchJob.Problem, .notPlayable(30, format: .gif))
        }
        XCTAssertEqual(try job(scratch.url, scratch.path("a.webp"), .webp) { $0.framesPerSecond = 33.333 }.validate(), 1000.0 / 30)
        XCTAssertEqual(try job(scratch.url, out, .gif).validate(), 50, "GIF's default rate")
        XCTAssertThrowsError(try job(scratch.url, scratch.path("a.mp4"), .mp4) { $0.transparent = true }.validate()) {
            XCTAssertEqual($0 as? StitchJob.Problem, .noAlpha(.mp4))
        }
        XCTAssertThrowsError(try job(scratch.path("none"), out, .gif).validate()) {
            XCTAssertEqual($0 as? StitchJob.Problem, .folder("does not exist"))
        }
        FileManager.default.createFile(atPath: scratch.path("file").path, contents: Data())
        XCTAssertThrowsError(try job(scratch.path("file"), out, .gif).validate()) {
            XCTAssertEqual($0 as? StitchJob.Problem, .folder("is a file, not a folder of PNG frames"))
        }
        XCTAssertEqual(scratch.contents, ["file"], "nothing written by a refused job")
    }

    func testAFramesFolderBecomesAGIF() throws {
        let scratch = try Scratch()
        let frames = scratch.path("frames"), gif = scratch.path("a.gif")
        var overrides = FilmOverrides()
        (overrides.rows, overrides.columns, overrides.size, overrides.fps) = (2, 2, CGSize(width: 40, height: 40), 10)
        var outputs = RenderOutputs()
        (outputs.film, outputs.format) = (frames.path, .pngSequence)
        try RenderJob(recipe: FilmRecipe(scene: try XCTUnwrap(BuiltInScenes.named("grid")).document(), overrides: overrides, sceneName: "grid"),
                      sceneFile: nil, outputs: outputs).run(cancellation: RenderCancellation())
        let count = try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { $0.hasSuffix(".png") }.count
        XCTAssertThrowsError(try job(frames, scratch.path("a.mp4"), .mp4) { $0.encoding.plays = 2 }.run(cancellation: RenderCancellation())) {
            XCTAssertEqual($0 as? EncodingSettings.Problem, .notApplicable(.plays, format: .mp4))
        }
        var seen = 0
        try job(frames, gif, .gif) { $0.framesPerSecond = 25 }.run(cancellation: RenderCancellation()) { _ in seen += 1 }
        let delays = try GIFTiming(contentsOf: gif).delays
        XCTAssertGreaterThan(seen, 0)
        XCTAssertEqual(delays.reduce(0, +), count * 4, "\(count) frames of 4 centiseconds (25 fps): \(delays)")
        XCTAssertEqual(scratch.contents, ["a.gif", "frames"], "no temporary file left")
    }

    /// `stitch --transparent` read each frame premultiplied (Cairo) and divided it back: a semi-transparent pixel's
    /// colour came out a level or more off. Frames of every alpha beside every colour level, stitched into a folder of
    /// frames, come out with the very pixels they went in with.
    func testTransparentFramesKeepTheirPixelsExactly() throws {
        let scratch = try Scratch()
        let (width, height) = (256, 256)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (UInt8(y), UInt8(255 - y), UInt8((x * 7 + y * 3) & 255), UInt8(x))
            }
        }
        let frames = scratch.path("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: false)
        try Media.writePNG(bgra: pixels, width: width, height: height, to: frames.appendingPathComponent("frame_1.png"))
        try Media.writePNG(bgra: pixels, width: width, height: height, to: frames.appendingPathComponent("frame_2.png"))
        try assertStitched(frames, into: scratch.path("out/"), transparent: true, frames: 2, are: pixels, width: width)
    }

    /// Frames of 16 bits a channel keep their straight alpha too: each channel's high 8 bits, as Cairo reads an opaque
    /// pixel, whatever the alpha; a fully transparent pixel keeps its colour. The colours' low bytes run over every
    /// value, so a reduction that rounds would show.
    func testTransparentFramesOf16BitsKeepTheirPixels() throws {
        let scratch = try Scratch()
        let (width, height) = (256, 3)
        var rgba = [UInt16](), expected = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                let alpha = [0, UInt16(x) * 257, 0xFFFF][y]
                let (r, g, b) = (UInt16(x) << 8 | UInt16((x * 37 + y * 91) & 255), UInt16(255 - x) << 8 | UInt16(x), UInt16((x * 7 + y) & 255) << 8 | 0x80)
                rgba += [r, g, b, alpha]
                expected += [b, g, r, alpha].map { UInt8($0 >> 8) }
            }
        }
        let frames = scratch.path("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: false)
        let first = frames.appendingPathComponent("frame_1.png")
        try Media.writePNG(rgba64: rgba, width: width, height: height, to: first)
        try FileManager.default.copyItem(at: first, to: frames.appendingPathComponent("frame_2.png"))
        XCTAssertEqual(try Data(contentsOf: first)[24], 16, "a PNG of 16 bits a channel")
        let cairo = try Bitmap(contentsOfFile: first.path)
        for x in 0..<width {
            let (r, g, b, a) = cairo.pixel(x: x, y: 2), i = (2 * width + x) * 4
            XCTAssertEqual([b, g, r, a], Array(expected[i..<(i + 4)]), "Cairo's opaque pixel at x \(x)")
        }
        try assertStitched(frames, into: scratch.path("out/"), transparent: true, frames: 2, are: expected, width: width)
    }

    /// A frame whose gAMA chunk declares a gamma other than sRGB's (1.0 here) reads the same with and without
    /// `--transparent`: the file's own values, as Cairo, which ignores the chunk, reads them.
    func testAGammaChunkChangesNoColourWithOrWithoutTransparent() throws {
        let scratch = try Scratch()
        let (width, height) = (256, 2)
        var pixels = [UInt8]()
        for y in 0..<height {
            for x in 0..<width { pixels += [UInt8(x), UInt8(255 - x), UInt8((x * 5 + y * 128) & 255), 255] }
        }
        let frames = scratch.path("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: false)
        let frame = frames.appendingPathComponent("frame_1.png")
        try Media.writePNG(bgra: pixels, width: width, height: height, transfer: "linear", to: frame)
        XCTAssertNotNil(try Data(contentsOf: frame).range(of: Data("gAMA".utf8)), "the frame has a gAMA chunk")
        for transparent in [false, true] {
            try assertStitched(frames, into: scratch.path(transparent ? "straight/" : "premultiplied/"), transparent: transparent,
                               frames: 1, are: pixels, width: width)
        }
    }

    /// Stitches `frames` into a folder of `count` frames at `out` and checks that each has the pixels `expected`
    /// (BGRA, straight alpha, rows of `width`), decoded by ffmpeg.
    private func assertStitched(_ frames: URL, into out: URL, transparent: Bool, frames count: Int, are expected: [UInt8], width: Int,
                                file: StaticString = #filePath, line: UInt = #line) throws {
        try job(frames, out, .pngSequence) { $0.transparent = transparent }.run(cancellation: RenderCancellation())
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(written.count, count, file: file, line: line)
        for name in written {
            let frame = try XCTUnwrap(try Media.decode(out.appendingPathComponent(name), width: width, height: expected.count / 4 / width).first)
            let wrong = stride(from: 0, to: expected.count, by: 4).filter { frame[$0..<($0 + 4)] != expected[$0..<($0 + 4)] }
            XCTAssertEqual(wrong.count, 0, "transparent \(transparent), \(name): \(wrong.count) pixels differ, the first at "
                           + "\(wrong.first.map { ($0 / 4 % width, $0 / 4 / width) } as Any): \(wrong.first.map { Array(frame[$0..<($0 + 4)]) } ?? [])"
                           + " for \(wrong.first.map { Array(expected[$0..<($0 + 4)]) } ?? [])", file: file, line: line)
        }
    }
}
