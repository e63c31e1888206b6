import Foundation
import MediaTestSupport
import XCTest

/// `--segment`/`--frames` parts joined by `render-gif join` decode to exactly the frames of the whole film rendered
/// the same way (`--segment 1/1`): ffmpeg's framemd5 (every frame's timestamps, size and pixel hash) is compared.
final class JoinTests: XCTestCase {
    /// Springing tiles (damping 0.5: they overshoot), small and at 25 fps to keep the suite short, with a hold that
    /// gives an odd frame count (43).
    let film = ["--scene", "minimal", "--animation", "spring", "--size", "160x120", "--fps", "25", "--hold", "0.33"]

    func testMP4PartsJoinIntoTheWholeFilmsFrames() throws {
        let scratch = try Scratch()
        let whole = scratch.path("whole.mp4")
        try render(film + ["--segment", "1/1", "--keyint", "7", "--out", whole.path])
        let frames = try framemd5(whole)
        XCTAssertEqual(frames.count % 2, 1, "an odd frame count: the last part is not a whole GOP")
        for n in [2, 3] {
            let parts = try (1...n).map { i -> URL in
                let part = scratch.path("seg-\(n)-\(i).mp4")
                try render(film + ["--segment", "\(i)/\(n)", "--keyint", "7", "--out", part.path])
                return part
            }
            let joined = scratch.path("joined-\(n).mp4")
            // Given out of order on purpose: join sorts the names naturally.
            try run(["join"] + parts.reversed().map(\.path) + ["--out", joined.path])
            XCTAssertEqual(try framemd5(joined), frames, "\(n) segments joined")
        }
        // Parts renamed so that their names sort the wrong way still join in the film's order: each says which
        // frames it holds, and the joined film says it holds them all.
        try FileManager.default.copyItem(at: scratch.path("seg-2-2.mp4"), to: scratch.path("swap-1.mp4"))
        try FileManager.default.copyItem(at: scratch.path("seg-2-1.mp4"), to: scratch.path("swap-2.mp4"))
        let swapped = scratch.path("swapped.mp4")
        try run(["join", scratch.path("swap-1.mp4").path, scratch.path("swap-2.mp4").path, "--out", swapped.path])
        XCTAssertEqual(try framemd5(swapped), frames)
        // Every part names its film (its fingerprint and encoding): the same for all parts, and for the joined film.
        let filmTag = try XCTUnwrap(try comment(scratch.path("seg-2-1.mp4")).split(separator: " ").last.map(String.init))
        XCTAssertTrue(filmTag.hasPrefix("film=") && filmTag.count == 21, filmTag)
        XCTAssertEqual(try comment(swapped), "spruce-part frames=0..\(frames.count) of=\(frames.count) \(filmTag)")
        XCTAssertEqual(try comment(scratch.path("seg-2-2.mp4")), "spruce-part frames=28..\(frames.count) of=\(frames.count) \(filmTag)")
        // The comparison can fail: without their labels (as parts of an older render-gif) they join by name, in the
        // wrong order, and hold the same frames but not the film.
        for name in ["swap-1", "swap-2"] {
            _ = try Media.output(of: "ffmpeg", ["-v", "error", "-i", scratch.path("\(name).mp4").path, "-c", "copy",
                                               "-map_metadata", "-1", scratch.path("\(name)-bare.mp4").path])
        }
        let misordered = scratch.path("misordered.mp4")
        try run(["join", scratch.path("swap-1-bare.mp4").path, scratch.path("swap-2-bare.mp4").path, "--out", misordered.path])
        let wrong = try framemd5(misordered)
        XCTAssertEqual(wrong.count, frames.count)
        XCTAssertNotEqual(wrong.map(\.hash), frames.map(\.hash))
    }

