import Foundation
import SpruceFilm
import XCTest
@testable import SpruceVideo

final class ErrorPathTests: XCTestCase {
    let previous = Data("previous render, must survive\n".utf8)

    private func expectError(
        _ options: VideoOptions = VideoOptions(), source: FrameSource = SyntheticSource(), to url: URL,
        file: StaticString = #filePath, line: UInt = #line
    ) -> VideoError? {
        do {
            try VideoRenderer(options: options).render(source, to: url)
            XCTFail("render succeeded", file: file, line: line)
            return nil
        } catch let error as VideoError {
            print("VideoError: \(error)")
            XCTAssertFalse("\(error)".contains("\n"), "one-line message: \(error)", file: file, line: line)
            return error
        } catch {
            XCTFail("not a VideoError: \(error)", file: file, line: line)
            return nil
        }
    }

    /// A shell script standing in for ffmpeg: only for faults a real ffmpeg cannot be made to produce.
    private func fakeFFmpeg(in scratch: Scratch, _ body: String) throws -> String {
        let url = scratch.path("fake-ffmpeg")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        chmod(url.path, 0o755)
        return url.path
    }

    // MARK: ffmpeg missing

    func testFFmpegMissingFromPath() throws {
        let scratch = try Scratch()
        let emptyBin = scratch.path("bin")
        try FileManager.default.createDirectory(at: emptyBin, withIntermediateDirectories: true)
        XCTAssertThrowsError(try FFmpegLocator.locate(explicit: nil, environment: ["PATH": emptyBin.path])) {
            XCTAssertEqual($0 as? VideoError, .ffmpegNotFound("not on PATH"))
        }

        // The whole render, with the process's own PATH stripped of ffmpeg.
        let savedPath = getenv("PATH").map { String(cString: $0) }
        let savedOverride = getenv(FFmpegLocator.environmentVariable).map { String(cString: $0) }
        setenv("PATH", emptyBin.path, 1)
        unsetenv(FFmpegLocator.environmentVariable)
        defer {
            if let savedPath { setenv("PATH", savedPath, 1) }
            if let savedOverride { setenv(FFmpegLocator.environmentVariable, savedOverride, 1) }
        }
        let error = expectError(to: scratch.path("x.mp4"))
        XCTAssertEqual(error, .ffmpegNotFound("not on PATH"))
        let message = error.map { "\($0)" } ?? ""
        XCTAssertTrue(message.contains("sudo apt-get install ffmpeg"), message)
        XCTAssertTrue(message.contains("scripts/bootstrap.sh"), message)
        XCTAssertEqual(scratch.contents, ["bin"], "nothing written")
    }

    func testExplicitAndEnvironmentFFmpegPaths() throws {
        var options = VideoOptions()
        options.ffmpegPath = "/nonexistent/ffmpeg"
        let scratch = try Scratch()
        let error = expectError(options, to: scratch.path("x.mp4"))
        XCTAssertEqual(error, .ffmpegNotFound("'/nonexistent/ffmpeg' is not an executable file"))
        XCTAssertEqual(
            try FFmpegLocator.locate(explicit: nil, environment: ["SPRUCE_FFMPEG": "/usr/bin/ffmpeg", "PATH": ""]),
            "/usr/bin/ffmpeg")
        XCTAssertThrowsError(try FFmpegLocator.locate(explicit: nil, environment: ["SPRUCE_FFMPEG": "/etc", "PATH": ""]))
    }

    func testMissingEncoderIsReported() throws {
        let scratch = try Scratch()
        // An "ffmpeg" that answers -encoders without libvpx-vp9 (a real build cannot be made to lack it).
        var options = VideoOptions()
        options.ffmpegPath = try fakeFFmpeg(in: scratch, "echo ' V....D libx264              libx264 H.264'")
        let error = expectError(options, to: scratch.path("x.webm"))
        XCTAssertEqual(error, .encoderMissing(encoder: "libvpx-vp9", ffmpeg: options.ffmpegPath!))
        XCTAssertTrue("\(error!)".contains("no libvpx-vp9 encoder"))
    }

