import Foundation
import SpruceFilm
import SpruceRender
import XCTest
@testable import SpruceVideo

/// The helper workers: idle behind a slow consumer, waiting for the first frame, drawing when drawing is slow,
/// stopping when one fails.
extension PipelineTests {
    /// Records which cursor drew which frame; `drawDelay` makes drawing the slow side (for the frames `isSlow`
    /// picks, by default all).
    private final class Recording: FrameSource, @unchecked Sendable {
        let format: FrameFormat
        let drawDelay: useconds_t
        var isSlow: @Sendable (Int) -> Bool = { _ in true }
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
                if owner.drawDelay > 0 && owner.isSlow(index) { usleep(owner.drawDelay) }
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
    /// (otherwise both helpers would take frames 1 and 2 at once, each drawing and converting a whole frame into a
    /// fresh canvas while the encoder is still starting).
    func testHelpersWaitForTheFirstFrame() throws {
        let source = Recording(frames: 8, drawDelay: 20_000)
        try FramePipeline.run(source: source, frames: 0..<8, threadCount: 3, cancellation: nil) { index, pixels in
            XCTAssertEqual(pixels[0], UInt8(truncatingIfNeeded: index))
        }
        XCTAssertEqual(source.drawnBy.count, 8)
        XCTAssertEqual(source.drawnBy[0], 0)
        XCTAssertEqual(source.helperStartsBeforeFirstFrame, [], "helpers started these frames before frame 0 was drawn")
    }

    /// A consumer that waits for one frame now and then, as an encoder does while it fills its lookahead, does not
    /// call the helpers: a helper's first frame costs more than the wait it would save.
    func testHelpersStayIdleWhenTheConsumerWaitsNowAndThen() throws {
        let source = Recording(frames: 40, drawDelay: 8_000)
        source.isSlow = { $0 % 10 == 5 }
        try FramePipeline.run(source: source, frames: 0..<40, threadCount: 2, cancellation: nil) { index, pixels in
            XCTAssertEqual(pixels[0], UInt8(truncatingIfNeeded: index))
            usleep(2_000)
        }
        XCTAssertEqual(source.drawnBy.count, 40)
        // The consumer waits about 4 ms for every tenth frame (worker 0 is two frames ahead when it starts one),
        // a quarter of any eight frames: helpers called on such waits would take frames 6, 16, 26, … Here none,
        // unless a loaded machine keeps worker 0 off the CPU for most of eight frames.
        let byHelpers = source.drawnBy.filter { $0.value != 0 }.keys.sorted()
        XCTAssertLessThanOrEqual(byHelpers.count, 2, "helpers drew \(byHelpers)")
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
        // Also for 4:2:0 with spliced frames, whose pool is one buffer smaller: the helpers draw into their
        // canvases and wait for a buffer only to convert. The frame the consumer still holds in the pipe does not
        // count as one drawn ahead of it: with two workers the one helper would otherwise never draw.
        for (wire, spliced, threads) in [(WireFormat.bgr0, false, 3), (.yuv420p, true, 3), (.yuv420p, true, 2)] {
            let source = Recording(frames: 40, drawDelay: 10_000)
            var seen: [Int] = []
            try FramePipeline.run(source: source, frames: 0..<40, threadCount: threads, cancellation: nil, wire: wire,
                                  holdsPreviousFrame: spliced) { index, pixels in
                if wire == .bgr0 { XCTAssertEqual(pixels[0], UInt8(truncatingIfNeeded: index)) }
                seen.append(index)
            }
            XCTAssertEqual(seen, Array(0..<40))
            // Worker 0 alone never has more than one frame in flight here, so once the consumer has waited for
            // most of eight frames the helpers join (frame 9 on: at best 21 of the 31 left for two helpers, 15 for
            // one); which of them gets there first depends on the scheduler.
            let byHelpers = source.drawnBy.values.filter { $0 != 0 }.count
            XCTAssertGreaterThanOrEqual(byHelpers, threads == 2 ? 8 : 12, "\(wire), \(threads) threads: helpers drew \(byHelpers) of 40 frames")
        }
    }
}
