import Foundation
import SpruceFilm
import SpruceRender
import XCTest
@testable import SpruceVideo

/// The pipeline with the real ffmpeg: exact bytes reach the encoder, a failure or a cancellation leaves no output,
/// progress counts both GIF passes.
extension PipelineTests {
    /// Frames bigger than the pipe are spliced into it (ffmpeg reads them straight from the pool's buffers, which
    /// are reused only after the next frame went in). Lossless x264 (CRF 0) on the 4:2:0 frames we send must give
    /// back exactly those bytes: a buffer reused too early, or a conversion added by ffmpeg, would show.
    func testSplicedFramesReachTheEncoderExactly() throws {
        let width = 1600, height = 900, frames = 6
        let source = SyntheticSource(width: width, height: height, frames: frames)
        let frameBytes = WireFormat.yuv420p.bytesPerFrame(source.format)
        let pipeMaximum = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        let cat = try ChildProcess("cat", executable: "/bin/cat", arguments: [], pipeStdin: true)
        XCTAssertEqual(cat.canSplice(buffersOf: frameBytes), pipeMaximum < frameBytes, "splicing is used for these frames")
        cat.closeStdin()

        let scratch = try Scratch()
        var options = VideoOptions()
        options.crf = 0
        options.preset = "ultrafast"
        options.threadCount = 2
        try VideoRenderer(options: options).render(source, to: scratch.path("lossless.mp4"))
        let decoded = try ChildProcess.runCapturingOutput("ffmpeg", at: try FFmpegLocator.locate(explicit: nil), [
            "-v", "error", "-i", scratch.path("lossless.mp4").path, "-f", "rawvideo", "-pix_fmt", "yuv420p", "-",
        ])
        XCTAssertEqual(decoded.count, frames * frameBytes)
        for i in 0..<frames where decoded.count == frames * frameBytes {
            let expected = try source.packed(i, as: .yuv420p)
            XCTAssertTrue(decoded[(i * frameBytes)..<((i + 1) * frameBytes)].elementsEqual(expected), "frame \(i) differs")
        }
    }

    func testSourceErrorStopsEverythingAndLeavesNoOutput() throws {
        let scratch = try Scratch()
        var source = SyntheticSource(frames: 30)
        source.failAtFrame = 17
        var options = VideoOptions()
        options.threadCount = 3
        XCTAssertThrowsError(try VideoRenderer(options: options).render(source, to: scratch.path("x.mp4"))) { error in
            guard case VideoError.frameSourceFailed(17, let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("synthetic failure at 17"))
            XCTAssertEqual("\(error)", "drawing frame 17 failed: synthetic failure at 17")
        }
        XCTAssertEqual(scratch.contents, [])
        assertNoZombies()
    }

    func testCancellationKillsFFmpegAndLeavesNoOutput() throws {
        let scratch = try Scratch()
        let cancellation = RenderCancellation()
        var options = VideoOptions()
        options.cancellation = cancellation
        var calls = 0
        XCTAssertThrowsError(
            try VideoRenderer(options: options).render(SyntheticSource(), to: scratch.path("x.gif")) { progress in
                calls += 1
                if progress.framesDone == 5 { cancellation.cancel() }
            }
        ) { error in
            XCTAssertEqual(error as? RenderCancelled, RenderCancelled())
        }
        XCTAssertEqual(calls, 5)
        XCTAssertEqual(scratch.contents, [])
        assertNoZombies()
    }

    /// A GIF too large for one ffmpeg run (here forced: `oneRunBytes` 0) reports its palette pass and its encoding
    /// pass, each frame once in each.
    func testProgressCountsBothGIFPasses() throws {
        let scratch = try Scratch()
        var reports: [RenderProgress] = []
        var options = VideoOptions()
        options.faults.oneRunBytes = 0
        try VideoRenderer(options: options).render(SyntheticSource(frames: 10), to: scratch.path("p.gif")) { reports.append($0) }
        XCTAssertEqual(reports.count, 20)
        XCTAssertEqual(reports.map(\.pass), Array(repeating: 1, count: 10) + Array(repeating: 2, count: 10))
        XCTAssertEqual(reports.map(\.framesDone), Array(1...10) + Array(1...10))
        XCTAssertTrue(reports.allSatisfy { $0.totalFrames == 10 && $0.passCount == 2 })
        XCTAssertEqual(reports[9].fractionCompleted, 0.5)
        XCTAssertEqual(reports.last?.fractionCompleted, 1)
        XCTAssertEqual(reports.last?.estimatedTimeRemaining ?? -1, 0, accuracy: 1e-9)
        XCTAssertTrue(zip(reports, reports.dropFirst()).allSatisfy { $0.elapsed <= $1.elapsed })
        XCTAssertGreaterThan(reports.last!.framesPerSecond, 0)
    }

    /// A small GIF is made in one ffmpeg run: one pass, each frame reported once.
    func testProgressCountsTheOnePassOfASmallGIF() throws {
        let scratch = try Scratch()
        var reports: [RenderProgress] = []
        try VideoRenderer().render(SyntheticSource(frames: 10), to: scratch.path("p.gif")) { reports.append($0) }
        XCTAssertEqual(reports.map(\.pass), Array(repeating: 1, count: 10))
        XCTAssertEqual(reports.map(\.framesDone), Array(1...10))
        XCTAssertTrue(reports.allSatisfy { $0.totalFrames == 10 && $0.passCount == 1 })
        XCTAssertEqual(reports.last?.fractionCompleted, 1)
    }
}
