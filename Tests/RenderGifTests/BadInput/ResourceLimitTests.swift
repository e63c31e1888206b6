import Foundation
import XCTest

/// render-gif under the limits a user or a container sets (`ulimit`): an address space too small for a 4K film's
/// frames, a handful of open files, a file size limit, a few processes. Each is exit 70 (74 for a write past the file
/// size limit, naming the file) with one line, and nothing is left: no temporary output, no palette folder in the
/// case's own TMPDIR, no ffmpeg: never a trap (SIGILL), a death by SIGXFSZ or a wait for a thread that never ran.
final class ResourceLimitTests: XCTestCase {
    /// 4K frames in 200 MB of address space: the frame buffers, a worker's stack or ffmpeg's own memory cannot be
    /// had (which one fails first depends on the format). The film only has to start.
    func testMemoryLimit() throws {
        if Sanitizer.current != nil {
            throw XCTSkip("a sanitizer reserves terabytes of shadow address space at start-up, which ulimit -v forbids")
        }
        let failed = "^(out of resources: |ffmpeg )"
        BadInputRunner.run([
            limited("4K MP4 in 200 MB", ["--size", "3840x2160", "--scale", "1", "--out", "$S/x.mp4"], ["-v 200000"], failed),
            limited("4K GIF in 200 MB", ["--size", "3840x2160", "--scale", "1", "--out", "$S/x.gif"], ["-v 200000"], failed),
        ])
    }

    /// A scene's 8192×8192 image (an 8 KB file) in 300 MB of address space: the decode cannot have its 256 MB. That
    /// is memory refused (70), not a PNG that cannot be read (65), which Cairo reports with the same status.
    func testMemoryLimitWhileDecodingAnImage() throws {
        if Sanitizer.current != nil {
            throw XCTSkip("a sanitizer reserves terabytes of shadow address space at start-up, which ulimit -v forbids")
        }
        let image = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("fixtures/images/blank-8192.png"))
        let setup: (BadInputSandbox) throws -> Void = { box in
            try box.write("big.png", image)
            try box.write("scene.json", #"{"views": [{"type": "image", "id": "big", "image": "big.png", "frame": [0, 0, 80, 80]}]}"#)
        }
        let refused = "^out of resources: .*/big\\.png: cannot allocate [0-9]+ bytes of memory to decode a PNG of 8192×8192 pixels$"
        BadInputRunner.run([
            BadInputCase("8192×8192 image in 300 MB", ["--scene", "$S/scene.json", "--out", "$S/x.png", "-q"], status: 70,
                         message: refused, setup: setup).limited(["-v 300000"]),
            // --exclude reads the scene's tree, images and all, before the film is made.
            BadInputCase("8192×8192 image in 300 MB, a view excluded", ["--scene", "$S/scene.json", "--exclude", "big", "--out", "$S/x.png", "-q"],
                         status: 70, message: refused, setup: setup).limited(["-v 300000"]),
        ])
    }

    /// Thread stacks larger than the address space (`ulimit -s` 3 GB, `-v` 2 GB): no thread can start. Dispatch
    /// retries a worker it cannot start once a second for ever; render-gif ends with one line instead.
    func testNoThreadCanStart() throws {
        if Sanitizer.current != nil {
            throw XCTSkip("a sanitizer reserves terabytes of shadow address space at start-up, which ulimit -v forbids")
        }
        BadInputRunner.run([
            limited("thread stacks beyond the address space", ["--out", "$S/x.gif"] + fast, ["-s 3000000", "-v 2000000"],
                    "^out of resources: cannot start a thread: Resource temporarily unavailable$"),
        ])
    }

