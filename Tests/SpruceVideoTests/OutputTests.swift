import Foundation
import MediaTestSupport
import XCTest
@testable import SpruceVideo

final class OutputTests: XCTestCase {
    let source = SyntheticSource()

    private func render(_ name: String, in scratch: Scratch, _ configure: (inout VideoOptions) -> Void = { _ in })
        throws -> URL
    {
        var options = VideoOptions()
        configure(&options)
        let url = scratch.path(name)
        try VideoRenderer(options: options).render(source, to: url)
        return url
    }

    func testMP4IsH264WithEveryFrameAndHighPSNR() throws {
        let scratch = try Scratch()
        let url = try render("clip.mp4", in: scratch)
        let (stream, format) = try Media.probe(url)
        XCTAssertTrue((format["format_name"] as! String).contains("mp4"))
        XCTAssertEqual(stream["codec_name"] as? String, "h264")
        XCTAssertEqual(stream["pix_fmt"] as? String, "yuv420p")
        XCTAssertEqual(stream["width"] as? Int, 160)
        XCTAssertEqual(stream["height"] as? Int, 120)
        XCTAssertEqual(stream["nb_read_frames"] as? String, "40")
        XCTAssertEqual(stream["r_frame_rate"] as? String, "25/1")
        XCTAssertEqual(Double(format["duration"] as! String)!, 1.6, accuracy: 0.001)
        XCTAssertEqual(scratch.contents, ["clip.mp4"], "no temporary file left beside the output")

        let decoded = try Media.decode(url, width: 160, height: 120)
        XCTAssertEqual(decoded.count, 40)
        let psnr = PSNR(decoded: decoded, expected: try (0..<40).map(source.frame))
        print("MP4 PSNR (defaults: crf 20, veryfast): \(psnr)")
        XCTAssertGreaterThanOrEqual(psnr.meanOfDiffering, 35)
        // 4:2:0 chroma alone (no encoder) caps this content's worst frame near 34.4 dB: saturated red and blue
        // anti-aliased edges share chroma samples with the background.
        XCTAssertGreaterThanOrEqual(psnr.worst, 32)
    }

    func testGIFHasExactDelaysLoopsForeverAndHighPSNR() throws {
        let scratch = try Scratch()
        let url = try render("clip.gif", in: scratch)
        let (stream, _) = try Media.probe(url)
        XCTAssertEqual(stream["codec_name"] as? String, "gif")
        XCTAssertEqual(stream["width"] as? Int, 160)
        XCTAssertEqual(stream["height"] as? Int, 120)
        XCTAssertEqual(stream["nb_read_frames"] as? String, "40")
        let timing = try GIFTiming(contentsOf: url)
        XCTAssertEqual(timing.delays, Array(repeating: 4, count: 40), "25 fps is 4 cs per frame")
        XCTAssertEqual(timing.loop, 0, "loops forever")
        XCTAssertEqual(scratch.contents, ["clip.gif"])

        let decoded = try Media.decode(url, width: 160, height: 120)
        XCTAssertEqual(decoded.count, 40)
        let psnr = PSNR(decoded: decoded, expected: try (0..<40).map(source.frame))
        print("GIF PSNR (palette stats_mode=full, sierra2_4a): \(psnr)")
        XCTAssertGreaterThanOrEqual(psnr.worst, 30)
    }

    func testGIFFrameRatesAndLoopCounts() throws {
        let scratch = try Scratch()
        var slow = SyntheticSource(fps: 10, frames: 6)
        slow.transparentBackground = false
        var options = VideoOptions()
        options.loop = .playCount(1)
        options.dither = .bayer(scale: 3)
        try VideoRenderer(options: options).render(slow, to: scratch.path("once.gif"))
        var timing = try GIFTiming(contentsOf: scratch.path("once.gif"))
        XCTAssertEqual(timing.delays, Array(repeating: 10, count: 6))
        XCTAssertNil(timing.loop, "played once: no NETSCAPE loop block")

        options.loop = .playCount(3)
        let fast = SyntheticSource(fps: 50, frames: 6)
        try VideoRenderer(options: options).render(fast, to: scratch.path("thrice.gif"))
        timing = try GIFTiming(contentsOf: scratch.path("thrice.gif"))
        XCTAssertEqual(timing.delays, Array(repeating: 2, count: 6))
        XCTAssertEqual(timing.loop, 2, "three plays = two repeats")

        let third = SyntheticSource(fps: 100.0 / 3, frames: 6)
        try VideoRenderer(options: options).render(third, to: scratch.path("third.gif"))
        XCTAssertEqual(try GIFTiming(contentsOf: scratch.path("third.gif")).delays, Array(repeating: 3, count: 6))
    }