    /// Parts said nothing of the frames they held, so a set with a part missing joined into a shorter film without a
    /// word. Each part now carries its frame range and the film's length, and join refuses a gap, an overlap, parts of
    /// films of different lengths and a mix of labelled and unlabelled parts, writing nothing (exit 65).
    func testAMissingDoubledOrForeignPartIsRefused() throws {
        let scratch = try Scratch()
        for ext in ["mp4", "gif"] {
            for i in 1...3 { try render(film + ["--segment", "\(i)/3", "--keyint", "7", "--out", scratch.path("s\(i).\(ext)").path]) }
            try render(film + ["--frames", "0..21", "--keyint", "7", "--out", scratch.path("a.\(ext)").path])
            try render(film + ["--frames", "14..43", "--keyint", "7", "--out", scratch.path("b.\(ext)").path])
            try render(film + ["--hold", "1", "--segment", "2/3", "--keyint", "7", "--out", scratch.path("long.\(ext)").path])
            let cases: [([String], String)] = [
                (["s1", "s3"], "no part holds frames 14..35 of the film's 43; name every part"),
                (["s1", "s2"], "no part holds frames 35..43 of the film's 43; name every part"),
                (["s2", "s3"], "no part holds frames 0..14 of the film's 43; name every part"),
                (["a", "b"], "part '.*a\\.\(ext)' and part '.*b\\.\(ext)' both hold frames 14..21; each frame belongs to one part"),
                (["s1", "long", "s3"], "belongs to a film of 60 frames and part '.*s1\\.\(ext)' to one of 43; join the parts of one film"),
            ]
            for (names, message) in cases {
                let out = scratch.path("joined.\(ext)")
                let result = try CLI.run(["join"] + names.map { scratch.path("\($0).\(ext)").path } + ["--out", out.path])
                XCTAssertEqual(result.status, 65, "\(names) \(ext): \(result.stderr)")
                XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
                XCTAssertNotNil(result.stderr.range(of: "render-gif: error: join: .*" + message, options: .regularExpression), "\(names): \(result.stderr)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
            }
        }
        _ = try Media.output(of: "ffmpeg", ["-v", "error", "-i", scratch.path("s2.mp4").path, "-c", "copy", "-map_metadata", "-1",
                                           scratch.path("bare.mp4").path])
        let mixed = try CLI.run(["join", scratch.path("s1.mp4").path, scratch.path("bare.mp4").path, scratch.path("s3.mp4").path,
                                 "--out", scratch.path("joined.mp4").path])
        XCTAssertEqual(mixed.status, 65, mixed.stderr)
        XCTAssertTrue(mixed.stderr.contains("bare.mp4' does not say which frames it holds, and the other parts do"), mixed.stderr)
        // A label edited to cover the gap is caught by the frames the part really holds.
        _ = try Media.output(of: "ffmpeg", ["-v", "error", "-i", scratch.path("s1.mp4").path, "-c", "copy",
                                           "-metadata", "comment=spruce-part frames=0..35 of=43", scratch.path("forged.mp4").path])
        let forged = try CLI.run(["join", scratch.path("forged.mp4").path, scratch.path("s3.mp4").path, "--out", scratch.path("joined.mp4").path])
        XCTAssertEqual(forged.status, 65, forged.stderr)
        XCTAssertTrue(forged.stderr.contains("forged.mp4' holds 14 frames but is labelled as frames 0..35"), forged.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("joined.mp4").path))
    }

    /// Parts of two films of the same length (42 frames) joined into a film that nobody rendered (exit 0): another seed, another
    /// damping, another --crf. Each part now names its film (`Film.fingerprint` and the encoder's settings), and join
    /// refuses parts of different films (65), writing nothing; the parts of each film still join.
    func testPartsOfDifferentFilmsAreRefused() throws {
        let scratch = try Scratch()
        let grid = ["--scene", "grid", "--rows", "3", "--columns", "3", "--size", "120x120", "--fps", "20", "--sort", "random", "--keyint", "5"]
        for ext in ["mp4", "gif"] {
            let variants: [(String, [String])] = [("seed1", ["--seed", "1"]), ("seed2", ["--seed", "2"]),
                                                  ("damping", ["--seed", "1", "--damping", "0.49"])]
                + (ext == "mp4" ? [("crf", ["--seed", "1", "--crf", "30"])] : [])
            for (name, flags) in variants {
                for i in 1...2 { try render(grid + flags + ["--segment", "\(i)/2", "--out", scratch.path("\(name)-\(i).\(ext)").path]) }
            }
            for (other, _) in variants.dropFirst() {
                let out = scratch.path("joined.\(ext)")
                // Named as written, relative to the working folder.
                let result = try CLI.run(["join", "seed1-1.\(ext)", "\(other)-2.\(ext)", "--out", "joined.\(ext)"], in: scratch.url)
                XCTAssertEqual(result.status, 65, "\(other) \(ext): \(result.stderr)")
                let pair = ["part 'seed1-1.\(ext)'", "part '\(other)-2.\(ext)'"].sorted().joined(separator: " and ")  // in the parts' order
                XCTAssertTrue(result.stderr.hasPrefix("render-gif: error: join: \(pair) belong to different films"), "\(other) \(ext): \(result.stderr)")
                XCTAssertEqual(result.stderrLines.count, 1)
                XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
            }
            for (name, _) in variants {
                try run(["join", scratch.path("\(name)-1.\(ext)").path, scratch.path("\(name)-2.\(ext)").path, "--out", scratch.path("\(name).\(ext)").path])
            }
        }
    }

