import Foundation

/// Real SIGINT and SIGTERM sent to the real binary in every phase: exit 130 or 143 with one line, nothing written,
/// no temporary file or palette folder and no ffmpeg left. Phases that end too fast to hit are held open with
/// SPRUCE_PAUSE_IN_PHASE (the command waits there until the signal arrives, then does the phase's real work with
/// the render cancelled); encoding is hit for real, once the first frames reached ffmpeg.
extension BadInputCases {
    /// Goldens recorded for scene.json, then its card recoloured: a check fails and has pictures to show.
    static func recordedThenRecoloured(_ box: BadInputSandbox) throws {
        try recordedThenRecoloured(box, scene: BadInputSandbox.smallScene)
    }

    /// The same for a scene.json holding `scene` (with the small scene's card colour).
    static func recordedThenRecoloured(_ box: BadInputSandbox, scene: String) throws {
        try box.write("scene.json", scene)
        let record = Process()
        record.executableURL = CLI.binary
        record.arguments = ["test", box.path("scene.json"), "--record"]
        record.standardOutput = FileHandle.nullDevice
        try record.run()
        record.waitUntilExit()
        guard record.terminationStatus == 0 else { throw BadInputError("could not record the goldens of scene.json") }
        try box.write("scene.json", scene.replacingOccurrences(of: "#A9F0B4", with: "#F0A9B4"))
    }