    func testWebMWithAndWithoutAlpha() throws {
        let scratch = try Scratch()
        var clear = SyntheticSource(frames: 10)
        clear.transparentBackground = true
        var options = VideoOptions()
        options.transparent = true
        try VideoRenderer(options: options).render(clear, to: scratch.path("alpha.webm"))
        let (stream, format) = try Media.probe(scratch.path("alpha.webm"))
        XCTAssertTrue((format["format_name"] as! String).contains("webm"))
        XCTAssertEqual(stream["codec_name"] as? String, "vp9")
        XCTAssertEqual(stream["nb_read_frames"] as? String, "10")
        XCTAssertEqual((stream["tags"] as? [String: Any])?["alpha_mode"] as? String, "1", "VP9 alpha is a side stream")
        // Decoding with libvpx-vp9 brings the alpha back: the clear corner is transparent, the box over it opaque.
        let frames = try Media.decode(scratch.path("alpha.webm"), width: 160, height: 120, decoder: "libvpx-vp9")
        XCTAssertEqual(frames.count, 10)
        let original = try clear.frame(5)
        let corner = (118 * 160 + 2) * 4, box = (80 * 160 + 112) * 4
        XCTAssertEqual(original[corner + 3], 0)
        XCTAssertEqual(original[box + 3], 255)
        XCTAssertLessThanOrEqual(frames[5][corner + 3], 4)
        XCTAssertGreaterThanOrEqual(frames[5][box + 3], 250)

        try VideoRenderer().render(SyntheticSource(frames: 10), to: scratch.path("opaque.webm"))
        let opaque = try Media.probe(scratch.path("opaque.webm")).stream
        XCTAssertEqual(opaque["pix_fmt"] as? String, "yuv420p")
        XCTAssertNil((opaque["tags"] as? [String: Any])?["alpha_mode"])
    }

    func testSinglePNGIsTheExactFrame() throws {
        let scratch = try Scratch()
        var options = VideoOptions()
        options.format = .png(frame: 7)
        let url = scratch.path("still.png")
        try VideoRenderer(options: options).render(source, to: url)
        let (stream, _) = try Media.probe(url)
        XCTAssertEqual(stream["codec_name"] as? String, "png")
        XCTAssertEqual(stream["pix_fmt"] as? String, "rgb24")
        let decoded = try Media.decode(url, width: 160, height: 120)
        XCTAssertEqual(decoded.count, 1)
        XCTAssertEqual(decoded[0], try source.frame(7), "PNG is lossless")
        XCTAssertEqual(scratch.contents, ["still.png"])
    }

    func testTransparentPNGAndGIFKeepAlpha() throws {
        let scratch = try Scratch()
        var clear = SyntheticSource(frames: 10)
        clear.transparentBackground = true
        var options = VideoOptions()
        options.transparent = true
        options.format = .png(frame: 4)
        try VideoRenderer(options: options).render(clear, to: scratch.path("alpha.png"))
        XCTAssertEqual(try Media.probe(scratch.path("alpha.png")).stream["pix_fmt"] as? String, "rgba")
        var expected = try clear.frame(4)
        expected.withUnsafeMutableBytes { PixelConversion.unpremultiplyBGRA($0) }
        XCTAssertEqual(try Media.decode(scratch.path("alpha.png"), width: 160, height: 120), [expected],
                       "PNG carries straight alpha exactly")

        options.format = nil
        try VideoRenderer(options: options).render(clear, to: scratch.path("alpha.gif"))
        let gif = try Media.decode(scratch.path("alpha.gif"), width: 160, height: 120)
        XCTAssertEqual(gif.count, 10)
        let corner = (118 * 160 + 2) * 4, box = (80 * 160 + 112) * 4
        XCTAssertEqual(gif[5][corner + 3], 0, "clear pixels use the GIF's transparent index")
        XCTAssertEqual(gif[5][box + 3], 255)
    }

    /// A folder of frames goes into a new or empty folder, or one render-gif made (it holds the manifest); a
    /// user's folder is refused untouched, and a second render replaces only the frames of the first.
    func testPNGSequenceNeverReplacesAFolderItDidNotWrite() throws {
        let scratch = try Scratch()
        let folder = scratch.path("frames")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: folder.appendingPathComponent("stale.txt"))
        XCTAssertThrowsError(try VideoRenderer().render(SyntheticSource(frames: 3), to: URL(fileURLWithPath: folder.path + "/"))) {
            guard case VideoError.targetNotWritable(_, let reason) = $0 else { return XCTFail("\($0)") }
            XCTAssertTrue(reason.contains("did not create"), reason)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["stale.txt"])

        let ours = scratch.path("ours")
        try VideoRenderer().render(SyntheticSource(frames: 12), to: URL(fileURLWithPath: ours.path + "/"))
        try Data("notes".utf8).write(to: ours.appendingPathComponent("notes.txt"))
        let short = SyntheticSource(frames: 5)
        try VideoRenderer().render(short, to: URL(fileURLWithPath: ours.path + "/"))
        let names = try FileManager.default.contentsOfDirectory(atPath: ours.path).sorted()
        XCTAssertEqual(names, [".render-gif-frames"] + (0..<5).map { String(format: "frame_%05d.png", $0) } + ["notes.txt"],
                       "the first render's extra frames are gone, the user's note stays")
        XCTAssertEqual(scratch.contents, ["frames", "ours"], "no temporary directory left")
        for i in [0, 4] {
            let decoded = try Media.decode(ours.appendingPathComponent(names[i + 1]), width: 160, height: 120)
            XCTAssertEqual(decoded, [try short.frame(i)])
        }
    }

    func testSameInputGivesBitIdenticalFiles() throws {
        let scratch = try Scratch()
        let short = SyntheticSource(frames: 12)
        // WebM too: the Matroska muxer wrote a random segment UID (and the date) until it was told +bitexact.
        for name in ["a.mp4", "b.mp4", "a.gif", "b.gif", "a.webm", "b.webm", "a.webp", "b.webp", "a.apng", "b.apng"] {
            var options = VideoOptions()
            options.threadCount = name.hasPrefix("a") ? 1 : 3
            try VideoRenderer(options: options).render(short, to: scratch.path(name))
        }
        for ext in ["mp4", "gif", "webm", "webp", "apng"] {
            XCTAssertEqual(try Data(contentsOf: scratch.path("a.\(ext)")), try Data(contentsOf: scratch.path("b.\(ext)")), ext)
        }
    }
}