    // MARK: ffmpeg dying

    func testRealFFmpegKilledMidRenderKeepsThePreviousOutput() throws {
        let scratch = try Scratch()
        for name in ["x.mp4", "x.gif", "two-runs.gif"] {
            let target = scratch.path(name)
            try previous.write(to: target)
            var options = VideoOptions()
            options.faults.killFFmpegAfterFrames = 10
            options.threadCount = 2
            if name == "two-runs.gif" { options.faults.oneRunBytes = 0 }
            let error = expectError(options, to: target)
            guard case .programFailed("ffmpeg", let detail) = error else { return XCTFail("\(String(describing: error))") }
            XCTAssertTrue(detail.contains("killed by signal 9"), detail)
            if name == "x.gif" { XCTAssertTrue(detail.contains(" after ") && !detail.contains("pass"), detail) }
            if name == "two-runs.gif" { XCTAssertTrue(detail.contains(" in pass 1/2 (palette) after "), detail) }
            XCTAssertEqual(try Data(contentsOf: target), previous, "previous output intact")
            assertNoZombies()
        }
        XCTAssertEqual(scratch.contents, ["two-runs.gif", "x.gif", "x.mp4"], "temporary files removed")
    }

    func testFakeFFmpegExitingEarlyReportsItsStderr() throws {
        let scratch = try Scratch()
        var options = VideoOptions()
        options.ffmpegPath = try fakeFFmpeg(in: scratch, """
            head -c 100000 > /dev/null
            echo "noise line" >&2
            echo "Conversion failed: fake encoder exploded" >&2
            exit 1
            """)
        options.faults.skipEncoderCheck = true
        let target = scratch.path("x.mp4")
        try previous.write(to: target)
        let error = expectError(options, to: target)
        guard case .programFailed("ffmpeg", let detail) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(detail.contains("exited with status 1"), detail)
        XCTAssertTrue(detail.contains("noise line | Conversion failed: fake encoder exploded"), detail)
        XCTAssertTrue(detail.contains("of 40 frames"), detail)
        XCTAssertEqual(try Data(contentsOf: target), previous)
        XCTAssertEqual(scratch.contents, ["fake-ffmpeg", "x.mp4"])
        assertNoZombies()
    }

    func testFFmpegFailingAfterReadingEverything() throws {
        // ffmpeg that consumes the whole stream and only then fails (as when the disk fills up at the end).
        let scratch = try Scratch()
        var options = VideoOptions()
        options.ffmpegPath = try fakeFFmpeg(in: scratch, "cat > /dev/null; echo 'late failure' >&2; exit 3")
        options.faults.skipEncoderCheck = true
        let error = expectError(options, source: SyntheticSource(frames: 5), to: scratch.path("x.gif"))
        guard case .programFailed("ffmpeg", let detail) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(detail, "exited with status 3 after all 5 frames: late failure")
        options.faults.oneRunBytes = 0  // a GIF in two runs fails in its first
        let palette = expectError(options, source: SyntheticSource(frames: 5), to: scratch.path("x.gif"))
        guard case .programFailed("ffmpeg", let paletteDetail) = palette else { return XCTFail("\(String(describing: palette))") }
        XCTAssertEqual(paletteDetail, "exited with status 3 in pass 1/2 (palette) after all 5 frames: late failure")
        XCTAssertEqual(scratch.contents, ["fake-ffmpeg"])
        assertNoZombies()
    }

