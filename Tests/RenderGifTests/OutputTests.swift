import Foundation
import MediaTestSupport
import SpruceRender
import SpruceScene
import XCTest

/// Every output the CLI writes, checked with ffprobe and against the renderer's own frames.
final class OutputTests: XCTestCase {
    /// 232×232 (scale 0.5), 25 fps (the scene's), a short hold: about 50 frames.
    let small = ["--scale", "0.5", "--hold", "0.1", "--quiet"]

    func testGIFIsTheGridFilmWithExactDelaysAndHighPSNR() throws {
        let scratch = try Scratch()
        let out = scratch.path("demo.gif")
        let result = try CLI.run(["--sort", "cornered", "--out", out.path] + small)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "", "silent when stderr is not a terminal")
        let reference = try Reference(scale: 0.5, fps: 25, hold: 0.1)
        let expected = try reference.frames()
        let (stream, _) = try Media.probe(out)
        XCTAssertEqual(stream["codec_name"] as? String, "gif")
        XCTAssertEqual(stream["width"] as? Int, 232)
        XCTAssertEqual(stream["height"] as? Int, 232)
        XCTAssertEqual(stream["nb_read_frames"] as? String, "\(expected.count)")
        let timing = try GIFTiming(contentsOf: out)
        XCTAssertEqual(timing.delays, Array(repeating: 4, count: expected.count), "25 fps = 4 cs per frame")
        XCTAssertEqual(timing.loop, 0, "loops forever")

