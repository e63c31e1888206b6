import Foundation

/// An ffmpeg that fails in ways the real one cannot be made to (a fake on SPRUCE_FFMPEG, answering `-encoders`
/// with the real ffmpeg's list): the render fails with one line naming what went wrong (exit 70; 69 when ffmpeg or
/// an encoder is missing) and the earlier output (`previous.*`) stays byte-identical.
extension BadInputCases {
    static let realFFmpeg: String = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { (path: String) in access(path, X_OK) == 0 } ?? "ffmpeg"

    /// A case whose ffmpeg is `$F/ffmpeg` running `body` (a shell script; `$last` is the output path).
    static func faulty(_ name: String, _ args: [String], _ body: String, status: Int32 = 70, _ message: String,
                       environment: [String: String] = [:], settings: [String] = fast) -> BadInputCase {
        var env = ["SPRUCE_FFMPEG": "$F/ffmpeg"]
        env.merge(environment) { $1 }
        return BadInputCase(name, args + (args.first == "stitch" ? ["-q"] : settings), status: status, message: message,
                            setup: { box in
                                try box.fakeTool("ffmpeg", """
                                    case "$*" in *-encoders*) exec \(realFFmpeg) "$@";; esac
                                    for a; do last=$a; done
                                    \(body)
                                    """)
                                if args.first == "stitch" { try writeFrames(box) }
                            }, environment: env)
    }

    /// A GIF of the sandbox's small scene at 1440×1440: over 2 megapixels, so its palette pass is drawn smaller and
    /// the GIF is made in two ffmpeg runs (palette in $TMPDIR, then mapping), with few frames.
    static func twoRunGIF(_ out: String) -> [String] { ["--scene", "$S/scene.json", "--out", out] + twoRunSettings }
    static let twoRunSettings = ["--scale", "36", "-q"]