    func testNoDescriptorLeaksIntoFFmpeg() throws {
        let scratch = try Scratch()
        // A descriptor some other library opened without O_CLOEXEC, at a number the shell will not use itself.
        let opened = open(scratch.path("open-without-cloexec").path, O_WRONLY | O_CREAT, 0o644)
        let leaky = dup2(opened, 77)
        close(opened)
        XCTAssertEqual(leaky, 77)
        defer { close(leaky) }
        var options = VideoOptions()
        options.ffmpegPath = try fakeFFmpeg(in: scratch, """
            echo "fds:$(ls /proc/$$/fd | tr '\\n' ' ')" >&2
            exit 1
            """)
        options.faults.skipEncoderCheck = true
        guard case .programFailed("ffmpeg", let detail) = expectError(options, source: SyntheticSource(frames: 2), to: scratch.path("x.mp4"))
        else { return XCTFail() }
        let fds = detail.components(separatedBy: "fds:").last!.split(separator: " ").compactMap { Int($0) }
        XCTAssertTrue(Set(fds).isSuperset(of: [0, 1, 2]), detail)
        XCTAssertFalse(fds.contains(Int(leaky)), "descriptor \(leaky) leaked into the child: \(detail)")
    }

    func testChildStdinAndStdoutAreTheNullDevice() throws {
        // The shell's own descriptors, read before any redirection of its own.
        let script = "a=$(readlink /proc/$$/fd/0); b=$(readlink /proc/$$/fd/1); echo $a $b >&2"
        let child = try ChildProcess("sh", executable: "/bin/sh", arguments: ["-c", script], pipeStdin: false)
        child.waitForExit()
        XCTAssertEqual(child.lastStderrLines, ["/dev/null /dev/null"])
    }

    func testAnUnopenableNullDeviceIsNotReportedAsFFmpegFailing() throws {
        // /dev/null itself cannot be taken away from a test; a missing path stands in for it.
        XCTAssertThrowsError(try ChildProcess("ffmpeg", executable: "/bin/true", arguments: [], pipeStdin: false,
                                               nullDevice: "/nonexistent/null")) { error in
            guard case VideoError.io(let message) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(message, "cannot open /nonexistent/null for ffmpeg: No such file or directory")
        }
    }

    // MARK: target

    func testUnwritableDirectoryFailsBeforeSpawningFFmpeg() throws {
        let scratch = try Scratch()
        var options = VideoOptions()
        let marker = scratch.path("ffmpeg-was-started")
        options.ffmpegPath = try fakeFFmpeg(in: scratch, "touch '\(marker.path)'; cat > /dev/null")
        options.faults.skipEncoderCheck = true

        let missing = expectError(options, to: scratch.path("no/such/dir/x.mp4"))
        guard case .targetNotWritable(_, let reason) = missing else { return XCTFail("\(String(describing: missing))") }
        XCTAssertTrue(reason.contains("does not exist"), reason)

        // Root ignores permission bits, so use a file system that refuses new files even to root.
        let locked: URL
        if geteuid() == 0 {
            locked = URL(fileURLWithPath: "/sys")
        } else {
            locked = scratch.path("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            chmod(locked.path, 0o555)
        }
        defer { chmod(locked.path, 0o755) }
        for name in ["x.gif", "frames/"] {
            let error = expectError(options, to: URL(fileURLWithPath: locked.path + "/" + name))
            guard case .targetNotWritable(_, let reason) = error else { return XCTFail("\(String(describing: error))") }
            XCTAssertTrue(reason.contains("cannot create"), reason)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path), "ffmpeg must not be started")
    }

