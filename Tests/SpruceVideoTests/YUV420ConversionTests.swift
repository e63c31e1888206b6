import Foundation
import MediaTestSupport
import SpruceFilm
import SpruceRender
import XCTest
@testable import SpruceVideo

/// The workers' BGRA → 4:2:0 conversion, against the BT.709 formulas and against ffmpeg's own swscale
/// conversion (the one MP4 frames went through before the workers did it).
final class YUV420ConversionTests: XCTestCase {
    /// Converts a 2x2 frame of one colour; returns (Y, Cb, Cr).
    private func convertFlat(r: UInt32, g: UInt32, b: UInt32) -> [UInt8] {
        let pixel = 0xFF00_0000 | r << 16 | g << 8 | b
        var pixels = [UInt32](repeating: pixel, count: 4)
        var out = [UInt8](repeating: 0, count: YUV420Conversion.byteCount(width: 2, height: 2))
        pixels.withUnsafeMutableBytes { p in out.withUnsafeMutableBytes { o in
            YUV420Conversion.convert(bgra: p.baseAddress!, width: 2, height: 2, into: o.baseAddress!)
        } }
        XCTAssertEqual(Set(out[0..<4]).count, 1, "a flat block has one luma")
        return [out[0], out[4], out[5]]
    }

    /// Studio-range BT.709 values of the primaries (ITU-R BT.709 with Kr 0.2126, Kb 0.0722, rounded).
    func testPrimariesBlackWhiteAndGreysMatchBT709LimitedRange() {
        XCTAssertEqual(convertFlat(r: 0, g: 0, b: 0), [16, 128, 128])
        XCTAssertEqual(convertFlat(r: 255, g: 255, b: 255), [235, 128, 128])
        XCTAssertEqual(convertFlat(r: 255, g: 0, b: 0), [63, 102, 240])
        XCTAssertEqual(convertFlat(r: 0, g: 255, b: 0), [173, 42, 26])
        XCTAssertEqual(convertFlat(r: 0, g: 0, b: 255), [32, 240, 118])
        for grey in stride(from: UInt32(0), through: 255, by: 1) {
            let yuv = convertFlat(r: grey, g: grey, b: grey)
            XCTAssertEqual(yuv[1...], [128, 128], "grey \(grey) has neutral chroma")
            XCTAssertEqual(Int(yuv[0]), Int((16 + 219 * Double(grey) / 255).rounded()), "grey \(grey)")
        }
    }