        let decoded = try Media.decode(out, width: 232, height: 232)
        XCTAssertEqual(decoded.count, expected.count)
        let psnr = PSNR(decoded: decoded, expected: expected)
        print("render-gif GIF vs renderer frames: \(psnr)")
        XCTAssertGreaterThanOrEqual(psnr.meanOfDiffering, 30)
        XCTAssertEqual(scratch.contents, ["demo.gif"], "no temporary files left")
    }

    func testMP4IsH264WithEveryFrameAndHighPSNR() throws {
        let scratch = try Scratch()
        let out = scratch.path("demo.mp4")
        let result = try CLI.run(["--sort", "cornered", "--out", out.path] + small)
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = try Reference(scale: 0.5, fps: 25, hold: 0.1).frames()
        let (stream, format) = try Media.probe(out)
        XCTAssertEqual(stream["codec_name"] as? String, "h264")
        XCTAssertEqual(stream["pix_fmt"] as? String, "yuv420p")
        XCTAssertEqual(stream["width"] as? Int, 232)
        XCTAssertEqual(stream["height"] as? Int, 232)
        XCTAssertEqual(stream["r_frame_rate"] as? String, "25/1")
        XCTAssertEqual(stream["nb_read_frames"] as? String, "\(expected.count)")
        XCTAssertTrue((format["format_name"] as? String ?? "").contains("mp4"))
        let duration = Double(format["duration"] as? String ?? "") ?? 0
        XCTAssertEqual(duration, Double(expected.count) / 25, accuracy: 0.05)

        let decoded = try Media.decode(out, width: 232, height: 232)
        XCTAssertEqual(decoded.count, expected.count)
        let psnr = PSNR(decoded: decoded, expected: expected)
        print("render-gif MP4 vs renderer frames: \(psnr)")
        XCTAssertGreaterThanOrEqual(psnr.meanOfDiffering, 35)
    }

    /// H.264 in 4:2:0 takes only even sides, and an 800×427 scene (the built-in phones, the README's example) could
    /// not be an MP4 at all (exit 64). An odd side is drawn one pixel longer: the canvas's background, the scene as
    /// it is everywhere else; other outputs keep the scene's size.
    func testAnOddSideIsOnePixelLongerInAnMP4() throws {
        let scratch = try Scratch()
        let film = ["--size", "57x45", "--background", "#3366cc", "--hold", "0", "--quiet"]
        let mp4 = scratch.path("odd.mp4"), frames = scratch.path("frames")
        XCTAssertEqual(try CLI.run(film + ["--out", mp4.path]).status, 0)
        XCTAssertEqual(try CLI.run(film + ["--out", frames.path + "/"]).status, 0)
        let (stream, _) = try Media.probe(mp4)
        XCTAssertEqual([stream["width"] as? Int, stream["height"] as? Int], [58, 46])
        let decoded = try Media.decode(mp4, width: 58, height: 46)
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(decoded.count, names.count)
        let png = try Bitmap(contentsOfFile: frames.appendingPathComponent(names[names.count - 1]).path)
        XCTAssertEqual([png.width, png.height], [57, 45], "a frame folder keeps the scene's size")
        // The last frame: the scene's pixels where it has them, the background (BGRA 204, 102, 51) in the extra
        // column and row, within x264's rounding.
        let last = decoded[decoded.count - 1], drawn = png.packedBGRA()
        func pixel(_ p: [UInt8], _ x: Int, _ y: Int, _ width: Int) -> [Int] { (0..<3).map { Int(p[(y * width + x) * 4 + $0]) } }
        for y in 0..<46 {
            XCTAssertEqual(pixel(last, 57, y, 58), [204, 102, 51], accuracy: 4, "extra column, row \(y)")
        }
        for x in 0..<58 { XCTAssertEqual(pixel(last, x, 45, 58), [204, 102, 51], accuracy: 4, "extra row, column \(x)") }
        var largest = 0
        for y in 0..<45 {
            for x in 0..<57 { largest = max(largest, zip(pixel(last, x, y, 58), pixel(drawn, x, y, 57)).map { abs($0 - $1) }.max()!) }
        }
        XCTAssertLessThanOrEqual(largest, 40, "the scene where it was")
    }

    /// A still shows the moment every view has arrived; the phones scene's film is cut (timeline.duration) before its
    /// last spring rests, and its PNG was refused as "--at 2.28 is after the end of the film" with no --at given. It
    /// is the film's last moment, the same picture as asking for that moment.
    func testAStillOfAFilmCutBeforeItsEntranceEndsIsItsLastMoment() throws {
        let scratch = try Scratch()
        let still = scratch.path("phones.png")
        let result = try CLI.run(["--scene", "phones", "--scale", "0.25", "--out", still.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let doc = try SceneParser.load(contentsOf: CLI.packageRoot.appendingPathComponent("fixtures/scenes/phones.json"))
        let film = try SceneFilm(document: doc, framesPerSecond: doc.timeline.fps ?? 60).film
        XCTAssertLessThan(film.duration, film.phases.inEnd, "the film is cut before its entrance ends")
        let at = scratch.path("at.png")
        XCTAssertEqual(try CLI.run(["--scene", "phones", "--scale", "0.25", "--out", at.path, "--at", "\(film.duration)"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: still), try Data(contentsOf: at))
    }

    func testWebMIsVP9() throws {
        let scratch = try Scratch()
        let out = scratch.path("demo.webm")
        let result = try CLI.run(["--out", out.path, "--scale", "0.25", "--hold", "0", "--loop", "in", "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let (stream, _) = try Media.probe(out)
        XCTAssertEqual(stream["codec_name"] as? String, "vp9")
        XCTAssertEqual(stream["width"] as? Int, 116)
    }

    func testPNGAtIsExactlyTheRenderersFrame() throws {
        let scratch = try Scratch()
        for at in [0.36, 0.5123] {
            let out = scratch.path("still-\(at).png")
            let result = try CLI.run(["--out", out.path, "--at", "\(at)", "--scale", "0.5"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let written = try Bitmap(contentsOfFile: out.path)
            let expected = try Reference(scale: 0.5, fps: 25).player.render(at: at)
            XCTAssertTrue(written == expected, "--at \(at) differs from SceneFilm.render(at:)")
        }
        // Without --at: the moment every view has arrived.
        let out = scratch.path("arrived.png")
        XCTAssertEqual(try CLI.run(["--out", out.path, "--scale", "0.5"]).status, 0)
        let reference = try Reference(scale: 0.5, fps: 25).player
        XCTAssertTrue(try Bitmap(contentsOfFile: out.path) == reference.render(at: reference.phases.inEnd))
    }

    func testSizeResizesTheCanvasAndTheGridFillsIt() throws {
        let scratch = try Scratch()
        let out = scratch.path("small.png")
        XCTAssertEqual(try CLI.run(["--size", "160x120", "--out", out.path]).status, 0)
        let bitmap = try Bitmap(contentsOfFile: out.path)
        XCTAssertEqual([bitmap.width, bitmap.height], [160, 120])
        let expected = try Reference(scale: 1, fps: 25) { doc in
            doc.canvas.width = 160
            doc.canvas.height = 120
            doc.views[0].frame = CGRect(x: 0, y: 0, width: 160, height: 120)
            doc.views[0].grid!.tileSize = nil
        }.player
        XCTAssertTrue(bitmap == (try expected.render(at: expected.phases.inEnd)))
    }

    func testFramesFolderHoldsEveryFrameExactly() throws {
        let scratch = try Scratch()
        let out = scratch.path("frames")
        let result = try CLI.run(["--out", out.path + "/", "--scale", "0.25", "--hold", "0", "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = try Reference(scale: 0.25, fps: 25, hold: 0).frames()
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(names.count, expected.count)
        XCTAssertEqual(names.first, "frame_00000.png")
        for i in [0, expected.count / 3, expected.count - 1] {
            let bitmap = try Bitmap(contentsOfFile: out.appendingPathComponent(String(format: "frame_%05d.png", i)).path)
            XCTAssertEqual(bitmap.packedBGRA(), expected[i], "frame \(i)")
        }
        XCTAssertEqual(scratch.contents, ["frames"])
    }

    func testStitchTurnsAFramesFolderIntoTheSameGIF() throws {
        let scratch = try Scratch()
        let frames = scratch.path("frames")
        XCTAssertEqual(try CLI.run(["--out", frames.path + "/", "--scale", "0.25", "--hold", "0", "--quiet"]).status, 0)
        let count = try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { $0.hasSuffix(".png") }.count
        let gif = scratch.path("stitched.gif")
        let result = try CLI.run(["stitch", frames.path, "--fps", "25", "--out", gif.path, "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try GIFTiming(contentsOf: gif).delays, Array(repeating: 4, count: count))
        // Same frames, same encoder settings: the same bytes as rendering the GIF directly.
        let direct = scratch.path("direct.gif")
        XCTAssertEqual(try CLI.run(["--out", direct.path, "--scale", "0.25", "--hold", "0", "--quiet"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: gif), try Data(contentsOf: direct))

        let mp4 = scratch.path("stitched.mp4")
        XCTAssertEqual(try CLI.run(["stitch", frames.path, "--fps", "25", "--out", mp4.path]).status, 0)
        XCTAssertEqual(try Media.probe(mp4).stream["nb_read_frames"] as? String, "\(count)")
    }

    func testQualityPresetsSetScaleAndFrameRate() throws {
        let scratch = try Scratch()
        let mp4 = scratch.path("low.mp4")
        XCTAssertEqual(try CLI.run(["--quality", "low", "--hold", "0", "--loop", "in", "--out", mp4.path]).status, 0)
        let (stream, _) = try Media.probe(mp4)
        XCTAssertEqual(stream["width"] as? Int, 232)
        XCTAssertEqual(stream["r_frame_rate"] as? String, "15/1")
        let gif = scratch.path("low.gif")
        XCTAssertEqual(try CLI.run(["--quality", "low", "--hold", "0", "--loop", "in", "--out", gif.path]).status, 0)
        XCTAssertEqual(Set(try GIFTiming(contentsOf: gif).delays), [8], "12.5 fps")
        // An explicit --fps and --scale win over the preset.
        let explicit = scratch.path("explicit.mp4")
        XCTAssertEqual(try CLI.run(["--quality", "low", "--fps", "10", "--scale", "0.25", "--hold", "0", "--loop", "in",
                                    "--out", explicit.path]).status, 0)
        let probed = try Media.probe(explicit).stream
        XCTAssertEqual(probed["r_frame_rate"] as? String, "10/1")
        XCTAssertEqual(probed["width"] as? Int, 116)
    }
}

private func XCTAssertEqual(_ a: [Int], _ b: [Int], accuracy: Int, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= accuracy }, "\(a) is not \(b) ± \(accuracy): \(message)",
                  file: file, line: line)
}