    func testDirectoryWhereAFileShouldBeAndViceVersa() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(at: scratch.path("x.mp4"), withIntermediateDirectories: true)
        XCTAssertEqual(
            expectError(to: scratch.path("x.mp4")),
            .targetNotWritable(path: scratch.path("x.mp4").standardizedFileURL.path, reason: "it is a directory"))
        try previous.write(to: scratch.path("frames"))
        var options = VideoOptions()
        options.format = .pngSequence
        guard case .targetNotWritable(_, let reason) = expectError(options, to: scratch.path("frames")) else {
            return XCTFail()
        }
        XCTAssertEqual(reason, "it is a file, not a directory of frames")
        XCTAssertEqual(try Data(contentsOf: scratch.path("frames")), previous)
    }

    func testUnknownExtension() throws {
        let scratch = try Scratch()
        XCTAssertEqual(expectError(to: scratch.path("x.mov")), .unknownOutputFormat(path: scratch.path("x.mov").path))
    }

    // MARK: input validation

    func testGIFFrameRateMustBeAWholeNumberOfCentiseconds() throws {
        let scratch = try Scratch()
        // The suggestion is a rate the library takes: 100/3, not 33.33 (which is 2.9997 centiseconds).
        let cases: [(Double, String, Double)] = [(30, "100/3 (33.33) fps", 100.0 / 3), (24, "25 fps", 25), (60, "50 fps", 50),
                                                 (100, "50 fps", 50), (12, "12.5 fps", 12.5), (9, "100/11 (9.09) fps", 100.0 / 11),
                                                 (33.33, "100/3 (33.33) fps", 100.0 / 3)]
        for (fps, suggestion, suggested) in cases {
            let error = expectError(source: SyntheticSource(fps: fps, frames: 3), to: scratch.path("x.gif"))
            guard case .invalidOptions(let why) = error else { XCTFail("\(fps): \(String(describing: error))"); continue }
            XCTAssertTrue(why.hasSuffix("use \(suggestion)"), "\(fps): \(why)")
            XCTAssertTrue(why.contains("100/k"), why)
            XCTAssertNoThrow(try FrameRate.gifDelay(for: suggested), "\(fps) suggests \(suggestion)")
        }
        for fps in [0.3, 0.001, .nan, .infinity, -25] { XCTAssertThrowsError(try FrameRate.gifDelay(for: fps), "\(fps)") }
        XCTAssertEqual(try FrameRate.gifDelay(for: 100.0 / 65535), 65535)
        XCTAssertEqual(try FrameRate.gifDelay(for: 1), 100)
        XCTAssertEqual(try FrameRate.gifDelay(for: 25), 4)
        XCTAssertEqual(try FrameRate.gifDelay(for: 12.5), 8)
        XCTAssertEqual(try FrameRate.gifDelay(for: 100.0 / 3), 3)
        XCTAssertEqual(scratch.contents, [])
    }

    func testNonsenseSizesAndCounts() throws {
        let scratch = try Scratch()
        let cases: [(SyntheticSource, String)] = [
            (SyntheticSource(width: 0, height: 120), "frame size 0x120 is outside 1...16384 pixels"),
            (SyntheticSource(width: 160, height: -4), "frame size 160x-4 is outside 1...16384 pixels"),
            (SyntheticSource(width: 16385, height: 2), "frame size 16385x2 is outside 1...16384 pixels"),
            (SyntheticSource(frames: 0), "frame count 0 must be at least 1"),
            (SyntheticSource(fps: 0), "frame rate 0.0 fps is not in (0, 1000]"),
            (SyntheticSource(fps: .nan), "frame rate nan fps is not in (0, 1000]"),
        ]
        for (source, why) in cases {
            XCTAssertEqual(expectError(source: source, to: scratch.path("x.mp4")), .invalidFrameFormat(why))
        }
        XCTAssertEqual(scratch.contents, [])
    }

    func testBadOptions() throws {
        let scratch = try Scratch()
        var options = VideoOptions()
        options.threadCount = 0
        XCTAssertEqual(expectError(options, to: scratch.path("x.mp4")), .invalidOptions("thread count 0 is not in 1...1024"))
        options = VideoOptions()
        options.crf = 60
        XCTAssertEqual(expectError(options, to: scratch.path("x.mp4")), .invalidOptions("CRF 60 is not in 0...51"))
        options = VideoOptions()
        options.preset = "fastest"
        XCTAssertNotNil(expectError(options, to: scratch.path("x.mp4")))
        options = VideoOptions()
        options.format = .png(frame: 40)
        XCTAssertEqual(expectError(options, to: scratch.path("x.png")), .invalidOptions("PNG frame 40 is not in 0..<40"))
        options = VideoOptions()
        options.loop = .playCount(0)
        XCTAssertEqual(expectError(options, to: scratch.path("x.gif")), .invalidOptions("GIF play count 0 must be at least 1"))
        XCTAssertEqual(scratch.contents, [])
    }
}
