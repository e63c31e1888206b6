import Foundation
import XCTest
@testable import SpruceVideo

/// The pool's rules for helpers, driven step by step from the test: which worker gets which frame, and when.
final class OrderedFramePoolTests: XCTestCase {
    /// Publishes `frame` from another thread after a pause, so that the consumer is surely waiting for it.
    private func publishLater(_ pool: OrderedFramePool, _ frame: Int) {
        Thread.detachNewThread {
            usleep(20_000)
            pool.publish(frame: frame)
        }
    }

    /// Worker 0 draws frames 0 to `last` one at a time while the consumer waits for each.
    private func drawWhileTheConsumerWaits(_ pool: OrderedFramePool, through last: Int) {
        for frame in 0...last {
            XCTAssertEqual(pool.claim(worker: 0)?.0, frame)
            if frame == 0 { pool.publish(frame: 0) } else { publishLater(pool, frame) }
            XCTAssertNotNil(pool.awaitDrawn(frame: frame))
            pool.release(frame: frame)
        }
    }

    /// The consumer has waited for the whole of frames 1 to 8, which calls the helpers.
    private func poolWithHelpersCalled() throws -> OrderedFramePool {
        let pool = try OrderedFramePool(frames: 0..<20, slotCount: 3, bytesPerFrame: 16, workers: 2)
        drawWhileTheConsumerWaits(pool, through: ConsumerWaits.window)
        return pool
    }

    /// Between its frames worker 0 is not what the consumer waits for: a helper that asks then gets nothing until
    /// worker 0 has taken the next frame, and then the one after it.
    func testHelperWaitsUntilWorkerZeroIsDrawing() throws {
        let pool = try poolWithHelpersCalled()
        let next = ConsumerWaits.window + 1
        let helperFrame = LockedBox<Int?>(nil)
        let helperDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            helperFrame.value = pool.claim(worker: 1)?.0
            helperDone.signal()
        }
        usleep(20_000)
        XCTAssertNil(helperFrame.value, "a helper took a frame while worker 0 was idle")
        XCTAssertEqual(pool.claim(worker: 0)?.0, next)
        XCTAssertEqual(helperDone.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(helperFrame.value, next + 1)
        pool.fail(CancellationError())
    }

    /// Until the consumer has waited for most of a whole window of frames, a helper gets nothing, even while
    /// worker 0 draws and the consumer waits.
    func testHelperWaitsForDrawingToHoldUpTheConsumer() throws {
        let pool = try OrderedFramePool(frames: 0..<20, slotCount: 3, bytesPerFrame: 16, workers: 2)
        let window = ConsumerWaits.window
        let helperFrame = LockedBox<Int?>(nil)
        let helperDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            helperFrame.value = pool.claim(worker: 1)?.0
            helperDone.signal()
        }
        drawWhileTheConsumerWaits(pool, through: window - 1)  // one frame short of a window
        XCTAssertEqual(pool.claim(worker: 0)?.0, window)
        usleep(20_000)
        XCTAssertNil(helperFrame.value, "the helper was called before a whole window of frames")
        publishLater(pool, window)
        XCTAssertNotNil(pool.awaitDrawn(frame: window))  // the window's last wait
        XCTAssertEqual(pool.claim(worker: 0)?.0, window + 1)
        XCTAssertEqual(helperDone.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(helperFrame.value, window + 2)
        pool.fail(CancellationError())
    }

    /// The rule itself, on made-up times: called at half the window's time spent waiting, sent back under a tenth.
    func testHelpersAreCalledAtHalfAWindowOfWaitingAndSentBackUnderATenth() {
        let ms: UInt64 = 1_000_000
        let window = ConsumerWaits.window
        func called(_ frames: [(wait: UInt64, work: UInt64)]) -> Bool {
            var w = ConsumerWaits(), now: UInt64 = 1_000 * ms
            w.handedOver(at: now, afterWaiting: 500 * ms)  // the first frame: not counted, however long
            for f in frames {
                now += f.work + f.wait
                w.handedOver(at: now, afterWaiting: f.wait)
            }
            return w.helpersCalled
        }
        func frames(_ n: Int, wait: UInt64, work: UInt64) -> [(wait: UInt64, work: UInt64)] {
            Array(repeating: (wait * ms, work * ms), count: n)
        }
        XCTAssertTrue(called(frames(window, wait: 5, work: 5)))
        XCTAssertFalse(called(frames(window - 1, wait: 5, work: 5)), "fewer frames than the window")
        XCTAssertFalse(called(frames(window, wait: 4, work: 6)), "waiting 40 % of the time")
        // One long wait among short frames: the window's share decides, not the one frame.
        XCTAssertFalse(called([(20 * ms, 1 * ms)] + frames(window - 1, wait: 0, work: 4)), "20 ms of 49")
        // Called, they stay while the consumer waits for a tenth or more, and go under a tenth.
        let held = frames(window, wait: 9, work: 1)
        XCTAssertTrue(called(held + frames(window, wait: 2, work: 8)), "waiting 20 %")
        XCTAssertTrue(called(held + frames(window, wait: 1, work: 9)), "waiting 10 %")
        XCTAssertFalse(called(held + frames(window, wait: 0, work: 5)), "no longer waiting")
        XCTAssertTrue(called(frames(window, wait: 0, work: 5) + held), "waiting only lately")
    }
}

/// A value shared between the test and one other thread.
private final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