    /// A part renamed over by another film's part after the probes checked it and before ffmpeg read it: the joined
    /// file held the other film's frames under this film's label (exit 0). Each part must still be the file that was
    /// probed when the concat ends; otherwise nothing is written (65).
    func testAPartReplacedDuringTheJoinIsRefused() throws {
        let scratch = try Scratch()
        for i in 1...2 { try render(film + ["--segment", "\(i)/2", "--keyint", "7", "--out", scratch.path("p\(i).mp4").path]) }
        try render(film + ["--background", "#FF0000", "--segment", "2/2", "--keyint", "7", "--out", scratch.path("red.mp4").path])
        // ffmpeg as the join starts it: the concat replaces the second part first, as another program would.
        let wrapper = scratch.path("ffmpeg")
        try Data("""
            #!/bin/sh
            case " $* " in *" concat "*) cp '\(scratch.path("red.mp4").path)' '\(scratch.path("t.mp4").path)' && mv '\(scratch.path("t.mp4").path)' '\(scratch.path("p2.mp4").path)' ;; esac
            exec '\(BadInputCases.realFFmpeg)' "$@"

            """.utf8).write(to: wrapper)
        chmod(wrapper.path, 0o755)
        let joined = scratch.path("joined.mp4")
        let result = try CLI.run(["join", scratch.path("p1.mp4").path, scratch.path("p2.mp4").path, "--out", joined.path],
                                 environment: ["SPRUCE_FFMPEG": wrapper.path])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertEqual(result.stderrLines, ["render-gif: error: join: part '\(scratch.path("p2.mp4").path)' changed while it was joined; nothing was written (join again once it is finished)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: joined.path))
    }

    func testExplicitFrameRangesJoinToo() throws {
        let scratch = try Scratch()
        let whole = scratch.path("whole.mp4")
        try render(film + ["--frames", "0..\(1_000_000)", "--keyint", "10", "--out", whole.path], status: 64)
        try render(film + ["--segment", "1/1", "--keyint", "10", "--out", whole.path])
        let count = try framemd5(whole).count
        try render(film + ["--frames", "0..30", "--keyint", "10", "--out", scratch.path("a.mp4").path])
        try render(film + ["--frames", "30..\(count)", "--keyint", "10", "--out", scratch.path("b.mp4").path])
        try run(["join", scratch.path("a.mp4").path, scratch.path("b.mp4").path, "--out", scratch.path("j.mp4").path])
        XCTAssertEqual(try framemd5(scratch.path("j.mp4")), try framemd5(whole))
        // A part whose path holds a line break and a quote: the concat list broke on it (exit 70 after all the work).
        let odd = scratch.path("a\nb 'q'.mp4")
        try FileManager.default.copyItem(at: scratch.path("a.mp4"), to: odd)
        try run(["join", odd.path, scratch.path("b.mp4").path, "--out", scratch.path("j2.mp4").path])
        XCTAssertEqual(try framemd5(scratch.path("j2.mp4")), try framemd5(whole))
        // GIF bytes named .mp4: refused as a part, not an ffmpeg failure (70) after every part was probed.
        try render(film + ["--frames", "0..30", "--out", scratch.path("g.gif").path])
        try FileManager.default.moveItem(at: scratch.path("g.gif"), to: scratch.path("g.mp4"))
        let renamed = try CLI.run(["join", scratch.path("g.mp4").path, scratch.path("b.mp4").path, "--out", scratch.path("j4.mp4").path])
        XCTAssertEqual(renamed.status, 65, renamed.stderr)
        XCTAssertTrue(renamed.stderr.contains("g.mp4' is not an H.264 MP4 part (its video is gif)"), renamed.stderr)
        // A part re-muxed with another time base joined with its frames one tick apart (most were lost on decoding).
        _ = try Media.output(of: "ffmpeg", ["-v", "error", "-i", scratch.path("b.mp4").path, "-c", "copy", "-video_track_timescale", "1000",
                                           scratch.path("b-ms.mp4").path])
        let retimed = try CLI.run(["join", scratch.path("a.mp4").path, scratch.path("b-ms.mp4").path, "--out", scratch.path("j3.mp4").path])
        XCTAssertEqual(retimed.status, 65, retimed.stderr)
        XCTAssertTrue(retimed.stderr.contains("b-ms.mp4' has another time_base (1/1000) than the first part"), retimed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("j3.mp4").path))
        // An MP4 part must start on a keyframe; refused before anything is written.
        let result = try CLI.run(film + ["--frames", "5..30", "--keyint", "10", "--out", scratch.path("c.mp4").path])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertEqual(result.stderr, "render-gif: error: --frames 5..30: an MP4 part begins on a keyframe, a multiple of the keyframe "
                       + "interval 10 (--keyint), and 5 is not; begin at 0 or 10\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("c.mp4").path))
    }

    func testGIFPartsShareThePaletteAndJoinIntoTheWholeFilmsFrames() throws {
        let scratch = try Scratch()
        let whole = scratch.path("whole.gif")
        try render(film + ["--segment", "1/1", "--out", whole.path])
        let frames = try framemd5(whole)
        XCTAssertEqual(frames.count % 2, 1)
        let parts = try (1...3).map { i -> URL in
            let part = scratch.path("part-\(i).gif")
            try render(film + ["--segment", "\(i)/3", "--keyint", "5", "--out", part.path])
            return part
        }
        let joined = scratch.path("joined.gif")
        try run(["join"] + parts.map(\.path) + ["--out", joined.path])
        XCTAssertEqual(try framemd5(joined), frames)
        // A part of another film of the same length (another background, so another palette) is refused, and nothing is written.
        let other = scratch.path("other.gif")
        try render(film + ["--background", "#203040", "--segment", "2/3", "--keyint", "5", "--out", other.path])
        let mixed = try CLI.run(["join", parts[0].path, other.path, parts[2].path, "--out", scratch.path("mixed.gif").path])
        XCTAssertEqual(mixed.status, 65, mixed.stderr)
        XCTAssertTrue(mixed.stderr.contains("belong to different films"), mixed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("mixed.gif").path))

        // A part of one frame (ffmpeg writes it as a still, delay 0) could never be joined ("delays differ (0, 4 cs)").
        let last = frames.count - 1
        let head = scratch.path("cut-1.gif"), tail = scratch.path("cut-2.gif")
        try render(film + ["--frames", "0..\(last)", "--out", head.path])
        try render(film + ["--frames", "\(last)..\(frames.count)", "--out", tail.path])
        // Gathered from two folders, the parts join by file name, not by path.
        try FileManager.default.createDirectory(at: scratch.path("b"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch.path("a"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: head, to: scratch.path("b/cut-1.gif"))
        try FileManager.default.moveItem(at: tail, to: scratch.path("a/cut-2.gif"))
        let cut = scratch.path("cut.gif")
        try run(["join", scratch.path("a/cut-2.gif").path, scratch.path("b/cut-1.gif").path, "--out", cut.path])
        XCTAssertEqual(try framemd5(cut), frames)
    }

    /// A transparent film (no background, GIF transparency) joins too: the parts keep the whole film's palette
    /// with its transparent entry, and the joined frames, alpha included, are the whole film's.
    func testTransparentGIFPartsJoinIntoTheWholeFilmsFrames() throws {
        let scratch = try Scratch()
        let transparent = film + ["--background", "transparent"]
        let whole = scratch.path("whole.gif")
        try render(transparent + ["--segment", "1/1", "--out", whole.path])
        let frames = try framemd5(whole)
        let parts = try (1...2).map { i -> URL in
            let part = scratch.path("part-\(i).gif")
            try render(transparent + ["--segment", "\(i)/2", "--out", part.path])
            return part
        }
        let joined = scratch.path("joined.gif")
        try run(["join"] + parts.map(\.path) + ["--out", joined.path])
        XCTAssertEqual(try framemd5(joined), frames)
        // The film really is transparent: its first frame is not the opaque film's first frame.
        let opaque = scratch.path("opaque.gif")
        try render(film + ["--segment", "1/1", "--out", opaque.path])
        XCTAssertNotEqual(try framemd5(opaque).first?.hash, frames.first?.hash)
    }

    func testOutputsThatCannotBeJoinedAreRefused() throws {
        let scratch = try Scratch()
        for out in ["a.webm", "a.png", "frames/", "a.webp"] {
            let result = try CLI.run(film + ["--segment", "1/2", "--out", scratch.url.path + "/" + out])
            XCTAssertEqual(result.status, 64, "\(out): \(result.stderr)")
            XCTAssertEqual(result.stderrLines.count, 1)
            XCTAssertTrue(result.stderr.contains("only .mp4 and .gif parts can be joined"), result.stderr)
        }
        for bad in [["--segment", "0/2"], ["--segment", "3/2"], ["--segment", "1-2"], ["--frames", "9..3"],
                    ["--segment", "1/2", "--frames", "0..5"], ["--keyint", "5"], ["--segment", "1/2", "--keyint", "0"],
                    ["--segment", "1/99999999"], ["--segment", "1/400"]] {
            let result = try CLI.run(film + bad + ["--out", scratch.path("x.mp4").path])
            XCTAssertEqual(result.status, 64, "\(bad): \(result.stderr)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(bad)")
        }
        let join = try CLI.run(["join", scratch.path("nothing.mp4").path, "--out", scratch.path("x.webm").path])
        XCTAssertEqual(join.status, 64, join.stderr)
        let missing = try CLI.run(["join", scratch.path("nothing.mp4").path, "--out", scratch.path("x.mp4").path])
        XCTAssertEqual(missing.status, 66, missing.stderr)
        XCTAssertEqual(scratch.contents, [])
        // The same part twice, by name or through a link, repeated its frames without a word.
        try render(film + ["--segment", "1/1", "--out", scratch.path("p1.mp4").path])
        XCTAssertEqual(symlink("p1.mp4", scratch.path("p1-link.mp4").path), 0)
        for twice in [["p1.mp4", "p1.mp4"], ["p1.mp4", "p1-link.mp4"]] {
            let result = try CLI.run(["join"] + twice.map { scratch.path($0).path } + ["--out", scratch.path("x.mp4").path])
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertTrue(result.stderr.contains("are the same part; name each part once"), result.stderr)
        }
        XCTAssertEqual(scratch.contents, ["p1-link.mp4", "p1.mp4"])
    }

    // MARK: - Helpers

    struct Frame: Equatable { let line: String; var hash: String { String(line.split(separator: ",").last ?? "") } }

    /// ffmpeg's framemd5 of every decoded frame (stream, dts, pts, duration, size, MD5), comment lines left out.
    /// The file's `comment` tag (an MP4's), as ffprobe reads it.
    private func comment(_ url: URL) throws -> String {
        let out = try Media.output(of: "ffprobe", ["-v", "error", "-show_entries", "format_tags=comment", "-of", "default=nw=1:nk=1", url.path])
        return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func framemd5(_ url: URL) throws -> [Frame] {
        let text = String(decoding: try Media.output(of: "ffmpeg", ["-v", "error", "-i", url.path, "-f", "framemd5", "-"]), as: UTF8.self)
        let frames = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { Frame(line: String($0)) }
        XCTAssertFalse(frames.isEmpty, "\(url.lastPathComponent) decodes to no frame")
        return frames
    }

    private func render(_ arguments: [String], status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws {
        try run(arguments + ["--quiet", "--threads", "2"], status: status, file: file, line: line)
    }

    private func run(_ arguments: [String], status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try CLI.run(arguments)
        XCTAssertEqual(result.status, status, "render-gif \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
    }
}
