import Foundation
import MediaTestSupport
import SpruceFilm
import XCTest
@testable import SpruceVideo

/// A GIF whose frames ffmpeg can hold is made in one ffmpeg run (`FFmpegArguments.gifOneRun`): the bytes of the
/// two runs (palette, then mapping), with every frame drawn once; larger films, and films whose palette pass is
/// drawn smaller, keep the two runs.
final class GIFOneRunTests: XCTestCase {
    /// Renders `source` to `name` and returns the pass of every frame handed to ffmpeg.
    private func render(_ source: FrameSource, _ options: VideoOptions, to name: String, in scratch: Scratch) throws -> [Int] {
        final class Passes: @unchecked Sendable { var values: [Int] = [] }
        let passes = Passes()
        var options = options
        options.faults.frameTap = { _, pass, _ in passes.values.append(pass) }
        try VideoRenderer(options: options).render(source, to: scratch.path(name))
        return passes.values
    }

    func testOneRunWritesTheBytesOfTwoRunsWithEveryDelay() throws {
        let scratch = try Scratch()
        var clear = SyntheticSource(frames: 12)
        clear.transparentBackground = true  // alpha below 255: opaque output shows it over black, both ways
        let cases: [(String, SyntheticSource, (inout VideoOptions) -> Void)] = [
            ("opaque", SyntheticSource(frames: 12), { _ in }),
            ("clear background, opaque output", clear, { _ in }),
            ("transparent", clear, { $0.transparent = true }),
            ("bayer, plays twice", SyntheticSource(frames: 12), { $0.dither = .bayer(scale: 2); $0.loop = .playCount(2) }),
        ]
        for (name, source, configure) in cases {
            var options = VideoOptions()
            configure(&options)
            XCTAssertEqual(try render(source, options, to: "one.gif", in: scratch), Array(repeating: 1, count: 12), name)
            options.faults.oneRunBytes = 0
            XCTAssertEqual(try render(source, options, to: "two.gif", in: scratch), Array(repeating: 1, count: 12) + Array(repeating: 2, count: 12), name)
            let one = try Data(contentsOf: scratch.path("one.gif")), two = try Data(contentsOf: scratch.path("two.gif"))
            XCTAssertEqual(one, two, "\(name): one run and two runs write the same GIF")
            let timing = try GIFTiming(contentsOf: scratch.path("one.gif"))
            XCTAssertEqual(timing.delays, Array(repeating: 4, count: 12), "\(name): 25 fps is 4 cs a frame")
            XCTAssertEqual(timing.loop, options.loop == .forever ? 0 : 1, name)
        }
    }

    func testOnlyFilmsWithinTheBudgetAndDrawnWholeForThePaletteTakeOneRun() {
        let frameBytes = 160 * 120 * 4
        var options = VideoOptions()
        options.faults.oneRunBytes = 10 * frameBytes
        let renderer = VideoRenderer(options: options)
        XCTAssertTrue(renderer.gifInOneRun(SyntheticSource(frames: 10), frameCount: 10))
        XCTAssertFalse(renderer.gifInOneRun(SyntheticSource(frames: 11), frameCount: 11))
        XCTAssertTrue(VideoRenderer().gifInOneRun(SyntheticSource(frames: 500), frameCount: 500), "the default budget: 37 MiB of frames")
        XCTAssertFalse(VideoRenderer().gifInOneRun(SyntheticSource(width: 1920, height: 1080, frames: 2), frameCount: 2),
                       "a palette pass drawn at half the sides")
        var joinable = VideoOptions()
        joinable.joinable = JoinableEncoding(keyframeInterval: 50)
        XCTAssertFalse(VideoRenderer(options: joinable).gifInOneRun(SyntheticSource(frames: 2), frameCount: 2), "a part of a GIF")
    }

