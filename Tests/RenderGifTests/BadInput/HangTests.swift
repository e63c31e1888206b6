import Foundation
import XCTest

/// A tool that never answers: render-gif runs ffmpeg (and ffprobe, gifsicle) to completion in a few places besides
/// encoding, and each such run is watched like the encoder (`SPRUCE_FFMPEG_STALL_SECONDS`), the `ffmpeg -encoders`
/// question it asks after a failure among them: the render ends with one line instead of waiting for ever.
final class HangTests: XCTestCase {
    func testFFmpegThatNeverAnswers() {
        let silent: (BadInputSandbox) throws -> Void = { box in
            try box.fakeTool("ffmpeg", "while :; do sleep 1; done")
        }
        BadInputRunner.run([
            BadInputCase("MP4 with an ffmpeg that never answers", ["--out", "$S/previous.mp4"] + fast, status: 70,
                         message: "^ffmpeg made no progress for 1 s and was stopped by the watchdog$", setup: silent,
                         environment: ["SPRUCE_FFMPEG": "$F/ffmpeg", "SPRUCE_FFMPEG_STALL_SECONDS": "1"]).bounded(30),
            BadInputCase("GIF with an ffmpeg that never answers", ["--out", "$S/previous.gif"] + fast, status: 70,
                         message: "^ffmpeg made no progress for 1 s and was stopped by the watchdog$",
                         setup: silent,
                         environment: ["SPRUCE_FFMPEG": "$F/ffmpeg", "SPRUCE_FFMPEG_STALL_SECONDS": "1"]).bounded(30),
            BadInputCase("GIF in two runs with an ffmpeg that never answers", BadInputCases.twoRunGIF("$S/previous.gif"), status: 70,
                         message: "^ffmpeg made no progress for 1 s in pass 1/2 \\(palette\\) and was stopped by the watchdog$",
                         setup: silent,
                         environment: ["SPRUCE_FFMPEG": "$F/ffmpeg", "SPRUCE_FFMPEG_STALL_SECONDS": "1"]).bounded(30),
        ])
    }

    /// A comparison film is encoded under the same watchdog as a render, `SPRUCE_FFMPEG_STALL_SECONDS` included.
    func testCompareWhoseFFmpegNeverAnswers() {
        BadInputRunner.run([
            BadInputCase("compare with an ffmpeg that never answers", ["compare", "$S/scene.json", "--b", "--delay 0.01", "--out", "$S/previous.mp4", "-q"],
                         status: 70, message: "ffmpeg made no progress for 1 s",
                         setup: { box in try box.fakeTool("ffmpeg", "while :; do sleep 1; done") },
                         environment: ["SPRUCE_FFMPEG": "$F/ffmpeg", "SPRUCE_FFMPEG_STALL_SECONDS": "1"]).bounded(30),
        ])
    }

    /// join's concat copies without input or messages: its progress is the joined file growing, and a concat
    /// that writes nothing is stopped like an encoder.
    func testJoinWhoseFFmpegNeverAnswers() {
        let concatNeverAnswers: (BadInputSandbox) throws -> Void = { box in
            try BadInputCases.twoParts("mp4")(box)
            try box.fakeTool("ffmpeg", """
                case "$*" in *concat*) while :; do sleep 1; done;; esac
                exec \(BadInputCases.realFFmpeg) "$@"
                """)
            let ffprobe = URL(fileURLWithPath: BadInputCases.realFFmpeg).deletingLastPathComponent().appendingPathComponent("ffprobe")
            try box.fakeTool("ffprobe", "exec \(ffprobe.path) \"$@\"")
        }
        BadInputRunner.run([
            BadInputCase("join with an ffmpeg that never answers", ["join", "$S/p1.mp4", "$S/p2.mp4", "--out", "$S/previous.mp4"],
                         status: 70, message: "^ffmpeg made no progress for 1 s while joining 2 parts and was stopped by the watchdog$",
                         setup: concatNeverAnswers,
                         environment: ["SPRUCE_FFMPEG": "$F/ffmpeg", "SPRUCE_FFMPEG_STALL_SECONDS": "1"]).bounded(30),
        ])
    }
}

extension BadInputCase {
    /// The same case, stopped and reported as a hang after `seconds`.
    func bounded(_ seconds: Double) -> BadInputCase {
        var copy = self
        copy.hangLimit = seconds
        return copy
    }
}