    static let ffmpegFaults: [BadInputCase] = {
        let swallow = "cat > /dev/null"
        let real = "\(realFFmpeg) \"$@\"; rc=$?"
        let empty = "exited with status 0 but wrote an empty file"
        /// The real ffmpeg runs, then its output is replaced by `frames` frames of one colour at `size` (`-f …`).
        func replaced(_ size: String, frames: Int = 1, _ format: String) -> String {
            "\(real); \(realFFmpeg) -v error -y -f lavfi -i color=s=\(size) -frames:v \(frames) \(format) \"$last\"; exit $rc"
        }
        return [
            faulty("exit 0, nothing written, gif", ["--out", "$S/previous.gif"], "\(swallow); exit 0", empty),
            faulty("exit 0, nothing written, mp4", ["--out", "$S/previous.mp4"], "\(swallow); exit 0", empty),
            faulty("exit 0, nothing written, webm", ["--out", "$S/new.webm"], "\(swallow); exit 0", empty),
            faulty("exit 0, nothing written, frames", ["--out", "$S/new/"], "\(swallow); exit 0", "exited with status 0 but wrote 0 of \\d+ frames"),
            faulty("exit 0, nothing written, stitch png", ["stitch", "$S/frames", "--out", "$S/previous.png"], "\(swallow); exit 0", empty),
            faulty("exit 0, nothing written, stitch gif", ["stitch", "$S/frames", "--fps", "25", "--out", "$S/previous.gif"], "\(swallow); exit 0", empty),
            faulty("exit 0, output removed, mp4", ["--out", "$S/previous.mp4"], "\(real); rm -f \"$last\"; exit 0",
                   "exited with status 0 but wrote no output file"),
            faulty("exit 0, garbage mp4", ["--out", "$S/previous.mp4"], "\(swallow); echo garbage > \"$last\"; exit 0",
                   "the file it wrote is not MP4"),
            faulty("exit 0, garbage gif", ["--out", "$S/previous.gif"], "\(swallow); echo garbage > \"$last\"; exit 0",
                   "the file it wrote is not a GIF"),
            faulty("exit 0, garbage webm", ["--out", "$S/x.webm"], "\(swallow); echo garbage > \"$last\"; exit 0",
                   "the file it wrote is not WebM"),
            faulty("exit 0, truncated mp4", ["--out", "$S/previous.mp4"], "\(real); truncate -s 3000 \"$last\"; exit $rc",
                   "the MP4 it wrote is cut off \\(at byte \\d+\\)"),
            // ffprobe counted every packet of a WebM one byte short, and the cut file was taken.
            faulty("exit 0, webm one byte short", ["--out", "$S/new.webm"], "\(real); truncate -s -1 \"$last\"; exit $rc",
                   "the WebM it wrote is cut off \\(\\d+ of \\d+ bytes\\)"),
            faulty("exit 0, truncated gif", ["--out", "$S/previous.gif"], "\(real); case \"$last\" in *.gif) truncate -s 300 \"$last\";; esac; exit $rc",
                   "the GIF it wrote (has no end|is cut off)"),
            faulty("exit 0, one-frame gif", ["--out", "$S/previous.gif"],
                   "\(real); case \"$last\" in *.gif) \(realFFmpeg) -v error -y -f lavfi -i color=s=58x58 -frames:v 1 -f gif \"$last\";; esac; exit $rc",
                   "the GIF it wrote has 1 frames, expected \\d+"),
            faulty("exit 0, one-frame mp4", ["--out", "$S/previous.mp4"],
                   replaced("58x58", "-pix_fmt yuv420p -f mp4"),
                   "the MP4 it wrote has 1 frames, expected \\d+"),
            faulty("exit 0, wrong-size png", ["stitch", "$S/frames", "--out", "$S/previous.png"],
                   replaced("8x8", "-f image2"),
                   "the PNG it wrote is 8×8, expected 4×4"),
            faulty("exit 0, a frame missing", ["--out", "$S/new/"], "\(real); rm -f \"${last%/*}/frame_00002.png\"; exit $rc",
                   "wrote \\d+ of \\d+ frames"),
            faulty("exit 0, an empty frame", ["--out", "$S/new/"], "\(real); : > \"${last%/*}/frame_00001.png\"; exit $rc",
                   "wrote an empty frame_00001.png"),
            faulty("exit 0, garbage png", ["stitch", "$S/frames", "--out", "$S/previous.png"],
                   "\(swallow); echo garbage > \"$last\"; exit 0", "the PNG it wrote is not a PNG"),
            faulty("exit 0, png cut after its header", ["stitch", "$S/frames", "--out", "$S/previous.png"],
                   "\(real); truncate -s 24 \"$last\"; exit $rc", "the PNG it wrote is not a PNG"),
            faulty("exit 0, garbage first frame", ["--out", "$S/new/"], "\(real); echo garbage > \"${last%/*}/frame_00000.png\"; exit $rc",
                   "frame_00000.png it wrote is not a PNG"),
            faulty("exit 0, garbage apng", ["--out", "$S/new.apng"], "\(swallow); echo garbage > \"$last\"; exit 0",
                   "the file it wrote is not a PNG"),
            // Cut at a chunk's edge (the 12 bytes of IEND): every chunk it holds is whole.
            faulty("exit 0, apng without its IEND", ["--out", "$S/previous.apng"], "\(real); truncate -s -12 \"$last\"; exit $rc",
                   "the APNG it wrote is cut short \\(no IEND chunk\\)"),
            faulty("exit 0, one-frame apng", ["--out", "$S/new.apng"],
                   replaced("58x58", "-f apng"),
                   "the APNG it wrote holds 1 of \\d+ frames"),
            faulty("exit 0, wrong-size apng", ["--out", "$S/new.apng"],
                   replaced("8x8", frames: 3, "-f apng"),
                   "the APNG it wrote is not \\d+×\\d+"),
            // A still WebP is the film only when the film is one frame; a still of another size is no film's frames.
            faulty("exit 0, wrong-size still webp", ["--out", "$S/new.webp", "--fps", "25"],
                   replaced("8x8", "-c:v libwebp_anim -lossless 1 -f webp"),
                   "the WebP it wrote is a still image \\(no ANIM chunk\\) for \\d+ frames"),
            // A full disk is an I/O error naming where the bytes went (a GIF's palette pass writes into $TMPDIR).
            faulty("exit 1, a full disk, gif", ["--out", "$S/previous.gif"],
                   "\(swallow); echo 'Conversion failed: No space left on device' >&2; exit 1", status: 74,
                   "^I/O error: cannot write '$S/previous.gif': No space left on device$"),
            faulty("exit 1, a full disk, gif in two runs", ["--scene", "$S/scene.json", "--out", "$S/previous.gif"],
                   "\(swallow); echo 'Conversion failed: No space left on device' >&2; exit 1", status: 74,
                   "^I/O error: cannot write the GIF's palette in '.*' \\(\\$TMPDIR\\): No space left on device$",
                   settings: twoRunSettings),
            faulty("exit 1, a full disk, mp4", ["--out", "$S/previous.mp4"],
                   "\(swallow); echo 'av_interleaved_write_frame(): No space left on device' >&2; exit 1", status: 74,
                   "^I/O error: cannot write '$S/previous.mp4': No space left on device$"),
            faulty("exit 1 with a message", ["--out", "$S/previous.gif"],
                   "\(swallow); echo 'Conversion failed: Invalid argument' >&2; exit 1",
                   "ffmpeg exited with status 1 .*Invalid argument"),
            faulty("killed by SIGKILL", ["--out", "$S/previous.mp4"], "\(swallow); kill -9 $$", "ffmpeg was killed by signal 9"),
            faulty("killed by SIGSEGV", ["--out", "$S/previous.mp4"], "\(swallow); kill -11 $$", "ffmpeg was killed by signal 11"),
            faulty("exits at once without reading", ["--out", "$S/previous.mp4", "--scale", "1"], "exit 0",
                   "ffmpeg exited with status 0"),
            faulty("message with escapes", ["--out", "$S/previous.gif"],
                   "\(swallow); printf 'bad \\033[31mred\\033[0m\\r\\n' >&2; exit 1", #"bad \\e\[31mred\\e\[0m"#),
            faulty("stalls without reading", ["--out", "$S/previous.mp4"], "exec sleep 30",
                   "ffmpeg made no progress for 1 s and was stopped by the watchdog",
                   environment: ["SPRUCE_FFMPEG_STALL_SECONDS": "1"]),
            faulty("stalls and ignores SIGTERM", ["--out", "$S/previous.gif"], "trap '' TERM; while :; do sleep 1; done",
                   "made no progress for 1 s and was stopped",
                   environment: ["SPRUCE_FFMPEG_STALL_SECONDS": "1"]),
            faulty("stalls after taking the frames", ["--out", "$S/previous.mp4"], "\(swallow); exec sleep 30",
                   "made no progress for 1 s", environment: ["SPRUCE_FFMPEG_STALL_SECONDS": "1"]),
            faulty("no libx264", ["--out", "$S/previous.mp4"], "exit 1", status: 69, "has no libx264 encoder",
                   environment: ["SPRUCE_FFMPEG": "$F/ffmpeg-nox264"]).with { box in
                try box.fakeTool("ffmpeg-nox264", """
                    case "$*" in *-encoders*) echo ' V....D png   PNG'; echo ' V....D gif   GIF'; exit 0;; esac
                    cat > /dev/null; echo "Unknown encoder 'libx264'" >&2; exit 1
                    """)
            },
            BadInputCase("ffmpeg path missing", ["--out", "$S/previous.gif"] + fast, status: 69, message: "ffmpeg not found .*is not an executable",
                         environment: ["SPRUCE_FFMPEG": "$S/nope"]),
            BadInputCase("ffmpeg path a folder", ["--out", "$S/previous.gif"] + fast, status: 69, message: "ffmpeg not found",
                         environment: ["SPRUCE_FFMPEG": "$S/folder"]),
            BadInputCase("ffmpeg not executable", ["--out", "$S/previous.gif"] + fast, status: 69, message: "is not an executable",
                         environment: ["SPRUCE_FFMPEG": "$S/sibling.txt"]),
            BadInputCase("ffmpeg not on PATH", ["--out", "$S/previous.gif"] + fast, status: 69, message: "ffmpeg not found \\(not on PATH\\)",
                         environment: ["SPRUCE_FFMPEG": "", "PATH": "$F"]),
        ]
    }()
}

extension BadInputCase {
    /// The same case with more setup after its own.
    func with(_ more: @escaping (BadInputSandbox) throws -> Void) -> BadInputCase {
        var copy = self
        let first = setup
        copy.setup = { try first($0); try more($0) }
        return copy
    }
}
