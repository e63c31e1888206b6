import Foundation
import SpruceFilm
import SpruceRender
import XCTest
@testable import SpruceVideo

final class PipelineTests: XCTestCase {
    /// Hash of every byte handed to ffmpeg's stdin, per pass, with the real ffmpeg running.
    private func streamHashes(threads: Int, to name: String, source: SyntheticSource) throws -> [Int: UInt64] {
        let scratch = try Scratch()
        final class Box: @unchecked Sendable {
            var hashes: [Int: UInt64] = [:]
            var order: [Int] = []
        }
        let box = Box()
        var options = VideoOptions()
        options.threadCount = threads
        options.preset = "ultrafast"
        options.faults.frameTap = { index, pass, pixels in
            if box.order.last.map({ $0 >= index }) ?? false, pass == 1 { XCTFail("frames out of order") }
            box.order.append(index)
            var h = box.hashes[pass] ?? 0xcbf2_9ce4_8422_2325
            MediaProbe.hash(pixels, into: &h)
            box.hashes[pass] = h
        }
        try VideoRenderer(options: options).render(source, to: scratch.path(name))
        XCTAssertEqual(box.order, Array(0..<source.format.frameCount) + (name.hasSuffix(".gif") ? Array(0..<source.format.frameCount) : []))
        return box.hashes
    }

    func testStreamIsIdenticalForAnyThreadCount() throws {
        let source = SyntheticSource(frames: 30)
        func expected(_ wire: WireFormat) throws -> UInt64 {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for i in 0..<30 { try source.packed(i, as: wire).withUnsafeBytes { MediaProbe.hash($0, into: &h) } }
            return h
        }
        // MP4 frames travel as 4:2:0, converted on the workers.
        let yuv = try expected(.yuv420p)
        for threads in [1, 2, 4, 7] {
            XCTAssertEqual(try streamHashes(threads: threads, to: "t.mp4", source: source), [1: yuv], "\(threads) threads")
        }
        // GIF frames travel as drawn, and both passes draw the same stream again.
        let bgr0 = try expected(.bgr0)
        XCTAssertEqual(try streamHashes(threads: 3, to: "t.gif", source: source), [1: bgr0, 2: bgr0])
    }

    func testPipelineDeliversInOrderWithMoreThreadsThanFrames() throws {
        let source = SyntheticSource(frames: 3)
        var seen: [Int] = []
        try FramePipeline.run(source: source, frames: 0..<3, threadCount: 16, cancellation: nil) { index, pixels in
            seen.append(index)
            XCTAssertEqual(Array(pixels), try source.frame(index))
        }
        XCTAssertEqual(seen, [0, 1, 2])
    }

    func testFewerBuffersThanWorkersStillDeliversEverythingInOrder() throws {
        let source = SyntheticSource(width: 16, height: 8, frames: 25)
        var seen: [Int] = []
        try FramePipeline.run(
            source: source, frames: 3..<25, threadCount: 4, cancellation: nil, memoryBudget: 1
        ) { index, pixels in
            seen.append(index)
            XCTAssertEqual(Array(pixels), try source.frame(index))
        }
        XCTAssertEqual(seen, Array(3..<25))
    }