    /// Two parts of a film made by ffmpeg itself (unlabelled: they join by name), p1.EXT and p2.EXT.
    static func twoParts(_ ext: String) -> (BadInputSandbox) throws -> Void {
        { box in
            for i in 1...2 {
                let ffmpeg = Process()
                ffmpeg.executableURL = URL(fileURLWithPath: realFFmpeg)
                ffmpeg.arguments = ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=25:duration=0.4", "-g", "5",
                                    box.path("p\(i).\(ext)")]
                try ffmpeg.run()
                ffmpeg.waitUntilExit()
                guard ffmpeg.terminationStatus == 0 else { throw BadInputError("ffmpeg could not make p\(i).\(ext)") }
            }
        }
    }

    static let signals: [BadInputCase] = {
        let interrupted = "^interrupted; nothing was written$"
        let terminated = "^terminated; nothing was written$"
        func sig(_ name: String, _ args: [String], _ signal: BadInputCase.Signal, _ message: String,
                 environment: [String: String] = [:], setup: @escaping (BadInputSandbox) throws -> Void = { _ in },
                 mayWrite: [String] = []) -> BadInputCase {
            BadInputCase(name, args + (["test", "join"].contains(args.first ?? "") ? [] : ["-q"]), status: 128 + signal.signal, message: message, setup: setup,
                         environment: environment, signal: signal, mayWrite: mayWrite)
        }
        // Long enough that encoding is still running when the signal arrives: 464×464 with a 20 s hold.
        let long = ["--hold", "20", "--threads", "1"]
        let fakeIgnoringTERM: (BadInputSandbox) throws -> Void = { box in
            try box.fakeTool("ffmpeg", """
                case "$*" in *-encoders*) exec \(realFFmpeg) "$@";; esac
                trap '' TERM INT
                : > "$(dirname "$0")/started"
                while :; do sleep 1; done
                """)
        }
        return [
            sig("SIGINT loading the scene", ["--scene", "$S/scene.json", "--out", "$S/previous.gif"], .init(SIGINT, in: "scene"), interrupted),
            sig("SIGTERM loading the scene", ["--scene", "$S/scene.json", "--out", "$S/previous.gif"], .init(SIGTERM, in: "scene"), terminated),
            sig("SIGINT loading a built-in scene", ["--out", "$S/x.mp4"], .init(SIGINT, in: "scene"), interrupted),
            sig("SIGINT drawing a PNG", ["--out", "$S/previous.png", "--scale", "0.125"], .init(SIGINT, in: "draw"), interrupted),
            sig("SIGTERM drawing a PNG", ["--out", "$S/previous.png", "--scale", "0.125"], .init(SIGTERM, in: "draw"), terminated),
            sig("SIGINT drawing a late PNG", ["--out", "$S/previous.png", "--at", "3", "--hold", "5"], .init(SIGINT, in: "draw"), interrupted),
            sig("SIGINT starting to encode a GIF", ["--out", "$S/previous.gif"] + long, .init(SIGINT, in: "encode"), interrupted),
            sig("SIGTERM starting to encode an MP4", ["--out", "$S/previous.mp4"] + long, .init(SIGTERM, in: "encode"), terminated),
            sig("SIGINT encoding a GIF", ["--out", "$S/previous.gif"] + long,
                .init(SIGINT, in: "encode-frames", pause: false, waitForTemporary: true), interrupted),
            sig("SIGTERM encoding a GIF", ["--out", "$S/previous.gif"] + long,
                .init(SIGTERM, in: "encode-frames", pause: false, waitForTemporary: true), terminated),
            // 250 frames of 464×464 (215 MB): a GIF made in one ffmpeg run, which holds the frames it was given.
            sig("SIGINT encoding a GIF in one run", ["--out", "$S/previous.gif", "--hold", "8", "--threads", "1"],
                .init(SIGINT, in: "encode-frames", pause: false, waitForTemporary: true), interrupted),
            sig("SIGINT encoding an MP4", ["--out", "$S/previous.mp4"] + long,
                .init(SIGINT, in: "encode-frames", pause: false, waitForTemporary: true), interrupted),
            sig("SIGTERM encoding an MP4", ["--out", "$S/previous.mp4"] + long,
                .init(SIGTERM, in: "encode-frames", pause: false, waitForTemporary: true), terminated),
            sig("SIGINT encoding a WebM", ["--out", "$S/x.webm"] + long,
                .init(SIGINT, in: "encode-frames", pause: false, waitForTemporary: true), interrupted),
            sig("SIGINT encoding frames", ["--out", "$S/new/"] + long,
                .init(SIGINT, in: "encode-frames", pause: false, waitForTemporary: true), interrupted),
            sig("SIGTERM encoding frames into render-gif's folder", ["--out", "$S/mine/"] + long,
                .init(SIGTERM, in: "encode-frames", pause: false, waitForTemporary: true), terminated,
                setup: { box in
                    try box.write("mine/frame_00000.png", "an earlier frame")
                    try FramesManifestText.write(["frame_00000.png"], in: box, "mine")
                }),
            // Phases that ran on for minutes after a signal (a Lottie export, motion curves of thousands of views):
            // each checks the cancellation, and `SignalCancellation.patience` after the first signal the command stops anyway.
            sig("SIGINT exporting Lottie", ["--out", "$S/l.json"], .init(SIGINT, in: "lottie"), interrupted),
            sig("SIGTERM drawing motion curves", ["--curves", "$S/c.svg"], .init(SIGTERM, in: "curves"), terminated),
            sig("SIGTERM in a phase that does not look", ["--timing", "$S/t.json"], .init(SIGTERM, in: "timing", pause: false),
                "^terminated; still working 5 s later, so stopped at once, temporary files removed$",
                environment: ["SPRUCE_DEAF_IN_PHASE": "timing"]),
            sig("SIGINT drawing a contact sheet", ["--sheet", "$S/previous.png", "--sheet-frames", "50"], .init(SIGINT, in: "sheet"), interrupted),
            sig("SIGTERM drawing a contact sheet", ["--sheet", "$S/s.png"], .init(SIGTERM, in: "sheet"), terminated),
            sig("SIGINT drawing a timing chart", ["--timing-chart", "$S/previous.png"], .init(SIGINT, in: "chart"), interrupted),
            sig("SIGTERM drawing a timing chart", ["--timing-chart", "$S/c.png"], .init(SIGTERM, in: "chart"), terminated),
            sig("SIGINT writing timings", ["--timing", "$S/t.json"], .init(SIGINT, in: "timing"), interrupted),
            sig("SIGTERM writing timings", ["--timing", "$S/t.json"], .init(SIGTERM, in: "timing"), terminated),
            sig("SIGINT after the film, in the sheet", ["--out", "$S/film.gif", "--scale", "0.125", "--sheet", "$S/s.png"],
                .init(SIGINT, in: "sheet"), "^interrupted; only .*film.gif was written$", mayWrite: ["film.gif"]),
            sig("SIGINT stitching", ["stitch", "$S/frames", "--fps", "25", "--out", "$S/previous.gif"], .init(SIGINT, in: "stitch"), interrupted,
                setup: writeFrames),
            sig("SIGTERM stitching", ["stitch", "$S/frames", "--out", "$S/previous.mp4"], .init(SIGTERM, in: "stitch"), terminated,
                setup: { box in for i in 0..<4 { try box.write("frames/f\(i).png", tinyPNG) } }),
            // compare and test: the films read, the side-by-side film written, the goldens recorded or checked.
            sig("SIGINT comparing", ["compare", "grid", "--a", "--damping 0.5", "--b", "--damping 0.8", "--out", "$S/previous.gif"],
                .init(SIGINT, in: "compare"), interrupted),
            sig("SIGTERM writing a comparison", ["compare", "grid", "--a", "--damping 0.5 --hold 20", "--b", "--damping 0.8 --hold 20",
                                                 "--out", "$S/previous.mp4"],
                .init(SIGTERM, in: "encode-frames", pause: false, waitForTemporary: true), terminated),
            sig("SIGINT recording goldens", ["test", "$S/scene.json", "--record"], .init(SIGINT, in: "golden"), interrupted),
            sig("SIGTERM checking goldens", ["test", "$S/scene.json", "--report", "$S/r.html", "--junit", "$S/r.xml"],
                .init(SIGTERM, in: "golden"), terminated),
            // The pictures of a failed check were written into r.files/ as they were made, and stayed after a signal
            // that said "nothing was written".
            sig("SIGINT before the report of a failed check", ["test", "$S/scene.json", "--report", "$S/r.html"],
                .init(SIGINT, in: "report"), interrupted, setup: recordedThenRecoloured),
            // Twelve scenes recorded, stopped before the run's end: the line named all 36 goldens written.
            sig("SIGINT after recording twelve scenes", ["test", "$S/scenes", "--record"], .init(SIGINT, in: "report"),
                "^interrupted; only ([^,]+/scenes/goldens/s[0-9]+\\.[a-z]+\\.(png|txt), ){9}[^,]+\\.(png|txt) and 26 more were written$",
                setup: { box in for i in 0..<12 { try box.write("scenes/s\(i).json", BadInputSandbox.smallScene) } }, mayWrite: ["scenes/goldens"]),
            // Accepting a changed scene's goldens: stopped with every golden written beside its target, before any rename.
            sig("SIGINT accepting goldens", ["test", "$S/scene.json", "--accept", "scene"], .init(SIGINT, in: "accept"), interrupted,
                setup: recordedThenRecoloured),
            // join checked no cancellation: a signal to its pid was recorded and the join went on, exit 0 and a film.
            sig("SIGINT joining MP4 parts", ["join", "$S/p1.mp4", "$S/p2.mp4", "--out", "$S/previous.mp4"], .init(SIGINT, in: "join"),
                interrupted, setup: twoParts("mp4")),
            sig("SIGTERM joining GIF parts", ["join", "$S/p1.gif", "$S/p2.gif", "--out", "$S/j.gif"], .init(SIGTERM, in: "join"),
                terminated, setup: twoParts("gif")),
            // ffmpeg ignores SIGTERM: the watchdog's SIGKILL after the grace period ends it.
            sig("SIGINT with an ffmpeg that ignores SIGTERM", ["--out", "$S/previous.gif", "--scale", "2"],
                .init(SIGINT, in: "encode", pause: false, waitForTemporary: true, waitForFile: "$F/started"), interrupted,
                environment: ["SPRUCE_FFMPEG": "$F/ffmpeg"], setup: fakeIgnoringTERM),
            // A second signal while the first is handled (ffmpeg ignores SIGTERM, so the first waits out the grace
            // period): cleaned up at once, still nothing left.
            sig("second SIGINT", ["--out", "$S/previous.gif", "--scale", "2"],
                .init(SIGINT, in: "encode", pause: false, waitForTemporary: true, waitForFile: "$F/started", again: true), "^interrupted again; stopped at once, temporary files removed$",
                environment: ["SPRUCE_FFMPEG": "$F/ffmpeg"], setup: fakeIgnoringTERM),
            sig("second SIGTERM", ["--out", "$S/previous.mp4", "--scale", "2"],
                .init(SIGTERM, in: "encode", pause: false, waitForTemporary: true, waitForFile: "$F/started", again: true), "^terminated again; stopped at once, temporary files removed$",
                environment: ["SPRUCE_FFMPEG": "$F/ffmpeg"], setup: fakeIgnoringTERM),
            sig("second SIGINT with real ffmpeg", ["--out", "$S/previous.gif"] + long,
                .init(SIGINT, in: "encode-frames", pause: false, waitForTemporary: true, again: true), "interrupted"),
            // The second signal after the first one's line was written (render-gif holds there a second): still
            // that one line and its status, not a second line.
            sig("second SIGINT after the first's line", ["--out", "$S/previous.gif"] + long,
                .init(SIGINT, in: "encode-frames", pause: false, waitForTemporary: true, againInPhase: "exit"), interrupted,
                environment: ["SPRUCE_PAUSE_IN_PHASE": "exit"]),
            sig("SIGTERM after a SIGINT's line, the status the line's", ["--out", "$S/previous.mp4"] + long,
                .init(SIGINT, in: "encode-frames", pause: false, waitForTemporary: true, againInPhase: "exit",
                      secondSignal: SIGTERM), interrupted,
                environment: ["SPRUCE_PAUSE_IN_PHASE": "exit"]),
        ]
    }()

    /// A crash (sent from outside here, or a frame worker's stack overflowed by the test's fault; in use a fault, a
    /// trap of the Swift runtime or memory it could not get) stops ffmpeg and removes the temporaries registered so
    /// far: one line, 70, nothing left. Under a sanitizer its own handler reports the crash instead.
    static var crashes: [BadInputCase] {
        guard Sanitizer.current == nil else { return [] }
        let long = ["--hold", "20", "--threads", "1"]
        func crash(_ name: String, _ arguments: [String], _ signal: Int32, _ what: String) -> BadInputCase {
            BadInputCase(name, arguments + ["-q"], status: 70, message: "^crashed \\(signal \(signal), \(what)\\); nothing was written$",
                         signal: .init(signal, in: "encode-frames", pause: false, waitForTemporary: true))
        }
        // The handler runs on the thread's own alternate stack; without one the kernel kills the process at once.
        func overflow(_ name: String, _ arguments: [String]) -> BadInputCase {
            BadInputCase(name, arguments + ["-q"], status: 70, message: "^crashed \\(signal \(SIGSEGV), Segmentation fault\\); nothing was written$",
                         environment: ["SPRUCE_OVERFLOW_AT_FRAME": "3"])
        }
        return [
            crash("SIGSEGV counting a GIF's colours", ["--out", "$S/previous.gif"] + long, SIGSEGV, "Segmentation fault"),
            crash("SIGABRT encoding an MP4", ["--out", "$S/previous.mp4"] + long, SIGABRT, "Aborted"),
            crash("SIGILL encoding frames", ["--out", "$S/new/"] + long, SIGILL, "Illegal instruction"),
            overflow("stack overflow on a frame worker, GIF", ["--out", "$S/previous.gif", "--threads", "1"]),
            overflow("stack overflow on a frame worker, MP4", ["--out", "$S/previous.mp4", "--threads", "1"]),
            overflow("stack overflow on one of four frame workers, frames", ["--out", "$S/new/", "--threads", "4"]),
        ]
    }
}