    /// Every colour, against the floating-point formula: luma and chroma within rounding (±1 only where the exact
    /// value sits next to .5).
    func testFixedPointStaysWithinRoundingOfTheFormula() {
        for r in stride(from: 0, through: 255, by: 15) {
            for g in stride(from: 0, through: 255, by: 15) {
                for b in stride(from: 0, through: 255, by: 15) {
                    let yuv = convertFlat(r: UInt32(r), g: UInt32(g), b: UInt32(b))
                    let luma = 0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)
                    let y = 16 + 219 * luma / 255
                    let cb = 128 + 224 * (Double(b) - luma) / 1.8556 / 255
                    let cr = 128 + 224 * (Double(r) - luma) / 1.5748 / 255
                    XCTAssertEqual(Double(yuv[0]), y, accuracy: 0.5 + 1e-3, "Y of \(r),\(g),\(b)")
                    XCTAssertEqual(Double(yuv[1]), cb, accuracy: 0.5 + 1e-3, "Cb of \(r),\(g),\(b)")
                    XCTAssertEqual(Double(yuv[2]), cr, accuracy: 0.5 + 1e-3, "Cr of \(r),\(g),\(b)")
                }
            }
        }
    }

    /// The flat shortcuts (eight-pixel words, cached flat blocks) must give what the per-pixel formula gives:
    /// runs of flat colour of every length and alignment, broken by odd pixels, with the cache forced to refresh.
    func testFlatShortcutsAgreeWithThePerPixelFormula() {
        let width = 40, height = 6
        let colours: [UInt32] = [0xFFAA_BBCC, 0xFF11_2233, 0x80FF_0000, 0xFF00_0000]
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                // Runs of 2, 13 and 24 pixels (one per row pair): blocks, partial words and whole words.
                let run = (x / (2 + y / 2 * 11)) % colours.count
                pixels[y * width + x] = colours[run]
            }
        }
        for odd in [5, 2 * width + 17, 4 * width + 38, 5 * width + 8] { pixels[odd] = 0xFF12_3456 }
        var out = [UInt8](repeating: 0, count: YUV420Conversion.byteCount(width: width, height: height))
        pixels.withUnsafeMutableBytes { p in out.withUnsafeMutableBytes { o in
            YUV420Conversion.convert(bgra: p.baseAddress!, width: width, height: height, into: o.baseAddress!)
        } }
        let chromaWidth = width / 2, cbStart = width * height, crStart = cbStart + chromaWidth * height / 2
        for y in 0..<height {
            for x in 0..<width {
                XCTAssertEqual(out[y * width + x], YUV420Conversion.luma(pixels[y * width + x]), "Y at \(x),\(y)")
            }
        }
        for by in 0..<(height / 2) {
            for bx in 0..<chromaWidth {
                let i = 2 * by * width + 2 * bx
                let (u, v) = YUV420Conversion.chroma(pixels[i], pixels[i + 1], pixels[i + width], pixels[i + width + 1])
                XCTAssertEqual(out[cbStart + by * chromaWidth + bx], u, "Cb at block \(bx),\(by)")
                XCTAssertEqual(out[crStart + by * chromaWidth + bx], v, "Cr at block \(bx),\(by)")
            }
        }
    }

    /// A drawn frame (anti-aliased edges, a translucent box) converted by us and by ffmpeg's swscale with the
    /// flags ffmpeg converts BGRA frames with (`area+accurate_rnd`, BT.709, limited range): at most 1 apart, on
    /// under 2 % of the samples (measured: 0.9 % of luma, 0.3 % of chroma; swscale rounds its own fixed point
    /// differently, ours is within 0.5 of the exact formula, see above). On the example grid they are identical.
    func testMatchesFFmpegsOwnConversion() throws {
        let source = SyntheticSource(width: 320, height: 240, frames: 20)
        let scratch = try Scratch()
        let raw = scratch.path("frame.bgr0").path
        let bgra = try source.frame(13)
        try Data(bgra).write(to: URL(fileURLWithPath: raw))
        let ffmpeg = try FFmpegLocator.locate(explicit: nil)
        let theirs = try ChildProcess.runCapturingOutput("ffmpeg", at: ffmpeg, [
            "-v", "error", "-f", "rawvideo", "-pix_fmt", "bgr0", "-s", "320x240", "-i", raw,
            "-vf", "scale=out_color_matrix=bt709:out_range=tv:flags=area+accurate_rnd",
            "-pix_fmt", "yuv420p", "-f", "rawvideo", "-",
        ])
        let ours = try source.packed(13, as: .yuv420p)
        XCTAssertEqual(theirs.count, ours.count)
        guard theirs.count == ours.count else { return }
        let lumaCount = 320 * 240
        func differences(_ range: Range<Int>) -> (max: Int, share: Double) {
            let d = range.map { abs(Int(ours[$0]) - Int(theirs[$0])) }
            return (d.max() ?? 0, Double(d.filter { $0 > 0 }.count) / Double(d.count))
        }
        let luma = differences(0..<lumaCount), chroma = differences(lumaCount..<ours.count)
        XCTAssertLessThanOrEqual(luma.max, 1, "luma")
        XCTAssertLessThan(luma.share, 0.02, "luma")
        XCTAssertLessThanOrEqual(chroma.max, 1, "chroma")
        XCTAssertLessThan(chroma.share, 0.02, "chroma")
        XCTAssertGreaterThan(Set(ours[0..<lumaCount]).count, 20, "the frame is not flat, so the comparison means something")
    }

    /// An odd-sized WebM cannot travel as plain 4:2:0 blocks, so it goes as BGRA and ffmpeg converts it: the
    /// file is still complete and close to the frames.
    func testOddSizedWebMTravelsAsBGRAAndStillEncodes() throws {
        let scratch = try Scratch()
        let source = SyntheticSource(width: 63, height: 41, frames: 6)
        try VideoRenderer().render(source, to: scratch.path("odd.webm"))
        let stream = try Media.probe(scratch.path("odd.webm")).stream
        XCTAssertEqual(stream["width"] as? Int, 63)
        XCTAssertEqual(stream["height"] as? Int, 41)
        XCTAssertEqual(stream["nb_read_frames"] as? String, "6")
        let decoded = try Media.decode(scratch.path("odd.webm"), width: 63, height: 41)
        XCTAssertEqual(decoded.count, 6)
        XCTAssertGreaterThan(PSNR(decoded: decoded, expected: try (0..<6).map { try source.frame($0) }).worst, 30)
    }

    func testOnlyEvenSizesTravelAs420AndAlphaStaysBGRA() {
        XCTAssertEqual(WireFormat.choose(for: .mp4, transparent: false, width: 64, height: 32), .yuv420p)
        XCTAssertEqual(WireFormat.choose(for: .webm, transparent: false, width: 63, height: 32), .bgr0)
        XCTAssertEqual(WireFormat.choose(for: .webm, transparent: true, width: 64, height: 32), .straightBGRA)
        XCTAssertEqual(WireFormat.choose(for: .gif, transparent: false, width: 64, height: 32), .opaqueBGRA)
        XCTAssertEqual(WireFormat.yuv420p.bytesPerFrame(FrameFormat(width: 64, height: 32, framesPerSecond: 1, frameCount: 1)),
                       64 * 32 * 3 / 2)
    }
}