    /// A film of two colours fits the palette: its one run maps without dithering (`PaletteColours`) and writes the
    /// bytes the two runs write with error diffusion. A film of many colours keeps the dithering asked for.
    func testAFilmOfFewColoursIsMappedWithoutDitheringToTheSameBytes() throws {
        let scratch = try Scratch()
        let log = scratch.path("arguments.log")
        let ffmpeg = scratch.path("ffmpeg")
        try "#!/bin/sh\necho \"$*\" >> '\(log.path)'\nexec '\(try FFmpegLocator.locate(explicit: nil))' \"$@\"\n"
            .write(to: ffmpeg, atomically: true, encoding: .utf8)
        chmod(ffmpeg.path, 0o755)
        let cases: [(String, FrameSource, GIFDither, String)] = [
            ("two colours", TwoColourSource(), .sierra2_4a, "paletteuse=dither=none:"),
            ("two colours, floyd_steinberg", TwoColourSource(), .floydSteinberg, "paletteuse=dither=none:"),
            ("two colours, bayer", TwoColourSource(), .bayer(scale: 3), "paletteuse=dither=bayer:bayer_scale=3:"),
            ("a gradient", SyntheticSource(frames: 12), .sierra2_4a, "paletteuse=dither=sierra2_4a:"),
        ]
        for (name, source, dither, filter) in cases {
            try? FileManager.default.removeItem(at: log)
            var options = VideoOptions()
            options.ffmpegPath = ffmpeg.path
            options.dither = dither
            XCTAssertEqual(try render(source, options, to: "one.gif", in: scratch), Array(repeating: 1, count: source.format.frameCount), name)
            // ffmpeg starts without dithering while the colours are counted; a film whose colours do not fit stops
            // it and starts another: the run that wrote the GIF is the last one.
            let runs = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            XCTAssertTrue(runs.last?.contains(filter) == true, "\(name): \(runs)")
            XCTAssertEqual(runs.count, filter == "paletteuse=dither=sierra2_4a:" ? 2 : 1, "\(name): \(runs)")
            if runs.count == 2 { XCTAssertTrue(runs[0].contains("paletteuse=dither=none:"), "\(name): \(runs)") }
            options.faults.oneRunBytes = 0
            _ = try render(source, options, to: "two.gif", in: scratch)
            XCTAssertEqual(try Data(contentsOf: scratch.path("one.gif")), try Data(contentsOf: scratch.path("two.gif")), name)
        }
    }

    /// ffmpeg started ahead of the colour count is not stalled while the count runs, however long it takes: a
    /// count of 3.5 s under a stall timeout of 3 s makes the GIF, the same bytes as without the wait. Only the count
    /// is slow (the first ten frames drawn): the frames then reach ffmpeg at once, and the timeout leaves ffmpeg three
    /// whole seconds for its own work once they are in, which a machine busy with the rest of the suite can take.
    func testACountLongerThanTheStallTimeoutIsNoStall() throws {
        let scratch = try Scratch()
        var options = VideoOptions()
        options.threadCount = 1
        options.stallTimeout = 3
        var slow = TwoColourSource()
        slow.slowDraws = SlowDraws(count: 10, seconds: 0.35)
        XCTAssertEqual(try render(slow, options, to: "slow.gif", in: scratch).count, 10)
        XCTAssertEqual(slow.slowDraws?.remaining, 0, "the count drew every frame slowly")
        _ = try render(TwoColourSource(), options, to: "quick.gif", in: scratch)
        XCTAssertEqual(try Data(contentsOf: scratch.path("slow.gif")), try Data(contentsOf: scratch.path("quick.gif")))
    }
}

/// The first `count` frames a source draws, in any of its cursors, take at least `seconds` each.
private final class SlowDraws: @unchecked Sendable {
    let seconds: Double
    private let lock = NSLock()
    private var left: Int
    init(count: Int, seconds: Double) { (left, self.seconds) = (count, seconds) }

    var remaining: Int { lock.withLock { left } }

    /// Waits when this draw is one of the slow ones.
    func wait() {
        let slow = lock.withLock { () -> Bool in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
        if slow { usleep(UInt32(seconds * 1e6)) }
    }
}

/// A white film with a red square moving two whole pixels a frame: two colours, no anti-aliasing. The draws
/// `slowDraws` holds take longer.
private struct TwoColourSource: FrameSource {
    let format = FrameFormat(width: 64, height: 48, framesPerSecond: 25, frameCount: 10)
    var slowDraws: SlowDraws?

    func makeCursor() throws -> FrameCursor { Cursor(format: format, slowDraws: slowDraws) }

    final class Cursor: FrameCursor {
        let format: FrameFormat
        let slowDraws: SlowDraws?
        init(format: FrameFormat, slowDraws: SlowDraws?) { (self.format, self.slowDraws) = (format, slowDraws) }

        func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
            slowDraws?.wait()
            for y in 0..<format.height {
                for x in 0..<format.width {
                    let red = (2 * index..<(2 * index + 12)).contains(x) && (10..<30).contains(y)
                    let pixel: UInt32 = red ? 0xFFFF_0000 : 0xFFFF_FFFF  // BGRA in memory: B, G, R, A
                    pixels.storeBytes(of: pixel, toByteOffset: (y * format.width + x) * 4, as: UInt32.self)
                }
            }
        }
    }
}
