import Foundation
import MediaTestSupport
import XCTest

/// APNG and animated WebP: every frame, exact delays, the play count and alpha, read back by real decoders
/// (ffprobe/ffmpeg for APNG; libwebp's webpmux for WebP, which ffmpeg 5 cannot decode when animated).
final class AnimatedImageTests: XCTestCase {
    let small = ["--scale", "0.5", "--hold", "0.1", "--quiet"]

    /// The chunks of a PNG file: type and data.
    func chunks(_ data: Data) -> [(String, [UInt8])] {
        let bytes = [UInt8](data)
        var out: [(String, [UInt8])] = []
        var i = 8
        while i + 8 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let type = String(bytes: bytes[(i + 4)..<(i + 8)], encoding: .ascii) ?? "?"
            out.append((type, Array(bytes[(i + 8)..<min(bytes.count, i + 8 + length)])))
            i += 12 + length
        }
        return out
    }

    func u32(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3]) }
    func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) << 8 | Int(b[at + 1]) }

    func testAPNGHasEveryFrameLosslessWithExactDelaysAndPlays() throws {
        let scratch = try Scratch()
        let out = scratch.path("grid.apng")
        let result = try CLI.run(["--sort", "cornered", "--out", out.path, "--plays", "3"] + small)
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = try Reference(scale: 0.5, fps: 25, hold: 0.1).frames()
        let (stream, _) = try Media.probe(out)
        XCTAssertEqual(stream["codec_name"] as? String, "apng")
        XCTAssertEqual(stream["nb_read_frames"] as? String, "\(expected.count)")

        let png = chunks(try Data(contentsOf: out))
        let actl = try XCTUnwrap(png.first { $0.0 == "acTL" }?.1)
        XCTAssertEqual(u32(actl, 0), expected.count, "frames in the animation control chunk")
        XCTAssertEqual(u32(actl, 4), 3, "plays")
        let delays = png.filter { $0.0 == "fcTL" }.map { Double(u16($0.1, 20)) / Double(u16($0.1, 22)) }
        XCTAssertEqual(delays.count, expected.count)
        for d in delays { XCTAssertEqual(d, 1.0 / 25, accuracy: 1e-12, "every frame 1/25 s exactly") }

        let decoded = try Media.decode(out, width: 232, height: 232)
        XCTAssertEqual(decoded.count, expected.count)
        XCTAssertTrue(decoded == expected, "lossless: every frame's pixels are the renderer's")
        XCTAssertEqual(scratch.contents, ["grid.apng"], "no temporary left")
    }

    func testAnimatedPNGKeepsAlpha() throws {
        let scratch = try Scratch()
        let out = scratch.path("clear.png")
        let result = try CLI.run(["--sort", "cornered", "--out", out.path, "--animated", "--background", "transparent"] + small)
        XCTAssertEqual(result.status, 0, result.stderr)
        let (stream, _) = try Media.probe(out)
        XCTAssertEqual(stream["codec_name"] as? String, "apng")
        XCTAssertEqual(stream["pix_fmt"] as? String, "rgba")
        let frames = try Media.decode(out, width: 232, height: 232)
        XCTAssertGreaterThan(frames.count, 40)
        XCTAssertEqual(frames[0][3], 0, "the empty first frame is transparent")
        let last = frames[frames.count / 2]
        XCTAssertTrue(stride(from: 3, to: last.count, by: 4).contains { last[$0] == 255 }, "tiles are opaque")
        XCTAssertEqual(u32(try XCTUnwrap(chunks(try Data(contentsOf: out)).first { $0.0 == "acTL" }?.1), 4), 0, "plays forever by default")
    }

    /// `webpmux -info`: features, loop count and one row per stored frame (duration in ms, lossless or lossy).
    func webpInfo(_ url: URL) throws -> (features: String, loop: Int, durations: [Int], compressions: Set<String>) {
        let text = String(decoding: try Media.output(of: "webpmux", ["-info", url.path]), as: UTF8.self)
        var features = "", loop = -1, durations: [Int] = [], compressions = Set<String>()
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Features present:") { features = String(line) }
            if let r = line.range(of: "Loop Count : ") { loop = Int(line[r.upperBound...].trimmingCharacters(in: .whitespaces)) ?? -1 }
            let fields = line.split(separator: " ")
            if fields.count >= 11, fields[0].hasSuffix(":"), Int(fields[0].dropLast()) != nil {
                durations.append(Int(fields[6]) ?? -1)
                compressions.insert(String(fields[10]))
            }
        }
        return (features, loop, durations, compressions)
    }

    func testWebPIsLosslessWithWholeMillisecondDelaysAndAlpha() throws {
        let scratch = try Scratch()
        let out = scratch.path("grid.webp")
        let result = try CLI.run(["--sort", "cornered", "--out", out.path, "--background", "transparent", "--plays", "2"] + small)
        XCTAssertEqual(result.status, 0, result.stderr)
        let frameCount = try Reference(scale: 0.5, fps: 25, hold: 0.1).frames().count
        let info = try webpInfo(out)
        XCTAssertTrue(info.features.contains("animation") && info.features.contains("transparency"), info.features)
        XCTAssertEqual(info.loop, 2)
        XCTAssertEqual(info.compressions, ["lossless"])
        // libwebp stores a run of identical frames once, with their delays added up: every stored delay is a
        // whole number of 40 ms frames and together they last the whole film.
        XCTAssertFalse(info.durations.isEmpty)
        for d in info.durations { XCTAssertEqual(d % 40, 0, "\(info.durations)") }
        XCTAssertEqual(info.durations.reduce(0, +), frameCount * 40)
    }

    /// A film whose frames are all the same (the minimal scene drawn at 24×24, where its move rounds away) is one
    /// image to libwebp, which wrote it as a still WebP: no animation, so no length and no play count. It is an
    /// animation of that one image, lasting the film and playing as asked, as the APNG of the film holds every frame.
    func testAFilmOfIdenticalFramesIsAnAnimatedWebPOfItsLength() throws {
        let scratch = try Scratch()
        let out = scratch.path("tiny.webp"), apng = scratch.path("tiny.apng")
        let flags = ["--scene", "minimal", "--size", "24x24", "--fps", "20", "--plays", "4", "--quiet"]
        for url in [out, apng] {
            let result = try CLI.run(flags + ["--out", url.path])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let frameCount = u32(try XCTUnwrap(chunks(try Data(contentsOf: apng)).first { $0.0 == "acTL" }?.1), 0)
        XCTAssertGreaterThan(frameCount, 1)
        let info = try webpInfo(out)
        XCTAssertTrue(info.features.contains("animation"), info.features)
        XCTAssertEqual(info.loop, 4)
        XCTAssertEqual(info.durations, [frameCount * 50], "one stored frame lasting the whole film")
        XCTAssertEqual(info.compressions, ["lossless"])
        let checked = String(decoding: try Media.output(of: "webpinfo", [out.path]), as: UTF8.self)
        XCTAssertTrue(checked.contains("Canvas size 24 x 24") && checked.contains("No error detected"), checked)
        XCTAssertEqual(Set(scratch.contents), ["tiny.webp", "tiny.apng"], "no temporary left")
    }

    /// The rate the message suggests is taken (as exactly 1000/k), every --quality preset works for WebP, and a
    /// film of one frame makes a still GIF and a still WebP (ffmpeg gives them no delay and no animation frames).
    func testSuggestedRatesPresetsAndOneFrame() throws {
        let scratch = try Scratch()
        let small = ["--rows", "2", "--columns", "2", "--size", "60x60", "--quiet"]
        for (name, flags) in [("suggested.webp", ["--fps", "58.824"]), ("low.webp", ["--quality", "low"]),
                              ("medium.webp", ["--quality", "medium"])] {
            let result = try CLI.run(["--out", scratch.path(name).path, "--hold", "0"] + flags + small)
            XCTAssertEqual(result.status, 0, "\(flags): \(result.stderr)")
        }
        let frames = scratch.path("one")
        let still = try CLI.run(["--out", scratch.path("still.png").path, "--at", "0.2"] + small)
        XCTAssertEqual(still.status, 0, still.stderr)
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: scratch.path("still.png"), to: frames.appendingPathComponent("frame_00000.png"))
        for name in ["one.gif", "one.webp"] {
            let result = try CLI.run(["stitch", frames.path, "--out", scratch.path(name).path])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertEqual(try Media.probe(scratch.path(name)).stream["nb_read_frames"] as? String, "1", name)
        }
    }

    func testRatesAndFlagsAreCheckedFirst() throws {
        let scratch = try Scratch()
        for (arguments, message) in [
            (["--out", scratch.path("a.webp").path, "--fps", "60"],
             "--fps: WebP needs 1000/k fps (50, 40, 25, 20, 12.5, 10, ...; WebP delays are whole milliseconds), 60 is not; use --fps 58.824"),
            (["--out", scratch.path("a.webp").path, "--fps", "30.3"], "30.3 is not; use --fps 30.303"),
            (["--out", scratch.path("a.gif").path, "--animated"], "--animated makes a .png --out an animated PNG"),
            (["--out", scratch.path("a.mp4").path, "--plays", "2"], "--plays has no effect on mp4 output"),
            (["--out", scratch.path("a.apng").path, "--plays", "1e9"], "--plays: must be a whole number 1…65535"),
        ] {
            let result = try CLI.run(arguments + ["--quiet"])
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
        XCTAssertEqual(scratch.contents, [], "nothing written")
    }
}