/// The vector paths (Swift's `convertEight` and the AVX2 kernel) against the scalar reference, block by block,
/// on frames with every kind of window: flat runs, anti-aliased edges, random noise, and partial rectangles.
final class YUV420VectorTests: XCTestCase {
    /// Flat runs, random noise, one-pixel edges and a hash pattern, in bands that cut windows of eight.
    private func mixedFrame(width: Int, height: Int) -> [UInt32] {
        var generator = SystemRandomNumberGenerator()
        var pixels = [UInt32](repeating: 0xFFFF_FFFF, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                switch (x / 16 + y / 8) % 4 {
                case 0: pixels[y * width + x] = 0xFFA3_E8B0  // flat
                case 1: pixels[y * width + x] = UInt32.random(in: 0...UInt32.max, using: &generator) | 0xFF00_0000
                case 2: pixels[y * width + x] = x % 3 == 0 ? 0xFF10_2030 : 0xFFFF_FFFF  // edges
                default: pixels[y * width + x] = UInt32(truncatingIfNeeded: x &* 2_654_435_761 ^ y) | 0xFF00_0000
                }
            }
        }
        return pixels
    }

    func testVectorConversionEqualsTheScalarReference() {
        let width = 96, height = 40
        let pixels = mixedFrame(width: width, height: height)
        let count = YUV420Conversion.byteCount(width: width, height: height)
        var vector = [UInt8](repeating: 0, count: count), scalar = [UInt8](repeating: 7, count: count)
        let rects = [PixelRect(x0: 0, y0: 0, x1: width, y1: height), PixelRect(x0: 6, y0: 4, x1: 50, y1: 22),
                     PixelRect(x0: 32, y0: 10, x1: 96, y1: 40)]
        pixels.withUnsafeBytes { src in
            for rect in rects {
                vector.withUnsafeMutableBytes {
                    YUV420Conversion.convert(bgra: src.baseAddress!, width: width, height: height, into: $0.baseAddress!, only: rect,
                                             kernel: .portable)
                }
                scalar.withUnsafeMutableBytes {
                    YUV420Conversion.convert(bgra: src.baseAddress!, width: width, height: height, into: $0.baseAddress!,
                                             only: rect, scalarOnly: true)
                }
                if rect.x0 == 0 && rect.x1 == width { XCTAssertEqual(vector, scalar, "whole frame") }
            }
        }
        XCTAssertEqual(vector, scalar, "after partial rectangles")
        XCTAssertEqual(vector, convertWithEveryKernel(pixels, width: width, height: height, rects: rects).portable)
        // The scalar reference itself against the documented formula, on one mixed block.
        let a: UInt32 = 0xFFFF_0000, b: UInt32 = 0xFF00_FF00
        XCTAssertEqual(YUV420Conversion.luma(a), 63)
        XCTAssertEqual(YUV420Conversion.luma(b), 173)
    }

    /// Converts `rects` in turn into one buffer per kernel (starting from different garbage, so that a byte
    /// a kernel forgets to write shows).
    private func convertWithEveryKernel(_ pixels: [UInt32], width: Int, height: Int, rects: [PixelRect])
        -> (portable: [UInt8], avx2: [UInt8]?) {
        let count = YUV420Conversion.byteCount(width: width, height: height)
        var portable = [UInt8](repeating: 7, count: count), avx2 = [UInt8](repeating: 9, count: count)
        let hasAVX2 = YUV420Conversion.Kernel.best == .avx2
        pixels.withUnsafeBytes { src in
            for rect in rects {
                portable.withUnsafeMutableBytes {
                    YUV420Conversion.convert(bgra: src.baseAddress!, width: width, height: height, into: $0.baseAddress!,
                                             only: rect, kernel: .portable)
                }
                if hasAVX2 {
                    avx2.withUnsafeMutableBytes {
                        YUV420Conversion.convert(bgra: src.baseAddress!, width: width, height: height, into: $0.baseAddress!,
                                                 only: rect, kernel: .avx2)
                    }
                }
            }
        }
        return (portable, hasAVX2 ? avx2 : nil)
    }

    /// The AVX2 kernel gives the portable code's bytes: whole frames, rectangles that start and end inside a
    /// window of eight, widths that leave a remainder, and a frame of one flat colour after another.
    func testAVX2KernelEqualsThePortableCode() throws {
        guard YUV420Conversion.Kernel.best == .avx2 else { throw XCTSkip("this CPU has no AVX2") }
        for (width, height) in [(96, 40), (30, 6), (2, 2), (1926, 18)] {
            let pixels = mixedFrame(width: width, height: height)
            var rects = [PixelRect(x0: 0, y0: 0, x1: width, y1: height)]
            if width > 50 {
                rects += [PixelRect(x0: 6, y0: 4, x1: 50, y1: 16), PixelRect(x0: 32, y0: 2, x1: width - 2, y1: height)]
            }
            let out = convertWithEveryKernel(pixels, width: width, height: height, rects: rects)
            XCTAssertNil(firstDifference(out.avx2, out.portable), "\(width)x\(height)")
        }
        // Flat windows of one colour, then another: the kernel's remembered flat colour must follow.
        let width = 64, height = 4
        let colours: [UInt32] = [0xFFA3_E8B0, 0xFFFF_FFFF, 0xFFA3_E8B0, 0xFF00_0000]
        let flats = (0..<(width * height)).map { colours[($0 % width) / 16] }
        let out = convertWithEveryKernel(flats, width: width, height: height, rects: [PixelRect(x0: 0, y0: 0, x1: width, y1: height)])
        XCTAssertNil(firstDifference(out.avx2, out.portable), "flat runs")
        // Runs of one to five windows, starting on odd windows too (the kernel stores flat runs two windows at a
        // time), with a lone other pixel in the bottom row of one window.
        let lengths = [8, 24, 40, 16, 8, 32], runColours: [UInt32] = [0xFFFF_FFFF, 0xFFA3_E8B0, 0xFFFF_FFFF, 0xFF00_0000]
        let runOf = lengths.indices.flatMap { Array(repeating: $0, count: lengths[$0]) }
        var runs = (0..<(128 * 4)).map { runColours[runOf[$0 % 128] % runColours.count] }
        runs[128 + 52] = 0xFF10_2030
        let outRuns = convertWithEveryKernel(runs, width: 128, height: 4, rects: [PixelRect(x0: 0, y0: 0, x1: 128, y1: 4),
                                                                                PixelRect(x0: 8, y0: 2, x1: 120, y1: 4)])
        XCTAssertNil(firstDifference(outRuns.avx2, outRuns.portable), "runs of several windows")
        XCTAssertEqual(out.portable[0], YUV420Conversion.luma(0xFFA3_E8B0))
        XCTAssertEqual(out.portable[16], 235, "white")
        XCTAssertEqual(out.portable[48], 16, "black")
    }

    /// The first byte where two conversions differ, and its two values (a whole frame in a failure message is
    /// unreadable).
    private func firstDifference(_ a: [UInt8]?, _ b: [UInt8]) -> String? {
        guard let a else { return "no AVX2 output" }
        let common = min(a.count, b.count)
        guard let i = (0..<common).first(where: { a[$0] != b[$0] }) ?? (a.count == b.count ? nil : common) else { return nil }
        return "byte \(i) of \(b.count): \(i < a.count ? a[i] : 0) against \(i < b.count ? b[i] : 0)"
    }
}