    func testPipelineRunsAheadButStaysBounded() throws {
        // Workers may run ahead by at most the pool size (N+1 buffers: nothing is spliced here).
        final class Counting: FrameSource, @unchecked Sendable {
            let format = FrameFormat(width: 8, height: 8, framesPerSecond: 25, frameCount: 200)
            let lock = NSLock()
            var drawn = 0
            func makeCursor() throws -> FrameCursor { Cursor(self) }
            final class Cursor: FrameCursor {
                let owner: Counting
                init(_ owner: Counting) { self.owner = owner }
                func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
                    for i in 0..<pixels.count { pixels[i] = UInt8(truncatingIfNeeded: index &+ i) }
                    owner.lock.lock(); owner.drawn += 1; owner.lock.unlock()
                }
            }
        }
        let source = Counting()
        var maxAhead = 0
        try FramePipeline.run(source: source, frames: 0..<200, threadCount: 3, cancellation: nil) { index, pixels in
            source.lock.lock()
            maxAhead = max(maxAhead, source.drawn - index)
            source.lock.unlock()
            XCTAssertEqual(pixels[0], UInt8(truncatingIfNeeded: index))
        }
        XCTAssertLessThanOrEqual(maxAhead, 4, "never more frames in flight than buffers")
    }

    /// A worker that draws into a canvas of its own (4:2:0) claims the next frame while that frame's buffer is still
    /// the consumer's, and waits for the buffer only to convert into it: with spliced frames the pool is N+1
    /// buffers, not N+2 (one worker: frame i and i+2 share one); while the consumer holds two of them, one frame
    /// more than the buffers is drawn, and behind this slow consumer the helper never draws.
    func testCanvasWorkersDrawTheNextFrameBeforeItsBufferIsFree() throws {
        for threads in [1, 2] { try canvasWorkersDrawAhead(threads: threads) }
    }

    private func canvasWorkersDrawAhead(threads: Int) throws {
        let source = SyntheticSource(width: 16, height: 8, frames: 12)
        final class Drawn: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
        }
        final class Counting: FrameSource, @unchecked Sendable {
            let inner: SyntheticSource, drawn = Drawn()
            var format: FrameFormat { inner.format }
            init(_ inner: SyntheticSource) { self.inner = inner }
            func makeCursor() throws -> FrameCursor { Cursor(try inner.makeCursor(), drawn) }
            final class Cursor: FrameCursor {
                let inner: FrameCursor, drawn: Drawn
                init(_ inner: FrameCursor, _ drawn: Drawn) { (self.inner, self.drawn) = (inner, drawn) }
                func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
                    try inner.draw(frame: index, into: pixels)
                    drawn.lock.withLock { drawn.count += 1 }
                }
            }
        }
        let counting = Counting(source)
        var buffers: [UnsafeRawPointer] = [], drawnDuring: [Int] = []
        let helperFrames = PipelineStatistics.framesByHelpers
        try FramePipeline.run(source: counting, frames: 0..<12, threadCount: threads, cancellation: nil, wire: .yuv420p,
                              holdsPreviousFrame: true) { index, pixels in
            usleep(40_000)  // a slow encoder: the worker has long drawn whatever it may
            drawnDuring.append(counting.drawn.lock.withLock { counting.drawn.count })
            buffers.append(pixels.baseAddress!)
            XCTAssertEqual(Array(pixels), try source.packed(index, as: .yuv420p), "frame \(index)")
        }
        let slots = threads + 1
        XCTAssertEqual(Set(buffers).count, slots, "\(threads) workers with spliced frames")
        for i in slots..<12 { XCTAssertEqual(buffers[i], buffers[i - slots], "frame \(i) reuses frame \(i - slots)'s buffer") }
        // As in testHelpersStayIdleBehindASlowConsumer: none, unless a loaded machine keeps worker 0 off the CPU just
        // as the consumer takes frame 0 (clean-clone CI once saw one).
        XCTAssertLessThanOrEqual(PipelineStatistics.framesByHelpers - helperFrames, 2, "\(threads) workers: helpers drew")
        // While the consumer holds frames i-1 and i, the other buffers hold the frames after them and one frame more
        // is drawn, nothing further (while it holds frame 0 alone, one buffer more is free).
        XCTAssertEqual(drawnDuring, (0..<12).map { min($0 == 0 ? slots + 1 : $0 + slots, 12) }, "\(threads) workers")
    }

    /// Records which cursor drew which frame; `drawDelay` makes drawing the slow side.
    private final class Recording: FrameSource, @unchecked Sendable {
        let format: FrameFormat
        let drawDelay: useconds_t
        let lock = NSLock()
        var drawnBy: [Int: Int] = [:]
        /// Frames a helper (a cursor made after the first) started before frame 0 was drawn.
        var helperStartsBeforeFirstFrame: [Int] = []
        private var firstFrameDrawn = false
        /// Cursors made so far; a failing one (`failCursor`) counts too.
        private(set) var cursors = 0
        /// Makes the cursor with this number (0: the first) throw instead.
        var failCursor: Int?
        init(frames: Int, drawDelay: useconds_t) {
            format = FrameFormat(width: 8, height: 8, framesPerSecond: 25, frameCount: frames)
            self.drawDelay = drawDelay
        }
        func makeCursor() throws -> FrameCursor {
            lock.lock(); defer { lock.unlock() }
            cursors += 1
            if cursors - 1 == failCursor { throw NoCursor(number: cursors - 1) }
            return Cursor(self, id: cursors - 1)
        }
        struct NoCursor: Error, CustomStringConvertible {
            let number: Int
            var description: String { "no cursor \(number)" }
        }
        final class Cursor: FrameCursor {
            let owner: Recording, id: Int
            var last = -1
            init(_ owner: Recording, id: Int) { self.owner = owner; self.id = id }
            func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
                XCTAssertGreaterThan(index, last, "cursor \(id) went backwards")
                last = index
                owner.lock.lock()
                if id > 0 && !owner.firstFrameDrawn { owner.helperStartsBeforeFirstFrame.append(index) }
                owner.lock.unlock()
                if owner.drawDelay > 0 { usleep(owner.drawDelay) }
                for i in 0..<pixels.count { pixels[i] = UInt8(truncatingIfNeeded: index &+ i) }
                owner.lock.lock()
                owner.drawnBy[index] = id
                if index == 0 { owner.firstFrameDrawn = true }
                owner.lock.unlock()
            }
        }
    }

    /// Behind a slow consumer (an encoder) the first worker keeps the pool full and the helpers stay idle, apart
    /// from the frames taken while the pool fills up at the start.
    func testHelpersStayIdleBehindASlowConsumer() throws {
        let source = Recording(frames: 20, drawDelay: 0)
        try FramePipeline.run(source: source, frames: 0..<20, threadCount: 3, cancellation: nil) { index, pixels in
            XCTAssertEqual(pixels[0], UInt8(truncatingIfNeeded: index))
            usleep(20_000)
        }
        let byHelpers = source.drawnBy.filter { $0.value != 0 }.keys.sorted()
        XCTAssertEqual(source.drawnBy.count, 20)
        // Splitting frames k, k+N, … between three workers would give the helpers 13 of the 20. Here worker 0
        // fills the pool long before the consumer comes back, so helpers draw nothing, unless a loaded machine keeps
        // worker 0 off the CPU for a whole 20 ms.
        XCTAssertLessThanOrEqual(byHelpers.count, 2, "helpers drew \(byHelpers)")
        // A helper builds its cursor only when it first draws.
        XCTAssertEqual(source.cursors, 1 + Set(source.drawnBy.values.filter { $0 != 0 }).count)
    }

    /// The first frame is worker 0's alone: helpers wait until the consumer has had it, even when drawing is slow
    /// (before, both helpers took frames 1 and 2 at once, each drawing and converting a whole frame into a fresh
    /// canvas while the encoder was still starting).
    func testHelpersWaitForTheFirstFrame() throws {
        let source = Recording(frames: 8, drawDelay: 20_000)
        try FramePipeline.run(source: source, frames: 0..<8, threadCount: 3, cancellation: nil) { index, pixels in
            XCTAssertEqual(pixels[0], UInt8(truncatingIfNeeded: index))
        }
        XCTAssertEqual(source.drawnBy.count, 8)
        XCTAssertEqual(source.drawnBy[0], 0)
        XCTAssertEqual(source.helperStartsBeforeFirstFrame, [], "helpers started these frames before frame 0 was drawn")
    }

    /// A helper that cannot make its cursor fails the render with the frame it was about to draw, and every
    /// worker stops.
    func testHelperWhoseCursorFailsStopsThePipeline() throws {
        let source = Recording(frames: 40, drawDelay: 10_000)
        source.failCursor = 1
        var seen: [Int] = []
        XCTAssertThrowsError(try FramePipeline.run(source: source, frames: 0..<40, threadCount: 2, cancellation: nil) { index, _ in
            seen.append(index)
        }) { error in
            guard case VideoError.frameSourceFailed(let frame, let message) = error else { return XCTFail("\(error)") }
            XCTAssertGreaterThan(frame, 0)
            XCTAssertEqual(message, "no cursor 1")
        }
        XCTAssertLessThan(seen.count, 40)
        XCTAssertEqual(seen, Array(0..<seen.count))

        // Worker 0's cursor is made before anything runs, and its failure is the first frame's.
        let none = Recording(frames: 4, drawDelay: 0)
        none.failCursor = 0
        XCTAssertThrowsError(try FramePipeline.run(source: none, frames: 0..<4, threadCount: 2, cancellation: nil) { _, _ in
            XCTFail("no frame can arrive")
        }) { error in
            guard case VideoError.frameSourceFailed(0, "no cursor 0") = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(none.cursors, 1)
    }

    /// When drawing is the slow side, the helpers join in, and the frames still arrive in order.
    func testHelpersDrawWhenDrawingIsTheBottleneck() throws {
        // Also for 4:2:0 with spliced frames, whose pool is one buffer smaller: the helpers draw into
        // their canvases and wait for a buffer only to convert.
        for (wire, spliced) in [(WireFormat.bgr0, false), (.yuv420p, true)] {
            let source = Recording(frames: 24, drawDelay: 10_000)
            var seen: [Int] = []
            try FramePipeline.run(source: source, frames: 0..<24, threadCount: 3, cancellation: nil, wire: wire,
                                  holdsPreviousFrame: spliced) { index, pixels in
                if wire == .bgr0 { XCTAssertEqual(pixels[0], UInt8(truncatingIfNeeded: index)) }
                seen.append(index)
            }
            XCTAssertEqual(seen, Array(0..<24))
            // Worker 0 alone never has more than one frame in flight here, so helpers may always join; which of
            // them gets there first depends on the scheduler.
            let byHelpers = source.drawnBy.values.filter { $0 != 0 }.count
            XCTAssertGreaterThanOrEqual(byHelpers, 8, "\(wire): helpers drew \(byHelpers) of 24 frames")
        }
    }

    /// Frames bigger than the pipe are spliced into it (ffmpeg reads them straight from the pool's buffers, which
    /// are reused only after the next frame went in). Lossless x264 (CRF 0) on the 4:2:0 frames we send must give
    /// back exactly those bytes: a buffer reused too early, or a conversion added by ffmpeg, would show.
    func testSplicedFramesReachTheEncoderExactly() throws {
        let width = 1600, height = 900, frames = 6
        let source = SyntheticSource(width: width, height: height, frames: frames)
        let frameBytes = WireFormat.yuv420p.bytesPerFrame(source.format)
        let pipeMaximum = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        let cat = try ChildProcess(executable: "/bin/cat", arguments: [], pipeStdin: true)
        XCTAssertEqual(cat.canSplice(buffersOf: frameBytes), pipeMaximum < frameBytes, "splicing is used for these frames")
        cat.closeStdin()

        let scratch = try Scratch()
        var options = VideoOptions()
        options.crf = 0
        options.preset = "ultrafast"
        options.threadCount = 2
        try VideoRenderer(options: options).render(source, to: scratch.path("lossless.mp4"))
        let decoded = try ChildProcess.runCapturingOutput(try FFmpegLocator.locate(explicit: nil), [
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

    func testProgressCountsBothGIFPasses() throws {
        let scratch = try Scratch()
        var reports: [RenderProgress] = []
        try VideoRenderer().render(SyntheticSource(frames: 10), to: scratch.path("p.gif")) { reports.append($0) }
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

    func testUnpremultiply() {
        var pixels: [UInt8] = [64, 32, 128, 128, 10, 20, 30, 0, 1, 2, 3, 255]
        pixels.withUnsafeMutableBytes { PixelConversion.unpremultiplyBGRA($0) }
        XCTAssertEqual(pixels, [128, 64, 255, 128, 0, 0, 0, 0, 1, 2, 3, 255])
    }
}