    /// A soft stack limit of 32 KiB (`ulimit -S -s 32`) is raised within the hard one, for the main thread and for
    /// the threads Dispatch starts: the commands that ran out of stack there (checking goldens, comparing) finish.
    /// A hard limit that small cannot be raised: one line, before anything runs.
    func testStackLimit() throws {
        if Sanitizer.current != nil {
            throw XCTSkip("a sanitizer's runtime needs more stack at start-up than these limits give")
        }
        // Rounded corners: a tile's fill keeps its edges on the stack (about 41 KiB), on the threads Dispatch starts.
        let scene = BadInputSandbox.smallScene.replacingOccurrences(of: ##""backgroundColor": "#A9F0B4""##,
                                                                   with: ##""backgroundColor": "#A9F0B4", "cornerRadius": 6"##)
        let setup: (BadInputSandbox) throws -> Void = { box in
            for name in ["a", "b", "c", "d"] { try box.write("scenes/\(name).json", scene) }
            try box.write("b.json", scene)
        }
        var record = BadInputCase("goldens recorded under a soft stack limit of 32 KiB", ["test", "$S/scenes", "--record"],
                                  status: 0, message: "", setup: setup)
        record.mayWrite = ["scenes/goldens"]
        let check = BadInputCase("goldens checked under a soft stack limit of 32 KiB", ["test", "$S/scenes"], status: 0,
                                 message: "", setup: { box in
                                     try setup(box)
                                     let recorded = try CLI.run(["test", box.path("scenes"), "--record"])
                                     guard recorded.status == 0 else { throw CocoaError(.fileWriteUnknown) }
                                 })
        BadInputRunner.run([
            record.limited(["-S -s 32"]),
            check.limited(["-S -s 32"]),
            BadInputCase("compare under a soft stack limit of 32 KiB", ["compare", "$S/b.json", "$S/scenes/a.json"], status: 0,
                         message: "", setup: setup).limited(["-S -s 32"]),
            BadInputCase("a hard stack limit of 64 KiB", ["test", "$S/scenes"], status: 70,
                         message: "^out of resources: a stack limit of 64 KiB \\(ulimit -s\\); render-gif needs at least 1024 KiB$",
                         setup: setup).limited(["-s 64"]),
        ])
    }

    /// A soft CPU time limit of 1 s (`ulimit -S -t 1`) while render-gif records goldens itself (no ffmpeg): the kernel
    /// sends SIGXCPU, which cancels the work like Ctrl-C; one line, 70, nothing left. The kernel sends it again a
    /// CPU-second later, and the workers may still be winding down then: that second signal stops everything at once,
    /// as a second Ctrl-C does, with its own line. Without a handler render-gif was killed without a word.
    func testCPUTimeLimit() throws {
        let scene = try String(contentsOf: CLI.packageRoot.appendingPathComponent("fixtures/scenes/bench/example-13x13.json"),
                               encoding: .utf8)
        var record = BadInputCase("goldens recorded under a CPU time limit of 1 s", ["test", "$S/scenes", "--record"], status: 70,
                                  message: "^out of resources: the CPU time limit \\(ulimit -t\\) was reached"
                                      + "(; .*written| again; stopped at once, temporary files removed)$",
                                  setup: { box in for k in 0..<16 { try box.write("scenes/s\(k).json", scene) } })
        record.mayWrite = ["scenes/goldens"]
        BadInputRunner.run([record.limited(["-S -t 1"])])
    }

    /// Ten open files: a batch's items cannot start (their pipes and /dev/null), which each item reports. Before,
    /// Dispatch set up its event loop when the batch's first worker started, found no descriptor left, and trapped
    /// (SIGILL, in about half of the runs).
    func testDescriptorLimit() {
        let manifest = """
            items:
              - {scene: scene.json, out: a.gif}
              - {scene: scene.json, out: b.mp4}
            """
        BadInputRunner.run([
            BadInputCase("batch with 10 open files", ["batch", "$S/m.yaml", "--jobs", "2"], status: 1, message: "",
                         setup: { try $0.write("m.yaml", manifest) }).limited(["-n 10"]),
        ])
    }

    /// A file size limit of 1 KiB (bash's `ulimit -f` counts KiB): every file render-gif writes itself here is
    /// larger, so the write fails with EFBIG (SIGXFSZ is ignored) and the file is named; ffmpeg's own output is
    /// ffmpeg failing (70).
    func testFileSizeLimit() throws {
        if Sanitizer.current == .thread {
            throw XCTSkip("ThreadSanitizer's runtime writes and maps a file of its own in $TMPDIR at start-up, larger than the limit")
        }
        try warmFontCache()
        let tooLarge = "^(--timing: |--out: |--report: |--junit: )?cannot write: .*: File too large$"
        BadInputRunner.run([
            limited("timing past the file size limit", ["--scene", "grid", "--timing", "$S/t.json"], ["-f 1"], status: 74, tooLarge),
            limited("Lottie past the file size limit", ["--scene", "grid", "--out", "$S/l.json"], ["-f 1"], status: 74, tooLarge),
            limited("PNG past the file size limit", ["--scene", "grid", "--out", "$S/x.png"], ["-f 1"], status: 74, tooLarge),
            limited("GIF past the file size limit", ["--scene", "grid", "--out", "$S/x.gif"] + fast, ["-f 1"], "File too large"),
            // Twenty new scenes: the report and the JUnit file list each, more than the limit.
            BadInputCase("report past the file size limit", ["test", "$S/scenes", "--report", "$S/r.html", "--junit", "$S/r.xml"],
                         status: 74, message: tooLarge, setup: { box in
                             for i in 10..<30 { try box.write("scenes/s\(i).json", BadInputSandbox.smallScene) }
                         }).limited(["-f 1"]),
        ])
    }

    /// Fontconfig writes its cache of a font folder the first time a process looks there; under the file size limit
    /// that write fails with a line of fontconfig's own on stderr. One run without a limit writes it first.
    private func warmFontCache() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let warm = try CLI.run(["--scene", "grid", "--out", scratch.appendingPathComponent("w.png").path, "-q"],
                               environment: ["TMPDIR": scratch.path])
        XCTAssertEqual(warm.status, 0, warm.stderr)
    }

    /// Four processes for the user nobody: the frame workers, the reader of ffmpeg's messages or ffmpeg itself cannot
    /// start: the render ends with one line rather than waiting for a thread that never ran.
    func testProcessLimit() throws {
        if let why = BadInputRunner.cannotRunUnprivileged { throw XCTSkip(why) }
        var gif = limited("GIF with 4 processes", ["--out", "$S/x.gif", "--threads", "4"] + fast, ["-u 4"])
        gif.unprivileged = true
        var mp4 = limited("MP4 with 4 processes", ["--out", "$S/x.mp4", "--threads", "4"] + fast, ["-u 4"])
        mp4.unprivileged = true
        if Sanitizer.current == .address {
            // LeakSanitizer checks at exit from a thread of its own, which the limit forbids.
            let options = (ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
            gif.environment["ASAN_OPTIONS"] = options
            mp4.environment["ASAN_OPTIONS"] = options
        }
        BadInputRunner.run([gif, mp4])
    }

    /// A render under `limits` that fails with `status` and a message matching `message`; 60 s at most.
    private func limited(_ name: String, _ arguments: [String], _ limits: [String], status: Int32 = 70,
                         _ message: String = "^out of resources: ") -> BadInputCase {
        BadInputCase(name, arguments + (arguments.contains("-q") ? [] : ["-q"]), status: status, message: message).limited(limits)
    }
}

extension BadInputCase {
    /// The same case run under `limits` (`ulimit` arguments), stopped as a hang after 60 s.
    func limited(_ limits: [String]) -> BadInputCase {
        var copy = self
        copy.limits = limits
        copy.hangLimit = 60
        return copy
    }
}
