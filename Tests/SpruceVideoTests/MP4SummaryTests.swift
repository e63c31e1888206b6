import Foundation
import MediaTestSupport
import XCTest
import SpruceRender
@_spi(Fuzzing) @testable import SpruceVideo

/// The in-process MP4 reader that replaced ffprobe in the output check: against ffprobe's own count (by decoding)
/// and duration on files real ffmpeg writes, and against cut, flipped and crafted files.
final class MP4SummaryTests: XCTestCase {
    /// Writes an MP4 with real ffmpeg from lavfi sources (throws when ffmpeg fails).
    private func encode(_ scratch: Scratch, _ name: String, frames: Int, fps: Int, _ extra: [String]) throws -> URL {
        let url = scratch.path(name)
        _ = try Media.output(of: "ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi",
                                            "-i", "testsrc=size=64x48:rate=\(fps):duration=\(Double(frames + 1) / Double(fps))"]
                                 + extra + ["-frames:v", "\(frames)", url.path])
        return url
    }

    private static let x264 = ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "veryfast"]

    private func files(_ scratch: Scratch) throws -> [(URL, String)] {
        [
            (try encode(scratch, "plain.mp4", frames: 25, fps: 25, Self.x264), "x264, movie box at the end, B-frames"),
            (try encode(scratch, "faststart.mp4", frames: 40, fps: 30, Self.x264 + ["-movflags", "+faststart"]), "faststart"),
            (try encode(scratch, "one.mp4", frames: 1, fps: 60, Self.x264), "one frame"),
            (try encode(scratch, "mpeg4.mp4", frames: 7, fps: 12, ["-c:v", "mpeg4"]), "mpeg4, 12 fps"),
            (try encode(scratch, "timescale.mp4", frames: 120, fps: 60, Self.x264 + ["-video_track_timescale", "90000"]),
             "120 frames at 60 fps, time scale 90000"),
            (try encode(scratch, "audio-first.mp4", frames: 30, fps: 30,
                        ["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-map", "1:a", "-map", "0:v", "-c:a", "aac"]
                            + Self.x264),
             "an audio track before the video track"),
        ]
    }

    func testAgreesWithFFprobeOnFilesFFmpegWrites() throws {
        let scratch = try Scratch()
        for (url, what) in try files(scratch) {
            let summary = try MP4Summary.read(path: url.path)
            let probe = try Media.probe(url)
            XCTAssertEqual(summary.videoFrames, Int(probe.stream["nb_read_frames"] as? String ?? ""), what)
            let duration = Double(probe.format["duration"] as? String ?? "") ?? -1
            XCTAssertEqual(summary.seconds, duration, accuracy: 0.0015, what)
            XCTAssertFalse(summary.isFragmented, what)
        }
    }

    func testAFragmentedFileIsLeftToFFprobe() throws {
        let scratch = try Scratch()
        let url = try encode(scratch, "fragmented.mp4", frames: 20, fps: 25, Self.x264 + ["-movflags", "+frag_keyframe+empty_moov"])
        XCTAssertTrue(try MP4Summary.read(path: url.path).isFragmented)
    }

    /// Every cut of both layouts fails, whether it falls in the media data, the movie box or a box header.
    func testEveryCutFileIsRefused() throws {
        let scratch = try Scratch()
        for name in ["plain.mp4", "faststart.mp4"] {
            let url = try encode(scratch, name, frames: 25, fps: 25, Self.x264 + (name == "faststart.mp4" ? ["-movflags", "+faststart"] : []))
            let bytes = [UInt8](try Data(contentsOf: url))
            var cuts = Array(stride(from: 0, to: bytes.count, by: 61)) + [bytes.count - 1, bytes.count - 8]
            cuts += try boxStarts(bytes)
            for cut in cuts {
                XCTAssertThrowsError(try summary(Array(bytes[0..<cut])), "\(name) cut at \(cut) of \(bytes.count)") {
                    XCTAssertTrue($0 is MP4Summary.Problem, "\($0)")
                }
            }
            XCTAssertEqual(try summary(bytes).videoFrames, 25)
        }
    }

    /// Flipped bytes in the movie box: a problem or a summary, never a crash or another error.
    func testFlippedBytesNeverCrash() throws {
        let scratch = try Scratch()
        let url = try encode(scratch, "faststart.mp4", frames: 25, fps: 25, Self.x264 + ["-movflags", "+faststart"])
        let bytes = [UInt8](try Data(contentsOf: url))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return Int(state >> 33) }
        var refused = 0
        for _ in 0..<3000 {
            var damaged = bytes
            for _ in 0..<(1 + next() % 3) { damaged[next() % 1200] ^= UInt8(1 << (next() % 8)) }
            do { _ = try summary(damaged) } catch is MP4Summary.Problem { refused += 1 }
        }
        XCTAssertGreaterThan(refused, 300, "flips in box headers must be caught")
    }

    func testAChunkPastTheEndIsACutFile() throws {
        let scratch = try Scratch()
        let url = try encode(scratch, "faststart.mp4", frames: 25, fps: 25, Self.x264 + ["-movflags", "+faststart"])
        var bytes = [UInt8](try Data(contentsOf: url))
        let stco = try XCTUnwrap(find("stco", in: bytes))
        let count = Int(BigEndian.uint(bytes, stco + 12, 4))
        let last = stco + 16 + 4 * (count - 1), past = UInt32(bytes.count + 100)
        for i in 0..<4 { bytes[last + i] = UInt8(truncatingIfNeeded: past >> (24 - 8 * UInt32(i))) }
        XCTAssertThrowsError(try summary(bytes)) { XCTAssertEqual($0 as? MP4Summary.Problem, .cutOff(atByte: Int(past))) }
    }

    // MARK: Crafted files

    private func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be(UInt64(8 + payload.count), 4) + Array(type.utf8) + payload }
    private func be(_ value: UInt64, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(count - 1 - $0))) } }
    private let ftyp: [UInt8] = [0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 2, 0]
    private var mvhd: [UInt8] { box("mvhd", [0, 0, 0, 0] + be(0, 8) + be(1000, 4) + be(2000, 4) + [UInt8](repeating: 0, count: 80)) }

    private func movie(_ table: [UInt8], media: Int = 100) -> [UInt8] {
        let hdlr = box("hdlr", be(0, 8) + Array("vide".utf8) + be(0, 12) + [0])
        let stbl = box("stbl", table)
        let trak = box("trak", box("mdia", hdlr + box("minf", stbl)))
        return ftyp + box("moov", mvhd + trak) + box("mdat", [UInt8](repeating: 0, count: media))
    }

    func testCraftedTablesAreReadAndBounded() throws {
        let stco = box("stco", be(0, 4) + be(1, 4) + be(40, 4))
        // Four samples of 25 bytes, counted; 2000/1000 s.
        let good = try summary(movie(box("stsz", be(0, 4) + be(25, 4) + be(4, 4)) + stco))
        XCTAssertEqual(good, MP4Summary(videoFrames: 4, seconds: 2, isFragmented: false))
        // Per-sample sizes and 4-bit compact sizes.
        XCTAssertEqual(try summary(movie(box("stsz", be(0, 8) + be(3, 4) + be(1, 4) + be(2, 4) + be(3, 4)) + stco)).videoFrames, 3)
        XCTAssertEqual(try summary(movie(box("stz2", be(0, 4) + [0, 0, 0, 4] + be(3, 4) + [0x12, 0x30]) + stco)).videoFrames, 3)
        // Samples bigger than the media data; a size whose product overflows; a count the table cannot hold.
        XCTAssertThrowsError(try summary(movie(box("stsz", be(0, 4) + be(26, 4) + be(4, 4)) + stco)))
        XCTAssertThrowsError(try summary(movie(box("stsz", be(0, 4) + be(0xFFFF_FFFF, 4) + be(0xFFFF_FFFF, 4)) + stco)))
        XCTAssertThrowsError(try summary(movie(box("stsz", be(0, 8) + be(0xFFFF_FFFF, 4)) + stco)))
        XCTAssertThrowsError(try summary(movie(box("stsz", be(0, 4) + be(25, 4) + be(4, 4)) + box("stco", be(0, 4) + be(0x4000_0000, 4)))))
        // A movie box that claims a terabyte (64-bit size) is refused before anything is read.
        let huge = ftyp + be(1, 4) + Array("moov".utf8) + be(1 << 40, 8)
        XCTAssertThrowsError(try summary(huge)) { XCTAssertEqual($0 as? MP4Summary.Problem, .cutOff(atByte: 16)) }
        // No video track; not MP4 at all.
        XCTAssertNil(try summary(ftyp + box("moov", mvhd) + box("mdat", [])).videoFrames)
        for bad in [[], Array("garbage\n".utf8), box("free", []) + ftyp] {
            XCTAssertThrowsError(try summary(bad)) { XCTAssertEqual($0 as? MP4Summary.Problem, .notMP4) }
        }
    }

    // MARK: Helpers

    private func summary(_ bytes: [UInt8]) throws -> MP4Summary {
        try MP4Summary.read(size: bytes.count) { offset, count in
            offset + count <= bytes.count ? Array(bytes[offset..<(offset + count)]) : nil
        }
    }

    /// The offsets of the top-level boxes and of the boxes inside the movie box (found by type name).
    private func boxStarts(_ bytes: [UInt8]) throws -> [Int] {
        var starts: [Int] = [], offset = 0
        while offset + 8 <= bytes.count {
            starts.append(offset)
            offset += Int(BigEndian.uint(bytes, offset, 4))
        }
        for type in ["mvhd", "trak", "mdia", "hdlr", "minf", "stbl", "stsz", "stco"] {
            if let at = find(type, in: bytes) { starts += [at, at + 4, at + 8] }
        }
        return starts
    }

    /// The start of the first box of `type` (its size field).
    private func find(_ type: String, in bytes: [UInt8]) -> Int? {
        let name = Array(type.utf8)
        for i in 4..<(bytes.count - 4) where Array(bytes[i..<(i + 4)]) == name { return i - 4 }
        return nil
    }
}
